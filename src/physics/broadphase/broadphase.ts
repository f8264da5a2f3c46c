// cannon-es's sweep-and-prune broadphase with its inner loop in the order that lets sleeping
// bodies cost nothing: the sweep stops at the first body past the bounds, asleep or not.

import { Body, SAPBroadphase } from 'cannon-es';
import type { World } from 'cannon-es';
import { boxSortKey } from './boxSortKey';
import { sweepPairs } from './kernelCalls';
import { KernelMemory } from '../kernels/kernelMemory';
import type { BlockHolder, KernelMode } from '../kernels/kernelMemory';

/**
 * cannon-es's SAPBroadphase asks "do these two need testing?" before "are they still within
 * reach along the axis?", and a pair of sleeping (or static) bodies answers no and `continue`s,
 * so the sweep from a sleeping body never stops early: a settled pile of n bodies costs n²/2
 * pair checks every step (measured: 5000 sleeping bodies, ~60 ms a step in the sweep alone).
 * Checking the bounds first makes the sweep stop where it should. The pairs it drops are only
 * ones whose bounding boxes are apart along the axis — the list is sorted by box lower bound,
 * and a box lies inside its bounding sphere — so narrowphase finds exactly the same contacts
 * in the same order (tests/unit/physics/world/tuning.test.ts compares state hashes with cannon-es's sweep
 * bit for bit).
 */
export class SleepAwareSAPBroadphase extends SAPBroadphase implements BlockHolder {
  /**
   * Per place in the sorted list, what the pair loop (broadphaseSweep.ts) reads rather than each
   * body's objects — in a packed pile it meets every body about a hundred times a step (pyramid
   * × 11: 257,000 turns of it for 11,000 pairs) — and the pairs it finds, in a kernel memory of
   * the broadphase's own.
   */
  private readonly memory = new KernelMemory();
  private readonly blocks = {
    lower: this.memory.block(Float64Array, 0),
    upper: this.memory.block(Float64Array, 0),
    alongU: this.memory.block(Float64Array, 0),
    alongV: this.memory.block(Float64Array, 0),
    centre: this.memory.block(Float64Array, 0),
    radius: this.memory.block(Float64Array, 0),
    still: this.memory.block(Uint8Array, 0),
    group: this.memory.block(Int32Array, 0),
    mask: this.memory.block(Int32Array, 0),
    pairs: this.memory.block(Int32Array, 0),
  };
  private lower: Float64Array = new Float64Array(0);
  private upper: Float64Array = new Float64Array(0);
  private alongU: Float64Array = new Float64Array(0);
  private alongV: Float64Array = new Float64Array(0);
  private centre: Float64Array = new Float64Array(0);
  private radius: Float64Array = new Float64Array(0);
  /** 1 for a static or sleeping body: two of them are never a pair (needBroadphaseCollision). */
  private still: Uint8Array = new Uint8Array(0);
  private group: Int32Array = new Int32Array(0);
  private mask: Int32Array = new Int32Array(0);
  private pairs: Int32Array = new Int32Array(0);
  /** The sort's keys: each listed body's lower bound along the axis, in list order. */
  private keys: Float64Array = new Float64Array(0);

  constructor(world: World) {
    super(world);
    this.memory.hold(this);
  }

  /** Where the pair loop runs (see KernelMemory.mode). */
  get kernelMode(): KernelMode {
    return this.memory.mode;
  }

  bind(): void {
    const b = this.blocks;
    this.lower = b.lower.view;
    this.upper = b.upper.view;
    this.alongU = b.alongU.view;
    this.alongV = b.alongV.view;
    this.centre = b.centre.view;
    this.radius = b.radius.view;
    this.still = b.still.view;
    this.group = b.group.view;
    this.mask = b.mask.view;
    this.pairs = b.pairs.view;
  }

  override collisionPairs(_world: World, p1: Body[], p2: Body[]): void {
    const bodies = this.axisList;
    const n = bodies.length;
    if (this.dirty) {
      this.sortList();
      this.dirty = false;
    }
    if (!this.useBoundingBoxes) {
      this.pack(bodies);
      let count = this.sweep(n);
      if (2 * count > this.pairs.length) {
        this.memory.resize([[this.blocks.pairs, 4 * count]]);
        count = this.sweep(n);
      }
      // cannon-es empties p1 and p2 every step: one allocation of the right size, not a regrowth.
      p1.length = count;
      p2.length = count;
      const pairs = this.pairs;
      for (let k = 0; k < count; k++) {
        p1[k] = bodies[pairs[2 * k]];
        p2[k] = bodies[pairs[2 * k + 1]];
      }
      return;
    }
    // Bounding boxes: cannon-es's own test, on the same loop over the bounds.
    this.pack(bodies);
    const { lower, upper, still } = this;
    for (let i = 0; i !== n; i++) {
      const end = upper[i];
      const bi = bodies[i];
      for (let j = i + 1; j < n; j++) {
        if (!(lower[j] < end)) break;
        if (still[i] === 1 && still[j] === 1) continue;
        const bj = bodies[j];
        if (this.needBroadphaseCollision(bi, bj)) this.intersectionTest(bi, bj, p1, p2);
      }
    }
  }

  /**
   * cannon-es's sortList, the same order: the same stable insertion sort by each body's lower
   * bound along the axis, over the bounds packed once rather than read through each body, and
   * the bounds themselves found with less work. cannon-es refreshes every body's bounds whose
   * `aabbNeedsUpdate` is set; here a moving box's lower bound alone is worked out (boxSortKey.ts,
   * the same bits) and its flag left set — integrate sets it again every step anyway, and whoever
   * reads the bounds (a ray, aabbQuery) refreshes them first. A sleeping or static body, or any
   * other shape, is refreshed as cannon-es does it, once. The list keeps its order between steps
   * (it is state: exactState.ts saves it).
   */
  override sortList(): void {
    const list = this.axisList;
    const n = list.length;
    if (this.keys.length < n) this.keys = new Float64Array(2 * n);
    const keys = this.keys;
    const axis = this.axisIndex;
    for (let i = 0; i !== n; i++) {
      const body = list[i];
      let key = Number.NaN;
      if (body.aabbNeedsUpdate && body.sleepState !== Body.SLEEPING) key = boxSortKey(body, axis);
      if (Number.isNaN(key)) {
        if (body.aabbNeedsUpdate) body.updateAABB();
        const lower = body.aabb.lowerBound;
        key = axis === 0 ? lower.x : axis === 1 ? lower.y : lower.z;
      }
      keys[i] = key;
    }
    for (let i = 1; i < n; i++) {
      const key = keys[i];
      const body = list[i];
      let j = i - 1;
      // SAPBroadphase.insertionSortX's test: move on while not (a[j] ≤ v).
      for (; j >= 0; j--) {
        if (keys[j] <= key) break;
        keys[j + 1] = keys[j];
        list[j + 1] = list[j];
      }
      keys[j + 1] = key;
      list[j + 1] = body;
    }
  }

  /** Each body's bounds, centre, radius, stillness and filter by its place in the list. */
  private pack(bodies: readonly Body[]): void {
    const n = bodies.length;
    const b = this.blocks;
    if (this.lower.length < n) {
      const room = 2 * n;
      this.memory.resize([
        [b.lower, room],
        [b.upper, room],
        [b.alongU, room],
        [b.alongV, room],
        [b.centre, 3 * room],
        [b.radius, room],
        [b.still, room],
        [b.group, room],
        [b.mask, room],
        [b.pairs, 16 * room],
      ]);
    }
    const { lower, upper, alongU, alongV, radius, centre, still, group, mask } = this;
    const axis = this.axisIndex;
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
      group[i] = body.collisionFilterGroup;
      mask[i] = body.collisionFilterMask;
    }
  }

  /** sweepPairs over the packed list, in WebAssembly where the memory has the kernels. */
  private sweep(n: number): number {
    const most = this.pairs.length >> 1;
    return sweepPairs(
      this.memory.exports,
      n,
      this.lower,
      this.upper,
      this.alongU,
      this.alongV,
      this.centre,
      this.radius,
      this.still,
      this.group,
      this.mask,
      this.pairs,
      most,
    );
  }
}
