// Persistent contact manifolds in flat arrays: for each touching shape pair, filed under its
// bodies' contact keys and shape numbers, the points that hold it (anchored in each body's frame,
// named by their features) and the impulses the solver accumulated on them last step — Bullet's
// btPersistentManifold and Box2D's b2Manifold, kept as state between steps.

import { KernelMemory } from '../kernels/kernelMemory';
import type { Block, BlockHolder } from '../kernels/kernelMemory';
import { fileManifold, findManifold } from './manifoldIndex';

/**
 * Points a manifold keeps. Face patches are cut to four (faceClipping.ts); a box more than
 * half under a plane, whose generator lists every corner below it, keeps its four deepest.
 */
export const POINTS_PER_MANIFOLD = 4;
const P = POINTS_PER_MANIFOLD;
/** Numbers per manifold in `frame`: B's position (3) and orientation (4) in A's body frame. */
export const FRAME_WIDTH = 7;
/** Per point in `impulse`: the normal impulse, then the friction impulse as a world vector. */
export const IMPULSE_WIDTH = 4;
export const IMPULSE_NORMAL = 0;
export const IMPULSE_FRICTION = 1;

/**
 * Per manifold in `material`, this step's contact material as the solver needs it: the
 * restitution, the normal rows' SPOOK a, b and ε, the friction rows' b and ε, and the friction
 * rows' impulse bound μ·g·(reduced mass) (0: no friction rows).
 */
export const MATERIAL_RESTITUTION = 0;
export const MATERIAL_A = 1;
export const MATERIAL_B = 2;
export const MATERIAL_EPS = 3;
export const MATERIAL_FRICTION_B = 4;
export const MATERIAL_FRICTION_EPS = 5;
export const MATERIAL_FRICTION_BOUND = 6;
export const MATERIAL_WIDTH = 7;

/** Manifolds a buffer has room for at first; room doubles as scenes grow (see reserve). */
const INITIAL_MANIFOLDS = 256;

const I32 = Int32Array;
const F64 = Float64Array;
/** The arrays of a buffer, by name: their kind and numbers per manifold (P per point). */
const LAYOUT = {
  keyA: [I32, 1],
  keyB: [I32, 1],
  shapes: [I32, 1],
  bodyA: [I32, 1],
  bodyB: [I32, 1],
  points: [I32, 1],
  frame: [F64, FRAME_WIDTH],
  normal: [F64, 3],
  worldNormal: [F64, 3],
  material: [F64, MATERIAL_WIDTH],
  responds: [Uint8Array, 1],
  localA: [F64, 3 * P],
  localB: [F64, 3 * P],
  feature: [I32, P],
  impulse: [F64, IMPULSE_WIDTH * P],
  ri: [F64, 3 * P],
  rj: [F64, 3 * P],
} as const;
type ArrayName = keyof typeof LAYOUT;
const NAMES = Object.keys(LAYOUT) as ArrayName[];

/**
 * One step's manifolds, in the order the narrowphase met their pairs (the order the solver
 * works them in). Per manifold: who (keys, shapes, this step's body indices), the pose it was
 * made at, its normal, its points. Per point: its anchors on A and B (each in its body's
 * frame), its feature id and its impulses. Only these are state; `ri`, `rj` and `depth` are
 * this step's working values. The arrays lie in the world's kernel memory (kernelMemory.ts), so
 * the contact kernels read and write them in place; they are its views, read again after a layout.
 */
export class ManifoldBuffer implements BlockHolder {
  count = 0;
  pointCount = 0;
  /** Manifolds the arrays have room for (see reserve). */
  capacity = 0;
  keyA: Int32Array = new Int32Array(0);
  keyB: Int32Array = new Int32Array(0);
  /** Shape A's number in its body + 256 × shape B's. */
  shapes: Int32Array = new Int32Array(0);
  /** This step's places of A's and B's bodies in world.bodies. */
  bodyA: Int32Array = new Int32Array(0);
  bodyB: Int32Array = new Int32Array(0);
  /** Manifold m's points are P·m … P·m + points[m] − 1. */
  points: Int32Array = new Int32Array(0);
  /** B's pose in A's frame when the points were made (see FRAME_WIDTH). */
  frame: Float64Array = new Float64Array(0);
  /** The contact normal, from A into B, in A's body frame. */
  normal: Float64Array = new Float64Array(0);
  /** This step's normal in world axes. */
  worldNormal: Float64Array = new Float64Array(0);
  /** This step's material numbers (see MATERIAL_WIDTH). */
  material: Float64Array = new Float64Array(0);
  /** 1 where both bodies and both shapes respond to collisions (cannon-es's `enabled`). */
  responds: Uint8Array = new Uint8Array(0);
  localA: Float64Array = new Float64Array(0);
  localB: Float64Array = new Float64Array(0);
  feature: Int32Array = new Int32Array(0);
  impulse: Float64Array = new Float64Array(0);
  /** This step's contact point on A and on B relative to each body's centre, world axes. */
  ri: Float64Array = new Float64Array(0);
  rj: Float64Array = new Float64Array(0);
  /** Open-addressing index: slot → manifold + 1 (0: empty). A power of two, 4 × capacity. */
  slots: Int32Array = new Int32Array(0);
  private readonly blocks: Record<ArrayName, Block>;
  private readonly slotBlock: Block<Int32ArrayConstructor>;

  constructor(readonly memory: KernelMemory) {
    const blocks = {} as Record<ArrayName, Block>;
    for (const name of NAMES) blocks[name] = memory.block(LAYOUT[name][0], 0);
    this.blocks = blocks;
    this.slotBlock = memory.block(Int32Array, 0);
    memory.hold(this);
    this.reserve(INITIAL_MANIFOLDS);
  }

  bind(): void {
    const self = this as unknown as Record<ArrayName, unknown>;
    for (const name of NAMES) self[name] = this.blocks[name].view;
    this.slots = this.slotBlock.view;
    this.capacity = this.keyA.length;
  }

  /**
   * Room for `manifolds` manifolds (doubling past the largest so far). A layout moves every
   * array of the world's kernel memory: callers reserve before a pass, never inside one.
   */
  reserve(manifolds: number): void {
    // The growing apart, so this (called every step) makes no closure context: it allocates nothing.
    if (manifolds > this.capacity) this.grow(manifolds);
  }

  private grow(manifolds: number): void {
    let n = Math.max(this.capacity, INITIAL_MANIFOLDS);
    while (n < manifolds) n *= 2;
    const requests: [Block, number][] = NAMES.map((name) => [
      this.blocks[name],
      LAYOUT[name][1] * n,
    ]);
    requests.push([this.slotBlock, 4 * n]);
    this.memory.resize(requests);
    this.rehash();
  }

  clear(): void {
    this.count = 0;
    this.pointCount = 0;
    this.slots.fill(0);
  }

  /**
   * Appends a manifold of `points` points (1 … POINTS_PER_MANIFOLD, at P·m on) and files it for
   * `find`; returns its number m. There must be room (see reserve).
   */
  add(keyA: number, keyB: number, shapes: number, points: number): number {
    const m = this.count;
    if (m >= this.capacity) throw new Error(`ManifoldBuffer: no room for manifold ${m}.`);
    this.count = m + 1;
    this.pointCount += points;
    this.keyA[m] = keyA;
    this.keyB[m] = keyB;
    this.shapes[m] = shapes;
    this.points[m] = points;
    this.file(m);
    return m;
  }

  /** The manifold filed under these keys and shapes, or −1. */
  find(keyA: number, keyB: number, shapes: number): number {
    const mask = this.slots.length - 1;
    return findManifold(this.slots, mask, this.keyA, this.keyB, this.shapes, keyA, keyB, shapes);
  }

  private file(m: number): void {
    fileManifold(this.slots, this.slots.length - 1, this.keyA, this.keyB, this.shapes, m);
  }

  /** Files every manifold again (the index has a new size). */
  private rehash(): void {
    this.slots.fill(0);
    for (let m = 0; m < this.count; m++) this.file(m);
  }
}

/**
 * Last step's manifolds (`current`, what the solver used and the next step starts from) and
 * the buffer the narrowphase fills; `swap` makes the filled one current.
 */
export class ManifoldStore {
  /** The world's kernel memory: the buffers' arrays and the solver's (manifoldRows.ts). */
  readonly memory = new KernelMemory();
  current = new ManifoldBuffer(this.memory);
  building = new ManifoldBuffer(this.memory);

  /** Starts a step: the other buffer, emptied, becomes the one to fill. */
  begin(): ManifoldBuffer {
    this.building.clear();
    return this.building;
  }

  /** Ends a step's narrowphase: what was built is now current. */
  swap(): void {
    const built = this.building;
    this.building = this.current;
    this.current = built;
  }

  /** Forgets every manifold (a new scene, or before a saved state's manifolds are put back). */
  clear(): void {
    this.current.clear();
    this.building.clear();
  }
}
