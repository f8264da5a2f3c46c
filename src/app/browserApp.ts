// Composition root for the page: drives the Simulation from requestAnimationFrame (or from
// `advance`), hands its draw poses to the Stage, and keeps the HUD and panel in step.

import type { Settings } from '../config/settings';
import { DrawPoses } from '../interp/interpolate';
import { DisplayEmulator } from '../loop/displayEmulator';
import { FrameClock } from '../loop/frameClock';
import { copyFrameReport, createFrameReport } from '../loop/fixedStepLoop';
import type { FrameReport } from '../loop/fixedStepLoop';
import type { CommandAction } from '../physics/commands';
import type { BodySpec, Vec3Tuple } from '../physics/physicsWorld';
import { summarizeFaults } from '../physics/stateGuard';
import { randomBody } from '../scenes/mixedBodies';
import type { ShapeKind } from '../shapes/shapeKinds';
import type { DrawSource } from '../render/bodyInstances';
import type { SceneDefinition } from '../scenes/sceneTypes';
import { Stage } from '../render/stage';
import { Hud } from '../ui/hud';
import { Messages } from '../ui/messages';
import { showNotice } from '../ui/notice';
import { Rng } from '../util/rng';
import { windowFps, windowSimOverReal } from './frameStats';
import type { StatsSnapshot } from './frameStats';
import { reloadOptions, Simulation } from './simulation';
import { TwinLab } from './twinLab';
import type { LoadOptions } from './simulation';

/** Speed of a body thrown from the camera, m/s: fast enough to knock a brick out of the stack. */
const THROW_SPEED = 22;
/** Seed of the injected frame jitter, restarted at every load (see `load`). */
const JITTER_SEED = 0x1177e5;

export class BrowserApp {
  readonly sim: Simulation;
  readonly stage: Stage;
  readonly hud: Hud;
  readonly messages: Messages;
  private readonly clock = new FrameClock();
  private driving = false;
  private rafHandle = 0;
  private seenVersion = -1;
  private seenStaticsVersion = -1;
  private spawnRng = new Rng(1);
  private jitterRng = new Rng(JITTER_SEED);
  private readonly display = new DisplayEmulator();
  private readonly splitDraw = new DrawPoses();
  private pendingHitchSeconds = 0;
  /** What the ghost view draws; its arrays are re-pointed each frame (the snapshots swap). */
  private readonly ghostSource: DrawSource = {
    position: new Float64Array(0),
    quaternion: new Float64Array(0),
    still: new Uint8Array(0),
  };
  /** The determinism lab's second world, while the loaded scene asks for one. */
  lab: TwinLab | null = null;
  private seenTwinVersion = -1;
  /** The scene the lab and the camera were set up for (a replay may load another one). */
  private seenScene: SceneDefinition;
  /** The settings the panel last showed (replaced, never mutated, on every change). */
  private seenSettings: Readonly<Settings>;
  private contextMessage: HTMLElement | null = null;
  /** The "no dragging in the lab" note while it is on screen, so repeated presses show it once. */
  private dragRefusedMessage: HTMLElement | null = null;
  /** Called after anything changes settings or the scene, so the panel can redraw. */
  onChange: (() => void) | null = null;

  constructor(root: HTMLElement, canvas: HTMLCanvasElement, sceneId: string, options: LoadOptions) {
    this.stage = new Stage(canvas);
    this.hud = new Hud(root);
    this.messages = new Messages(root);
    this.sim = new Simulation(sceneId, options);
    this.sim.onTimelineReset = () => {
      this.clock.reset();
      this.display.reset();
    };
    this.stage.onContextChange = (lost) => this.onContextChange(lost);
    if (this.stage.problem) {
      showNotice(root, 'no-webgl', '3D view unavailable: WebGL 2 is not available', [
        `Nothing can be drawn because ${this.stage.problem}.`,
        "To see the scene, turn on hardware (graphics) acceleration in the browser's settings and reload, or open the page in a current Chrome, Edge, Firefox or Safari.",
        'The simulation, HUD, panel and scripting API (window.sandbox) keep running without drawing.',
      ]);
    }
    this.updateLab();
    this.applyView();
    this.seenScene = this.sim.scene.definition;
    this.seenSettings = this.sim.settings;
    this.draw();
    document.addEventListener('visibilitychange', () => {
      // A tab coming back must not replay the seconds it was hidden for.
      if (document.visibilityState === 'visible') {
        this.clock.reset();
        this.display.reset();
      }
    });
  }

  /** Starts (or restarts) the requestAnimationFrame drive. */
  start(): void {
    if (this.driving) return;
    this.driving = true;
    this.clock.reset();
    this.display.reset();
    this.rafHandle = requestAnimationFrame(this.onAnimationFrame);
  }

  /** Stops the requestAnimationFrame drive (while `advance` is in charge). */
  stop(): void {
    this.driving = false;
    cancelAnimationFrame(this.rafHandle);
  }

  get isDriving(): boolean {
    return this.driving;
  }

  private readonly onAnimationFrame = (nowMs: number): void => {
    if (!this.driving) return;
    this.rafHandle = requestAnimationFrame(this.onAnimationFrame);
    if (!this.display.due(nowMs, this.sim.settings.display)) return;
    this.frame(this.clock.tick(nowMs), true, true);
    this.hud.update(nowMs, () => this.statsSnapshot());
  };

  /**
   * One frame through loop → steps → snapshots → interpolation → instance matrices (→ GPU).
   * Injected jitter and a pending hitch are added here, so rAF and `advance` both see them.
   * `realTime`: driven by the wall clock (rAF), so the overload governor may slow it down.
   */
  frame(frameSeconds: number, render: boolean, realTime = false): FrameReport {
    let seconds = frameSeconds + this.pendingHitchSeconds;
    this.pendingHitchSeconds = 0;
    const jitterMs = this.sim.settings.jitterMs;
    if (jitterMs > 0)
      seconds = Math.max(0, seconds + ((2 * this.jitterRng.next() - 1) * jitterMs) / 1000);
    const report = this.lab ? this.lab.frame(seconds, realTime) : this.sim.frame(seconds, realTime);
    // A replay may have loaded another scene at one of its steps, changed the physics rate or
    // paused at its end: the lab, the camera and the panel follow.
    if (this.sim.scene.definition !== this.seenScene) this.followScene(false);
    else if (this.sim.settings !== this.seenSettings) this.onChange?.();
    this.seenSettings = this.sim.settings;
    if (this.sim.guard.hasReport) this.reportFaults();
    if (render) this.drawView();
    else this.writeInstances(this.sim.draw);
    return report;
  }

  /** Re-draws the current state (after loads, single steps, setting changes). */
  draw(): void {
    this.drawView();
    this.hud.update(performance.now(), () => this.statsSnapshot(), true);
  }

  /** Injects one long frame of `hitchSeconds` into the next frame the loop sees. */
  hitch(seconds = this.sim.settings.hitchSeconds): void {
    this.pendingHitchSeconds += seconds;
  }

  /** Tracks body `index` with the stutter meter (−1: none). */
  track(index: number): void {
    this.sim.track(index);
    this.onChange?.();
  }

  /**
   * Single: the draw poses. Split: the right half in `splitRight` first, then the left in the
   * main mode, so the instance matrices end holding the main mode (what `pose().rendered` reads);
   * the camera eases once before either half, so both come from the same camera state.
   * Ghost: the main mode plus the raw current snapshot as a wireframe.
   */
  private drawView(): void {
    const settings = this.sim.settings;
    this.stage.ghost.setVisible(settings.view === 'ghost');
    this.stage.updateCamera();
    if (settings.view === 'split') {
      this.stage.clear();
      this.writeInstances(this.sim.interpolateInto(settings.splitRight, this.splitDraw));
      this.stage.renderHalf('right');
      this.writeInstances(this.sim.draw);
      this.stage.renderHalf('left');
      return;
    }
    this.writeInstances(this.sim.draw);
    if (settings.view === 'ghost') {
      // The raw snapshot, with the same at-rest flags (a sleeping body's pose is its snapshot).
      const current = this.sim.snapshots.current;
      this.ghostSource.position = current.position;
      this.ghostSource.quaternion = current.quaternion;
      this.ghostSource.still = this.sim.draw.still;
      this.stage.ghost.write(this.ghostSource, this.sim.physics.scales);
    }
    this.stage.render();
  }

  load(sceneId: string, options: LoadOptions = {}): void {
    this.sim.load(sceneId, options);
    this.updateLab();
    this.spawnRng = new Rng(this.sim.scene.seed ^ 0x5eed);
    // The jitter starts over too, so a load followed by the same frames gives the same run,
    // however many frames this page ran before.
    this.jitterRng = new Rng(JITTER_SEED);
    this.applyView();
    this.seenScene = this.sim.scene.definition;
    this.draw();
    this.onChange?.();
  }

  /**
   * Continues from a saved state (see Simulation.loadState; throws, changing nothing, on a bad
   * one). In the determinism lab both worlds load it, so they go on agreeing.
   */
  loadState(input: unknown): void {
    this.sim.loadState(input);
    this.followScene(false);
    this.lab?.load(input);
    this.draw();
  }

  /** Loads a recording and plays it from its start (see Timeline.replay). */
  replay(recording: unknown): void {
    this.sim.timeline.replay(recording);
    this.followScene();
  }

  /** Moves the loaded replay to `step` (see Timeline.seek). */
  seek(step: unknown): void {
    this.sim.timeline.seek(step);
    this.followScene();
  }

  /**
   * After the world jumped (a loaded state, a replay, a seek, a replayed scene load): the lab and
   * the camera follow when the scene changed, and the panel is told.
   */
  private followScene(draw = true): void {
    const definition = this.sim.scene.definition;
    if (definition !== this.seenScene) {
      this.updateLab();
      this.applyView();
      this.seenScene = definition;
    }
    if (draw) this.draw();
    this.onChange?.();
  }

  reset(): void {
    this.load(this.sim.scene.definition.id, reloadOptions(this.sim.scene));
  }

  set(patch: unknown): void {
    this.sim.set(patch);
    this.lab?.syncSettings();
    if (this.sim.settings.shadows !== this.stage.bodies.shadows)
      this.stage.setShadows(this.sim.settings.shadows);
    this.onChange?.();
  }

  singleStep(): void {
    if (!this.sim.settings.paused) this.set({ paused: true });
    this.sim.singleStep();
    this.lab?.twin.singleStep();
    if (this.sim.guard.hasReport) this.reportFaults();
    this.draw();
  }

  /** Drops a body of `kind` from above the middle of the scene at a seeded random spot. */
  spawn(kind: ShapeKind): void {
    const rng = this.spawnRng;
    this.spawnBody(randomBody(rng, [rng.range(-3, 3), rng.range(7, 10), rng.range(-3, 3)], kind));
  }

  /** Adds a body at the next step boundary (at once while paused) as the last index. */
  spawnBody(spec: BodySpec): void {
    this.command({ type: 'spawn', spec });
  }

  /**
   * Removes the body now at `index` at the next step boundary (at once while paused), by its id,
   * so it is this body that goes even if others are removed first. The caller checks the index.
   */
  removeBody(index: number): void {
    this.command({ type: 'remove', id: this.sim.physics.idAt(index) });
  }

  /** Removes the body the stutter meter tracks (the Delete key, the panel); false if none. */
  removeTracked(): boolean {
    const index = this.sim.trackedIndex;
    if (index < 0) {
      this.messages.show('No body is tracked: click a body to track it, then delete it.', 'info');
      return false;
    }
    this.removeBody(index);
    return true;
  }

  /**
   * Grabs the body at `index` by `point` with the mouse (not in the determinism lab: the mouse
   * moves between steps in real time, so the two worlds would feel the pull at different steps).
   */
  dragStart(index: number, point: Vec3Tuple): void {
    if (this.lab) {
      if (!this.dragRefusedMessage?.isConnected) {
        this.dragRefusedMessage = this.messages.show(
          'Dragging is off in the determinism lab: the mouse pulls in real time, between steps, so the two worlds would feel it at different steps and part ways. Spawn or throw (F) instead — both worlds get those at the same step.',
          'info',
        );
      }
      return;
    }
    this.sim.queue({ type: 'dragStart', id: this.sim.physics.idAt(index), point });
    if (this.sim.settings.paused) this.refreshWhilePaused();
  }

  dragEnd(): void {
    if (!this.lab) this.sim.queue({ type: 'dragEnd' });
  }

  /**
   * Queues a world change for the next step boundary; in the determinism lab, in both worlds for
   * the same step (see TwinLab.queue). While paused no frame runs, so it is applied and drawn now.
   */
  private command(action: CommandAction): void {
    if (this.lab) this.lab.queue(action);
    else this.sim.queue(action);
    if (this.sim.settings.paused) this.refreshWhilePaused();
  }

  /** Throws a body of `kind` from the camera through the given pixel. */
  throwFrom(kind: ShapeKind, clientX: number, clientY: number): void {
    const { origin, direction } = this.stage.rayThrough(clientX, clientY);
    // The lab draws its worlds shifted sideways (left −offsetX, right +offsetX): aim in the
    // coordinates of the world on the side the ray passes nearest the centre, so a throw at
    // either heap hits that heap, and the same spot in the other world.
    let shiftX = 0;
    if (this.lab) {
      const t = -(origin.x * direction.x + origin.y * direction.y + origin.z * direction.z);
      shiftX = origin.x + t * direction.x < 0 ? this.lab.offsetX : -this.lab.offsetX;
    }
    const start: Vec3Tuple = [
      origin.x + direction.x * 1.5 + shiftX,
      origin.y + direction.y * 1.5,
      origin.z + direction.z * 1.5,
    ];
    this.spawnBody({
      ...randomBody(this.spawnRng, start, kind, 0.8),
      velocity: [direction.x * THROW_SPEED, direction.y * THROW_SPEED, direction.z * THROW_SPEED],
    });
  }

  /** While paused no frame runs the command queue, so apply and draw it now (a step boundary). */
  refreshWhilePaused(): void {
    this.sim.frame(0);
    this.lab?.twin.frame(0);
    this.draw();
  }

  statsSnapshot(): StatsSnapshot {
    const sim = this.sim;
    const stats = sim.stats;
    const bodies = sim.physics.count;
    const sleeping = sim.physics.sleepingCount();
    const rates = stats.measureWindow();
    return {
      fps: windowFps(rates),
      stepsThisFrame: stats.lastFrame.steps,
      alpha: sim.loop.alpha(),
      accumulatorMs: sim.loop.accumulator * 1000,
      physicsMsPerStep: stats.physicsMsPerStep,
      physicsMsThisFrame: stats.physicsMsThisFrame,
      physicsMsLastStep: stats.physicsMsLastStep,
      physicsBudgetUse: stats.physicsMsPerStep / (1000 * sim.loop.dt),
      interpolationUs: stats.interpolationUs,
      bodies,
      awake: bodies - sleeping,
      sleeping,
      simOverReal: windowSimOverReal(rates),
      rateWindow: {
        frames: rates.frames,
        seconds: rates.seconds,
        simSeconds: rates.simSeconds,
        givenUpSeconds: rates.givenUpSeconds,
      },
      droppedSeconds: stats.droppedSeconds,
      clampedSeconds: stats.clampedSeconds,
      throttledSeconds: stats.throttledSeconds,
      frame: copyFrameReport(stats.lastFrame, createFrameReport()),
      step: sim.loop.stepCount,
      simTime: sim.loop.simTime,
      displayTime: sim.displayTime(),
      timeScale: sim.settings.timeScale,
      paused: sim.settings.paused,
      stutter: sim.meter.result(),
      twin: this.lab ? this.lab.report() : null,
      replay: sim.timeline.status(),
      recording:
        sim.timeline.recordingStep === null
          ? null
          : { step: sim.timeline.recordingStep, inputs: sim.timeline.recordingInputs ?? 0 },
      tracked: sim.trackedIndex,
      trackedRemoved: sim.meter.trackedRemoved,
      removedBodies: sim.guard.removed,
      contextLost: this.stage.contextLost,
      webgl: this.stage.renderer !== null,
      ...this.stage.gpuMemory(),
    };
  }

  /** A visible warning for bodies the state guard removed (rare: allocating here is fine). */
  private reportFaults(): void {
    const report = this.sim.guard.takeReport();
    if (report) this.messages.show(summarizeFaults(report), 'warning');
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
    this.draw();
  }

  private writeInstances(poses: DrawPoses): void {
    const physics = this.sim.physics;
    if (physics.version !== this.seenVersion) {
      const source = { count: physics.count, kinds: physics.kinds, scales: physics.scales };
      this.stage.bodies.sync(source);
      this.stage.ghost.sync(source);
      this.stage.links.sync(physics.links);
      this.seenVersion = physics.version;
    }
    if (physics.staticsVersion !== this.seenStaticsVersion) {
      this.stage.rebuildStatics(physics.statics);
      this.seenStaticsVersion = physics.staticsVersion;
    }
    this.stage.bodies.write(poses, physics.scales);
    this.stage.links.write(poses.position);
    if (this.lab) this.writeTwin(this.lab.twin);
  }

  private writeTwin(twin: Simulation): void {
    const instances = this.stage.twin();
    const physics = twin.physics;
    if (physics.version !== this.seenTwinVersion) {
      instances.sync({ count: physics.count, kinds: physics.kinds, scales: physics.scales });
      this.seenTwinVersion = physics.version;
    }
    instances.write(twin.draw, physics.scales);
  }

  /** Starts, rebuilds or ends the determinism lab to match the loaded scene. */
  private updateLab(): void {
    const twin = this.sim.scene.definition.twin;
    if (!twin) {
      this.lab?.detach();
      this.lab = null;
      this.stage.hideTwin();
      this.stage.bodies.setOffset(0);
      this.stage.ghost.setOffset(0);
      return;
    }
    if (this.lab) this.lab.reload();
    else this.lab = new TwinLab(this.sim, twin.leftHz, twin.rightHz, twin.offsetX);
    this.seenTwinVersion = -1;
    this.stage.bodies.setOffset(-twin.offsetX);
    this.stage.ghost.setOffset(-twin.offsetX);
    this.stage.twin().setOffset(twin.offsetX);
  }

  private applyView(): void {
    const view = this.sim.scene.definition.view;
    this.stage.camera.position.set(...view.camera);
    this.stage.controls.target.set(...view.target);
    this.stage.controls.update();
  }
}
