// The page's simulation and how it is shown: the Simulation drawn on a Stage by the view
// compositor, driven by requestAnimationFrame (the frame driver), the action layer every door
// goes through, the physics threads and the determinism lab kept in step with the loaded scene.
// The page's widgets (HUD, messages, panel) are main.ts's; they reach this through callbacks.

import type { PhysicsThreadSetting, Settings } from '../config/settings';
import { copyFrameReport, createFrameReport } from 'fixed-step/loop';
import type { FrameReport } from 'fixed-step/loop';
import { t } from '../i18n/language';
import { FrameDriver } from '../loop/frameDriver';
import { Stage } from '../render/stage';
import { ViewCompositor } from '../render/viewCompositor';
import type { SceneDefinition } from '../scenes/sceneTypes';
import { windowFps, windowSimOverReal } from '../stats/frameStats';
import { createHudFigures } from '../stats/statsSnapshot';
import type { HudFigures, StatsSnapshot } from '../stats/statsSnapshot';
import { ActionLayer } from './actionLayer';
import { faultMessage } from './faultText';
import type { PageSession } from './actionLayer';
import type { Notify, ShownMessage } from './notify';
import { PhysicsThreads } from './physicsThreads';
import { Simulation } from './simulation';
import type { LoadOptions } from './simulation';
import { TwinLab } from './twinLab';

export class BrowserApp implements PageSession {
  readonly sim: Simulation;
  readonly stage: Stage;
  readonly driver: FrameDriver;
  readonly view: ViewCompositor;
  /** The one path every action takes: keys, pointer, panel, URL and `window.sandbox`. */
  readonly actions: ActionLayer;
  readonly threads: PhysicsThreads;
  readonly notify: Notify;
  /** The determinism lab's second world, while the loaded scene asks for one. */
  lab: TwinLab | null = null;
  /** The scene the lab and the camera were set up for (a replay may load another one). */
  private seenScene: SceneDefinition;
  /** The settings the panel last showed (replaced, never mutated, on every change). */
  private seenSettings: Readonly<Settings>;
  private contextMessage: ShownMessage | null = null;
  /** The warnings of bodies removed from this world: taken off when another scene is loaded. */
  private readonly faultMessages: ShownMessage[] = [];
  /** Called after anything changes settings or the scene, so the panel can redraw. */
  onChange: (() => void) | null = null;
  /** Called after a frame is shown (`force`: a redraw outside the frames), for the HUD. */
  onFrameShown: ((nowMs: number, force: boolean) => void) | null = null;

  /**
   * @param canvas what the stage draws on (nothing is drawn without WebGL 2; all else runs).
   * @param sceneId the first scene.
   * @param options its count and seed.
   * @param notify shows the user a message (warnings, faults, a lost GPU).
   */
  constructor(canvas: HTMLCanvasElement, sceneId: string, options: LoadOptions, notify: Notify) {
    this.stage = new Stage(canvas);
    this.notify = notify;
    this.sim = new Simulation(sceneId, options);
    this.view = new ViewCompositor(this.stage);
    this.driver = new FrameDriver(
      () => this.sim.settings,
      (frameSeconds, nowMs, shown) => this.frame(frameSeconds, nowMs, shown),
    );
    this.actions = new ActionLayer(this);
    this.threads = new PhysicsThreads(this);
    this.sim.onTimelineReset = () => this.driver.restartClock();
    this.stage.onContextChange = (lost) => this.onContextChange(lost);
    this.updateLab();
    this.view.frameScene(this.sim.scene.definition.view);
    this.seenScene = this.sim.scene.definition;
    this.seenSettings = this.sim.settings;
    this.redraw();
  }

  /** Starts (or restarts) the requestAnimationFrame drive. */
  start(): void {
    this.driver.start();
  }

  /**
   * One animation frame of `frameSeconds` (jitter and hitch included) through loop → steps →
   * snapshots → interpolation → instance matrices → GPU, then the HUD. Driven by the wall clock,
   * so the overload governor may slow it down. `shown`: false for the frames an emulated display
   * hands over before the one drawn in the same animation frame (they step, nothing is drawn).
   */
  private frame(frameSeconds: number, nowMs: number, shown: boolean): void {
    // A scene or state still being built in the worker: no time passes for it yet, and the
    // first frame once it is built lasts 0 s.
    if (this.sim.host.timeline.building) {
      this.driver.restartClock();
      return;
    }
    if (this.lab) this.lab.frame(frameSeconds, true);
    else this.sim.frame(frameSeconds, true);
    this.afterFrame(shown);
    if (shown) this.onFrameShown?.(nowMs, false);
  }

  /**
   * Scripted frames (`advance`): each runs the same path as a rAF frame and waits for its steps
   * (in worker mode), so the reports and the state are the same in either thread; only the last
   * is submitted to the GPU. Stops the rAF drive.
   */
  async advance(frames: readonly number[]): Promise<FrameReport[]> {
    this.driver.stop();
    const reports: FrameReport[] = [];
    for (let i = 0; i < frames.length; i++) {
      const seconds = this.driver.shape(frames[i]);
      const report = this.lab
        ? await this.lab.frameAndWait(seconds)
        : await this.sim.frameAndWait(seconds);
      reports.push(copyFrameReport(report, createFrameReport()));
      this.afterFrame(i === frames.length - 1);
    }
    this.onFrameShown?.(performance.now(), true);
    return reports;
  }

  private afterFrame(render: boolean): void {
    // A replay may have loaded another scene at one of its steps, changed the physics rate or
    // paused at its end: the lab, the camera and the panel follow.
    if (this.sim.scene.definition !== this.seenScene) this.followScene();
    else if (this.sim.settings !== this.seenSettings) this.changed();
    this.seenSettings = this.sim.settings;
    const faults = this.sim.host.faults.take();
    if (faults) this.faultMessages.push(this.notify(faultMessage(faults), 'warning'));
    const twin = this.lab?.twin.drawn ?? null;
    if (render) this.view.draw(this.sim.settings.view, this.sim.drawn, twin);
    else this.view.writeInstances(this.sim.drawn, twin);
  }

  /** Draws the current state now (after loads, single steps, setting changes). */
  redraw(): void {
    this.view.draw(this.sim.settings.view, this.sim.drawn, this.lab?.twin.drawn ?? null);
    this.onFrameShown?.(performance.now(), true);
  }

  /** Tells the panel and labels. */
  changed(): void {
    this.onChange?.();
  }

  /** Builds a scene (and the lab's second world); resolves once it can be drawn. */
  load(sceneId: string, options: LoadOptions = {}): Promise<void> {
    const loaded = this.sim.load(sceneId, options);
    // What broke in the old world is no news in the new one (a tour chapter's exploding springs
    // would otherwise stack over the next chapter's view).
    for (const message of this.faultMessages.splice(0)) message.remove();
    this.driver.restartJitter();
    const lab = this.updateLab();
    this.view.frameScene(this.sim.scene.definition.view);
    this.seenScene = this.sim.scene.definition;
    this.redraw();
    this.changed();
    return Promise.all([loaded, lab]).then(() => this.redraw());
  }

  /** After a jump was asked for: the scene followed now, and again once it is made (worker). */
  afterJump(made: Promise<void>, lab?: Promise<void>): Promise<void> {
    this.followScene();
    return Promise.all([made, lab]).then(() => this.followScene());
  }

  /**
   * After the world jumped (a loaded state, a replay, a seek, a replayed scene load): the lab and
   * the camera follow when the scene changed, and the panel is told.
   */
  private followScene(): void {
    const definition = this.sim.scene.definition;
    if (definition !== this.seenScene) {
      void this.updateLab();
      this.view.frameScene(definition.view);
      this.seenScene = definition;
    }
    this.redraw();
    this.changed();
  }

  /** Settings, including what the page itself acts on (threads, shadows, the lab's copy). */
  applySettings(patch: unknown): void {
    const before = this.sim.settings.physicsThread;
    this.sim.set(patch);
    this.lab?.syncSettings();
    if (this.sim.settings.shadows !== this.stage.bodies.shadows)
      this.stage.setShadows(this.sim.settings.shadows);
    const thread: PhysicsThreadSetting = this.sim.settings.physicsThread;
    if (thread !== before) void this.threads.use(thread);
    this.changed();
  }

  /**
   * HudSource: the figures the HUD shows, written into `out` (every refresh, so it allocates
   * nothing); `statsSnapshot` starts from the same figures.
   */
  readHudFigures(out: HudFigures): HudFigures {
    const sim = this.sim;
    const stats = sim.stats;
    const snapshots = sim.drawn.snapshots;
    const bodies = snapshots.count;
    const asleep = snapshots.asleep;
    let sleeping = 0;
    for (let i = 0; i < bodies; i++) sleeping += asleep[i];
    const rates = stats.measureWindow();
    const host = sim.host;
    out.thread = host.thread;
    out.transport = host.transport;
    out.latencySteps = host.latencySteps;
    out.fps = windowFps(rates);
    out.stepsThisFrame = stats.lastFrame.steps;
    out.alpha = sim.drawn.times.alpha;
    out.accumulatorMs = sim.loop.accumulator * 1000;
    out.physicsMsPerStep = stats.physicsMsPerStep;
    out.physicsBudgetUse = stats.physicsMsPerStep / (1000 * sim.loop.dt);
    out.interpolationUs = stats.interpolationUs;
    out.bodies = bodies;
    out.awake = bodies - sleeping;
    out.sleeping = sleeping;
    out.simOverReal = windowSimOverReal(rates);
    const window = out.rateWindow;
    window.frames = rates.frames;
    window.seconds = rates.seconds;
    window.simSeconds = rates.simSeconds;
    window.givenUpSeconds = rates.givenUpSeconds;
    out.droppedSeconds = stats.droppedSeconds;
    out.clampedSeconds = stats.clampedSeconds;
    out.throttledSeconds = stats.throttledSeconds;
    out.timeScale = sim.settings.timeScale;
    out.paused = sim.settings.paused;
    return out;
  }

  /** Everything the page measures, as a fresh object (`stats()`, the panel). */
  statsSnapshot(): StatsSnapshot {
    const sim = this.sim;
    const stats = sim.stats;
    const recording = this.actions.recordStatus();
    return {
      ...this.readHudFigures(createHudFigures()),
      physicsMsThisFrame: stats.physicsMsThisFrame,
      physicsMsLastStep: stats.physicsMsLastStep,
      frame: copyFrameReport(stats.lastFrame, createFrameReport()),
      step: sim.host.stepping.nextStep,
      simTime: sim.loop.simTime,
      displayTime: sim.displayTime(),
      stutter: sim.meter.result(),
      twin: this.lab ? this.lab.report() : null,
      replay: recording.replay,
      recording: recording.recording,
      tracked: sim.trackedIndex,
      trackedRemoved: sim.meter.trackedRemoved,
      removedBodies: sim.host.faults.removed,
      contextLost: this.stage.contextLost,
      frameClampSeconds: this.sim.stats.lastFrame.clampSeconds,
      kernels: this.sim.host.kernels,
      webgl: this.stage.renderer !== null,
      ...this.stage.gpuMemory(),
    };
  }

  private onContextChange(lost: boolean): void {
    this.contextMessage?.remove();
    this.contextMessage = null;
    if (lost) {
      this.contextMessage = this.notify(t('message.webglLost'), 'warning');
      return;
    }
    this.notify(t('message.webglRestored'), 'info');
    this.redraw();
  }

  /**
   * Starts, rebuilds or ends the determinism lab to match the loaded scene; resolves once its
   * second world is built (in its own worker when physics runs in workers).
   */
  private updateLab(): Promise<void> {
    const twin = this.sim.scene.definition.twin;
    if (!twin) {
      if (this.lab) this.threads.dropTwin();
      this.lab?.detach();
      this.lab = null;
      this.view.showLab(null);
      return Promise.resolve();
    }
    let built: Promise<void>;
    if (this.lab) built = this.lab.reload();
    else {
      this.lab = new TwinLab(this.sim, twin.leftHz, twin.rightHz, twin.offsetX);
      built = this.threads.placeTwin(this.lab);
    }
    this.view.showLab(twin.offsetX);
    return built;
  }
}
