// The page's end of the physics worker's messages: sends loads, jumps, commands and step
// requests, hears what the worker built, answered and stepped, and reads the steps it published.
// It never waits for the worker; `whenCaughtUp` is for scripted frames that choose to.

import type { FaultReport, KernelMode, PhysicsTuning } from '../../physics/index';
import { findScene, resolveScene } from '../../scenes/registry';
import type { LoadedScene, SceneOptions } from '../../scenes/registry';
import type { SceneDrawData } from '../../snapshot/sceneDrawData';
import type { SceneSnapshots } from '../../snapshot/snapshots';
import type { Recording, RecordOptions } from '../../state/recording';
import type { SavedState } from '../../state/stateSchema';
import type { KeyframeChoice, TimelineJump } from '../../state/timeline';
import { fromWorkerProblem, NO_TRANSFER } from '../wire/protocol';
import type {
  FromWorker,
  MessageSink,
  TimelineReport,
  ToWorker,
  Transport,
} from '../wire/protocol';
import { STEP_FIELDS } from '../wire/stepSlots';
import { TransferReader } from '../wire/transferRing';
import { PublishedSteps } from './publishedSteps';
import { SessionLog } from './sessionLog';
import { CheckpointPolicy } from './checkpoints';
import type { Answer } from './logReplay';
import { WorkerReplies } from './workerReplies';
import { WorkerSilence } from './workerSilence';
import { WorkerOutbox } from './workerOutbox';
import { assertNever } from '../../util/assertNever';

/** Told what the worker reports; each may be left unset. */
export interface WorkerEvents {
  /** Bodies the state guard removed in the worker. */
  onFaults?: (report: FaultReport) => void;
  /** The worker failed (threw, or could not start): the page should step on its own thread. */
  onFailed?: (message: string) => void;
  /** Digests of steps `firstStep` …, two lanes each (when asked for with `hashSteps`). */
  onStepHashes?: (firstStep: number, hashes: Uint32Array) => void;
}

export interface WorkerChannelOptions {
  transport: Transport;
  /** The configuration of every world the worker builds. */
  tuning: Readonly<PhysicsTuning>;
  /**
   * Slots in the ring: how far behind the newest step the page may still read. A frame asks
   * for at most maxStepsPerFrame steps and the page draws one frame behind, so a little more
   * than that (the lead's default: 32 at the default 25-step cap).
   */
  slots: number;
  hashSteps?: boolean;
}

export class WorkerChannel {
  /** Bumped by every load; a step of an older load is never drawn. */
  private generation = 0;
  /** Requests sent (saveState, record, stopRecording), by id, until their reply. */
  private readonly replies = new WorkerReplies();
  /** The timeline as of the newest finished request. */
  timeline: TimelineReport = { replay: null, recordingStep: null, recordingInputs: null };
  /** The load the page has heard back from (its scene and draw data are known), or −1. */
  private loadedGeneration = -1;
  /** The steps the worker published, as read from the ring (see `copyStep`, `newestStep`). */
  readonly published: PublishedSteps;
  private readonly transferReader: TransferReader | null = null;
  private readonly sink: MessageSink<ToWorker>;
  /** How published steps arrive. */
  readonly transport: Transport;
  private readonly events: WorkerEvents;
  /** Commands, the drag target and the rate, held until the frame's messages go. */
  readonly outbox: WorkerOutbox = new WorkerOutbox((message) => this.send(message));
  /**
   * The step request sent every frame, made once: postMessage copies a message as it is sent,
   * and the log keeps copies of its own, so reusing it allocates nothing per frame.
   */
  private readonly stepMessage: Extract<ToWorker, { type: 'stepTo' }> = {
    type: 'stepTo',
    generation: 0,
    step: 0,
    // Made with a list, so the field holds whatever it is given as it is: the step length the
    // loop passed on, boxed once, is read on the other side without being boxed again.
    dtSeconds: [],
  };
  /** The answers owed, and how long the worker has been silent. */
  readonly silence: WorkerSilence;
  private readonly waiters: (() => void)[] = [];
  private loadWaiter: {
    generation: number;
    resolve: () => void;
    reject: (error: Error) => void;
  } | null = null;
  /** The scene of the newest load the worker has finished, and what it draws besides bodies. */
  scene: LoadedScene | null = null;
  private requestedScene: LoadedScene | null = null;
  sceneDraw: SceneDrawData = { version: 0, statics: [], springs: [] };
  /** Slots in the ring of published steps. */
  readonly ringSlots: number;
  /** Every request since the load, to rebuild the world on the page's thread if the worker dies. */
  readonly log = new SessionLog();
  /** When to ask the worker for a checkpoint, and the answers kept until shown. */
  private readonly checkpoints = new CheckpointPolicy();
  /** False once the worker is gone: requests are then only logged (see `stopSending`). */
  private sending = true;

  /**
   * @param sink where requests to the worker go.
   * @param options the transport and ring size.
   * @param events what the worker reports.
   * @param clockMs the clock the silence of a dead worker is measured with (ms).
   */
  constructor(
    sink: MessageSink<ToWorker>,
    options: WorkerChannelOptions,
    events: WorkerEvents,
    clockMs: () => number = () => performance.now(),
  ) {
    this.sink = sink;
    this.ringSlots = options.slots;
    this.silence = new WorkerSilence(clockMs);
    this.transport = options.transport;
    this.events = events;
    const { transport, slots } = options;
    sink.postMessage({ type: 'init', transport, slots, tuning: { ...options.tuning } }, []);
    if (options.hashSteps) this.setHashSteps(true);
    if (transport === 'transfer') {
      this.transferReader = new TransferReader(STEP_FIELDS, slots, {
        postMessage: (message, transfer) => sink.postMessage(message, transfer),
      });
    }
    this.published = new PublishedSteps(this.transferReader);
  }

  /** Sends a request to the worker and notes it in the log. */
  private send(message: ToWorker): void {
    this.log.record(message);
    if (this.sending) this.sink.postMessage(message, NO_TRANSFER);
  }

  /**
   * The worker is gone and its world is being rebuilt on the page's thread from the log: from
   * now on requests are only logged, and those the worker never answered wait for the rebuild
   * to `answer` them.
   */
  stopSending(): void {
    this.sending = false;
  }

  /** The rebuilt world's answer to request `id`, which the dead worker never gave. */
  readonly answer: Answer = (id, value, error) => this.replies.settle(id, value, error);

  /**
   * Handles one message from the worker. Throws on one that is not a message of the protocol
   * (the host then gives up on the worker, as on any failure).
   */
  receive(message: FromWorker): void {
    const problem = fromWorkerProblem(message);
    if (problem) throw new Error(`the physics worker sent ${problem}`);
    this.silence.spoke();
    switch (message.type) {
      case 'ring':
        this.published.useRing(message.buffer, message.capacity, message.slots);
        return;
      case 'slot':
        this.transferReader?.receive(message.buffer);
        return;
      case 'loaded': {
        if (message.generation !== this.generation) return;
        this.loadedGeneration = message.generation;
        this.scene = loadedScene(message.scene, this.requestedScene);
        this.sceneDraw = { version: this.sceneDraw.version + 1, ...message.sceneDraw };
        this.timeline = message.timeline;
        this.kernels = message.kernels;
        const waiter = this.loadWaiter;
        if (waiter && waiter.generation === message.generation) {
          this.loadWaiter = null;
          if (message.error === undefined) waiter.resolve();
          else waiter.reject(new Error(message.error));
        }
        this.wake();
        return;
      }
      case 'scene':
        if (message.generation !== this.generation) return;
        this.scene = loadedScene(message.scene, this.scene);
        this.sceneDraw = { version: this.sceneDraw.version + 1, ...message.sceneDraw };
        return;
      case 'reply':
        this.replies.settle(message.id, message.value, message.error);
        return;
      case 'stepped':
        this.silence.answered();
        if (message.generation !== this.generation) {
          this.wake();
          return;
        }
        this.timeline = message.timeline;
        if (message.hashes) {
          const steps = message.hashes.length / 2;
          this.events.onStepHashes?.(message.step - steps + 1, message.hashes);
        }
        this.wake();
        return;
      case 'faults':
        if (message.generation === this.generation) this.events.onFaults?.(message.report);
        return;
      case 'failed':
        this.events.onFailed?.(message.message);
        return;
      case 'checkpoint':
        this.checkpoints.received(
          message.id,
          message.checkpoint,
          message.costMs,
          message.generation === this.generation,
        );
        return;
      case 'alive':
      case 'spent':
        return;
      default:
        assertNever(message, 'message from the worker');
    }
  }

  /** The page draws step `step` of the current load: a checkpoint held for it is adopted. */
  shown(step: number): void {
    this.checkpoints.shown(step, this.log);
  }

  /** True once the worker has built the newest scene asked for. */
  get ready(): boolean {
    return this.loadedGeneration === this.generation;
  }

  /**
   * Asks the worker to build a scene; resolves once it is built. Checks the options here
   * first, so a bad load throws at once and changes nothing. Commands not yet sent are dropped
   * (they named the old scene's bodies).
   */
  load(sceneId: string, options: SceneOptions = {}): Promise<void> {
    const scene = resolveScene(sceneId, options);
    this.requestedScene = scene;
    return this.startGeneration((generation) => ({
      type: 'load',
      generation,
      sceneId: scene.definition.id,
      count: scene.definition.count ? scene.count : undefined,
      seed: scene.seed,
    }));
  }

  /**
   * Continues from a saved state, plays a recording or seeks in it (checked by the caller): a
   * new generation, like a load; resolves once the worker has made it, rejects (nothing changed)
   * when it could not.
   */
  jump(message: TimelineJump): Promise<void> {
    // Commands and moves made before the jump apply where they were meant to, before it.
    this.flush();
    return this.startGeneration((generation) => ({ ...message, generation }));
  }

  private startGeneration(make: (generation: number) => ToWorker): Promise<void> {
    // A load or jump superseded by this one settles as on the page's thread, where it was done
    // before this one began: resolved (what it built is replaced).
    this.loadWaiter?.resolve();
    this.generation++;
    this.silence.heard();
    this.outbox.drop();
    this.checkpoints.restart(this.published.lastBusyMs);
    this.send(make(this.generation));
    return new Promise((resolve, reject) => {
      this.loadWaiter = { generation: this.generation, resolve, reject };
    });
  }

  /** Where the worker's contact kernels run, as its last load reported. */
  kernels: KernelMode = 'typescript';

  /**
   * A request answered by the worker once everything sent before it is done: the state then,
   * the start of a recording, or the recording made. Commands not yet sent go first.
   */
  request(
    message:
      | { type: 'saveState' }
      | { type: 'record'; options: RecordOptions }
      | { type: 'stopRecording'; keyframes: KeyframeChoice },
  ): Promise<SavedState | Recording | null> {
    this.flush();
    const { id, answered } = this.replies.open();
    this.send({ ...message, id });
    return answered;
  }

  /** Whether the worker hashes every step and reports the digests (`onStepHashes`). */
  setHashSteps(on: boolean): void {
    this.sink.postMessage({ type: 'hashSteps', on }, []);
  }

  /** Sends the commands and the drag target queued since the last flush (frame start). */
  flush(): void {
    this.outbox.flush();
  }

  /** Asks for steps up to index `step`, each of `dtSeconds` (or each its own, in order). */
  requestSteps(step: number, dtSeconds: number | number[]): void {
    this.silence.expectAnswer(this.ready);
    const message = this.stepMessage;
    message.generation = this.generation;
    message.step = step;
    message.dtSeconds = dtSeconds;
    this.send(message);
    const id = this.checkpoints.due(step, this.published.lastBusyMs);
    if (id >= 0) this.send({ type: 'checkpoint', id, have: this.checkpoints.have });
  }

  /** Asks the worker to apply due commands now and publish (commands while paused). */
  applyNow(): void {
    this.flush();
    this.silence.expectAnswer(this.ready);
    this.send({ type: 'applyNow', generation: this.generation });
  }

  /** Whether a load or a jump is under way: the worker has not yet built what was asked. */
  get building(): boolean {
    return this.loadWaiter !== null;
  }

  /**
   * The worker is gone (it failed, or the page stepped away from it): whoever waits on it is
   * let go at once, so nothing hangs; the page then steps on its own thread.
   */
  abandon(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
    this.loadWaiter?.resolve();
    this.loadWaiter = null;
    this.replies.failAll();
  }

  /**
   * Resolves once the worker has done everything asked of it so far — every step up to the
   * newest requested, and commands applied while paused — and published it (scripted frames).
   */
  whenCaughtUp(): Promise<void> {
    if (this.caughtUp) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private get caughtUp(): boolean {
    return this.silence.unanswered === 0 && this.ready;
  }

  private wake(): void {
    if (!this.caughtUp || this.waiters.length === 0) return;
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  /** The highest step of the current load in the ring, or −1 when none is there yet. */
  newestStep(): number {
    return this.ready ? this.published.newest(this.generation) : -1;
  }

  /**
   * Copies the newest publication of step `step` of the current load into `out` and returns its
   * number, or −1 when the ring no longer (or not yet) holds it. When that publication is
   * `unless` (already copied) nothing is copied. The slot is held while it is copied.
   */
  copyStep(step: number, out: SceneSnapshots, unless = -1): number {
    return this.ready ? this.published.copy(step, this.generation, out, unless) : -1;
  }
}

/** The scene a worker says it has built (its id is one the page sent). */
function loadedScene(scene: SavedState['scene'], fallback: LoadedScene | null): LoadedScene | null {
  const definition = findScene(scene.id) ?? fallback?.definition;
  return definition ? { definition, count: scene.count, seed: scene.seed } : fallback;
}
