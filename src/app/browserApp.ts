// Composition root for the page: builds the simulation (physics in a worker, or on this
// thread), the stage, HUD and messages, the frame driver, the view compositor and the command
// layer, and keeps the determinism lab and the physics threads in step with the loaded scene.

import type { PhysicsThreadSetting, Settings } from '../config/settings';
import { copyFrameReport, createFrameReport } from '../loop/fixedStepLoop';
import type { FrameReport } from '../loop/fixedStepLoop';
import { summarizeFaults } from '../physics/stateGuard';
import type { SceneDefinition } from '../scenes/sceneTypes';
import type { Recording } from '../state/recording';
import type { SavedState } from '../state/stateSchema';
import { Stage } from '../render/stage';
import { createHudFigures, Hud } from '../ui/hud';
import type { HudFigures, HudSource } from '../ui/hud';
import { Messages } from '../ui/messages';
import { showNotice } from '../ui/notice';
import { CommandLayer } from './commandLayer';
import type { Session } from './commandLayer';
import { FrameDriver } from '../loop/frameDriver';
import { windowFps, windowSimOverReal } from '../stats/frameStats';
import type { StatsSnapshot } from '../stats/frameStats';
import { Simulation } from './simulation';
import type { LoadOptions } from './simulation';
import { TwinLab } from './twinLab';
import { ViewCompositor } from './viewCompositor';
import { PhysicsThreads } from './physicsThreads';

/** The page: one Simulation drawn on a Stage, driven by requestAnimationFrame, with its HUD. */
export class BrowserApp implements Session, HudSource {
  readonly sim: Simulation;
  readonly stage: Stage;
  readonly hud: Hud;
  readonly messages: Messages;
  readonly driver: FrameDriver;
  readonly view: ViewCompositor;
  readonly commands: CommandLayer;
  readonly threads: PhysicsThreads;
  /** The determinism lab's second world, while the loaded scene asks for one. */
  lab: TwinLab | null = null;
  /** The scene the lab and the camera were set up for (a replay may load another one). */
  private seenScene: SceneDefinition;
  /** The settings the panel last showed (replaced, never mutated, on every change). */
  private seenSettings: Readonly<Settings>;
  private contextMessage: HTMLElement | null = null;
  /** Called after anything changes settings or the scene, so the panel can redraw. */
  onChange: (() => void) | null = null;

  /**
   * @param root where the HUD, messages and notices go.
   * @param canvas what the stage draws on (nothing is drawn without WebGL 2; all else runs).
   * @param sceneId the first scene.
   * @param options its count and seed.
   */
  constructor(root: HTMLElement, canvas: HTMLCanvasElement, sceneId: string, options: LoadOptions) {
    this.stage = new Stage(canvas);
    this.hud = new Hud(root);
    this.messages = new Messages(root);
    this.sim = new Simulation(sceneId, options);
    this.view = new ViewCompositor(this.stage);
    this.driver = new FrameDriver(
      () => this.sim.settings,
      (driver, nowMs) => this.frame(driver, nowMs),
    );
    this.commands = new CommandLayer(this);
    this.threads = new PhysicsThreads(this);
    this.sim.onTimelineReset = () => this.driver.restartClock();
    this.stage.onContextChange = (lost) => this.onContextChange(lost);
    if (this.stage.problem) {
      showNotice(root, 'no-webgl', '3D view unavailable: WebGL 2 is not available', [
        `Nothing can be drawn because ${this.stage.problem}.`,
        "To see the scene, turn on hardware (graphics) acceleration in the browser's settings and reload, or open the page in a current Chrome, Edge, Firefox or Safari.",
        'The simulation, HUD, panel and scripting API (window.sandbox) keep running without drawing.',
      ]);
    }
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
   * One animation frame of `driver.frameSeconds` (jitter and hitch included) through loop →
   * steps → snapshots → interpolation → instance matrices → GPU, then the HUD. Driven by the wall
   * clock, so the overload governor may slow it down.
   */
  private frame(driver: FrameDriver, nowMs: number): void {
    // A scene or state still being built in the worker: no time passes for it yet, and the
    // first frame once it is built lasts 0 s.
    if (this.sim.building) {
      driver.restartClock();
      return;
    }
    if (this.lab) this.lab.frame(driver.frameSeconds, true);
    else this.sim.frameFrom(driver, true);
    this.afterFrame(true);
    this.hud.update(nowMs, this);
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
    this.hud.update(performance.now(), this, true);
    return reports;
  }

  private afterFrame(render: boolean): void {
    // A replay may have loaded another scene at one of its steps, changed the physics rate or
    // paused at its end: the lab, the camera and the panel follow.
    if (this.sim.scene.definition !== this.seenScene) this.followScene();
    else if (this.sim.settings !== this.seenSettings) this.changed();
    this.seenSettings = this.sim.settings;
    const faults = this.sim.takeFaults();
    if (faults) this.messages.show(summarizeFaults(faults), 'warning');
    if (render) this.view.draw(this.sim, this.lab?.twin ?? null);
    else this.view.writeInstances(this.sim, this.lab?.twin ?? null);
  }

  /** Session: draws the current state now (after loads, single steps, setting changes). */
  redraw(): void {
    this.view.draw(this.sim, this.lab?.twin ?? null);
    this.hud.update(performance.now(), this, true);
  }

  /** Session: tells the panel and labels. */
  changed(): void {
    this.onChange?.();
  }

  /** Session: builds a scene (and the lab's second world); resolves once it can be drawn. */
  load(sceneId: string, options: LoadOptions = {}): Promise<void> {
    const loaded = this.sim.load(sceneId, options);
    this.driver.restartJitter();
    const lab = this.updateLab();
    this.view.frameScene(this.sim.scene.definition.view);
    this.seenScene = this.sim.scene.definition;
    this.redraw();
    this.changed();
    return Promise.all([loaded, lab]).then(() => this.redraw());
  }

  /** The world's exact state (see Simulation.saveState). */
  saveState(): Promise<SavedState> {
    return this.sim.timeline.saveState();
  }

  /**
   * Continues from a saved state (see Simulation.loadState; throws, changing nothing, on a bad
   * one). In the determinism lab both worlds load it, so they go on agreeing.
   */
  loadState(input: unknown): Promise<void> {
    const loaded = this.sim.timeline.loadState(input);
    const lab = this.lab?.loadState(input);
    return this.afterJump(loaded, lab);
  }

  /** Starts recording at the current step (see Simulation.record). */
  record(options: unknown): Promise<void> {
    const started = this.sim.timeline.record(options);
    this.changed();
    return started;
  }

  /** Ends the recording and returns it (see Simulation.stopRecording). */
  stopRecording(options: unknown): Promise<Recording> {
    const stopped = this.sim.timeline.stopRecording(options);
    this.changed();
    return stopped;
  }

  /** Loads a recording and plays it from its start (see Simulation.replay). */
  replay(recording: unknown): Promise<void> {
    return this.afterJump(this.sim.timeline.replay(recording));
  }

  /** Moves the loaded replay to `step` (see Simulation.seek). */
  seek(step: unknown): Promise<void> {
    return this.afterJump(this.sim.timeline.seek(step));
  }

  /** After a jump was asked for: the scene followed now, and again once it is made (worker). */
  private afterJump(made: Promise<void>, lab?: Promise<void>): Promise<void> {
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

  /** Session: settings, including what the page itself acts on (threads, shadows, the lab's copy). */
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
   * HudSource: the figures the HUD shows, written into `out` (every frame's refresh path, so it
   * allocates nothing); `statsSnapshot` starts from the same figures.
   */
  readHudFigures(out: HudFigures): HudFigures {
    const sim = this.sim;
    const stats = sim.stats;
    const snapshots = sim.snapshots;
    const bodies = snapshots.count;
    const asleep = snapshots.asleep;
    let sleeping = 0;
    for (let i = 0; i < bodies; i++) sleeping += asleep[i];
    const rates = stats.measureWindow();
    const link = sim.worker;
    out.thread = sim.thread;
    out.transport = link ? link.physics.transportName : 'direct';
    out.latencySteps = link ? link.latencySteps : 0;
    out.fps = windowFps(rates);
    out.stepsThisFrame = stats.lastFrame.steps;
    out.alpha = sim.drawnTimes.alpha;
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
    return {
      ...this.readHudFigures(createHudFigures()),
      physicsMsThisFrame: stats.physicsMsThisFrame,
      physicsMsLastStep: stats.physicsMsLastStep,
      frame: copyFrameReport(stats.lastFrame, createFrameReport()),
      step: sim.loop.stepCount,
      simTime: sim.loop.simTime,
      displayTime: sim.displayTime(),
      stutter: sim.meter.result(),
      twin: this.lab ? this.lab.report() : null,
      replay: sim.timeline.replayStatus(),
      recording:
        sim.timeline.recordingStep === null
          ? null
          : { step: sim.timeline.recordingStep, inputs: sim.timeline.recordingInputs ?? 0 },
      tracked: sim.trackedIndex,
      trackedRemoved: sim.meter.trackedRemoved,
      removedBodies: sim.removedBodies,
      contextLost: this.stage.contextLost,
      webgl: this.stage.renderer !== null,
      ...this.stage.gpuMemory(),
    };
  }

  private onContextChange(lost: boolean): void {
    this.contextMessage?.remove();
    this.contextMessage = null;
    if (lost) {
      this.contextMessage = this.messages.show(
        'The WebGL context was lost (GPU reset or too many 3D pages), so nothing can be drawn. The simulation keeps running; drawing resumes when the browser restores the context.',
        'warning',
      );
      return;
    }
    this.messages.show('The WebGL context was restored; drawing again.', 'info');
    this.redraw();
  }

  /**
   * Starts, rebuilds or ends the determinism lab to match the loaded scene; resolves once its
   * second world is built (in its own worker when physics runs in workers).
   */
  private updateLab(): Promise<void> {
    const twin = this.sim.scene.definition.twin;
    if (!twin) {
      if (this.lab) this.threads.dropTwin(this.lab);
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
