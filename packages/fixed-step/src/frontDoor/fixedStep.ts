// The front door: one object that owns a world's fixed-step loop, clock, snapshots and drawing,
// binds bodies to three.js objects by body, runs the app's code at every step and minds the page.

import type { InstancedMesh, Object3D } from 'three';
import { FramePoses } from '../interp/interpolate';
import { createFrameReport, FixedStepLoop } from '../loop/fixedStepLoop';
import type { FrameReport, Stepper } from '../loop/fixedStepLoop';
import { FrameClock } from '../loop/frameClock';
import type { LoopLimits } from '../loop/loopLimits';
import type { SnapshotPair } from '../snapshot/snapshots';
import { BoundBodies, DRAW_MODES, FOLLOW, InstanceTarget } from './boundBodies';
import type { DrawMode } from './boundBodies';
import { drawPoses, writeBound } from './drawBound';
import { cannonEngine, checkEngine } from './engine';
import type { FixedStepBody, FixedStepEngine, FixedStepWorld } from './engine';
import {
  checkBodyList,
  checkInstancedMesh,
  checkMode,
  checkObject3D,
  checkRate,
  described,
  isRapierWorld,
} from './checks';
import { StepHooks, StepTotals } from './frontDoorParts';
import type { FixedStepStats, StepListener, VisibilityDocument } from './frontDoorParts';

/** Choices for {@link fixedStep}; every one has a default. */
export interface FixedStepOptions extends Partial<LoopLimits> {
  /** Fixed steps per simulated second. @default 60 */
  hz?: number;
  /** How bodies without a mode of their own are drawn. @default 'interpolate' */
  mode?: DrawMode;
  /** Start paused (frames draw, take no steps). @default false */
  paused?: boolean;
  /** Runs before every fixed step: apply forces, inputs and scripted motion here. */
  beforeStep?: StepListener;
  /** Runs after every fixed step (after world.step, before the step's snapshot). */
  afterStep?: StepListener;
  /**
   * Where `visibilitychange` is heard; a tab shown again restarts the clock, so it steps no
   * catch-up. null: none. @default globalThis.document, where there is one
   */
  document?: VisibilityDocument | null;
}

/** Choices for one binding. */
export interface BindOptions {
  /** This body's own draw mode; left out, it follows the front door's `mode`. */
  mode?: DrawMode;
}

/** Choices for an InstancedMesh binding. */
export interface BindInstancesOptions extends BindOptions {
  /** x, y, z scale per body (3 numbers each); 1 when left out. */
  scales?: ArrayLike<number>;
}

/**
 * A world stepped at a fixed rate and drawn between its steps. Made by {@link fixedStep} for
 * cannon-es, by `fixedStep` of `fixed-step/rapier` for Rapier, or with an engine of your own
 * (`new FixedStep(world, options, engine)`). Allocation-free per frame once its bodies are bound.
 */
export class FixedStep<World = FixedStepWorld, Body = FixedStepBody> {
  /** The loop (its accumulator, clamp, cap, governor hook): the part, for those who want it. */
  readonly loop: FixedStepLoop;
  /** What the last frame did: steps, alpha, the seconds the clamp and cap gave up. */
  readonly lastFrame: FrameReport = createFrameReport();
  private readonly totals = new StepTotals();
  /** The draw poses of the last frame, slot by slot (see {@link FixedStep.slot}). */
  readonly poses = new FramePoses();
  private readonly bound: BoundBodies<World, Body>;
  private readonly clock = new FrameClock();
  private readonly hooks: StepHooks;
  private readonly meshes: InstanceTarget[] = [];
  private readonly stepper: Stepper;
  private drawMode: DrawMode;
  private disposed = false;
  /** Set at each frame: the moved-body check is still to run before its first step. */
  private unfollowed = true;
  /** Stops the engine's removal listener, where it has one. */
  private readonly unwatch: (() => void) | undefined;
  private readonly onVisibility = (): void => this.clock.reset();

  /**
   * @param world - the world to step.
   * @param options - rate, limits, mode, hooks; all have defaults.
   * @param engine - how the world is stepped and its bodies read.
   * @default cannonEngine
   */
  constructor(
    readonly world: World,
    private readonly options: FixedStepOptions = {},
    readonly engine: FixedStepEngine<World, Body> = cannonEngine as never,
  ) {
    checkEngine(engine);
    if (engine === (cannonEngine as never)) checkCannonWorld(world);
    this.bound = new BoundBodies(engine);
    const hz = checkRate(options.hz ?? 60);
    this.loop = new FixedStepLoop(1 / hz, options);
    this.loop.paused = options.paused ?? false;
    this.drawMode = checkMode(options.mode ?? 'interpolate');
    this.hooks = new StepHooks(this.loop, this.totals);
    if (options.beforeStep) this.hooks.on('beforeStep', options.beforeStep);
    if (options.afterStep) this.hooks.on('afterStep', options.afterStep);
    // One step: the app's code, the world's step, the app's code again, then the snapshot.
    this.stepper = {
      step: (dt: number): void => {
        if (this.unfollowed) this.follow();
        this.hooks.run('beforeStep', dt);
        engine.step(world, dt);
        this.hooks.run('afterStep', dt);
        this.bound.capture(world, dt);
      },
    };
    this.unwatch = engine.watch?.(world, (body) => this.unbind(body));
    this.visibility()?.addEventListener('visibilitychange', this.onVisibility);
  }

  /** Running totals since the front door was made: frames, steps, seconds given up, teleports. */
  get stats(): FixedStepStats {
    return this.totals;
  }

  /** The fixed step (s): 1 / hz. */
  get dt(): number {
    return this.loop.dt;
  }

  /** How bodies without a mode of their own are drawn. */
  get mode(): DrawMode {
    return this.drawMode;
  }
  /** Sets how bodies without a mode of their own are drawn, from the next frame. */
  set mode(mode: DrawMode) {
    this.drawMode = checkMode(mode);
  }

  /** While true, frames draw but take no steps; unpausing steps no catch-up. */
  get paused(): boolean {
    return this.loop.paused;
  }
  /** Pauses, or resumes with the frame clock restarted (the next frame steps nothing). */
  set paused(paused: boolean) {
    if (this.loop.paused && !paused) this.clock.reset();
    this.loop.paused = paused;
  }

  /** Simulated seconds per real second (0.5: slow motion). */
  get timeScale(): number {
    return this.loop.timeScale;
  }
  /** Sets simulated seconds per real second. */
  set timeScale(scale: number) {
    this.loop.timeScale = scale;
  }

  /**
   * Draws `body` with `object` (a Mesh, Group, any Object3D in world space) from now on, until
   * the body leaves the world or is unbound.
   * @returns this.
   */
  bind(body: Body, object: Object3D, options: BindOptions = {}): this {
    this.checkBody(body, 'bind', 'body');
    checkObject3D('bind', object);
    this.setMode(body, options.mode, this.bound.add(body, object, null));
    return this;
  }

  /**
   * Draws `bodies[k]` as instance k of `mesh` (after the instances bound to it before). The
   * mesh's count follows; a body that leaves hides its instance. Sets `frustumCulled` false:
   * three.js culls an InstancedMesh by a bounding sphere computed once, stale once bodies move.
   * @returns this.
   */
  bindInstances(
    bodies: ArrayLike<Body>,
    mesh: InstancedMesh,
    options: BindInstancesOptions = {},
  ): this {
    checkBodyList('bindInstances', bodies);
    checkInstancedMesh('bindInstances', mesh);
    let target = this.meshes.find((m) => m.mesh === mesh);
    const from = target?.next ?? 0;
    const room = mesh.instanceMatrix.count;
    if (from + bodies.length > room) {
      throw new RangeError(
        `bindInstances: ${from + bodies.length} bodies do not fit a mesh made for ${room} instances.`,
      );
    }
    const scales = options.scales;
    if (scales !== undefined && scales.length !== 3 * bodies.length) {
      throw new RangeError(
        `bindInstances: scales holds ${scales.length} numbers; ${bodies.length} bodies need ${3 * bodies.length}.`,
      );
    }
    const seen = new Set<Body>();
    for (let k = 0; k < bodies.length; k++) {
      this.checkBody(bodies[k], 'bindInstances', `bodies[${k}]`);
      if (seen.has(bodies[k])) throw new RangeError(`bindInstances: bodies[${k}] is listed twice.`);
      seen.add(bodies[k]);
    }
    if (target === undefined) {
      target = new InstanceTarget(mesh);
      this.meshes.push(target);
      mesh.frustumCulled = false;
    }
    if (scales !== undefined) target.scales.set(Float32Array.from(scales), 3 * from);
    for (let k = 0; k < bodies.length; k++) {
      this.setMode(bodies[k], options.mode, this.bound.add(bodies[k], null, target));
    }
    mesh.count = target.next;
    return this;
  }

  /**
   * Stops drawing `body` (removing it from the world does this by itself).
   * @returns whether it was bound.
   */
  unbind(body: Body): boolean {
    const slot = this.bound.slot(body);
    if (slot < 0) return false;
    this.bound.remove(slot);
    return true;
  }

  /**
   * Sets one body's draw mode; undefined: it follows the front door's `mode` again.
   * @param mode - 'interpolate', 'none' or 'extrapolate'.
   */
  setMode(body: Body, mode: DrawMode | undefined, slot = this.bound.slot(body)): void {
    if (slot < 0) throw new RangeError('setMode: the body is not bound (bind it first).');
    this.bound.setMode(slot, mode === undefined ? FOLLOW : DRAW_MODES.indexOf(checkMode(mode)));
  }

  /**
   * Draws `body` from its pose now, with no blend from where it was; counted in
   * `stats.restarts`. Call it after a jump made in a step hook (a respawn): a move made inside a
   * step is motion, drawn between the step's snapshots, as scripted motion must be. A move made
   * between steps (outside the hooks) is noticed without this call.
   */
  teleport(body: Body): void {
    const slot = this.bound.slot(body);
    if (slot < 0) return;
    this.bound.restart(slot);
    this.totals.restarts++;
  }

  /**
   * The slot of a bound body in {@link FixedStep.snapshots} and {@link FixedStep.poses}, or −1.
   */
  slot(body: Body): number {
    return this.bound.slot(body);
  }

  /** The bound bodies' previous and current snapshots, slot by slot. */
  get snapshots(): SnapshotPair {
    return this.bound;
  }

  /**
   * Adds a listener run at every fixed step: 'beforeStep' (forces, inputs, scripted motion) or
   * 'afterStep' (reading the step's results).
   * @returns a function that removes it.
   */
  on(type: 'beforeStep' | 'afterStep', listener: StepListener): () => void {
    return this.hooks.on(type, listener);
  }

  /**
   * One animation frame: the fixed steps real time owes (clamped, capped, scaled), then every
   * bound body drawn at the frame's alpha. Call from `renderer.setAnimationLoop`.
   * @param nowMs - the frame's timestamp (ms), as the animation loop hands it.
   */
  frame(nowMs: number): void {
    if (this.disposed) return;
    this.clock.tick(nowMs);
    // Bodies moved by the app are looked for before the frame's first step (in the stepper), or
    // here while paused: a frame that takes no step draws the same two snapshots as the last,
    // so a moved body is drawn where it was until the next step restarts it, never in between.
    this.unfollowed = true;
    if (this.loop.paused) this.follow();
    this.loop.frame(this.clock.frameSeconds, this.stepper, this.lastFrame);
    this.totals.count(this.lastFrame);
    drawPoses(this.bound, this.lastFrame, this.drawMode, this.poses);
    writeBound(this.bound, this.poses, this.meshes);
  }

  /** One fixed step now, paused or not (a single-step button); drawn at the next frame. */
  step(): void {
    this.unfollowed = true;
    this.loop.singleStep(this.stepper);
  }

  /** Unbinds bodies gone from the world and restarts those the app moved (once a frame). */
  private follow(): void {
    this.unfollowed = false;
    this.totals.restarts += this.bound.follow(this.world);
  }

  /** Stops listening to the world and the page and unbinds every body; frames do nothing after. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.unwatch?.();
    this.visibility()?.removeEventListener('visibilitychange', this.onVisibility);
    this.hooks.clear();
    while (this.bound.count > 0) this.bound.remove(this.bound.count - 1);
  }

  private visibility(): VisibilityDocument | null {
    if (this.options.document !== undefined) return this.options.document;
    return typeof document === 'undefined' ? null : document;
  }

  /** Throws unless `body` (the argument `name` of `call`) is an unbound body of this world. */
  private checkBody(body: Body, call: string, name: string): void {
    const expected = this.engine.expectedBody ?? 'a body in this world';
    if (body === null || body === undefined) {
      throw new TypeError(`${call}: ${name} is ${String(body)}; expected ${expected}.`);
    }
    if (!this.engine.contains(this.world, body)) {
      throw new RangeError(
        `${call}: ${name} (${described(body)}) is not in this world; expected ${expected}.`,
      );
    }
    if (this.bound.slot(body) >= 0) throw new RangeError(`${call}: ${name} is already bound.`);
  }
}

/** Throws when the default (cannon-es) engine is handed a world that is not cannon-es's. */
function checkCannonWorld(world: unknown): void {
  const w = world as Partial<FixedStepWorld> | null;
  if (typeof w?.step === 'function' && typeof w.addEventListener === 'function') return;
  if (isRapierWorld(world)) {
    throw new TypeError(
      "FixedStep: world is a Rapier World, and the default engine is cannon-es's. Pass rapierEngine (fixed-step/rapier): new FixedStep(world, options, rapierEngine), or engine={rapierEngine}.",
    );
  }
  throw new TypeError(
    `FixedStep: world is ${described(world)}, not a cannon-es World; for another engine, new FixedStep(world, options, engine).`,
  );
}

/**
 * The front door: `world` stepped at `hz` fixed steps a second whatever the display's rate,
 * and drawn between steps into the three.js objects bound to its bodies.
 *
 * @example
 * ```ts
 * const physics = fixedStep(world, { hz: 100 });
 * physics.bind(ball, ballMesh);
 * physics.bindInstances(boxes, boxMesh);
 * renderer.setAnimationLoop((t) => {
 *   physics.frame(t);
 *   renderer.render(scene, camera);
 * });
 * ```
 * @param world - a cannon-es World (or any world with `step(dt)` and event listeners).
 * @param options - rate, limits, mode, hooks; all have defaults (60 Hz, a 0.25 s clamp).
 * @returns the front door.
 */
export function fixedStep(world: FixedStepWorld, options: FixedStepOptions = {}): FixedStep {
  if (isRapierWorld(world)) {
    throw new TypeError(
      "fixedStep: world is a Rapier World; import fixedStep from 'fixed-step/rapier' for it.",
    );
  }
  return new FixedStep(world, options);
}
