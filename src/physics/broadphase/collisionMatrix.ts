// A drop-in for cannon-es's ArrayCollisionMatrix (which body pairs touched this step) that costs
// what the contacts cost, not what the body count squared costs.

import { ArrayCollisionMatrix } from 'cannon-es';
import type { Body } from 'cannon-es';

/**
 * cannon-es keeps a dense triangular array of n(n−1)/2 flags and zeroes all of it every step;
 * its only reader is the step's "collide" event. At 1000 bodies that is 0.5 M writes per step,
 * at 5000 bodies 12.5 M writes and ~100 MB per matrix (the world keeps two). This one is an
 * open-addressing hash of the pairs set this step: `reset` just starts a new generation, so a
 * slot written in an older generation reads as empty. Same answers for every get/set sequence
 * (tests/unit/physics/broadphase/collisionMatrix.test.ts checks it against the original).
 */
export class SparseCollisionMatrix extends ArrayCollisionMatrix {
  private lows = new Int32Array(1024);
  private highs = new Int32Array(1024);
  private values = new Uint8Array(1024);
  private stamps = new Uint32Array(1024);
  private generation = 1;
  private used = 0;

  override get(bi: Body, bj: Body): number {
    const slot = this.find(bi.index, bj.index);
    return slot >= 0 && this.stamps[slot] === this.generation ? this.values[slot] : 0;
  }

  override set(bi: Body, bj: Body, value: boolean): void {
    let slot = this.find(bi.index, bj.index);
    if (slot >= 0 && this.stamps[slot] === this.generation) {
      this.values[slot] = value ? 1 : 0;
      return;
    }
    // An absent pair already reads 0, so clearing one needs no slot.
    if (!value) return;
    // Keep the table at most half full so probes stay short; growing is rare and amortised.
    if (2 * (this.used + 1) > this.stamps.length) {
      this.grow();
      slot = this.find(bi.index, bj.index);
    }
    const i = bi.index > bj.index ? bi.index : bj.index;
    const j = bi.index > bj.index ? bj.index : bi.index;
    const at = -slot - 1;
    this.lows[at] = j;
    this.highs[at] = i;
    this.values[at] = 1;
    this.stamps[at] = this.generation;
    this.used++;
  }

  override reset(): void {
    this.generation++;
    this.used = 0;
    if (this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
  }

  override setNumObjects(): void {
    // Nothing to size: the table holds pairs, not bodies.
  }

  /** The slot holding pair (a, b) this generation, or −(first free slot) − 1. */
  private find(a: number, b: number): number {
    const i = a > b ? a : b;
    const j = a > b ? b : a;
    const mask = this.stamps.length - 1;
    let slot = (Math.imul(i, 0x9e3779b1) ^ Math.imul(j, 0x85ebca6b)) & mask;
    const stamps = this.stamps;
    const generation = this.generation;
    while (stamps[slot] === generation) {
      if (this.highs[slot] === i && this.lows[slot] === j) return slot;
      slot = (slot + 1) & mask;
    }
    return -slot - 1;
  }

  private grow(): void {
    const lows = this.lows;
    const highs = this.highs;
    const values = this.values;
    const stamps = this.stamps;
    const capacity = 2 * stamps.length;
    this.lows = new Int32Array(capacity);
    this.highs = new Int32Array(capacity);
    this.values = new Uint8Array(capacity);
    this.stamps = new Uint32Array(capacity);
    const generation = this.generation;
    for (let s = 0; s < stamps.length; s++) {
      if (stamps[s] !== generation) continue;
      const at = -this.find(highs[s], lows[s]) - 1;
      this.lows[at] = lows[s];
      this.highs[at] = highs[s];
      this.values[at] = values[s];
      this.stamps[at] = generation;
    }
  }
}
