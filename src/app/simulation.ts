// The pipeline without the screen: settings → commands → loop → physics steps → snapshots →
// interpolation. The browser app and the Node tests drive the very same object.

import type { InterpolationMode, PhysicsThreadSetting, Settings } from '../config/settings';
import { PhysicsCore, savedScene } from '../core/physicsCore';
import { DrawPoses, interpolatePoses } from '../interp/interpolate';
import {
  createFrameReport,
  createLoopTimes,
  FixedStepLoop,
  realFrameSeconds,
} from '../loop/fixedStepLoop';
import type { FrameReport, LoopTimes, Stepper } from '../loop/fixedStepLoop';
import {
  FRAME_PHYSICS_BUDGET_MS,
  OverloadGovernor,
  PHYSICS_SHARE,
  WORKER_PHYSICS_SHARE,
} from '../loop/overloadGovernor';
import type { Command, CommandAction, CommandQueue } from '../physics/commands';
import type { PhysicsWorld } from '../physics/physicsWorld';
import type { FaultReport, StateGuard } from '../physics/stateGuard';
import { findScene, reloadOptions, resolveScene, SCENES } from '../scenes/registry';
import type { LoadedScene, SceneOptions } from '../scenes/registry';
import type { SceneDrawData } from '../snapshot/sceneDrawData';
import type { SnapshotPair } from '../snapshot/snapshots';
import type { SavedState } from '../state/stateSchema';
import type { WorkerPhysics } from '../workerHost/workerPhysics';
import { FrameStats } from '../stats/frameStats';
import type { StateHasher } from '../state/stateHasher';
import { StutterMeter } from '../stats/stutterMeter';
import type { MeterSource } from '../stats/stutterMeter';
import { SimulationSettings } from './simulationSettings';
import { TimelineControls } from './timelineControls';
import { RemoteWorld } from '../workerHost/remoteWorld';
import { WorkerLink } from '../workerHost/workerLink';

export type { LoadedScene } from '../scenes/registry';
export { DEFAULT_SEED, reloadOptions } from '../scenes/registry';
/** What `load` takes: a body count and a seed, each optional. */
export type LoadOptions = SceneOptions;

/** The wall clock in ms: the default for `Simulation.nowMs`. */
function performanceNowMs(): number {
  return performance.now();
}

/** Told a step's state digest (two 32-bit lanes). */
export type StepHashListener = (step: number, high: number, low: number) => void;

export class Simulation implements Stepper, MeterSource {
  /** The physics side on this thread (world, commands, guard, snapshots); null in worker mode. */
  private local: PhysicsCore | null;
  /** Stepping in a worker, while physics runs in one. */
  private link: WorkerLink | null = null;
  /** Worker mode: the page's copy of the worker's world. */
  private readonly remote = new RemoteWorld();
  readonly draw = new DrawPoses();
  /** Where the loop stood when `draw` was last interpolated: its alpha, the display's time. */
  readonly drawnTimes: LoopTimes = createLoopTimes();
  readonly stats = new FrameStats();
  readonly meter = new StutterMeter();
  private stepHashListener: StepHashListener | null = null;
  /** Called after every step taken on this thread (tests watch the world step by step). */
  onStep: ((step: number) => void) | null = null;
  readonly report: FrameReport = createFrameReport();
  readonly loop: FixedStepLoop;
  readonly governor = new OverloadGovernor();
  /**
   * The clock step costs are measured with (ms). Tests put in a made-up clock so the overload
   * governor's decisions (and the HUD's timings) are exact, not timed.
   */
  nowMs: () => number = performanceNowMs;
  /** Whether the frame being run is paced by the wall clock (see `frame`). */
  private realTime = false;
  /** This frame's physics budget in a worker: a frame's real time, at least the main budget. */
  private frameBudgetMs = FRAME_PHYSICS_BUDGET_MS;
  /** `nowMs()` at the start of the coming step (or, after the steps, interpolation). */
  private clockMs = 0;
  private readonly config = new SimulationSettings({
    meterSettingChanged: () => this.meter.reset(),
    unpaused: () => this.onTimelineReset?.(),
  });
  scene: LoadedScene;
  /** The loaded scene's statics and springs, for render. */
  sceneDraw: SceneDrawData = { version: 0, statics: [], springs: [] };
  /** Called after a scene load: the app resets its frame clock so there is no catch-up burst. */
  onTimelineReset: (() => void) | null = null;
  /** Save, load, record, replay and seek, and a loaded replay's pacing. */
  readonly timeline = new TimelineControls({
    local: () => this.local,
    link: () => this.link,
    settings: () => this.config.current,
    loop: () => this.loop,
    jumped: (driverStep, state, asked) => this.jumped(driverStep, state, asked),
    setRate: (physicsHz) => this.config.setRate(physicsHz),
    pause: () => this.config.pause(),
  });
  /** This thread: the core's scene version drawn (a replay may load a scene at one of its steps). */
  private seenCoreScene = -1;

  constructor(sceneId = 'playground', options: LoadOptions = {}) {
    const settings = this.config.current;
    this.loop = new FixedStepLoop(1 / settings.physicsHz, settings);
    const definition = findScene(sceneId) ?? SCENES[0];
    this.local = new PhysicsCore(definition.id, options);
    this.local.physics.addRemovalListener(this.meter);
    this.scene = this.local.scene;
    this.afterLoad();
  }

  /** The physics side on this thread; throws in worker mode (the world is in the worker). */
  get core(): PhysicsCore {
    if (!this.local)
      throw new Error('The physics runs in a worker: its world is not on this thread.');
    return this.local;
  }

  get physics(): PhysicsWorld {
    return this.core.physics;
  }

  get commands(): CommandQueue {
    return this.core.commands;
  }

  get guard(): StateGuard {
    return this.core.guard;
  }

  get hasher(): StateHasher {
    return this.core.hasher;
  }

  /** What is drawn from: the core's snapshots, or in worker mode the drawn step's copy. */
  get snapshots(): SnapshotPair {
    return this.local ? this.local.snapshots : this.remote.drawn;
  }

  /**
   * Told every step's state digest (two 32-bit lanes) when set: the determinism lab compares
   * its worlds with them. Steps are hashed only while it is set — here after each step, or in
   * the worker, which sends the digests with each finished request.
   */
  get onStepHash(): StepHashListener | null {
    return this.stepHashListener;
  }

  set onStepHash(listener: StepHashListener | null) {
    this.stepHashListener = listener;
    this.link?.physics.setHashSteps(listener !== null);
  }

  /** Where the physics steps now. */
  get thread(): PhysicsThreadSetting {
    return this.link ? 'worker' : 'main';
  }

  /** In worker mode, the stepping link (latency, transport); null on the main thread. */
  get worker(): WorkerLink | null {
    return this.link;
  }

  /** The index of the next step: commands queued now apply before it. */
  get nextStep(): number {
    return this.loop.stepCount;
  }

  /**
   * Hands the physics to a worker: it builds the loaded scene (same count and seed) and steps
   * from there; this thread's world is dropped. Resolves once the worker has built it.
   */
  useWorker(physics: WorkerPhysics): Promise<void> {
    this.link = new WorkerLink(physics);
    this.remote.seenSceneChanges = physics.sceneChanges;
    if (this.stepHashListener) physics.setHashSteps(true);
    this.local = null;
    this.governor.share = WORKER_PHYSICS_SHARE;
    return this.load(this.scene.definition.id, reloadOptions(this.scene));
  }

  /**
   * Brings the physics back to this thread. When the worker's session is short enough to
   * re-simulate (see SessionLog), the same world is rebuilt here at the same step — its load,
   * commands, drag targets and steps replayed, bit for bit — and returns 'resumed'; otherwise
   * the scene starts again ('restarted').
   */
  useMainThread(): 'resumed' | 'restarted' {
    const link = this.link;
    if (!link) return 'resumed';
    this.link = null;
    this.governor.share = PHYSICS_SHARE;
    const core = new PhysicsCore(this.scene.definition.id, reloadOptions(this.scene));
    this.local = core;
    core.physics.addRemovalListener(this.meter);
    this.scene = core.scene;
    const log = link.physics.log;
    if (log.replayable && log.steps === this.loop.stepCount) {
      log.replay(core);
      this.takeLocalScene(core);
      this.interpolate();
      return 'resumed';
    }
    this.timeline.clear(false);
    this.afterLoad();
    return 'restarted';
  }

  get settings(): Readonly<Settings> {
    return this.config.current;
  }

  /** Validates the whole patch first (throws, changing nothing, on any bad key or value). */
  set(patch: unknown): void {
    this.config.set(patch);
  }

  /**
   * Builds a scene into an empty world. Throws at once, changing nothing, on an unknown scene
   * or a bad option. On this thread the scene is built before this returns; in worker mode the
   * promise resolves once the worker has built it (nothing is drawn until then).
   */
  load(sceneId: string, options: LoadOptions = {}): Promise<void> {
    resolveScene(sceneId, options);
    this.timeline.clear();
    if (this.local) {
      this.scene = this.local.load(sceneId, options);
      this.afterLoad();
      return Promise.resolve();
    }
    const link = this.link as WorkerLink;
    this.scene = resolveScene(sceneId, options);
    const built = link.physics.load(sceneId, options);
    this.remote.restart(link, 0);
    this.afterLoad();
    return this.whenBuilt(link, built);
  }

  /**
   * Whether a load or jump (state, replay, seek) is being built in the worker. Until it is, a
   * drawn frame has nothing to step: the page's frames wait (their time is not counted), so a
   * script's `await load()` then `advance` steps alike in either thread.
   */
  get building(): boolean {
    return this.link !== null && this.link.physics.building;
  }

  /** Worker mode: once the worker has built a new generation, its scene data and step are drawn. */
  private whenBuilt(link: WorkerLink, built: Promise<void>): Promise<void> {
    return built.then(() => {
      if (this.link !== link) return;
      this.takeRemoteScene(link);
      // The step is published with the build: drawn at once, so the page shows the new scene
      // (and `state()` describes it) without waiting for a frame.
      this.drawRemote(link, true);
      this.interpolate();
    });
  }

  /** This thread: the core's scene now, for render and the stutter meter. */
  private takeLocalScene(core: PhysicsCore): void {
    const physics = core.physics;
    this.seenCoreScene = core.sceneVersion;
    this.scene = core.scene;
    this.sceneDraw = {
      version: this.sceneDraw.version + 1,
      statics: physics.statics.slice(),
      springs: physics.springEnds(),
    };
  }

  /** Worker mode: the scene the worker has now (a jump's, or one a replay loaded), for render. */
  private takeRemoteScene(link: WorkerLink): void {
    const physics = link.physics;
    this.remote.seenSceneChanges = physics.sceneChanges;
    if (physics.scene) this.scene = physics.scene;
    this.sceneDraw = { ...physics.sceneDraw, version: this.sceneDraw.version + 1 };
  }

  /**
   * TimelineSide: a jump was asked for; the page's side counts on from `driverStep`, with the
   * scene, clock and rate of `state` where known here (a seek's scene comes from the core).
   */
  private jumped(
    driverStep: number,
    state: SavedState | null,
    asked: Promise<void> | null,
  ): Promise<void> {
    if (state) {
      this.scene = savedScene(state.scene, this.scene);
      this.config.setRate(state.physicsHz);
    }
    const local = this.local;
    const link = this.link;
    if (local) this.scene = local.scene;
    else if (link) this.remote.restart(link, driverStep);
    this.afterLoad();
    this.loop.stepCount = driverStep;
    this.loop.simTime = local ? local.physics.time : (state?.time ?? this.loop.simTime);
    this.timeline.followReplay();
    this.timeline.restIfEnded();
    if (!asked || !link) return Promise.resolve();
    return this.whenBuilt(link, asked);
  }

  /** A new timeline: step 0, nothing measured yet, the scene's own tracked body. */
  private afterLoad(): void {
    const definition = this.scene.definition;
    if (this.local) this.takeLocalScene(this.local);
    this.loop.reset();
    this.governor.reset();
    this.stats.reset();
    this.meter.track(definition.tracked?.id ?? -1, definition.tracked?.path ?? null);
    this.interpolate();
    this.onTimelineReset?.();
  }

  reset(): Promise<void> {
    return this.load(this.scene.definition.id, reloadOptions(this.scene));
  }

  /**
   * Queues a world change to apply at the boundary before step `atStep`: by default the next
   * step (at once while paused, since the caller then runs a frame of 0 s). Returns the queued
   * command: plain data, so a log of them replays the same physics in another world.
   */
  queue(action: CommandAction, atStep = this.nextStep): Command {
    if (!Number.isInteger(atStep) || atStep < 0) {
      throw new Error(`atStep = ${String(atStep)} is invalid: expected an integer ≥ 0.`);
    }
    const command: Command = { ...action, atStep };
    if (this.local) this.local.push(command);
    else this.link?.physics.push(command);
    return command;
  }

  /** The mouse's drag target, latched: applied at the next step boundary (once per frame). */
  setDragTarget(point: ArrayLike<number>): void {
    if (this.local) this.local.commands.setDragTarget(point);
    else this.link?.physics.setDragTarget(point);
  }

  /**
   * One display frame: everything up to the draw poses. Rendering is the caller's.
   * `realTime`: the frame time is the wall clock's (the rAF drive), so when physics cannot keep
   * up the overload governor slows the simulation down and caps this frame's physics time. A
   * scripted frame (`advance`, tests) gets exactly the steps its frame time asks for.
   */
  frame(frameSeconds: number, realTime = false): FrameReport {
    this.report.frameSeconds = realFrameSeconds(frameSeconds);
    return this.runFrame(realTime);
  }

  /**
   * `frame` for `source.frameSeconds` (the rAF drive's frame): read from the source, not passed,
   * since a double passed to a call V8 does not inline is boxed, 16 bytes a frame.
   */
  frameFrom(source: { readonly frameSeconds: number }, realTime: boolean): FrameReport {
    this.report.frameSeconds = realFrameSeconds(source.frameSeconds);
    return this.runFrame(realTime);
  }

  private runFrame(realTime: boolean): FrameReport {
    this.beginFrame(realTime);
    this.endFrame(false);
    return this.report;
  }

  /**
   * A scripted frame that waits for its steps: on this thread the same as `frame`; in worker
   * mode the frame's steps are asked for, waited for, and then drawn with no extra latency — so
   * `advance` gives the same reports and the same state in either thread.
   */
  async frameAndWait(frameSeconds: number): Promise<FrameReport> {
    this.report.frameSeconds = realFrameSeconds(frameSeconds);
    this.beginFrame(false);
    if (this.link) await this.link.physics.whenCaughtUp();
    this.endFrame(true);
    return this.report;
  }

  /**
   * Resolves once what was asked of the physics so far is done and drawn: at once on this
   * thread; in worker mode when the worker has caught up, whose newest step is then drawn. For
   * changes made outside frames (commands while paused, a single step) with no frames running.
   */
  async settle(): Promise<void> {
    const link = this.link;
    if (!link) return;
    await link.physics.whenCaughtUp();
    if (this.link !== link) return;
    this.drawRemote(link, true);
    this.interpolate();
  }

  /** Settings, commands and the loop's steps for `report.frameSeconds` (in worker mode: the frame's request). */
  private beginFrame(realTime: boolean): void {
    const frameSeconds = this.report.frameSeconds;
    this.timeline.followReplay();
    this.applySettings();
    this.applyCommands();
    this.realTime = realTime;
    this.frameBudgetMs = Math.max(FRAME_PHYSICS_BUDGET_MS, 1000 * frameSeconds);
    this.governor.beginFrame();
    if (realTime) this.governor.throttle(this.loop);
    else this.loop.throttle = 1;
    // A worker keeps its own pace, so a display that draws slowly may spend its frames in full.
    this.loop.slowDisplay = realTime && this.link !== null;
    this.clockMs = this.nowMs();
    this.loop.runFrame(this, this.report);
    this.realTime = false;
    if (this.link) this.sendFrame(this.link);
  }

  /** Picks the drawn step (worker mode), interpolates, and records the frame's stats. */
  private endFrame(settled: boolean): void {
    if (this.link) this.drawRemote(this.link, settled || this.report.steps === 0);
    else if (this.local && this.local.sceneVersion !== this.seenCoreScene) {
      this.takeLocalScene(this.local);
    }
    this.timeline.restIfEnded();
    const interpolateStartMs = this.nowMs();
    this.interpolate();
    this.stats.endFrame(this.report, interpolateStartMs, this.nowMs());
    this.meter.record(this);
  }

  /** Worker mode: sends the frame's commands and step request; while paused, applies commands now. */
  private sendFrame(link: WorkerLink): void {
    const sentCommands = link.physics.hasPending;
    link.sendFrame();
    if (sentCommands && this.report.steps === 0) link.physics.applyNow();
  }

  /** Worker mode: copies the step to draw; feeds a newly drawn step's cost to stats and governor. */
  private drawRemote(link: WorkerLink, settled: boolean): void {
    if (link.physics.sceneChanges !== this.remote.seenSceneChanges) this.takeRemoteScene(link);
    const stepMs = link.draw(this.remote.drawn, settled);
    // A removal may come with a new publication of the same step (applied while paused).
    this.meter.checkTracked(this);
    if (stepMs < 0) return;
    this.stats.recordStep(stepMs);
    this.governor.recordSteps(stepMs, link.stepsSinceCost);
  }

  /** Takes exactly one physics step now (single-step while paused). */
  singleStep(): void {
    this.applySettings();
    this.applyCommands();
    this.clockMs = this.nowMs();
    this.loop.singleStep(this);
    if (this.link) {
      this.link.sendFrame();
      this.drawRemote(this.link, true);
    }
    this.timeline.restIfEnded();
    this.interpolate();
  }

  /** Stepper: the only path from the loop into the physics. */
  step(dtSeconds: number): void {
    // A replay's recorded step length from here on paces the frames that follow.
    this.timeline.followReplay();
    const core = this.local;
    if (!core) {
      // Worker mode: the step is asked for at the end of the frame, and measured there.
      this.link?.noteStep(dtSeconds);
      return;
    }
    core.step(dtSeconds);
    // One clock read per step: its end is the next step's start (each read allocates a
    // 16-byte number in V8, the only allocation this path makes).
    const now = this.nowMs();
    const stepMs = now - this.clockMs;
    this.clockMs = now;
    this.stats.recordStep(stepMs);
    this.governor.recordStep(stepMs);
    if (this.onStepHash) {
      const lanes = core.hasher.hash(core.physics);
      this.onStepHash(core.stepIndex, lanes[0], lanes[1]);
    }
    this.onStep?.(core.stepIndex);
  }

  /**
   * Stepper: in a real-time frame, whether there is room for another step — on this thread the
   * frame's physics budget; in a worker, a backlog of less than a frame's work.
   */
  stepAllowed(): boolean {
    if (!this.timeline.allowsStep()) return false;
    if (!this.realTime) return true;
    if (this.link) return this.link.hasRoom(this.governor.estimateMs, this.frameBudgetMs);
    return this.governor.stepAllowed();
  }
  /**
   * Starts measuring stutter on the body now at `index` (−1: none), by its id. The scene's own
   * target (the carousel's mover, by id) keeps its exact path.
   */
  track(index: number): void {
    const id = this.idAt(index);
    const target = this.scene.definition.tracked;
    this.meter.track(id, target && target.id === id ? (target.path ?? null) : null);
  }

  /** Dense index of the body the stutter meter tracks, −1 for none. */
  get trackedIndex(): number {
    return this.bodyIndex(this.meter.trackedId);
  }

  /** MeterSource: the dense index of body `id` in what is drawn, −1 once removed. */
  bodyIndex(id: number): number {
    return this.local ? this.local.physics.indexOf(id) : this.remote.bodyIndex(id);
  }

  /** The id of the body drawn at dense index `index`, or −1. */
  idAt(index: number): number {
    return this.local ? this.local.physics.idAt(index) : this.remote.idAt(index);
  }

  /** Simulated time the display shows: the last step plus what waits in the accumulator. */
  displayTime(): number {
    return this.loop.displayTime();
  }

  /**
   * Bodies the state guard removed since the last call (on this thread, or reported by the
   * worker), or null. The caller shows them; the report is then forgotten.
   */
  takeFaults(): FaultReport | null {
    if (this.local) return this.local.guard.hasReport ? this.local.guard.takeReport() : null;
    return this.remote.takeFaults();
  }

  /** Worker mode: a fault report from the worker, kept until `takeFaults`. */
  noteFaults(report: FaultReport): void {
    this.remote.noteFaults(report);
  }

  /** Bodies the state guard removed since the scene was loaded, in either thread. */
  get removedBodies(): number {
    return this.local ? this.local.guard.removed : this.remote.removed;
  }

  /**
   * Hex digest of every body's exact position, quaternion, velocity and angular velocity bits:
   * of the world now, or in worker mode of the newest step the worker has published.
   */
  hash(): string {
    if (this.local) return this.local.hash();
    return this.remote.hashOfNewest((this.link as WorkerLink).physics);
  }

  /**
   * The snapshots right after step `step`: on this thread while it is the newest step; in worker
   * mode while the ring still holds it (copied into a scratch pair). Null otherwise.
   */
  posesAt(step: number): SnapshotPair | null {
    if (this.local) return this.local.stepIndex === step ? this.local.snapshots : null;
    return this.remote.posesAt((this.link as WorkerLink).physics, step);
  }

  /** Steps taken since the load: on this thread; in worker mode, the newest the worker published. */
  get publishedStep(): number {
    if (this.local) return this.local.stepIndex;
    return (this.link as WorkerLink).physics.newestStep();
  }

  /**
   * The render mode actually used: only the accumulator leaves a fraction of a step to draw
   * with; the other strategies end every frame exactly at display time, so they draw current.
   */
  renderMode(mode: InterpolationMode = this.config.current.interpolation): InterpolationMode {
    return this.config.current.strategy === 'accumulator' ? mode : 'off';
  }

  /** Fills `out` with the draw poses for a render mode (the split view's second half). */
  interpolateInto(mode: InterpolationMode, out: DrawPoses): DrawPoses {
    const times = this.loop.timesInto(this.drawnTimes);
    return interpolatePoses(this.snapshots, times, this.renderMode(mode), out);
  }

  private interpolate(): void {
    this.interpolateInto(this.config.current.interpolation, this.draw);
  }

  private applySettings(): void {
    this.config.applyTo(this.loop);
    const physicsHz = this.config.current.physicsHz;
    if (this.local) this.local.physicsHz = physicsHz;
    else this.link?.physics.setRate(physicsHz);
  }

  /** At a step boundary: moves the drag anchor if the mouse moved, applies the commands due. */
  private applyCommands(): void {
    this.local?.applyDue();
  }
}
