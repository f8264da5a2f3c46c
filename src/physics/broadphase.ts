// cannon-es's sweep-and-prune broadphase with its inner loop in the order that lets sleeping
// bodies cost nothing: the sweep stops at the first body past the bounds, asleep or not.

import { Body, SAPBroadphase } from 'cannon-es';
import type { World } from 'cannon-es';

/**
 * cannon-es's SAPBroadphase asks "do these two need testing?" before "are they still within
 * reach along the axis?", and a pair of sleeping (or static) bodies answers no and `continue`s,
 * so the sweep from a sleeping body never stops early: a settled pile of n bodies costs n²/2
 * pair checks every step (measured: 5000 sleeping bodies, ~60 ms a step in the sweep alone).
 * Checking the bounds first makes the sweep stop where it should. The pairs it drops are only
 * ones whose bounding boxes are apart along the axis — the list is sorted by box lower bound,
 * and a box lies inside its bounding sphere — so narrowphase finds exactly the same contacts
 * in the same order (tests/unit/physics/tuning.test.ts compares state hashes with cannon-es's sweep
 * bit for bit).
 */
export class SleepAwareSAPBroadphase extends SAPBroadphase {
  constructor(world: World) {
    super(world);
  }

  /**
   * Per place in the sorted list: the bounds along the axis (centre ∓ bounding radius), the
   * centre along the other two axes and the radius — read from typed arrays in the pair loop
   * rather than from each body's objects: in a packed pile the loop meets every body about a
   * hundred times a step (pyramid × 11: 257,000 turns of it for 11,000 pairs).
   */
  private lower = new Float64Array(0);
  private upper = new Float64Array(0);
  private alongU = new Float64Array(0);
  private alongV = new Float64Array(0);
  private radius = new Float64Array(0);
  /** Centres, x y z per place, for the sphere test itself. */
  private centre = new Float64Array(0);
  /** 1 for a static or sleeping body: two of them are never a pair (needBroadphaseCollision). */
  private still = new Uint8Array(0);

  override collisionPairs(_world: World, p1: Body[], p2: Body[]): void {
    const bodies = this.axisList;
    const n = bodies.length;
    const axis = this.axisIndex;
    if (this.dirty) {
      this.sortList();
      this.dirty = false;
    }
    if (this.lower.length < n) this.reserve(2 * n);
    const { lower, upper, alongU, alongV, radius, centre, still } = this;
    // The other two axes, for a cheap first look at each pair within reach along `axis`.
    const a = axis === 0 ? 'x' : axis === 1 ? 'y' : 'z';
    const u = axis === 0 ? 'y' : 'x';
    const v = axis === 2 ? 'y' : 'z';
    for (let i = 0; i !== n; i++) {
      const body = bodies[i];
      const r = body.boundingRadius;
      const p = body.position;
      // SAPBroadphase.checkBounds's sums, so the loop stops where it would.
      lower[i] = p[a] - r;
      upper[i] = p[a] + r;
      alongU[i] = p[u];
      alongV[i] = p[v];
      radius[i] = r;
      centre[3 * i] = p.x;
      centre[3 * i + 1] = p.y;
      centre[3 * i + 2] = p.z;
      still[i] = (body.type & Body.STATIC) !== 0 || body.sleepState === Body.SLEEPING ? 1 : 0;
    }
    const spheres = !this.useBoundingBoxes;
    for (let i = 0; i !== n; i++) {
      const end = upper[i];
      const ri = radius[i];
      const ui = alongU[i];
      const vi = alongV[i];
      const stillI = still[i];
      const bi = bodies[i];
      for (let j = i + 1; j < n; j++) {
        if (!(lower[j] < end)) break;
        // A settled pile costs only this loop over the bounds.
        if (stillI === 1 && still[j] === 1) continue;
        const bj = bodies[j];
        if (!spheres) {
          if (this.needBroadphaseCollision(bi, bj)) this.intersectionTest(bi, bj, p1, p2);
          continue;
        }
        // Apart along either other axis by more than the radii: apart as spheres too.
        const reach = ri + radius[j];
        if (Math.abs(alongU[j] - ui) > reach || Math.abs(alongV[j] - vi) > reach) continue;
        // Broadphase.doBoundingSphereBroadphase's test, its arithmetic in its order (its
        // (rᵢ + rⱼ) ** 2 is fdlibm's pow, which returns x·x for y = 2): the same pairs in the
        // same order as cannon-es's sweep, fewer objects read.
        const dx = centre[3 * j] - centre[3 * i];
        const dy = centre[3 * j + 1] - centre[3 * i + 1];
        const dz = centre[3 * j + 2] - centre[3 * i + 2];
        if (!(dx * dx + dy * dy + dz * dz < reach * reach)) continue;
        if (this.needBroadphaseCollision(bi, bj)) {
          p1.push(bi);
          p2.push(bj);
        }
      }
    }
  }

  private reserve(n: number): void {
    this.lower = new Float64Array(n);
    this.upper = new Float64Array(n);
    this.alongU = new Float64Array(n);
    this.alongV = new Float64Array(n);
    this.radius = new Float64Array(n);
    this.centre = new Float64Array(3 * n);
    this.still = new Uint8Array(n);
  }
}
