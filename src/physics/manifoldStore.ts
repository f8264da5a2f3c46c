// Persistent contact manifolds in flat arrays: for each touching shape pair, filed under its
// bodies' contact keys and shape numbers, the points that hold it (anchored in each body's frame,
// named by their features) and the impulses the solver accumulated on them last step — Bullet's
// btPersistentManifold and Box2D's b2Manifold, kept as state between steps.

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

/** Manifolds and points a buffer has room for at first; both double as scenes grow. */
const INITIAL_MANIFOLDS = 256;

/**
 * One step's manifolds, in the order the narrowphase met their pairs (the order the solver
 * works them in). Per manifold: who (keys, shapes, this step's body indices), the pose it was
 * made at, its normal, its points. Per point: its anchors on A and B (each in its body's
 * frame), its feature id and its impulses. Only these are state; `ri`, `rj` and `depth` are
 * this step's working values.
 */
export class ManifoldBuffer {
  count = 0;
  pointCount = 0;
  keyA = new Int32Array(INITIAL_MANIFOLDS);
  keyB = new Int32Array(INITIAL_MANIFOLDS);
  /** Shape A's number in its body + 256 × shape B's. */
  shapes = new Int32Array(INITIAL_MANIFOLDS);
  /** This step's places of A's and B's bodies in world.bodies. */
  bodyA = new Int32Array(INITIAL_MANIFOLDS);
  bodyB = new Int32Array(INITIAL_MANIFOLDS);
  /** Manifold m's points are P·m … P·m + points[m] − 1. */
  points = new Int32Array(INITIAL_MANIFOLDS);
  /** B's pose in A's frame when the points were made (see FRAME_WIDTH). */
  frame = new Float64Array(FRAME_WIDTH * INITIAL_MANIFOLDS);
  /** The contact normal, from A into B, in A's body frame. */
  normal = new Float64Array(3 * INITIAL_MANIFOLDS);
  /** This step's normal in world axes. */
  worldNormal = new Float64Array(3 * INITIAL_MANIFOLDS);
  /** This step's material numbers (see MATERIAL_WIDTH). */
  material = new Float64Array(MATERIAL_WIDTH * INITIAL_MANIFOLDS);
  /** 1 where both bodies and both shapes respond to collisions (cannon-es's `enabled`). */
  responds = new Uint8Array(INITIAL_MANIFOLDS);
  localA = new Float64Array(3 * P * INITIAL_MANIFOLDS);
  localB = new Float64Array(3 * P * INITIAL_MANIFOLDS);
  feature = new Int32Array(P * INITIAL_MANIFOLDS);
  impulse = new Float64Array(IMPULSE_WIDTH * P * INITIAL_MANIFOLDS);
  /** This step's contact point on A and on B relative to each body's centre, world axes. */
  ri = new Float64Array(3 * P * INITIAL_MANIFOLDS);
  rj = new Float64Array(3 * P * INITIAL_MANIFOLDS);
  /** Open-addressing index: slot → manifold + 1 (0: empty). Twice the manifolds, at least. */
  private slots = new Int32Array(4 * INITIAL_MANIFOLDS);

  clear(): void {
    this.count = 0;
    this.pointCount = 0;
    this.slots.fill(0);
  }

  /**
   * Appends a manifold of `points` points (1 … POINTS_PER_MANIFOLD, at P·m on) and files it for
   * `find`; returns its number m. The only allocation is growing, by doubling, past the largest
   * step so far.
   */
  add(keyA: number, keyB: number, shapes: number, points: number): number {
    const m = this.count;
    if (m === this.keyA.length) this.grow();
    this.count = m + 1;
    this.pointCount += points;
    this.keyA[m] = keyA;
    this.keyB[m] = keyB;
    this.shapes[m] = shapes;
    this.points[m] = points;
    if (2 * this.count > this.slots.length) this.rehash();
    else this.file(m);
    return m;
  }

  /** The manifold filed under these keys and shapes, or −1. */
  find(keyA: number, keyB: number, shapes: number): number {
    const slots = this.slots;
    const mask = slots.length - 1;
    let slot = hash(keyA, keyB, shapes) & mask;
    for (;;) {
      const entry = slots[slot];
      if (entry === 0) return -1;
      const m = entry - 1;
      if (this.keyA[m] === keyA && this.keyB[m] === keyB && this.shapes[m] === shapes) return m;
      slot = (slot + 1) & mask;
    }
  }

  private file(m: number): void {
    const slots = this.slots;
    const mask = slots.length - 1;
    let slot = hash(this.keyA[m], this.keyB[m], this.shapes[m]) & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = m + 1;
  }

  private rehash(): void {
    this.slots = new Int32Array(2 * this.slots.length);
    for (let m = 0; m < this.count; m++) this.file(m);
  }

  private grow(): void {
    const n = 2 * this.keyA.length;
    this.keyA = grown(this.keyA, n);
    this.keyB = grown(this.keyB, n);
    this.shapes = grown(this.shapes, n);
    this.bodyA = grown(this.bodyA, n);
    this.bodyB = grown(this.bodyB, n);
    this.points = grown(this.points, n);
    this.frame = grown(this.frame, FRAME_WIDTH * n);
    this.normal = grown(this.normal, 3 * n);
    this.worldNormal = grown(this.worldNormal, 3 * n);
    this.material = grown(this.material, MATERIAL_WIDTH * n);
    this.responds = grown(this.responds, n);
    this.localA = grown(this.localA, 3 * P * n);
    this.localB = grown(this.localB, 3 * P * n);
    this.feature = grown(this.feature, P * n);
    this.impulse = grown(this.impulse, IMPULSE_WIDTH * P * n);
    this.ri = grown(this.ri, 3 * P * n);
    this.rj = grown(this.rj, 3 * P * n);
  }
}

/** Mixes a pair's keys and shapes into a table position (multiplicative hashing). */
function hash(keyA: number, keyB: number, shapes: number): number {
  return (
    (Math.imul(keyA, 0x9e3779b1) ^ Math.imul(keyB, 0x85ebca6b) ^ Math.imul(shapes, 0xc2b2ae35)) >>>
    0
  );
}

function grown<T extends Int32Array | Float64Array | Uint8Array>(array: T, length: number): T {
  const next = new (array.constructor as new (length: number) => T)(length);
  next.set(array);
  return next;
}

/**
 * Last step's manifolds (`current`, what the solver used and the next step starts from) and
 * the buffer the narrowphase fills; `swap` makes the filled one current.
 */
export class ManifoldStore {
  current = new ManifoldBuffer();
  building = new ManifoldBuffer();

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
