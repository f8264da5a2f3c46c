// Composition root for the page: drives the Simulation from requestAnimationFrame (or from
// `advance`), hands its draw poses to the Stage, and keeps the HUD and panel in step.

import { FrameClock } from '../loop/frameClock';
import type { FrameReport } from '../loop/fixedStepLoop';
import type { BodySpec, Vec3Tuple } from '../physics/physicsWorld';
import { randomBody } from '../scenes/mixedBodies';
import type { ShapeKind } from '../shapes/shapeKinds';
import { Stage } from '../render/stage';
import { Hud } from '../ui/hud';
import { Messages } from '../ui/messages';
import { Rng } from '../util/rng';
import type { StatsSnapshot } from './frameStats';
import { Simulation } from './simulation';
import type { LoadOptions } from './simulation';

/** Speed of a body thrown from the camera, m/s: fast enough to knock a brick out of the stack. */
const THROW_SPEED = 22;

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
  /** Called after anything changes settings or the scene, so the panel can redraw. */
  onChange: (() => void) | null = null;

  constructor(root: HTMLElement, canvas: HTMLCanvasElement, sceneId: string, options: LoadOptions) {
    this.stage = new Stage(canvas);
    this.hud = new Hud(root);
    this.messages = new Messages(root);
    this.sim = new Simulation(sceneId, options);
    this.sim.onTimelineReset = () => this.clock.reset();
    this.applyView();
    this.draw();
    document.addEventListener('visibilitychange', () => {
      // A tab coming back must not replay the seconds it was hidden for.
      if (document.visibilityState === 'visible') this.clock.reset();
    });
  }

  /** Starts (or restarts) the requestAnimationFrame drive. */
  start(): void {
    if (this.driving) return;
    this.driving = true;
    this.clock.reset();
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
    this.frame(this.clock.tick(nowMs), true, true);
    this.hud.update(nowMs, () => this.statsSnapshot());
    this.rafHandle = requestAnimationFrame(this.onAnimationFrame);
  };

  /**
   * One frame through loop → steps → snapshots → interpolation → instance matrices (→ GPU).
   * `realTime`: driven by the wall clock (rAF), so the overload governor may slow it down.
   */
  frame(frameSeconds: number, render: boolean, realTime = false): FrameReport {
    const report = this.sim.frame(frameSeconds, realTime);
    this.writeInstances();
    if (render) this.stage.render();
    return report;
  }

  /** Writes the current draw poses into the instances and renders (after loads, steps, settings). */
  draw(): void {
    this.writeInstances();
    this.stage.render();
    this.hud.update(performance.now(), () => this.statsSnapshot(), true);
  }

  load(sceneId: string, options: LoadOptions = {}): void {
    this.sim.load(sceneId, options);
    this.spawnRng = new Rng(this.sim.scene.seed ^ 0x5eed);
    this.applyView();
    this.draw();
    this.onChange?.();
  }

  reset(): void {
    this.load(this.sim.scene.definition.id, {
      count: this.sim.scene.count,
      seed: this.sim.scene.seed,
    });
  }

  set(patch: unknown): void {
    this.sim.set(patch);
    if (this.sim.settings.shadows !== this.stage.bodies.shadows)
      this.stage.setShadows(this.sim.settings.shadows);
    this.onChange?.();
  }

  singleStep(): void {
    if (!this.sim.settings.paused) this.set({ paused: true });
    this.sim.singleStep();
    this.draw();
  }

  /** Drops a body of `kind` from above the middle of the scene at a seeded random spot. */
  spawn(kind: ShapeKind): void {
    const rng = this.spawnRng;
    const spec = randomBody(rng, [rng.range(-3, 3), rng.range(7, 10), rng.range(-3, 3)], kind);
    this.sim.queue({ type: 'spawn', spec });
    if (this.sim.settings.paused) this.refreshWhilePaused();
  }

  /** Throws a body of `kind` from the camera through the given pixel. */
  throwFrom(kind: ShapeKind, clientX: number, clientY: number): void {
    const { origin, direction } = this.stage.rayThrough(clientX, clientY);
    const start: Vec3Tuple = [
      origin.x + direction.x * 1.5,
      origin.y + direction.y * 1.5,
      origin.z + direction.z * 1.5,
    ];
    const spec: BodySpec = {
      ...randomBody(this.spawnRng, start, kind, 0.8),
      velocity: [direction.x * THROW_SPEED, direction.y * THROW_SPEED, direction.z * THROW_SPEED],
    };
    this.sim.queue({ type: 'spawn', spec });
    if (this.sim.settings.paused) this.refreshWhilePaused();
  }

  /** While paused no frame runs the command queue, so apply and draw it now (a step boundary). */
  refreshWhilePaused(): void {
    this.sim.frame(0);
    this.draw();
  }

  statsSnapshot(): StatsSnapshot {
    const sim = this.sim;
    const stats = sim.stats;
    const bodies = sim.physics.count;
    const sleeping = sim.physics.sleepingCount();
    return {
      fps: stats.fps(),
      stepsThisFrame: stats.stepsThisFrame,
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
      simOverReal: stats.simOverReal(),
      droppedSeconds: stats.droppedSeconds,
      step: sim.loop.stepCount,
      simTime: sim.loop.simTime,
      timeScale: sim.settings.timeScale,
      paused: sim.settings.paused,
    };
  }

  private writeInstances(): void {
    const physics = this.sim.physics;
    if (physics.version !== this.seenVersion) {
      this.stage.bodies.sync({
        count: physics.count,
        kinds: physics.kinds,
        scales: physics.scales,
      });
      this.seenVersion = physics.version;
    }
    if (physics.staticsVersion !== this.seenStaticsVersion) {
      this.stage.rebuildStatics(physics.statics);
      this.seenStaticsVersion = physics.staticsVersion;
    }
    const draw = this.sim.draw;
    this.stage.bodies.write(draw, physics.scales);
  }

  private applyView(): void {
    const view = this.sim.scene.definition.view;
    this.stage.camera.position.set(...view.camera);
    this.stage.controls.target.set(...view.target);
    this.stage.controls.update();
  }
}
