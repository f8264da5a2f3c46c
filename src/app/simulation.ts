// The pipeline without the screen: settings → commands → loop → physics steps → snapshots →
// interpolation. The physics is a PhysicsHost (this thread or a worker), one object swapped when
// the thread changes: what is asked of it beyond the frame (bodies, faults, hashes) is asked of
// its roles (`sim.host.bodies` …). The browser app and the Node tests drive the same Simulation.

import type { Settings } from '../config/settings';
import { LocalHost } from '../physicsHost/host/localHost';
import type { HostListener, PhysicsHost, StepHashListener } from '../physicsHost/host/physicsHost';
import { t } from '../i18n/language';
import { createFrameReport, FixedStepLoop } from 'fixed-step/loop';
import type { FrameReport, Stepper } from 'fixed-step/loop';
import { FRAME_PHYSICS_BUDGET_MS, OverloadGovernor } from 'fixed-step/loop';
import type { Command, CommandAction } from '../physics/index';
import { reloadOptions, resolveScene } from '../scenes/registry';
import type { LoadedScene, SceneOptions } from '../scenes/registry';
import type { SavedState } from '../state/stateSchema';
import { FrameStats } from '../stats/frameStats';
import { StutterMeter } from '../stats/stutterMeter';
import { spendMs } from './emulatedCost';
import { SimulationSettings } from './simulationSettings';
import { TimelineControls } from './timelineControls';
import { DrawnFrame } from './drawnFrame';

export type { LoadedScene } from '../scenes/registry';
export { DEFAULT_SEED, reloadOptions } from '../scenes/registry';
export type { StepHashListener } from '../physicsHost/host/physicsHost';
/** What `load` takes: a body count and a seed, each optional. */
export type LoadOptions = SceneOptions;

/**
 * How a host taken over relates to the session: 'build' (the scene is to be built in it),
 * 'restart' (it built the scene afresh: a new timeline), 'resume' (it holds this world at this
 * step), 'rewind' (at an earlier step than the loop asked for: a dead worker's, rebuilt).
 */
export type Takeover = 'build' | 'restart' | 'resume' | 'rewind';

/** The wall clock in ms: the default for `Simulation.nowMs`. */
const performanceNowMs = (): number => performance.now();

export class Simulation implements Stepper, HostListener {
  private physicsHost: PhysicsHost;
  /** What the frame draws: the host's snapshots picked for it and the poses interpolated. */
  readonly drawn: DrawnFrame;
  readonly stats = new FrameStats();
  readonly meter = new StutterMeter();
  readonly report: FrameReport = createFrameReport();
  readonly loop: FixedStepLoop;
  readonly governor = new OverloadGovernor();
  /**
   * The clock step costs are measured with (ms). Tests put in a made-up clock so the overload
   * governor's decisions (and the HUD's timings) are exact, not timed.
   */
  nowMs: () => number = performanceNowMs;
  /** Whether the frame being run is paced by the wall clock with the governor on (see `frame`). */
  private governed = false;
  /** This frame's physics budget in a worker: a frame's real time, at least the main budget. */
  private frameBudgetMs = FRAME_PHYSICS_BUDGET_MS;
  private stepHashListener: StepHashListener | null = null;
  private readonly config = new SimulationSettings({
    meterSettingChanged: () => this.meter.reset(),
    unpaused: () => this.onTimelineReset?.(),
  });
  scene: LoadedScene;
  /** Called after a scene load: the app resets its frame clock so there is no catch-up burst. */
  onTimelineReset: (() => void) | null = null;
  /** Save, load, record, replay and seek, and a loaded replay's pacing. */
  readonly timeline: TimelineControls;

  /**
   * @param physics the physics host (a LocalHost with its scene built, say), or the id of a
   *   scene to build on this thread with `options`.
   */
  constructor(physics: PhysicsHost | string = 'playground', options: LoadOptions = {}) {
    this.physicsHost = typeof physics === 'string' ? new LocalHost(physics, options) : physics;
    const settings = this.config.current;
    this.loop = new FixedStepLoop(1 / settings.physicsHz, settings);
    this.timeline = new TimelineControls({
      host: () => this.physicsHost,
      settings: () => this.config.current,
      jumped: (made, state) => this.jumped(made, state),
      setRate: (physicsHz) => this.config.setRate(physicsHz),
      rest: () => this.config.rest(),
      endRest: () => this.config.endRest(),
    });
    this.physicsHost.stepping.attach(this);
    this.governor.share = this.physicsHost.physicsShare;
    this.drawn = new DrawnFrame(this.physicsHost, this.report);
    this.scene = this.physicsHost.timeline.scene;
    this.afterLoad();
  }

  /** The physics host: where the physics runs and what it reports. */
  get host(): PhysicsHost {
    return this.physicsHost;
  }

  /**
   * Told every step's state digest (two 32-bit lanes) when set: the determinism lab compares its
   * worlds with them. Steps are hashed only while it is set.
   */
  get onStepHash(): StepHashListener | null {
    return this.stepHashListener;
  }

  set onStepHash(listener: StepHashListener | null) {
    this.stepHashListener = listener;
    this.physicsHost.stepping.setStepHashListener(listener);
  }

  /**
   * Hands the physics to `host` (see Takeover); the host given up is let go. With 'build',
   * resolves once the loaded scene is built there.
   */
  useHost(host: PhysicsHost, takeover: Takeover): Promise<void> {
    const old = this.physicsHost;
    this.physicsHost = host;
    if (old !== host) old.dispose();
    host.stepping.attach(this);
    host.stepping.setStepHashListener(this.stepHashListener);
    this.governor.share = host.physicsShare;
    if (takeover === 'build') return this.load(this.scene.definition.id, reloadOptions(this.scene));
    if (takeover === 'restart') this.timeline.clear(false);
    if (takeover === 'restart') this.afterLoad();
    else {
      if (takeover === 'rewind') this.loop.reset(host.stepping.time);
      this.drawNow(true);
      this.interpolate();
    }
    return Promise.resolve();
  }

  get settings(): Readonly<Settings> {
    return this.config.current;
  }

  /** Validates the whole patch first (throws, changing nothing, on any bad key or value). */
  set(patch: unknown): void {
    this.config.set(patch);
    // The render mode or view may have changed: what is drawn follows at once, paused or not.
    this.interpolate();
  }

  /**
   * Builds a scene into an empty world. Throws at once, changing nothing, on an unknown scene
   * or a bad option. Resolves once the host has built it (at once on this thread; in a worker
   * nothing is drawn until then).
   */
  load(sceneId: string, options: LoadOptions = {}): Promise<void> {
    const scene = resolveScene(sceneId, options);
    this.timeline.clear();
    const built = this.physicsHost.timeline.load(scene);
    this.afterLoad();
    return this.whenBuilt(built);
  }

  reset(): Promise<void> {
    return this.load(this.scene.definition.id, reloadOptions(this.scene));
  }

  /**
   * Once a host that builds asynchronously has built what was asked, its step is drawn at once,
   * so the page shows the new scene (and `state()` describes it) without waiting for a frame.
   */
  private whenBuilt(made: Promise<void>): Promise<void> {
    const host = this.physicsHost;
    if (!host.timeline.building) return made;
    return made.then(() => {
      if (this.physicsHost !== host) return;
      this.drawNow(true);
      this.loop.reset(host.stepping.time);
      this.interpolate();
    });
  }

  /** A jump was made or asked for (`made` resolves once built); the page's side follows. */
  private jumped(made: Promise<void>, state: SavedState | null): Promise<void> {
    if (state) this.config.setRate(state.physicsHz);
    this.afterLoad();
    this.timeline.followReplay();
    this.timeline.restIfEnded();
    return this.whenBuilt(made);
  }

  /** A new timeline: the host's scene and time, nothing measured yet, the scene's own tracked body. */
  private afterLoad(): void {
    this.scene = this.physicsHost.timeline.scene;
    this.drawn.followScene(this.physicsHost);
    const definition = this.scene.definition;
    this.loop.reset(this.physicsHost.stepping.time);
    this.governor.reset();
    this.stats.reset();
    this.meter.track(definition.tracked?.id ?? -1, definition.tracked?.path ?? null);
    this.interpolate();
    this.onTimelineReset?.();
  }

  /**
   * Queues a world change to apply at the boundary before step `atStep`: by default the next
   * step (at once while paused, since the caller then runs a frame of 0 s). Returns the queued
   * command: plain data, so a log of them replays the same physics in another world.
   */
  queue(action: CommandAction, atStep = this.physicsHost.stepping.nextStep): Command {
    if (!Number.isInteger(atStep) || atStep < 0) {
      throw new Error(t('api.atStep', { value: String(atStep) }));
    }
    const command: Command = { ...action, atStep };
    this.physicsHost.input.push(command);
    return command;
  }

  /**
   * One display frame: everything up to the draw poses. Rendering is the caller's.
   * `realTime`: the frame time is the wall clock's (the rAF drive), so when physics cannot keep
   * up the overload governor (when on) slows the simulation and caps this frame's physics time.
   * A scripted frame (`advance`, tests) gets exactly the steps its frame time asks for.
   */
  frame(frameSeconds: number, realTime = false): FrameReport {
    this.beginFrame(frameSeconds, realTime);
    this.endFrame(false);
    return this.report;
  }

  /**
   * A scripted frame that waits for its steps: on this thread the same as `frame`; in worker
   * mode the frame's steps are asked for, waited for, and then drawn with no extra latency — so
   * `advance` gives the same reports and the same state in either thread.
   */
  async frameAndWait(frameSeconds: number): Promise<FrameReport> {
    this.beginFrame(frameSeconds, false);
    await this.physicsHost.stepping.whenCaughtUp();
    this.endFrame(true);
    return this.report;
  }

  /**
   * Resolves once what was asked of the physics so far is done and drawn (a worker's newest
   * step then drawn). For changes made outside frames (commands while paused, a single step)
   * with no frames running.
   */
  async settle(): Promise<void> {
    const host = this.physicsHost;
    await host.stepping.whenCaughtUp();
    if (this.physicsHost !== host) return;
    this.drawNow(true);
    this.interpolate();
  }

  /** Settings, then the loop's steps for `frameSeconds`, then what they ask of the host. */
  private beginFrame(frameSeconds: number, realTime: boolean): void {
    this.timeline.followReplay();
    this.applySettings();
    this.governed = realTime && this.config.current.governor;
    this.frameBudgetMs = Math.max(FRAME_PHYSICS_BUDGET_MS, 1000 * frameSeconds);
    // A worker's idle time shows in its frames' real time (OverloadGovernor.recordSteps).
    this.governor.beginFrame(realTime && this.physicsHost.keepsOwnPace ? 1000 * frameSeconds : 0);
    if (this.governed) this.governor.throttle(this.loop);
    else this.loop.throttle = 1;
    // A host that keeps its own pace lets a display that draws slowly spend its frames in full.
    this.loop.slowDisplay = realTime && this.physicsHost.keepsOwnPace;
    const stepping = this.physicsHost.stepping;
    stepping.beginSteps();
    this.loop.frame(frameSeconds, this, this.report);
    this.governed = false;
    stepping.endSteps(this.report.steps);
    this.report.step = stepping.nextStep;
  }

  /** Picks what is drawn, interpolates it, and records the frame's stats. */
  private endFrame(settled: boolean): void {
    this.drawNow(settled || this.report.steps === 0);
    this.timeline.restIfEnded();
    const interpolateStartMs = this.nowMs();
    this.interpolate();
    this.stats.endFrame(this.report, this.nowMs() - interpolateStartMs);
    this.meter.record(this.drawn);
  }

  /** The host's snapshots to draw now, its scene if it changed, the tracked body if it went. */
  private drawNow(settled: boolean): void {
    if (this.drawn.take(this.physicsHost, settled)) this.scene = this.physicsHost.timeline.scene;
    this.meter.checkTracked(this.drawn);
  }

  /**
   * Applies what is due now without a step (commands queued while paused) and draws it; from a
   * worker the result comes a message later (see `settle`).
   */
  applyNow(): void {
    this.applySettings();
    this.physicsHost.stepping.endSteps(0);
    this.drawNow(true);
    this.interpolate();
  }

  /** Takes exactly one physics step now (single-step while paused). */
  singleStep(): void {
    this.applySettings();
    this.physicsHost.stepping.beginSteps();
    this.loop.singleStep(this);
    this.physicsHost.stepping.endSteps(1);
    this.drawNow(true);
    this.timeline.restIfEnded();
    this.interpolate();
  }

  /** Stepper: the only path from the loop into the physics, after any emulated cost. */
  step(dtSeconds: number): void {
    const costMs = this.config.current.stepCostMs;
    if (costMs > 0) spendMs(costMs);
    this.physicsHost.stepping.step(dtSeconds);
  }

  /**
   * Stepper: whether there is room for another step — not past a loaded replay's end; in a
   * real-time frame, as the host's budget allows (see HostStepping.hasRoom).
   */
  stepAllowed(): boolean {
    if (!this.timeline.allowsStep()) return false;
    if (!this.governed) return true;
    return this.physicsHost.stepping.hasRoom(this.governor, this.frameBudgetMs);
  }

  /** HostListener: what steps cost, for the HUD and the overload governor. */
  stepsCost(meanMs: number, steps: number): void {
    this.stats.recordStep(meanMs);
    this.governor.recordSteps(meanMs, steps);
  }

  /**
   * Starts measuring stutter on the body now at `index` (−1: none), by its id. The scene's own
   * target (the carousel's mover, by id) keeps its exact path.
   */
  track(index: number): void {
    const id = this.physicsHost.bodies.idAt(index);
    const target = this.scene.definition.tracked;
    this.meter.track(id, target && target.id === id ? (target.path ?? null) : null);
  }

  /** Dense index of the body the stutter meter tracks, −1 for none. */
  get trackedIndex(): number {
    return this.drawn.bodyIndex(this.meter.trackedId);
  }

  /** Simulated time the display shows: the last step plus what waits in the accumulator. */
  displayTime(): number {
    return this.loop.displayTime();
  }

  /** The draw poses for the loop's times now (and the split view's right half). */
  private interpolate(): void {
    this.drawn.interpolate(this.loop, this.config.current);
  }

  private applySettings(): void {
    this.config.applyTo(this.loop);
    this.physicsHost.input.setRate(this.config.current.physicsHz);
  }
}
