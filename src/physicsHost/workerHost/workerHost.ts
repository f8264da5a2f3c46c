// The physics host for a physics worker, on the page's side: the worker's messages (channel), the
// steps asked for and the one drawn (frames), and the page's copy of the worker's world — the
// drawn step, the newest for hashes, the faults the worker's guard reported. If the worker dies,
// its world is rebuilt on the page's thread from the session log (`recover`), up to the step
// the page showed, while this host keeps taking the page's requests into the log.

import { LocalHost } from '../host/localHost';
import type {
  GovernorView,
  HostListener,
  PhysicsHost,
  RecordingStatus,
  StepHashListener,
} from '../host/physicsHost';
import { WORKER_PHYSICS_SHARE } from 'fixed-step/loop';
import type { Command, FaultReport, KernelMode, PhysicsTuning } from '../../physics/index';
import { savedScene } from '../core/physicsCore';
import { reloadOptions } from '../../scenes/registry';
import type { LoadedScene } from '../../scenes/registry';
import type { SceneDrawData } from '../../snapshot/sceneDrawData';
import { SceneSnapshots } from '../../snapshot/snapshots';
import type { Recording, RecordOptions } from '../../state/recording';
import type { ReplayStatus } from '../../state/replay';
import { StateHasher, toHex } from '../../state/stateHasher';
import type { SavedState } from '../../state/stateSchema';
import { landingStep } from '../../state/timeline';
import type { KeyframeChoice, TimelineJump } from '../../state/timeline';
import type { FromWorker, MessageSink, ToWorker, Transport } from '../wire/protocol';
import { WorkerChannel } from './workerChannel';
import { WorkerFrames } from './workerFrames';
import { LogReplay } from './logReplay';

/**
 * Ring slots: a frame asks for at most maxStepsPerFrame steps (25 by default) and the page draws
 * about a frame behind the newest, so a little more than that: at 5 fps a frame's 20 steps are
 * all still there when the next frame picks one.
 */
export const RING_SLOTS = 32;

export interface WorkerHostOptions {
  transport: Transport;
  tuning: Readonly<PhysicsTuning>;
  /** Ring slots (RING_SLOTS unless a test wants another). */
  slots?: number;
  /** The clock a silent worker's silence is measured with (ms). */
  clockMs?: () => number;
  /** Stops the worker itself (a browser Worker's `terminate`); nothing for a test's channel. */
  terminate?: () => void;
}

/** Before a simulation attaches: no clock is read, no cost reported. */
const UNATTACHED: HostListener = { nowMs: () => 0, stepsCost: () => undefined };

/**
 * Why the page gave up on its worker, as data: the page's language layer words it (a `detail`
 * is the browser's or the worker's own message, passed on as it came).
 */
export type WorkerProblem =
  | { kind: 'noWorkers' }
  | { kind: 'cannotStart'; detail: string }
  | { kind: 'blocked' }
  | { kind: 'failed'; detail: string }
  | { kind: 'unreadable' }
  | { kind: 'silent'; seconds: number };

export class WorkerHost implements PhysicsHost {
  readonly thread = 'worker';
  readonly physicsShare = WORKER_PHYSICS_SHARE;
  readonly keepsOwnPace = true;
  readonly tuning: Readonly<PhysicsTuning>;
  /** The worker's messages: loads, jumps, commands, requests, and the steps it published. */
  readonly channel: WorkerChannel;
  /** The steps asked for each frame, and which one is drawn. */
  readonly frames: WorkerFrames;
  /** Told once when the worker fails (it threw, could not start, or the page gave up on it). */
  onFailed: ((problem: WorkerProblem) => void) | null = null;
  private listener = UNATTACHED;
  private stepHashListener: StepHashListener | null = null;
  private readonly terminate: () => void;
  private failed = false;
  /** The world being rebuilt on the page's thread since the worker stopped (see `recover`). */
  private rebuild: LogReplay | null = null;
  /** Steps the page had asked for past the last one it showed when the worker stopped. */
  stepsDropped = 0;
  /** The drawn step's snapshot pair. */
  private readonly drawnPair = new SceneSnapshots();
  /** Scratch for reading the newest step (hashes, `posesAt`). */
  private readonly newest = new SceneSnapshots();
  private readonly hasher = new StateHasher();
  private readonly faults: FaultReport[] = [];
  private removed = 0;
  /** The scene asked for, known before the worker has built it (a load, a state, a replay). */
  private askedScene: LoadedScene | null = null;
  /** The step index the loaded replay started at (a seek lands relative to it). */
  private replayStart = 0;

  /** @param sink where messages to the worker go; its answers come in through `receive`. */
  constructor(sink: MessageSink<ToWorker>, options: WorkerHostOptions) {
    this.tuning = options.tuning;
    this.terminate = options.terminate ?? (() => undefined);
    this.channel = new WorkerChannel(
      sink,
      { transport: options.transport, slots: options.slots ?? RING_SLOTS, tuning: options.tuning },
      {
        onFaults: (report) => this.noteFaults(report),
        onFailed: (message) => this.fail({ kind: 'failed', detail: message }),
        onStepHashes: (first, hashes) => this.stepHashes(first, hashes),
      },
      options.clockMs,
    );
    this.frames = new WorkerFrames(this.channel);
  }

  /**
   * Handles one message from the worker (nothing once it has failed). One the page cannot read
   * is a failure like any other.
   */
  receive(message: FromWorker): void {
    if (this.failed) return;
    try {
      this.channel.receive(message);
    } catch (error) {
      this.fail({ kind: 'failed', detail: error instanceof Error ? error.message : String(error) });
    }
  }

  /**
   * The worker is given up on: it is stopped and `onFailed` told why (once). Requests go on
   * into the session log, and whoever waits on the worker waits for its world to be rebuilt on
   * the page's thread (see `recover`).
   */
  fail(problem: WorkerProblem): void {
    if (this.failed) return;
    this.stop();
    this.onFailed?.(problem);
  }

  /**
   * Stops the worker. Steps asked for past the last one the page showed are dropped (the
   * picture never jumps ahead); from here on the page's requests are only logged.
   */
  private stop(): void {
    if (this.failed) return;
    this.failed = true;
    this.terminate();
    this.channel.stopSending();
    const shown = this.frames.shownStep;
    this.stepsDropped = this.frames.requestedStep - shown;
    this.channel.log.freeze(shown);
    this.frames.rewindTo(shown);
  }

  /**
   * The worker's world rebuilt on the page's thread, a slice at a time: `run` it until it says
   * it is done, then `recovered` hands over the host to use. Stops the worker if it still runs
   * (physics moved to the page by choice).
   */
  recover(): LogReplay {
    this.stop();
    if (!this.rebuild)
      this.rebuild = new LogReplay(this.channel.log, this.tuning, this.channel.answer);
    return this.rebuild;
  }

  /**
   * The rebuilt world, as a host on the page's thread (after `recover` ran to the end): every
   * request the page made of the worker is done there, and whoever waited is let go.
   */
  recovered(): LocalHost {
    const core = this.rebuild?.core;
    if (!core) throw new Error("The physics worker's world has not been rebuilt.");
    this.channel.abandon();
    return new LocalHost(core);
  }

  /**
   * Milliseconds the worker has owed an answer without a word (0 while it owes none): a worker
   * the browser stopped fires no event the page always sees.
   */
  silentMs(): number {
    return this.channel.silence.silentMs(this.channel.ready);
  }

  /** Work the worker is known to owe that may keep it silent (ms; see WorkerSilence.owedMs). */
  owedMs(): number {
    return this.channel.silence.owedMs(this.channel.lastStepMs, this.channel.ready);
  }

  /** The page ran no tasks for `ms`: not counted as the worker's silence (see WorkerChannel). */
  pageStalled(ms: number): void {
    this.channel.silence.pageStalled(ms);
  }

  get transport(): Transport {
    return this.channel.transportName;
  }

  get latencySteps(): number {
    return this.frames.latencySteps;
  }

  attach(listener: HostListener): void {
    this.listener = listener;
  }

  load(scene: LoadedScene): Promise<void> {
    this.askedScene = scene;
    const built = this.channel.load(scene.definition.id, reloadOptions(scene));
    this.restart(0);
    return built;
  }

  get building(): boolean {
    return this.channel.building || this.failed;
  }

  get scene(): LoadedScene {
    const built = this.channel.ready ? this.channel.scene : null;
    const scene = built ?? this.askedScene;
    if (!scene) throw new Error('No scene has been asked of the physics worker yet.');
    return scene;
  }

  get sceneDraw(): SceneDrawData {
    return this.channel.sceneDraw;
  }

  get nextStep(): number {
    return this.frames.requestedStep;
  }

  get publishedStep(): number {
    return this.channel.newestStep();
  }

  get time(): number {
    return this.channel.lastTime;
  }

  push(command: Command): void {
    this.channel.push(command);
  }

  setDragTarget(point: ArrayLike<number>): void {
    this.channel.setDragTarget(point);
  }

  setRate(physicsHz: number): void {
    this.channel.setRate(physicsHz);
  }

  get kernels(): KernelMode {
    return this.channel.kernels;
  }

  beginSteps(): void {}

  step(dtSeconds: number): void {
    // Asked for at the end of the frame, and measured in the worker.
    this.frames.noteStep(dtSeconds);
  }

  hasRoom(governor: GovernorView, frameBudgetMs: number): boolean {
    return this.frames.hasRoom(governor.estimateMs, frameBudgetMs);
  }

  endSteps(stepsTaken: number): void {
    const commandsSent = this.channel.hasPending;
    this.frames.sendFrame();
    // Paused (or between steps): the worker applies them now and publishes the same step.
    if (commandsSent && stepsTaken === 0) this.channel.applyNow();
  }

  drawn(settled: boolean): SceneSnapshots {
    // A stopped worker's last step shown stays in the picture until its world is rebuilt.
    if (this.failed) return this.drawnPair;
    const meanMs = this.frames.draw(this.drawnPair, settled);
    if (meanMs >= 0) this.listener.stepsCost(meanMs, this.frames.stepsSinceCost);
    this.channel.shown(this.frames.drawnStep);
    return this.drawnPair;
  }

  whenCaughtUp(): Promise<void> {
    return this.channel.whenCaughtUp();
  }

  saveState(): Promise<SavedState> {
    return this.channel.request({ type: 'saveState' }) as Promise<SavedState>;
  }

  loadState(state: SavedState): Promise<void> {
    this.askedScene = savedScene(state.scene, this.scene);
    return this.jump({ type: 'loadState', state });
  }

  record(options: RecordOptions): Promise<void> {
    return this.channel.request({ type: 'record', options }).then(() => undefined);
  }

  stopRecording(keyframes: KeyframeChoice): Promise<Recording> {
    return this.channel.request({ type: 'stopRecording', keyframes }) as Promise<Recording>;
  }

  replay(recording: Recording): Promise<void> {
    const start = recording.keyframes[0];
    if (start) this.askedScene = savedScene(start.state.scene, this.scene);
    const made = this.jump({ type: 'replay', recording });
    this.replayStart = this.nextStep;
    return made;
  }

  seek(target: number): Promise<void> {
    this.askedScene = this.scene;
    return this.jump({ type: 'seek', target });
  }

  /** A jump: a new generation, like a load, from the step index it lands on. */
  private jump(jump: TimelineJump): Promise<void> {
    const made = this.channel.jump(jump);
    this.restart(landingStep(jump, this.replayStart));
    return made;
  }

  replayStatus(): ReplayStatus | null {
    return this.channel.timeline.replay;
  }

  recordingStatus(): RecordingStatus | null {
    const timeline = this.channel.timeline;
    const step = timeline.recordingStep;
    return step === null ? null : { step, inputs: timeline.recordingInputs ?? 0 };
  }

  hash(): string {
    const step = this.channel.newestStep();
    if (step < 0 || this.channel.copyStep(step, this.newest) < 0) return '';
    const lanes = this.hasher.hashState(this.newest.current, this.newest.count);
    return toHex(lanes[0], lanes[1]);
  }

  posesAt(step: number): SceneSnapshots | null {
    return this.channel.copyStep(step, this.newest) < 0 ? null : this.newest;
  }

  bodyIndex(id: number): number {
    return this.drawnPair.bodies.indexOf(id);
  }

  idAt(index: number): number {
    const table = this.drawnPair.bodies;
    return index >= 0 && index < table.count ? table.ids[index] : -1;
  }

  takeFaults(): FaultReport | null {
    const reports = this.faults;
    if (reports.length === 0) return null;
    const merged: FaultReport = { count: 0, faults: [] };
    for (const report of reports.splice(0)) {
      merged.count += report.count;
      merged.faults.push(...report.faults);
    }
    return merged;
  }

  get removedBodies(): number {
    return this.removed;
  }

  setStepHashListener(listener: StepHashListener | null): void {
    this.stepHashListener = listener;
    this.channel.setHashSteps(listener !== null);
  }

  dispose(): void {
    if (!this.failed) {
      this.failed = true;
      this.terminate();
    }
    this.channel.abandon();
  }

  /** A new generation asked for (from step `fromStep`): nothing of the old one is drawn. */
  private restart(fromStep: number): void {
    this.frames.reset(fromStep);
    const drawn = this.drawnPair;
    drawn.resize(0);
    drawn.bodies.count = 0;
    drawn.bodies.version = -1;
    this.faults.length = 0;
    this.removed = 0;
  }

  private noteFaults(report: FaultReport): void {
    this.faults.push(report);
    this.removed += report.count;
  }

  private stepHashes(first: number, hashes: Uint32Array): void {
    const listener = this.stepHashListener;
    if (!listener) return;
    for (let k = 0; k < hashes.length / 2; k++)
      listener(first + k, hashes[2 * k], hashes[2 * k + 1]);
  }
}
