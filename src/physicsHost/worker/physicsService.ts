// The physics worker's whole job, as a class that any message port can drive (the worker's
// global scope in the browser, a MessageChannel in tests): it owns the PhysicsCore, steps only
// as far as the page asks, and publishes every step for the page to draw.

import { PhysicsCore } from '../core/physicsCore';
import { DEFAULT_TUNING } from '../../physics/world/tuning';
import type { PhysicsTuning } from '../../physics/world/tuning';
import { createRingBuffer, RingWriter } from '../wire/sharedRing';
import type { SlotViews } from '../wire/slotLayout';
import { STEP_FIELDS, writeStepSlot } from '../wire/stepSlots';
import type { StepCost } from '../wire/stepSlots';
import { TransferWriter } from '../wire/transferRing';
import { HEARTBEAT_MS, NO_TRANSFER } from '../wire/protocol';
import type {
  FromWorker,
  MessageSink,
  TimelineReport,
  ToWorker,
  Transport,
} from '../wire/protocol';
import { assertNever } from '../../util/assertNever';
import type { RecorderMark } from '../../state/recorderProgress';

/** The heartbeat (see HEARTBEAT_MS): one message, posted as it is. */
const ALIVE: FromWorker = { type: 'alive' };

/** Bodies a ring has room for at first; it doubles as scenes grow. */
const INITIAL_CAPACITY = 256;

/** Where published steps go: the shared ring's writer, or the transfer ring's. */
interface Publisher {
  readonly capacity: number;
  begin(): SlotViews;
  publish(slot: SlotViews): number;
}

/** A shared ring with its capacity, rebuilt (and sent to the page) when bodies outgrow it. */
class SharedPublisher implements Publisher {
  capacity = 0;
  private writer: RingWriter | null = null;
  private readonly slots: number;
  private readonly sink: MessageSink<FromWorker>;

  constructor(slots: number, sink: MessageSink<FromWorker>) {
    this.slots = slots;
    this.sink = sink;
  }

  ensure(count: number): void {
    if (this.writer && count <= this.capacity) return;
    let capacity = Math.max(this.capacity, INITIAL_CAPACITY);
    while (capacity < count) capacity *= 2;
    const shape = { fields: STEP_FIELDS, capacity, slots: this.slots };
    const buffer = createRingBuffer(shape, true) as SharedArrayBuffer;
    this.writer = new RingWriter(buffer, shape);
    this.capacity = capacity;
    this.sink.postMessage({ type: 'ring', buffer, capacity, slots: this.slots }, []);
  }

  begin(): SlotViews {
    if (!this.writer) throw new Error('The shared ring has not been created.');
    return this.writer.begin();
  }

  publish(slot: SlotViews): number {
    if (!this.writer) throw new Error('The shared ring has not been created.');
    return this.writer.publish(slot);
  }
}

export class PhysicsService {
  private readonly sink: MessageSink<FromWorker>;
  private built: PhysicsCore | null = null;
  private generation = -1;
  private shared: SharedPublisher | null = null;
  private transfer: TransferWriter | null = null;
  private hashSteps = false;
  /** The configuration of the worlds built here (the page's, sent with `init`). */
  private tuning: Readonly<PhysicsTuning> = DEFAULT_TUNING;
  /** The core's scene version the page last heard of. */
  private sentSceneVersion = -1;
  private clockMs: () => number;
  /** What the step being published cost, and all steps since the service started. */
  private readonly cost: StepCost = {
    stepMs: 0,
    busyMs: 0,
  };
  /** When the page last heard from this worker (the heartbeat's clock, ms). */
  private lastWordMs = 0;
  /** The heartbeat's clock: always the real one, so a test's made-up step clock stays exact. */
  private readonly beatClockMs: () => number;
  /** Made once: handed to the world as its progress hook (a body added, a seek's step). */
  private readonly beat = (): void => this.beatAt(this.beatClockMs());
  private readonly stepped: Extract<FromWorker, { type: 'stepped' }> = {
    type: 'stepped',
    generation: 0,
    step: 0,
    hashes: null,
    timeline: { replay: null, recordingStep: null, recordingInputs: null },
  };

  /**
   * @param sink where messages to the page go.
   * @param clockMs the clock step costs are measured with (ms; tests may pass their own).
   */
  constructor(
    sink: MessageSink<FromWorker>,
    clockMs: () => number = () => performance.now(),
    beatClockMs: () => number = () => performance.now(),
  ) {
    this.sink = sink;
    this.clockMs = clockMs;
    this.beatClockMs = beatClockMs;
  }

  /**
   * Says 'alive' when the page has heard nothing for HEARTBEAT_MS (at `nowMs`): called through
   * long work, so only a dead worker falls silent.
   */
  private beatAt(nowMs: number): void {
    if (nowMs - this.lastWordMs < HEARTBEAT_MS) return;
    this.lastWordMs = nowMs;
    this.sink.postMessage(ALIVE, NO_TRANSFER);
  }

  /** Handles one message from the page; anything that throws is reported as `failed`. */
  handle(message: ToWorker): void {
    try {
      this.dispatch(message);
    } catch (error) {
      this.sink.postMessage(
        { type: 'failed', message: error instanceof Error ? error.message : String(error) },
        [],
      );
    }
  }

  private dispatch(message: ToWorker): void {
    switch (message.type) {
      case 'init':
        this.init(message.transport, message.slots, message.tuning);
        return;
      case 'hashSteps':
        this.hashSteps = message.on;
        return;
      case 'checkpoint':
        this.checkpoint(message.id, message.have);
        return;
      case 'load':
        this.load(message.generation, message.sceneId, message.count, message.seed);
        return;
      case 'loadState':
      case 'replay':
      case 'seek':
        this.jump(message);
        return;
      case 'rate':
        this.requireCore().physicsHz = message.physicsHz;
        return;
      case 'saveState':
      case 'record':
      case 'stopRecording':
        this.answer(message);
        return;
      case 'commands':
        for (const command of message.commands) this.requireCore().push(command);
        return;
      case 'dragTarget':
        this.requireCore().commands.setDragTarget(message.point);
        return;
      case 'stepTo':
        if (message.generation === this.generation) this.stepTo(message.step, message.dtSeconds);
        else this.done(message.generation, null);
        return;
      case 'applyNow':
        if (message.generation === this.generation) {
          this.requireCore().applyDue();
          this.reportFaults();
          this.cost.stepMs = 0;
          this.publish();
        }
        this.done(message.generation, null);
        return;
      case 'spent':
        this.transfer?.accept(message.buffer);
        return;
      case 'slot':
        return;
      default:
        assertNever(message, 'message from the page');
    }
  }

  private init(transport: Transport, slots: number, tuning: PhysicsTuning): void {
    // The worker's first word: it has started (the page allows a start-up until it hears one).
    this.lastWordMs = this.beatClockMs();
    this.sink.postMessage(ALIVE, NO_TRANSFER);
    this.tuning = tuning;
    if (transport === 'shared') this.shared = new SharedPublisher(slots, this.sink);
    else this.transfer = new TransferWriter(STEP_FIELDS, INITIAL_CAPACITY, this.sink);
  }

  /** The physics core, once a scene was loaded (a bench may hold its world's step still). */
  get core(): PhysicsCore | null {
    return this.built;
  }

  private requireCore(): PhysicsCore {
    if (!this.built) throw new Error('No scene has been loaded in the physics worker.');
    return this.built;
  }

  /** The core's checkpoint as of this message, for the page to rebuild from if this worker dies. */
  private checkpoint(id: number, have: RecorderMark | null): void {
    const startMs = this.beatClockMs();
    const checkpoint = this.built ? this.built.checkpoint(have) : null;
    const costMs = this.beatClockMs() - startMs;
    const generation = this.generation;
    this.sink.postMessage({ type: 'checkpoint', id, generation, checkpoint, costMs }, NO_TRANSFER);
  }

  private load(generation: number, sceneId: string, count: number | undefined, seed: number): void {
    if (this.built) this.built.load(sceneId, { count, seed });
    else {
      this.built = new PhysicsCore(sceneId, { count, seed }, this.tuning, this.beat);
    }
    this.generation = generation;
    this.loaded(null);
  }

  /**
   * Continues from a state, starts a replay or seeks in it (all checked on the page): a new
   * generation like a load. One that cannot be made after all changes nothing and says why.
   */
  private jump(message: Extract<ToWorker, { type: 'loadState' | 'replay' | 'seek' }>): void {
    const core = this.requireCore();
    let error: string | null = null;
    try {
      if (message.type === 'loadState') core.loadState(message.state);
      else if (message.type === 'replay') core.replay(message.recording);
      else core.seek(message.target);
    } catch (thrown) {
      error = thrown instanceof Error ? thrown.message : String(thrown);
    }
    this.generation = message.generation;
    this.reportFaults();
    this.loaded(error);
  }

  /** Publishes step 0 of a new generation, then says it is built (with the scene it has). */
  private loaded(error: string | null): void {
    const core = this.requireCore();
    // The step first, so it is in the ring by the time the page hears the scene is built.
    this.cost.stepMs = 0;
    this.publish();
    this.sentSceneVersion = core.sceneVersion;
    const timeline: TimelineReport = { replay: null, recordingStep: null, recordingInputs: null };
    this.fillTimelineReport(timeline);
    this.sink.postMessage(
      {
        type: 'loaded',
        generation: this.generation,
        ...this.sceneMessage(core),
        timeline,
        kernels: core.physics.kernels,
        ...(error === null ? {} : { error }),
      },
      [],
    );
  }

  private sceneMessage(
    core: PhysicsCore,
  ): Pick<Extract<FromWorker, { type: 'scene' }>, 'scene' | 'sceneDraw'> {
    const scene = core.scene;
    const physics = core.physics;
    return {
      scene: { id: scene.definition.id, count: scene.count, seed: scene.seed },
      sceneDraw: { statics: physics.statics.slice(), springs: physics.springEnds() },
    };
  }

  /** A request with an answer: a saved state, the start or end of a recording. */
  private answer(
    message: Extract<ToWorker, { type: 'saveState' | 'record' | 'stopRecording' }>,
  ): void {
    const core = this.requireCore();
    try {
      let value = null;
      if (message.type === 'saveState') value = core.saveState();
      else if (message.type === 'record') core.record(message.options);
      else value = core.stopRecording(message.keyframes);
      this.sink.postMessage({ type: 'reply', id: message.id, value }, []);
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown.message : String(thrown);
      this.sink.postMessage({ type: 'reply', id: message.id, value: null, error }, []);
    }
  }

  /**
   * Steps up to `step` (never past it: the page may still send commands for the steps after),
   * publishing each, then says so — with the steps' digests when the page asked for them.
   */
  private stepTo(step: number, dtSeconds: number | number[]): void {
    const core = this.requireCore();
    const first = core.stepIndex;
    const taken = step > first ? step - first : 0;
    const hashes = this.hashSteps && taken > 0 ? new Uint32Array(2 * taken) : null;
    for (let k = 0; k < taken; k++) {
      const start = this.clockMs();
      // Two calls, not one of a choice: the number arrives boxed and is handed on as it is.
      if (typeof dtSeconds === 'number') core.step(dtSeconds);
      else core.step(dtSeconds[dtSeconds.length - taken + k]);
      const cost = this.cost;
      const endMs = this.clockMs();
      cost.stepMs = endMs - start;
      if (hashes) {
        const lanes = core.hasher.hash(core.physics);
        hashes[2 * k] = lanes[0];
        hashes[2 * k + 1] = lanes[1];
      }
      this.reportFaults();
      // A replay that loaded another scene or state at this step: the page hears of it first.
      if (core.sceneVersion !== this.sentSceneVersion) {
        this.sentSceneVersion = core.sceneVersion;
        this.sink.postMessage(
          { type: 'scene', generation: this.generation, ...this.sceneMessage(core) },
          [],
        );
      }
      cost.busyMs += cost.stepMs;
      this.publish();
      this.beatAt(endMs);
    }
    this.done(this.generation, hashes);
  }

  /** Answers a step request or an applyNow (the page counts the answers to know it is caught up). */
  private done(generation: number, hashes: Uint32Array | null): void {
    // One reply per frame: the message is made once (postMessage copies it as it is sent).
    const reply = this.stepped;
    reply.generation = generation;
    reply.step = this.built ? this.built.stepIndex : 0;
    reply.hashes = hashes;
    this.fillTimelineReport(reply.timeline);
    this.sink.postMessage(reply, hashes ? [hashes.buffer] : NO_TRANSFER);
    reply.hashes = null;
    this.lastWordMs = this.beatClockMs();
  }

  /** The replay's progress and the steps recorded, for `stats()` on the page. */
  private fillTimelineReport(out: TimelineReport): void {
    const timeline = this.built?.timeline;
    out.replay = timeline ? timeline.status() : null;
    out.recordingStep = timeline ? timeline.recordingStep : null;
    out.recordingInputs = timeline ? timeline.recordingInputs : null;
  }

  /** Tells the page about bodies the state guard removed (before the step that shows it is published). */
  private reportFaults(): void {
    const guard = this.requireCore().guard;
    const report = guard.hasReport ? guard.takeReport() : null;
    if (report) this.sink.postMessage({ type: 'faults', generation: this.generation, report }, []);
  }

  /** Writes the core's snapshots and `cost` into the next slot and publishes it. */
  private publish(): void {
    const core = this.requireCore();
    const count = core.snapshots.count;
    let slot: SlotViews;
    if (this.shared) {
      this.shared.ensure(count);
      slot = this.shared.begin();
    } else if (this.transfer) {
      if (count > this.transfer.capacity) {
        let capacity = this.transfer.capacity;
        while (capacity < count) capacity *= 2;
        this.transfer.resize(capacity);
      }
      slot = this.transfer.begin();
    } else throw new Error('The physics worker was not initialised.');
    writeStepSlot(core, slot, this.generation, this.cost);
    if (this.shared) this.shared.publish(slot);
    else this.transfer?.publish(slot);
  }
}
