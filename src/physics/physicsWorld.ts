// The cannon-es world and its dense body list: body i is snapshot slot i and drawn instance i.
// The only place that calls `world.step(dt)`; outside changes arrive as commands (commands.ts).

import { Body, Plane, Spring, Vec3, World } from 'cannon-es';
import { shapeKindIndex } from '../shapes/shapeKinds';
import type { ShapeKind } from '../shapes/shapeKinds';
import { createShapeBody } from './bodyFactory';
import { applyDamping } from './damping';
import { createMaterials } from './materials';
import type { MaterialName, Materials } from './materials';
import { applyTuning, DEFAULT_TUNING } from './tuning';
import type { PhysicsTuning } from './tuning';
import { axisAngle } from '../util/exactMath';

export type Vec3Tuple = [number, number, number];
export type QuatTuple = [number, number, number, number];

/** Everything needed to make one drawn body; scenes, spawns and the API all speak this. */
export interface BodySpec {
  kind: ShapeKind;
  /** See shapeKinds.ts for what the scale means per kind. */
  scale: Vec3Tuple;
  position: Vec3Tuple;
  quaternion?: QuatTuple;
  velocity?: Vec3Tuple;
  angularVelocity?: Vec3Tuple;
  /** kg/m³; the default gives wood-like bodies. Ignored when `kinematic`. */
  density?: number;
  /** Moved by a scene's per-step hook, not by forces (carousel mover). */
  kinematic?: boolean;
  /**
   * Starts asleep: a built structure at rest costs nothing to step until something moving
   * touches it (cannon-es wakes a sleeping body when an awake one hits it faster than √2 × its
   * sleep speed limit), and it does not sag or jitter while it waits.
   */
  asleep?: boolean;
  /**
   * Fraction of spin lost per second; 0.01 unless set. cannon-es has no rolling resistance, so a
   * ball on flat ground rolls for minutes; a scene full of balls can ask for more.
   */
  angularDamping?: number;
  /** Surface; 'body' unless a scene needs frictionless contact between its pieces. */
  material?: MaterialName;
}

/** Static, undrawn-by-instancing scenery (walls, ramps); render draws these as plain meshes. */
export interface StaticBoxSpec {
  halfExtents: Vec3Tuple;
  position: Vec3Tuple;
  quaternion?: QuatTuple;
  /** Surface; 'body' unless set. */
  material?: MaterialName;
}

/** Flat per-body state arrays: 3 floats per vector, 4 per quaternion, body i at 3i / 4i. */
export interface StateArrays {
  position: Float64Array;
  quaternion: Float64Array;
  velocity: Float64Array;
  angularVelocity: Float64Array;
}

/** A spring between two bodies' centres, or a body and a fixed point; drawn as a line. */
export interface SpringSpec {
  restLength: number;
  /** N/m. Explicit spring forces are stable only while dt·√(k/m) stays small (see spring scene). */
  stiffness: number;
  /** N·s/m. */
  damping: number;
}

/** What render draws for a spring: body `a` to body `b`, or to `anchor` when `b` is −1. */
export interface Link {
  a: number;
  b: number;
  anchor: Vec3Tuple;
}

/** Runs around every physics step with that step's index (0 for the first step after load). */
export type StepHook = (stepIndex: number, dtSeconds: number, physics: PhysicsWorld) => void;

/** Told when a body's snapshot slot must move or restart (removal keeps indices dense). */
export interface BodySlotListener {
  onBodyMoved(from: number, to: number): void;
  onBodyReset(index: number): void;
}

const DEFAULT_DENSITY = 600;
/** m/s², downwards along -Y. */
export const GRAVITY = -9.82;

export class PhysicsWorld {
  readonly world: World;
  readonly materials: Materials;
  /** Dense: index i is snapshot slot i and drawn instance i. */
  readonly bodies: Body[] = [];
  readonly kinds: ShapeKind[] = [];
  /** Per body, the scale of its unit shape (x, y, z), for drawing. */
  scales = new Float32Array(3 * 64);
  readonly statics: StaticBoxSpec[] = [];
  /** Springs to draw, by body index. */
  readonly links: Link[] = [];
  private readonly springs: Spring[] = [];
  /** Bumped whenever the set of bodies or statics changes, so render knows to re-sync. */
  version = 0;
  /** Bumped whenever the static scenery changes. */
  staticsVersion = 0;
  stepIndex = 0;
  private readonly beforeStepHooks: StepHook[] = [];
  private readonly afterStepHooks: StepHook[] = [];
  /** The ground plane first, then the scene's static scenery. */
  private readonly staticBodies: Body[] = [];

  readonly tuning: Readonly<PhysicsTuning>;

  constructor(tuning: Readonly<PhysicsTuning> = DEFAULT_TUNING) {
    this.tuning = tuning;
    this.world = new World({ gravity: new Vec3(0, GRAVITY, 0), allowSleep: true });
    applyTuning(this.world, tuning);
    this.materials = createMaterials(this.world);
    // cannon-es's own damping is off on every body (see damping.ts); this applies ours.
    const world = this.world;
    world.addEventListener('preStep', () => applyDamping(world));
    const ground = new Body({ mass: 0, material: this.materials.ground });
    ground.addShape(new Plane());
    // Facing up: a quarter turn about −X, from exact sin and cos (setFromAxisAngle uses Math's).
    const [gx, gy, gz, gw] = axisAngle(1, 0, 0, -Math.PI / 2);
    ground.quaternion.set(gx, gy, gz, gw);
    this.world.addBody(ground);
    this.staticBodies.push(ground);
  }

  get count(): number {
    return this.bodies.length;
  }

  /** Adds a body at the end of the dense list and returns its index. */
  addBody(spec: BodySpec): number {
    const body = createShapeBody(spec, this.materials, DEFAULT_DENSITY, this.tuning);
    const index = this.bodies.length;
    this.bodies.push(body);
    this.kinds.push(spec.kind);
    if (this.scales.length < 3 * (index + 1)) {
      const grown = new Float32Array(this.scales.length * 2);
      grown.set(this.scales);
      this.scales = grown;
    }
    this.scales[3 * index] = spec.scale[0];
    this.scales[3 * index + 1] = spec.scale[1];
    this.scales[3 * index + 2] = spec.scale[2];
    this.world.addBody(body);
    this.version++;
    return index;
  }

  /** Removes body `index`; the last body moves into its slot so indices stay dense. */
  removeBody(index: number, listener: BodySlotListener): void {
    const body = this.bodies[index];
    if (!body) return;
    this.world.removeBody(body);
    const last = this.bodies.length - 1;
    if (index !== last) {
      this.bodies[index] = this.bodies[last] as Body;
      this.kinds[index] = this.kinds[last] as ShapeKind;
      this.scales.copyWithin(3 * index, 3 * last, 3 * last + 3);
      listener.onBodyMoved(last, index);
    }
    this.bodies.pop();
    this.kinds.pop();
    this.version++;
  }

  addStaticBox(spec: StaticBoxSpec): void {
    const body = createShapeBody(
      {
        kind: 'box',
        scale: spec.halfExtents,
        position: spec.position,
        quaternion: spec.quaternion,
        material: spec.material,
      },
      this.materials,
      0,
      this.tuning,
    );
    body.type = Body.STATIC;
    body.mass = 0;
    body.updateMassProperties();
    this.staticBodies.push(body);
    this.statics.push(spec);
    this.world.addBody(body);
    this.staticsVersion++;
  }

  /** Joins body `a` to body `b`, or to a fixed point, with a spring applied before every step. */
  addSpring(a: number, b: number | Vec3Tuple, spec: SpringSpec): void {
    const bodyA = this.bodies[a];
    if (!bodyA) throw new Error(`addSpring: no body ${a}.`);
    let bodyB: Body;
    if (typeof b === 'number') {
      const found = this.bodies[b];
      if (!found) throw new Error(`addSpring: no body ${b}.`);
      bodyB = found;
    } else {
      // A fixed point is a shapeless static body that nothing collides with.
      bodyB = new Body({
        mass: 0,
        type: Body.STATIC,
        collisionFilterGroup: 0,
        collisionFilterMask: 0,
      });
      bodyB.position.set(b[0], b[1], b[2]);
      this.staticBodies.push(bodyB);
      this.world.addBody(bodyB);
    }
    this.springs.push(new Spring(bodyA, bodyB, spec));
    this.links.push({
      a,
      b: typeof b === 'number' ? b : -1,
      anchor: typeof b === 'number' ? [0, 0, 0] : b,
    });
    this.version++;
  }

  /** `before`: forces for the coming step (springs). `after`: exact poses for kinematic paths. */
  addStepHook(hook: StepHook, phase: 'before' | 'after' = 'before'): void {
    (phase === 'before' ? this.beforeStepHooks : this.afterStepHooks).push(hook);
  }

  /** Removes every body, static, constraint, spring and hook; keeps the ground. */
  clear(): void {
    for (const body of this.bodies) this.world.removeBody(body);
    for (const body of this.staticBodies.splice(1)) this.world.removeBody(body);
    for (const constraint of this.world.constraints.slice())
      this.world.removeConstraint(constraint);
    this.bodies.length = 0;
    this.kinds.length = 0;
    this.springs.length = 0;
    this.links.length = 0;
    this.statics.length = 0;
    this.beforeStepHooks.length = 0;
    this.afterStepHooks.length = 0;
    this.stepIndex = 0;
    this.world.time = 0;
    this.version++;
    this.staticsVersion++;
  }

  /** One fixed step: scene hooks, then cannon-es's plain `step(dt)` (never its interpolating form). */
  step(dtSeconds: number): void {
    const springs = this.springs;
    for (let k = 0; k < springs.length; k++) (springs[k] as Spring).applyForce();
    const before = this.beforeStepHooks;
    for (let h = 0; h < before.length; h++)
      (before[h] as StepHook)(this.stepIndex, dtSeconds, this);
    this.world.step(dtSeconds);
    const after = this.afterStepHooks;
    for (let h = 0; h < after.length; h++) (after[h] as StepHook)(this.stepIndex, dtSeconds, this);
    this.stepIndex++;
  }

  /**
   * Zeroes a static body's velocity if it is not finite. cannon-es's solver adds every body's
   * impulse sum to its velocity, static ones too, and 0 × NaN is NaN: a body whose state broke
   * leaves NaN in the velocity of the ground or wall it touched, which then poisons every body
   * that touches them for good. A static body's velocity is otherwise exactly zero.
   */
  scrubStaticVelocities(): void {
    const statics = this.staticBodies;
    for (let i = 0; i < statics.length; i++) {
      const body = statics[i] as Body;
      const v = body.velocity;
      const w = body.angularVelocity;
      // One test for all six: a NaN or an infinity anywhere makes the sum non-finite.
      if (!Number.isFinite(v.x + v.y + v.z + w.x + w.y + w.z)) {
        v.setZero();
        w.setZero();
      }
    }
  }

  /**
   * Copies the exact float64 state of bodies [from, to) into flat arrays (struct of arrays).
   * One indexed loop with everything in locals: this runs once per step for every body.
   * `sleptBefore` (the flags of the snapshot before `asleep`'s): a body asleep in both that still
   * sleeps has not moved since `out` last held it, so its copy is skipped — a settled pile's
   * capture costs a flag check per body.
   */
  writeState(
    out: StateArrays,
    asleep: Uint8Array,
    from = 0,
    to = this.bodies.length,
    sleptBefore: Uint8Array | null = null,
  ): void {
    const bodies = this.bodies;
    const position = out.position;
    const quaternion = out.quaternion;
    const velocity = out.velocity;
    const angularVelocity = out.angularVelocity;
    const SLEEPING = Body.SLEEPING;
    for (let i = from; i < to; i++) {
      const b = bodies[i] as Body;
      if (b.sleepState === SLEEPING) {
        if (sleptBefore !== null && asleep[i] === 1 && sleptBefore[i] === 1) continue;
        asleep[i] = 1;
      } else asleep[i] = 0;
      const i3 = 3 * i;
      const i4 = 4 * i;
      const p = b.position;
      const q = b.quaternion;
      const v = b.velocity;
      const w = b.angularVelocity;
      position[i3] = p.x;
      position[i3 + 1] = p.y;
      position[i3 + 2] = p.z;
      quaternion[i4] = q.x;
      quaternion[i4 + 1] = q.y;
      quaternion[i4 + 2] = q.z;
      quaternion[i4 + 3] = q.w;
      velocity[i3] = v.x;
      velocity[i3 + 1] = v.y;
      velocity[i3 + 2] = v.z;
      angularVelocity[i3] = w.x;
      angularVelocity[i3 + 1] = w.y;
      angularVelocity[i3 + 2] = w.z;
    }
  }

  /** Counts sleeping bodies (for the HUD). */
  sleepingCount(): number {
    let sleeping = 0;
    const bodies = this.bodies;
    for (let i = 0; i < bodies.length; i++) {
      if ((bodies[i] as Body).sleepState === Body.SLEEPING) sleeping++;
    }
    return sleeping;
  }

  kindIndexOf(index: number): number {
    return shapeKindIndex(this.kinds[index] as ShapeKind);
  }
}
