// The pipeline without the screen: settings → commands → loop → physics steps → snapshots →
// interpolation. The browser app and the Node tests drive the very same object.

import { DEFAULT_SETTINGS, validatePatch } from '../config/settings';
import type { InterpolationMode, Settings } from '../config/settings';
import { PhysicsCore } from '../core/physicsCore';
import { DrawPoses, interpolatePoses } from '../interp/interpolate';
import { createFrameReport, FixedStepLoop } from '../loop/fixedStepLoop';
import type { FrameReport, Stepper } from '../loop/fixedStepLoop';
import { OverloadGovernor } from '../loop/overloadGovernor';
import type { Command, CommandAction, CommandQueue } from '../physics/commands';
import type { PhysicsWorld } from '../physics/physicsWorld';
import type { StateGuard } from '../physics/stateGuard';
import { findScene, SCENES } from '../scenes/registry';
import type { LoadedScene, SceneOptions } from '../scenes/registry';
import type { SceneDefinition } from '../scenes/sceneTypes';
import type { SceneDrawData } from '../snapshot/sceneDrawData';
import type { Snapshots } from '../snapshot/snapshots';
import { FrameStats } from './frameStats';
import type { StateHasher } from './stateHasher';
import { StutterMeter } from './stutterMeter';
import type { MeterSource } from './stutterMeter';

export type { LoadedScene } from '../scenes/registry';
export { DEFAULT_SEED } from '../scenes/registry';
/** What `load` takes: a body count and a seed, each optional. */
export type LoadOptions = SceneOptions;

/**
 * The options that build `scene` again: its seed, and its count only where the scene takes one
 * (a fixed-size scene refuses a count).
 */
export function reloadOptions(scene: LoadedScene): LoadOptions {
  return scene.definition.count ? { count: scene.count, seed: scene.seed } : { seed: scene.seed };
}

/** The wall clock in ms: the default for `Simulation.nowMs`. */
function performanceNowMs(): number {
  return performance.now();
}

/** Settings that change what the stutter meter measures. */
const METER_SETTINGS = [
  'strategy',
  'interpolation',
  'physicsHz',
  'timeScale',
  'display',
  'jitterMs',
] as const;

export class Simulation implements Stepper, MeterSource {
  /** The physics side: world, commands, guard and snapshots (see core/physicsCore.ts). */
  readonly core: PhysicsCore;
  readonly draw = new DrawPoses();
  readonly stats = new FrameStats();
  readonly meter = new StutterMeter();
  /** Called after every physics step (the determinism lab hashes each one). */
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
  /** `nowMs()` at the start of the coming step (or, after the steps, interpolation). */
  private clockMs = 0;
  private current: Settings = { ...DEFAULT_SETTINGS };
  scene: LoadedScene;
  /** The loaded scene's statics and springs, for render. */
  sceneDraw: SceneDrawData = { version: 0, statics: [], springs: [] };
  /** Called after a scene load: the app resets its frame clock so there is no catch-up burst. */
  onTimelineReset: (() => void) | null = null;

  constructor(sceneId = 'playground', options: LoadOptions = {}) {
    this.loop = new FixedStepLoop(1 / this.current.physicsHz, this.current);
    const definition = findScene(sceneId) ?? (SCENES[0] as SceneDefinition);
    this.core = new PhysicsCore(definition.id, options);
    this.physics.addRemovalListener(this.meter);
    this.scene = this.core.scene;
    this.afterLoad();
  }

  get physics(): PhysicsWorld {
    return this.core.physics;
  }

  get commands(): CommandQueue {
    return this.core.commands;
  }

  get snapshots(): Snapshots {
    return this.core.snapshots;
  }

  get guard(): StateGuard {
    return this.core.guard;
  }

  get hasher(): StateHasher {
    return this.core.hasher;
  }

  get settings(): Readonly<Settings> {
    return this.current;
  }

  /** Validates the whole patch first (throws, changing nothing, on any bad key or value). */
  set(patch: unknown): void {
    const accepted = validatePatch(patch);
    const before = this.current;
    this.current = { ...before, ...accepted };
    if (before.paused && !this.current.paused) this.onTimelineReset?.();
    // The meter's window would otherwise mix frames from before and after the change.
    for (const key of METER_SETTINGS) if (before[key] !== this.current[key]) this.meter.reset();
  }

  /** Builds a scene into an empty world. Throws on an unknown scene or a bad option. */
  load(sceneId: string, options: LoadOptions = {}): void {
    this.scene = this.core.load(sceneId, options);
    this.afterLoad();
  }

  /** A new timeline: step 0, nothing measured yet, the scene's own tracked body. */
  private afterLoad(): void {
    const definition = this.scene.definition;
    const physics = this.core.physics;
    this.sceneDraw = {
      version: this.sceneDraw.version + 1,
      statics: physics.statics.slice(),
      springs: physics.springEnds(),
    };
    this.loop.reset();
    this.governor.reset();
    this.stats.reset();
    this.meter.track(definition.tracked?.id ?? -1, definition.tracked?.path ?? null);
    this.interpolate();
    this.onTimelineReset?.();
  }

  reset(): void {
    this.load(this.scene.definition.id, reloadOptions(this.scene));
  }

  /**
   * Queues a world change to apply at the boundary before step `atStep`: by default the next
   * step (at once while paused, since the caller then runs a frame of 0 s). Returns the queued
   * command: plain data, so a log of them replays the same physics in another world.
   */
  queue(action: CommandAction, atStep = this.physics.stepIndex): Command {
    if (!Number.isInteger(atStep) || atStep < 0) {
      throw new Error(`atStep = ${String(atStep)} is invalid: expected an integer ≥ 0.`);
    }
    const command: Command = { ...action, atStep };
    this.core.push(command);
    return command;
  }

  /**
   * One display frame: everything up to the draw poses. Rendering is the caller's.
   * `realTime`: the frame time is the wall clock's (the rAF drive), so when physics cannot keep
   * up the overload governor slows the simulation down and caps this frame's physics time. A
   * scripted frame (`advance`, tests) gets exactly the steps its frame time asks for.
   */
  frame(frameSeconds: number, realTime = false): FrameReport {
    this.applySettings();
    this.applyCommands();
    this.realTime = realTime;
    this.governor.beginFrame();
    this.loop.throttle = realTime ? this.governor.throttle(this.loop.dt, this.loop.timeScale) : 1;
    this.clockMs = this.nowMs();
    this.loop.frame(frameSeconds, this, this.report);
    this.realTime = false;
    const interpolateStart = this.clockMs;
    this.interpolate();
    this.stats.endFrame(
      frameSeconds,
      this.report,
      this.displayTime(),
      this.nowMs() - interpolateStart,
    );
    this.meter.record(this, frameSeconds);
    return this.report;
  }

  /** Takes exactly one physics step now (single-step while paused). */
  singleStep(): void {
    this.applySettings();
    this.applyCommands();
    this.clockMs = this.nowMs();
    this.loop.singleStep(this);
    this.interpolate();
  }

  /** Stepper: the only path from the loop into the physics. */
  step(dtSeconds: number): void {
    this.core.step(dtSeconds);
    // One clock read per step: its end is the next step's start (each read allocates a
    // 16-byte number in V8, the only allocation this path makes).
    const now = this.nowMs();
    const stepMs = now - this.clockMs;
    this.clockMs = now;
    this.stats.recordStep(stepMs);
    this.governor.recordStep(stepMs);
    this.onStep?.(this.physics.stepIndex);
  }

  /** Stepper: in a real-time frame, whether the frame's physics time leaves room for a step. */
  stepAllowed(): boolean {
    return !this.realTime || this.governor.stepAllowed();
  }
  /**
   * Starts measuring stutter on the body now at `index` (−1: none), by its id. The scene's own
   * target (the carousel's mover, by id) keeps its exact path.
   */
  track(index: number): void {
    const id = this.physics.idAt(index);
    const target = this.scene.definition.tracked;
    this.meter.track(id, target && target.id === id ? (target.path ?? null) : null);
  }

  /** Dense index of the body the stutter meter tracks, −1 for none. */
  get trackedIndex(): number {
    return this.physics.indexOf(this.meter.trackedId);
  }

  /** MeterSource: the dense index of body `id`, −1 once removed. */
  bodyIndex(id: number): number {
    return this.physics.indexOf(id);
  }

  displayTime(): number {
    return (
      this.loop.simTime + (this.current.strategy === 'accumulator' ? this.loop.accumulator : 0)
    );
  }

  drawPosition(index: number, out: number[]): void {
    const p = this.draw.position;
    out[0] = p[3 * index] ?? 0;
    out[1] = p[3 * index + 1] ?? 0;
    out[2] = p[3 * index + 2] ?? 0;
  }

  currentMotion(index: number, position: number[], velocity: number[]): number {
    const c = this.snapshots.current;
    for (let k = 0; k < 3; k++) {
      position[k] = c.position[3 * index + k] ?? 0;
      velocity[k] = c.velocity[3 * index + k] ?? 0;
    }
    return this.displayTime() - this.loop.simTime;
  }

  /** Hex digest of every body's exact position, quaternion, velocity and angular velocity bits. */
  hash(): string {
    return this.core.hash();
  }

  /**
   * The render mode actually used: only the accumulator leaves a fraction of a step to draw
   * with; the other strategies end every frame exactly at display time, so they draw current.
   */
  renderMode(mode: InterpolationMode = this.current.interpolation): InterpolationMode {
    return this.current.strategy === 'accumulator' ? mode : 'off';
  }

  /** Fills `out` with the draw poses for a render mode (the split view's second half). */
  interpolateInto(mode: InterpolationMode, out: DrawPoses): DrawPoses {
    return interpolatePoses(this.snapshots, this.loop.alpha(), this.renderMode(mode), out);
  }

  private interpolate(): void {
    this.interpolateInto(this.current.interpolation, this.draw);
  }

  private applySettings(): void {
    const s = this.current;
    const dt = 1 / s.physicsHz;
    if (dt !== this.loop.dt) this.loop.setDt(dt);
    this.loop.timeScale = s.timeScale;
    this.loop.maxFrameSeconds = s.maxFrameSeconds;
    this.loop.maxStepsPerFrame = s.maxStepsPerFrame;
    this.loop.paused = s.paused;
    this.loop.strategy = s.strategy;
  }

  /** At a step boundary: moves the drag anchor if the mouse moved, applies the commands due. */
  private applyCommands(): void {
    this.core.applyDue();
  }
}
