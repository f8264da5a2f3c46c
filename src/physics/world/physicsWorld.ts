// The cannon-es world and its dense body list: body i is snapshot slot i and drawn instance i,
// and each body also has a stable id. The only place that calls `world.step(dt)` and the one
// removal path that every holder of a body hears; outside changes arrive as commands.

import { Body, Plane, Vec3, World } from 'cannon-es';
import type { ShapeKind } from '../../shapes/shapeKinds';
import { createShapeBody, DEFAULT_ANGULAR_DAMPING } from './bodyFactory';
import type { BodySpec, QuatTuple, Vec3Tuple } from './bodyFactory';
import { setContactKey, staticContactKey } from '../manifolds/contactKeys';
import { applyDamping } from '../bodies/damping';
import type { KernelMode } from '../kernels/kernelMemory';
import { forgetContacts, kernelModeOf } from '../narrowphase/manifoldNarrowphase';
import { createMaterials } from '../bodies/materials';
import type { MaterialName, Materials } from '../bodies/materials';
import { SpringSet } from '../bodies/springs';
import type { SavedSpring, SpringEnds, SpringSpec } from '../bodies/springs';
import { applyTuning, DEFAULT_TUNING } from './tuning';
import type { PhysicsTuning } from './tuning';
import { axisAngle } from '../../util/exactMath';
import { writeBodyStates } from 'fixed-step/interpolation';
import type { PoseArrays } from 'fixed-step/interpolation';

export type { BodySpec, QuatTuple, Vec3Tuple };

/**
 * What a body was made from, resolved (no defaults left open): with its exact state (see
 * exactState.ts) this rebuilds the body bit for bit, so a saved state can name it as data.
 */
export interface BodyMake {
  kind: ShapeKind;
  scale: Vec3Tuple;
  /** kg/m³ as built (ignored when kinematic). */
  density: number;
  material: MaterialName;
  kinematic: boolean;
  angularDamping: number;
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
export type StateArrays = PoseArrays;

/**
 * Runs around every physics step with that step's index (0 for the first step after load). A
 * hook that drives bodies holds their ids and resolves them with `bodyById` each step, so a
 * removal (which moves the last body into the freed slot) never hands it another body.
 */
export type StepHook = (stepIndex: number, dtSeconds: number, physics: PhysicsWorld) => void;

/**
 * Told about every removal from the dense list, whoever caused it (a command, the state guard
 * inside a step): whatever holds a body by index or id follows it through the swap or ends with it.
 */
export interface BodyRemovalListener {
  /** Body `id` is leaving; it still sits at `index` while this runs. */
  onBodyRemoved(index: number, id: number): void;
  /** After a removal, the last body moved from slot `from` into the freed slot `to`. */
  onBodyMoved(from: number, to: number): void;
}

/** Told when a body's snapshot must restart at its pose now (spawn, teleport: no streak). */
export interface PoseResetListener {
  onBodyReset(index: number): void;
}

/** Id tables start this long and double as bodies are added. */
const INITIAL_ID_CAPACITY = 64;

export const DEFAULT_DENSITY = 600;
/** m/s², downwards along -Y. */
export const GRAVITY = -9.82;

export class PhysicsWorld {
  readonly world: World;
  readonly materials: Materials;
  /** Dense: index i is snapshot slot i and drawn instance i. */
  readonly bodies: Body[] = [];
  readonly kinds: ShapeKind[] = [];
  /** Per body, what it was made from (kind, exact scale, density, material, …). */
  readonly makes: BodyMake[] = [];
  /** Per body, the scale of its unit shape (x, y, z), for drawing. */
  scales = new Float32Array(3 * 64);
  readonly statics: StaticBoxSpec[] = [];
  /** Springs between bodies, held by id. */
  private readonly springs: SpringSet;
  /** Dense index → body id. */
  private idByIndex = new Int32Array(INITIAL_ID_CAPACITY);
  /** Body id → dense index, −1 once removed. Ids are never reused until the next `clear`. */
  private indexById = new Int32Array(INITIAL_ID_CAPACITY).fill(-1);
  /** Bodies added since the last clear: the next body's id. */
  private nextId = 0;
  private readonly removalListeners: BodyRemovalListener[] = [];
  /** Bumped whenever the set of bodies or statics changes, so render knows to re-sync. */
  version = 0;
  stepIndex = 0;
  private readonly beforeStepHooks: StepHook[] = [];
  private readonly afterStepHooks: StepHook[] = [];
  /** The ground plane first, then the scene's static scenery. */
  private readonly staticBodies: Body[] = [];

  readonly tuning: Readonly<PhysicsTuning>;
  /**
   * Called after every body added: long builds and restores (thousands of bodies) say they are
   * still working through it (a physics worker's heartbeat). Null: nobody listens.
   */
  progress: (() => void) | null = null;

  constructor(tuning: Readonly<PhysicsTuning> = DEFAULT_TUNING) {
    this.tuning = tuning;
    this.world = new World({ gravity: new Vec3(0, GRAVITY, 0), allowSleep: true });
    applyTuning(this.world, tuning);
    this.materials = createMaterials(this.world);
    // cannon-es's own damping is off on every body (see damping.ts); this applies ours.
    const world = this.world;
    world.addEventListener('preStep', () => applyDamping(world));
    this.springs = new SpringSet(this.world, this);
    const ground = new Body({ mass: 0, material: this.materials.ground });
    ground.addShape(new Plane());
    // Facing up: a quarter turn about −X, from exact sin and cos (setFromAxisAngle uses Math's).
    const [gx, gy, gz, gw] = axisAngle(1, 0, 0, -Math.PI / 2);
    ground.quaternion.set(gx, gy, gz, gw);
    setContactKey(ground, staticContactKey(0));
    this.world.addBody(ground);
    this.staticBodies.push(ground);
  }

  get count(): number {
    return this.bodies.length;
  }

  /** The live springs' ends by body id, for drawing (see SpringSet.ends). */
  springEnds(): SpringEnds[] {
    return this.springs.ends();
  }

  /**
   * Adds a body at the end of the dense list (index `count − 1`) and returns its id: the number
   * of bodies added since the last clear. The same builds and commands give the same ids, so a
   * replay or a second world names the same body with the same number.
   */
  addBody(spec: BodySpec): number {
    const id = this.nextId;
    this.insertBody(spec, id);
    return id;
  }

  /**
   * Adds a body under a given id (restoring a saved world: ids are the saved ones, not the
   * order of adding). The id must be unused; `nextId` grows past it.
   */
  addBodyWithId(spec: BodySpec, id: number): void {
    if (!Number.isInteger(id) || id < 0 || this.indexOf(id) >= 0) {
      throw new Error(`addBodyWithId: id ${id} is not a free body id.`);
    }
    this.insertBody(spec, id);
  }

  /** The id the next added body gets (bodies added since the last clear). */
  get nextBodyId(): number {
    return this.nextId;
  }

  /** Restores the id counter of a saved world (at least one past every live id). */
  setNextBodyId(nextId: number): void {
    const bodies = this.bodies;
    for (let i = 0; i < bodies.length; i++) {
      if (this.idByIndex[i] >= nextId) throw new Error(`setNextBodyId: ${nextId} ≤ a live id.`);
    }
    if (this.indexById.length < nextId) this.indexById = grownTo(this.indexById, nextId, -1);
    this.nextId = nextId;
  }

  private insertBody(spec: BodySpec, id: number): void {
    const body = createShapeBody(spec, this.materials, DEFAULT_DENSITY, this.tuning);
    const index = this.bodies.length;
    if (id >= this.nextId) this.nextId = id + 1;
    this.bodies.push(body);
    this.kinds.push(spec.kind);
    this.makes.push({
      kind: spec.kind,
      scale: [spec.scale[0], spec.scale[1], spec.scale[2]],
      density: spec.density ?? DEFAULT_DENSITY,
      material: spec.material ?? 'body',
      kinematic: spec.kinematic ?? false,
      angularDamping: spec.angularDamping ?? DEFAULT_ANGULAR_DAMPING,
    });
    if (this.scales.length < 3 * (index + 1)) this.scales = grownTo(this.scales, 3 * (index + 1));
    if (this.idByIndex.length <= index) this.idByIndex = grownTo(this.idByIndex, index + 1);
    if (this.indexById.length <= id) this.indexById = grownTo(this.indexById, id + 1, -1);
    this.idByIndex[index] = id;
    this.indexById[id] = index;
    this.scales[3 * index] = spec.scale[0];
    this.scales[3 * index + 1] = spec.scale[1];
    this.scales[3 * index + 2] = spec.scale[2];
    setContactKey(body, id);
    this.world.addBody(body);
    this.version++;
    this.progress?.();
  }

  /** The id of the body at dense index `index`, or −1 when there is none. */
  idAt(index: number): number {
    return index >= 0 && index < this.bodies.length ? this.idByIndex[index] : -1;
  }

  /** The dense index of body `id`, or −1 once it has been removed (or was never added). */
  indexOf(id: number): number {
    return id >= 0 && id < this.nextId ? this.indexById[id] : -1;
  }

  /** Body `id`, or undefined once it has been removed. Allocation-free: scene hooks call it per step. */
  bodyById(id: number): Body | undefined {
    const index = this.indexOf(id);
    return index < 0 ? undefined : this.bodies[index];
  }

  /** Registers for every removal from now on; listeners outlive scene loads. */
  addRemovalListener(listener: BodyRemovalListener): void {
    this.removalListeners.push(listener);
  }

  /**
   * The one removal path (commands, the state guard, anything else): tells every listener, takes
   * the body out of the world with its springs, and moves the last body into the freed slot so
   * indices stay dense. Does nothing for an index with no body.
   */
  removeBody(index: number): void {
    const bodies = this.bodies;
    if (!Number.isInteger(index) || index < 0 || index >= bodies.length) return;
    const id = this.idByIndex[index];
    const listeners = this.removalListeners;
    for (let k = 0; k < listeners.length; k++) listeners[k].onBodyRemoved(index, id);
    this.world.removeBody(bodies[index]);
    this.springs.removeOf(id);
    this.indexById[id] = -1;
    const last = bodies.length - 1;
    if (index !== last) {
      const movedId = this.idByIndex[last];
      bodies[index] = bodies[last];
      this.kinds[index] = this.kinds[last];
      this.makes[index] = this.makes[last];
      this.scales.copyWithin(3 * index, 3 * last, 3 * last + 3);
      this.idByIndex[index] = movedId;
      this.indexById[movedId] = index;
    }
    bodies.pop();
    this.kinds.pop();
    this.makes.pop();
    if (index !== last) {
      for (let k = 0; k < listeners.length; k++) listeners[k].onBodyMoved(last, index);
    }
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
    setContactKey(body, staticContactKey(this.staticBodies.length));
    this.staticBodies.push(body);
    this.statics.push(spec);
    this.world.addBody(body);
  }

  /**
   * Joins body id `a` to body id `b`, or to a fixed point, with a spring applied before every
   * step. The spring goes when either of its bodies is removed.
   */
  addSpring(a: number, b: number | Vec3Tuple, spec: SpringSpec): void {
    this.springs.add(a, b, spec);
    this.version++;
  }

  /** Adds every live spring's force to its bodies (what each step does before its hooks). */
  applySpringForces(): void {
    this.springs.apply();
  }

  /** `before`: forces for the coming step (springs). `after`: exact poses for kinematic paths. */
  /** Whether the scene added step hooks (see addStepHook). */
  get hasStepHooks(): boolean {
    return this.beforeStepHooks.length + this.afterStepHooks.length > 0;
  }

  addStepHook(hook: StepHook, phase: 'before' | 'after' = 'before'): void {
    (phase === 'before' ? this.beforeStepHooks : this.afterStepHooks).push(hook);
  }

  /** Removes every body, static, constraint, spring and hook and restarts the clock; keeps the ground. */
  clear(): void {
    this.clearContents();
    this.beforeStepHooks.length = 0;
    this.afterStepHooks.length = 0;
    this.stepIndex = 0;
    this.world.time = 0;
    // Saved with the state (it paces quaternion normalisation): a scene loaded after another
    // starts from 0, as a fresh world does, or its saves would carry the last scene's steps.
    this.world.stepnumber = 0;
  }

  /**
   * Removes every body, static, constraint and spring and restarts the ids, but keeps the scene's
   * step hooks and the clock: restoring a saved world builds its scene for the hooks (which hold
   * body ids, not bodies) and then replaces everything else with the saved contents.
   */
  clearContents(): void {
    for (const body of this.bodies) this.world.removeBody(body);
    for (const body of this.staticBodies.splice(1)) this.world.removeBody(body);
    for (const constraint of this.world.constraints.slice())
      this.world.removeConstraint(constraint);
    this.bodies.length = 0;
    this.kinds.length = 0;
    this.makes.length = 0;
    this.indexById.fill(-1, 0, this.nextId);
    this.nextId = 0;
    this.springs.clear();
    this.statics.length = 0;
    forgetContacts(this.world);
    this.version++;
  }

  /** Simulated seconds since the scene was built: cannon-es's own sum of every step's dt. */
  /** Where the contact kernels run: WebAssembly, or their TypeScript (the same bits). */
  get kernels(): KernelMode {
    return kernelModeOf(this.world);
  }

  get time(): number {
    return this.world.time;
  }

  /** The ground plane, then the static scenery in the order it was added. */
  get staticBodyList(): readonly Body[] {
    return this.staticBodies;
  }

  /** The springs as plain data, in the order they act (see SpringSet.saved). */
  savedSprings(): SavedSpring[] {
    return this.springs.saved();
  }

  /** The shapeless fixed points that springs to a point hang from, in spring order. */
  springAnchorBodies(): Body[] {
    return this.springs.anchorBodies();
  }

  /** One fixed step: scene hooks, then cannon-es's plain `step(dt)` (never its interpolating form). */
  step(dtSeconds: number): void {
    this.applySpringForces();
    const before = this.beforeStepHooks;
    for (let h = 0; h < before.length; h++) before[h](this.stepIndex, dtSeconds, this);
    this.world.step(dtSeconds);
    const after = this.afterStepHooks;
    for (let h = 0; h < after.length; h++) after[h](this.stepIndex, dtSeconds, this);
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
      const body = statics[i];
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
   * Copies the exact float64 state of bodies [from, to) into flat arrays (struct of arrays),
   * with the loop every snapshot of a cannon-es world uses (poses/bodyPoses.ts).
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
    writeBodyStates(this.bodies, out, asleep, from, to, sleptBefore);
  }

  /** Counts sleeping bodies (for the HUD). */
  sleepingCount(): number {
    let sleeping = 0;
    const bodies = this.bodies;
    for (let i = 0; i < bodies.length; i++) {
      if (bodies[i].sleepState === Body.SLEEPING) sleeping++;
    }
    return sleeping;
  }
}

/** A longer copy of a typed array (at least `length`, by doubling); new elements are `fill`. */
function grownTo<T extends Float32Array | Int32Array>(array: T, length: number, fill = 0): T {
  let capacity = Math.max(array.length, 1);
  while (capacity < length) capacity *= 2;
  const next = new (array.constructor as new (length: number) => T)(capacity);
  next.set(array);
  if (fill !== 0) next.fill(fill, array.length);
  return next;
}
