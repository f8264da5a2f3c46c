// The pipeline without the screen: settings → commands → loop → physics steps → snapshots →
// interpolation. The browser app and the Node tests drive the very same object.

import { DEFAULT_SETTINGS, validatePatch, validateValue } from '../config/settings';
import type { InterpolationMode, Settings } from '../config/settings';
import { DrawPoses, interpolatePoses } from '../interp/interpolate';
import { createFrameReport, FixedStepLoop } from '../loop/fixedStepLoop';
import type { FrameReport, Stepper } from '../loop/fixedStepLoop';
import { OverloadGovernor } from '../loop/overloadGovernor';
import { CommandQueue } from '../physics/commands';
import type { Command, CommandAction } from '../physics/commands';
import { PhysicsWorld } from '../physics/physicsWorld';
import type { PhysicsTuning } from '../physics/tuning';
import { StateGuard } from '../physics/stateGuard';
import { findScene, SCENES } from '../scenes/registry';
import type { SceneDefinition } from '../scenes/sceneTypes';
import { Snapshots } from '../snapshot/snapshots';
import { parseState } from '../state/stateSchema';
import type { SavedState } from '../state/stateSchema';
import { Timeline } from '../state/timeline';
import type { TimelineHost } from '../state/timeline';
import { captureState, restoreState } from '../state/worldState';
import { Rng } from '../util/rng';
import { FrameStats } from './frameStats';
import { StateHasher } from './stateHasher';
import { StutterMeter } from './stutterMeter';
import type { MeterSource } from './stutterMeter';

export interface LoadOptions {
  count?: number;
  seed?: number;
}

export interface LoadedScene {
  definition: SceneDefinition;
  count: number;
  seed: number;
}

export const DEFAULT_SEED = 1;

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

export class Simulation implements Stepper, MeterSource, TimelineHost {
  readonly physics = new PhysicsWorld();
  readonly commands = new CommandQueue(this.physics);
  readonly snapshots = new Snapshots(this.physics);
  /** Removes bodies whose state turned NaN, infinite or out of the world, after every step. */
  readonly guard = new StateGuard();
  readonly draw = new DrawPoses();
  readonly stats = new FrameStats();
  readonly meter = new StutterMeter();
  readonly hasher = new StateHasher();
  /** Record, replay and seek (see state/timeline.ts). */
  readonly timeline: Timeline = new Timeline(this);
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
  /** Called after a scene load: the app resets its frame clock so there is no catch-up burst. */
  onTimelineReset: (() => void) | null = null;

  constructor(sceneId = 'playground', options: LoadOptions = {}) {
    this.physics.addRemovalListener(this.meter);
    this.loop = new FixedStepLoop(1 / this.current.physicsHz, this.current);
    const definition = findScene(sceneId) ?? (SCENES[0] as SceneDefinition);
    this.scene = { definition, count: definition.count?.default ?? 0, seed: DEFAULT_SEED };
    this.load(definition.id, options);
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
    const definition = findScene(sceneId);
    if (!definition) {
      throw new Error(
        `Unknown scene ${JSON.stringify(String(sceneId).slice(0, 60))}; valid scenes are ${SCENES.map((s) => s.id).join(', ')}.`,
      );
    }
    const count = options.count ?? definition.count?.default ?? 0;
    const seed = options.seed ?? DEFAULT_SEED;
    if (options.count !== undefined) {
      const range = definition.count;
      if (!range) throw new Error(`Scene '${definition.id}' has a fixed size and takes no count.`);
      if (!Number.isInteger(count) || count < range.min || count > range.max) {
        throw new Error(
          `count = ${String(options.count)} is invalid for scene '${definition.id}': expected an integer from ${range.min} to ${range.max}.`,
        );
      }
    }
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
      throw new Error(
        `seed = ${String(options.seed)} is invalid: expected an integer from 0 to 4294967295.`,
      );
    }
    this.loadScene(definition.id, count, seed);
    this.timeline.sceneLoaded(definition.id, count, seed);
  }

  /** Builds a validated scene into an empty world (a replayed load: not recorded again). */
  loadScene(sceneId: string, count: number, seed: number): void {
    const definition = findScene(sceneId) ?? this.scene.definition;
    this.commands.clear();
    this.physics.clear();
    definition.build(this.physics, new Rng(seed), count);
    this.scene = { definition, count, seed };
    this.loop.reset();
    this.restarted();
  }

  /** The world's exact state now, as plain data (see state/worldState.ts). */
  saveState(): SavedState {
    return captureState(this.physics, this.commands, {
      scene: { id: this.scene.definition.id, count: this.scene.count, seed: this.scene.seed },
      physicsHz: this.current.physicsHz,
    });
  }

  /**
   * Continues from a saved state (an object or its JSON text): the same hash at every later step
   * as the run it was saved from. Checks all of it first and throws, changing nothing, if any
   * field is bad; if restoring still failed, the world is put back as it was.
   */
  loadState(input: unknown): void {
    const state = parseState(input, this.physics.tuning);
    const before = this.saveState();
    try {
      this.restore(state);
    } catch (error) {
      this.restore(before);
      throw error;
    }
    this.timeline.stateLoaded(state);
  }

  /** TimelineHost: the physics tuning a state or recording must match. */
  get tuning(): PhysicsTuning {
    return this.physics.tuning;
  }

  /** TimelineHost: the boundary a command queued now applies at. */
  get stepIndex(): number {
    return this.physics.stepIndex;
  }

  /** TimelineHost: the state hash's two lanes now (reused array). */
  hashLanes(): Uint32Array {
    return this.hasher.hash(this.physics);
  }

  /** TimelineHost: a seek's re-simulation, then the loop's count and clock set to the world's. */
  runSteps(count: number): void {
    this.applySettings();
    for (let k = 0; k < count; k++) this.loop.singleStep(this);
    this.loop.stepCount = this.physics.stepIndex;
    this.loop.simTime = this.physics.time;
    this.interpolate();
  }

  /** TimelineHost: a replay's step length becomes the physics rate the loop paces at. */
  followStepSeconds(seconds: number): void {
    const hz = 1 / seconds;
    if (hz !== this.current.physicsHz && validateValue('physicsHz', hz).ok) {
      this.current = { ...this.current, physicsHz: hz };
    }
  }

  /** TimelineHost: the end of a replay. */
  pause(): void {
    this.set({ paused: true });
  }

  /** Restores a validated state; `withCommands: false` leaves its pending commands out. */
  restore(state: SavedState, withCommands = true): void {
    restoreState(this.physics, this.commands, state, withCommands);
    const definition = findScene(state.scene.id) ?? this.scene.definition;
    this.scene = { definition, count: state.scene.count, seed: state.scene.seed };
    this.current = { ...this.current, physicsHz: state.physicsHz };
    this.loop.reset();
    this.loop.stepCount = state.step;
    this.loop.simTime = state.time;
    this.restarted();
  }

  /** After the world was rebuilt or restored: fresh snapshots, stats and meter; no catch-up. */
  private restarted(): void {
    this.guard.reset();
    this.governor.reset();
    this.snapshots.captureFresh();
    this.stats.reset();
    const tracked = this.scene.definition.tracked;
    this.meter.track(tracked?.id ?? -1, tracked?.path ?? null);
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
    this.commands.push(command);
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
    // Every step boundary applies the commands queued for it, so a command lands on its step
    // whether the frame around it takes no step, one, or several.
    this.applyCommands();
    // A replay steps at its recorded lengths; a recording notes each change of length.
    const dt = this.timeline.stepDt(dtSeconds);
    this.physics.step(dt);
    // Before the capture, so a broken body never reaches the snapshots or the instance matrices.
    this.guard.check(this.physics, this.physics.stepIndex);
    this.snapshots.capture(dt);
    // One clock read per step: its end is the next step's start (each read allocates a
    // 16-byte number in V8, the only allocation this path makes).
    const now = this.nowMs();
    const stepMs = now - this.clockMs;
    this.clockMs = now;
    this.stats.recordStep(stepMs);
    this.governor.recordStep(stepMs);
    this.timeline.afterStep();
    this.onStep?.(this.physics.stepIndex);
  }

  /** Stepper: in a real-time frame, whether the frame's physics time leaves room for a step. */
  stepAllowed(): boolean {
    return (!this.realTime || this.governor.stepAllowed()) && this.timeline.stepAllowed();
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
    return this.hasher.hex(this.physics);
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
    this.timeline.atBoundary();
    this.commands.moveDragAnchor();
    if (!this.commands.hasDue(this.physics.stepIndex)) return;
    this.commands.apply(this.snapshots);
    // A spawned body that cannot be simulated (an overflowing weight) goes before it steps.
    this.guard.check(this.physics, this.physics.stepIndex);
    this.snapshots.sync();
  }
}
