// The order the solver works a step's manifolds in. By level in the contact graph first — how many contacts away from an
// immovable body (the ground, statics, sleeping and kinematic bodies) — lowest first, so one
// sweep carries support up a stack and its weight down (the order of shock propagation,
// Guendelman, Bridson & Fedkiw 2003); then, within a level, by colour: greedy graph colouring as
// in Box2D v3 (Catto, "Solver2D", 2024), so no two manifolds of one colour share a moving body.

import type { Body } from 'cannon-es';
import type { ManifoldBuffer } from './manifoldStore';

/** Colours per level; a manifold that finds them all taken joins the last, the overflow. */
const COLOURS = 32;
/** The overflow colour: its manifolds may share bodies. */
const OVERFLOW = COLOURS - 1;

/** Whether a run of this key (see ContactOrder.keyAt) may share moving bodies: the overflow's. */
export function mayShareBodies(key: number): boolean {
  return key % COLOURS === OVERFLOW;
}

/**
 * A step's solve order, recomputed from the manifolds and the bodies' solve masses alone (so
 * from the state alone): `order[0 … count − 1]` are manifold numbers, by level, then colour,
 * then manifold number. Runs of one level and colour share no moving body: the unit a
 * parallel solve would split, in this same order.
 */
export class ContactOrder {
  count = 0;
  order = new Int32Array(256);
  private level = new Int32Array(256);
  private queue = new Int32Array(256);
  private firstEdge = new Int32Array(257);
  private edges = new Int32Array(512);
  private key = new Int32Array(256);
  /** Per body and level slot (see compute): the colours its manifolds there have taken. */
  private mask = new Int32Array(512);
  private bucket = new Int32Array(64);

  /** Orders `buffer`'s manifolds over `bodies` (world.bodies, whose solve masses are set). */
  compute(buffer: ManifoldBuffer, bodies: readonly Body[]): void {
    const count = buffer.count;
    this.reserve(count, bodies.length);
    this.count = count;
    this.levels(buffer, bodies);
    let maxKey = 0;
    const key = this.key;
    const level = this.level;
    const mask = this.mask;
    mask.fill(0, 0, 2 * bodies.length);
    for (let m = 0; m < count; m++) {
      const a = buffer.bodyA[m];
      const b = buffer.bodyB[m];
      const la = level[a];
      const lb = level[b];
      const l = la < lb ? la : lb;
      // A manifold's level is its lower body's, and touching bodies' levels differ by at most
      // one (breadth first), so a moving body's manifolds sit at its own level or the one
      // below: slot 2i + 1 or 2i of `mask` holds the colours it has taken at each.
      const movesA = bodies[a].invMassSolve > 0;
      const movesB = bodies[b].invMassSolve > 0;
      const slotA = 2 * a + 1 + l - la;
      const slotB = 2 * b + 1 + l - lb;
      const takenA = movesA ? mask[slotA] : 0;
      const takenB = movesB ? mask[slotB] : 0;
      const free = ~(takenA | takenB);
      let colour = free === 0 ? OVERFLOW : 31 - Math.clz32(free & -free);
      if (colour > OVERFLOW) colour = OVERFLOW;
      if (colour < OVERFLOW) {
        if (movesA) mask[slotA] = takenA | (1 << colour);
        if (movesB) mask[slotB] = takenB | (1 << colour);
      }
      key[m] = l * COLOURS + colour;
      if (key[m] > maxKey) maxKey = key[m];
    }
    this.sortByKey(count, maxKey);
  }

  /**
   * Each body's level: 0 for an immovable one (zero solve mass), else one more than the lowest
   * level among the bodies it touches (breadth first, in body and manifold order); a group of
   * touching bodies that reaches no immovable one is level 1 throughout.
   */
  private levels(buffer: ManifoldBuffer, bodies: readonly Body[]): void {
    const n = bodies.length;
    const count = buffer.count;
    const firstEdge = this.firstEdge;
    const edges = this.edges;
    const level = this.level;
    const queue = this.queue;
    firstEdge.fill(0, 0, n + 1);
    for (let m = 0; m < count; m++) {
      firstEdge[buffer.bodyA[m] + 1]++;
      firstEdge[buffer.bodyB[m] + 1]++;
    }
    for (let i = 0; i < n; i++) firstEdge[i + 1] += firstEdge[i];
    // queue as a fill cursor per body while the edge lists are written.
    for (let i = 0; i < n; i++) queue[i] = firstEdge[i];
    for (let m = 0; m < count; m++) {
      edges[queue[buffer.bodyA[m]]++] = m;
      edges[queue[buffer.bodyB[m]]++] = m;
    }
    let head = 0;
    let tail = 0;
    for (let i = 0; i < n; i++) {
      if (bodies[i].invMassSolve === 0) {
        level[i] = 0;
        queue[tail++] = i;
      } else level[i] = -1;
    }
    while (head < tail) {
      const i = queue[head++];
      for (let e = firstEdge[i]; e < firstEdge[i + 1]; e++) {
        const m = edges[e];
        const j = buffer.bodyA[m] === i ? buffer.bodyB[m] : buffer.bodyA[m];
        if (level[j] < 0) {
          level[j] = level[i] + 1;
          queue[tail++] = j;
        }
      }
    }
    for (let i = 0; i < n; i++) if (level[i] < 0) level[i] = 1;
  }

  /**
   * Position o's run key, level × COLOURS + colour: positions of one key are consecutive, and
   * unless mayShareBodies(key) no two of them share a moving body.
   */
  keyAt(o: number): number {
    return this.key[this.order[o]];
  }

  /** Counting sort of the manifolds by key, stable. */
  private sortByKey(count: number, maxKey: number): void {
    if (this.bucket.length < maxKey + 2) this.bucket = new Int32Array(2 * (maxKey + 2));
    const bucket = this.bucket;
    const key = this.key;
    bucket.fill(0, 0, maxKey + 2);
    for (let m = 0; m < count; m++) bucket[key[m] + 1]++;
    for (let k = 0; k <= maxKey; k++) bucket[k + 1] += bucket[k];
    const order = this.order;
    for (let m = 0; m < count; m++) order[bucket[key[m]]++] = m;
  }

  private reserve(count: number, bodies: number): void {
    if (this.order.length < count) {
      this.order = new Int32Array(2 * count);
      this.key = new Int32Array(2 * count);
    }
    if (this.edges.length < 2 * count) this.edges = new Int32Array(4 * count);
    if (this.level.length < bodies) {
      const n = 2 * bodies;
      this.level = new Int32Array(n);
      this.queue = new Int32Array(n);
      this.firstEdge = new Int32Array(n + 1);
      this.mask = new Int32Array(2 * n);
    }
  }
}
