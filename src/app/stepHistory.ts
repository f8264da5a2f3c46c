// One world's recent steps, for the determinism lab: the state hash of each of the last 1024 steps,
// and the exact poses (with body ids) of the last 64, so the first step at which two worlds differ
// can be named down to the body and field. Written once per step without allocating (in either
// physics thread: the poses come from the snapshots a step publishes).

import { Snapshot } from 'fixed-step/interpolation';
import type { SceneSnapshots } from '../snapshot/snapshots';
import type { ComparedBody } from '../state/divergence';
import { toHex } from '../state/stateHasher';

/** Steps of hashes kept: 10 s at 100 Hz, far more than the two worlds ever drift apart. */
const HASHES = 1024;
/**
 * Steps of poses kept: the worlds run one after the other within a frame, at most a clamped
 * frame (25 steps at 100 Hz) apart, so the step being compared is always among the last 64.
 */
const POSES = 64;

export class StepHistory {
  private readonly high = new Uint32Array(HASHES);
  private readonly low = new Uint32Array(HASHES);
  private readonly steps = new Int32Array(HASHES).fill(-1);
  private capacity = 64;
  private readonly poses: Snapshot[] = [];
  private readonly ids: Int32Array[] = [];
  private readonly counts = new Int32Array(POSES);
  private latest = -1;

  constructor() {
    for (let k = 0; k < POSES; k++) {
      this.poses.push(new Snapshot(this.capacity));
      this.ids.push(new Int32Array(this.capacity));
    }
  }

  reset(): void {
    this.steps.fill(-1);
    this.latest = -1;
  }

  /**
   * After step `step`: its hash, and its poses and body ids from `poses` (the world's snapshots
   * right after the step, or the step as published by a worker) when there are any.
   */
  record(step: number, high: number, low: number, poses: SceneSnapshots | null): void {
    const at = step % HASHES;
    this.steps[at] = step;
    this.high[at] = high;
    this.low[at] = low;
    this.latest = step;
    const slot = step % POSES;
    if (!poses) {
      this.counts[slot] = -1;
      return;
    }
    const n = poses.count;
    if (n > this.capacity) this.grow(n);
    const pose = this.poses[slot];
    const current = poses.current;
    pose.position.set(current.position.subarray(0, 3 * n));
    pose.quaternion.set(current.quaternion.subarray(0, 4 * n));
    pose.velocity.set(current.velocity.subarray(0, 3 * n));
    pose.angularVelocity.set(current.angularVelocity.subarray(0, 3 * n));
    this.ids[slot].set(poses.bodies.ids.subarray(0, n));
    this.counts[slot] = n;
  }

  has(step: number): boolean {
    return step >= 0 && this.steps[step % HASHES] === step;
  }

  equals(other: StepHistory, step: number): boolean {
    const at = step % HASHES;
    return this.high[at] === other.high[at] && this.low[at] === other.low[at];
  }

  hex(step: number): string {
    const at = step % HASHES;
    return this.has(step) ? toHex(this.high[at] ?? 0, this.low[at] ?? 0) : '';
  }

  /** The bodies as they were after `step` (plain objects: only when a divergence is named), or null. */
  bodiesAt(step: number): ComparedBody[] | null {
    if (!this.has(step) || step + POSES <= this.latest) return null;
    const slot = step % POSES;
    if ((this.counts[slot] ?? -1) < 0) return null;
    const pose = this.poses[slot];
    const ids = this.ids[slot];
    const bodies: ComparedBody[] = [];
    for (let i = 0; i < (this.counts[slot] ?? 0); i++) {
      bodies.push({
        id: ids[i] ?? -1,
        position: Array.from(pose.position.subarray(3 * i, 3 * i + 3)),
        quaternion: Array.from(pose.quaternion.subarray(4 * i, 4 * i + 4)),
        velocity: Array.from(pose.velocity.subarray(3 * i, 3 * i + 3)),
        angularVelocity: Array.from(pose.angularVelocity.subarray(3 * i, 3 * i + 3)),
      } as ComparedBody);
    }
    return bodies;
  }

  private grow(count: number): void {
    while (this.capacity < count) this.capacity *= 2;
    for (let k = 0; k < POSES; k++) {
      this.poses[k].grow(this.capacity);
      const ids = new Int32Array(this.capacity);
      ids.set(this.ids[k]);
      this.ids[k] = ids;
    }
  }
}
