// Per frame: the pose each body is drawn at, from its previous and current snapshot and alpha,
// in one of four render modes (interpolate, off, extrapolate, hermite).

import type { Snapshot, SnapshotPair } from '../snapshot/snapshots';
import {
  hermiteFlat3,
  integrateQuatFlat,
  SERIES_MIN_COS,
  SlerpWeights,
  slerpFlat,
} from './poseMath';
import { unhandled } from '../unhandled';

/**
 * The render modes of {@link interpolatePoses}: 'interpolate' (lerp/slerp), 'off' (the current
 * snapshot), 'extrapolate' (ahead by the velocities), 'hermite' (a cubic through both snapshots).
 */
export const INTERPOLATION_MODES = ['interpolate', 'off', 'extrapolate', 'hermite'] as const;

/**
 * How a frame is drawn from the previous and current snapshot: 'interpolate' (lerp/slerp,
 * smooth), 'off' (the current snapshot as is), 'extrapolate' (current pushed ahead by its
 * velocities), 'hermite' (a cubic through both snapshots and their velocities).
 */
export type InterpolationMode = (typeof INTERPOLATION_MODES)[number];

/** The pose every body is drawn at this frame; render turns it into instance matrices. */
export class FramePoses {
  /** Positions, body i at 3i. */
  position = new Float64Array(3 * 256);
  /** Unit quaternions (x, y, z, w), body i at 4i. */
  quaternion = new Float64Array(4 * 256);
  /**
   * 1 where the body is at rest (asleep at both snapshots): its pose is its current snapshot and
   * stays that while it sleeps, so render may keep the matrix it already wrote.
   */
  still = new Uint8Array(256);
  /**
   * Bodies written at the last `interpolatePoses`.
   * @default 0
   */
  count = 0;

  /**
   * Grows the arrays to hold `count` bodies (doubling), so a frame never allocates once a
   * scene's size has been seen.
   * @param count - bodies to hold.
   */
  ensureCapacity(count: number): void {
    if (count <= this.still.length) return;
    let capacity = this.still.length;
    while (capacity < count) capacity *= 2;
    this.position = new Float64Array(3 * capacity);
    this.quaternion = new Float64Array(4 * capacity);
    this.still = new Uint8Array(capacity);
  }
}

const weights = new SlerpWeights();

/**
 * The frame's alpha in an object, as the loop's FrameReport holds it: handed down to each mode's
 * loop rather than passed as a number, since a double passed to a call V8 does not inline is
 * boxed, 16 bytes a frame.
 */
export interface AlphaHolder {
  /** How far the display is past the current snapshot, in steps, in [0, 1). */
  readonly alpha: number;
}

/**
 * {@link interpolatePoses} with the alpha read from an object (a FrameReport, say): the same
 * poses, and nothing allocated, not even the 16 bytes a number passed to a call can cost.
 * @param snapshots - the previous and current snapshot.
 * @param times - holds the alpha (`report`, after `loop.frame(seconds, stepper, report)`).
 * @param mode - the render mode.
 * @param out - written for every body; keep one and reuse it.
 * @returns `out`.
 */
export function interpolateAt(
  snapshots: SnapshotPair,
  times: AlphaHolder,
  mode: InterpolationMode,
  out: FramePoses,
): FramePoses {
  const alpha = times.alpha;
  const n = snapshots.count;
  out.ensureCapacity(n);
  out.count = n;
  switch (mode) {
    case 'off':
      copyPoses(snapshots, snapshots.current, out);
      break;
    case 'interpolate':
      // At alpha 0 the blend is the previous snapshot exactly; copying it is exact and cheaper.
      if (alpha === 0) copyPoses(snapshots, snapshots.previous, out);
      else blendPoses(snapshots, times, out);
      break;
    case 'extrapolate':
      extrapolatePoses(snapshots, times, out);
      break;
    case 'hermite':
      hermitePoses(snapshots, times, out);
      break;
    default:
      unhandled(mode, 'render mode');
  }
  return out;
}

/** The alpha {@link interpolatePoses} was handed, held for {@link interpolateAt}. */
const held = { alpha: 0 };

/**
 * Writes the pose every body is drawn at, from the two snapshots and alpha (how far the display
 * is past the current snapshot, in steps of `snapshots.intervalSeconds`):
 * - interpolate: lerp/slerp previous → current. Smooth, one step behind the display.
 * - off: current as is. Judders whenever steps per frame vary (60 Hz frames, 100 Hz steps: 1,2,2).
 * - extrapolate: current pushed forward by its velocities × alpha·h. On time, but overshoots
 *   whenever a collision is about to change the velocity.
 * - hermite: cubic Hermite on position using both snapshots' velocities (slerp for orientation:
 *   a velocity-aware quaternion curve would need angular accelerations the snapshots lack).
 *
 * Allocation-free once `out` has grown to the body count, but for the alpha a call boxes (16 B).
 * @param snapshots - the previous and current snapshot (a BodySnapshots).
 * @param alpha - how far the display is past the current snapshot, in steps, in [0, 1]
 *   (`FrameReport.alpha`).
 * @param mode - the render mode.
 * @param out - written for every body; keep one and reuse it.
 * @returns `out`.
 * @see https://gafferongames.com/post/fix_your_timestep/ — "Fix Your Timestep!" by Glenn
 * Fiedler, "The final touch": state = current·alpha + previous·(1 − alpha).
 */
export function interpolatePoses(
  snapshots: SnapshotPair,
  alpha: number,
  mode: InterpolationMode,
  out: FramePoses,
): FramePoses {
  held.alpha = alpha;
  return interpolateAt(snapshots, held, mode, out);
}

/** An indexed copy, not set(subarray()): a subarray view would allocate every frame. */
function copyPoses(snapshots: SnapshotPair, from: Snapshot, out: FramePoses): void {
  const n = snapshots.count;
  const position = from.position;
  const quaternion = from.quaternion;
  const toPosition = out.position;
  const toQuaternion = out.quaternion;
  for (let k = 0; k < 3 * n; k++) toPosition[k] = position[k];
  for (let k = 0; k < 4 * n; k++) toQuaternion[k] = quaternion[k];
  markStill(snapshots, out);
}

/**
 * A body asleep at both snapshots has not moved and has no velocity, so every render mode draws
 * it at its current pose: render may keep the matrix it already wrote.
 */
function markStill(snapshots: SnapshotPair, out: FramePoses): void {
  const asleep = snapshots.asleep;
  const previousAsleep = snapshots.previousAsleep;
  const still = out.still;
  for (let i = 0; i < snapshots.count; i++) still[i] = asleep[i] & previousAsleep[i];
}

/** Current pushed forward by its velocity and angular velocity for alpha of a step. */
function extrapolatePoses(snapshots: SnapshotPair, times: AlphaHolder, out: FramePoses): void {
  const alpha = times.alpha;
  const n = snapshots.count;
  const cur = snapshots.current;
  const curPos = cur.position;
  const v = cur.velocity;
  const outPos = out.position;
  const ahead = alpha * snapshots.intervalSeconds;
  for (let i = 0; i < n; i++) {
    const i3 = 3 * i;
    outPos[i3] = curPos[i3] + v[i3] * ahead;
    outPos[i3 + 1] = curPos[i3 + 1] + v[i3 + 1] * ahead;
    outPos[i3 + 2] = curPos[i3 + 2] + v[i3 + 2] * ahead;
    integrateQuatFlat(out.quaternion, 4 * i, cur.quaternion, 4 * i, cur.angularVelocity, i3, ahead);
  }
  markStill(snapshots, out);
}

/** Cubic Hermite on position from both snapshots' velocities; slerp for orientation. */
function hermitePoses(snapshots: SnapshotPair, times: AlphaHolder, out: FramePoses): void {
  const alpha = times.alpha;
  const n = snapshots.count;
  const prev = snapshots.previous;
  const cur = snapshots.current;
  const h = snapshots.intervalSeconds;
  for (let i = 0; i < n; i++) {
    hermiteFlat3(
      out.position,
      3 * i,
      prev.position,
      prev.velocity,
      cur.position,
      cur.velocity,
      3 * i,
      h,
      alpha,
    );
    slerpFlat(out.quaternion, 4 * i, prev.quaternion, 4 * i, cur.quaternion, 4 * i, alpha);
  }
  markStill(snapshots, out);
}

/**
 * lerp and slerp for every body, hand-inlined: this loop is the per-frame cost that grows with
 * the body count. A body asleep at both snapshots did not move, so it takes the current pose
 * as is. Quaternion pairs one step apart are nearly always within SERIES_MIN_COS: their slerp
 * weights are two polynomials whose coefficients depend on alpha alone (SlerpWeights, once per
 * frame), evaluated by Estrin's scheme (c², c⁴, c⁸ shared) so the chain of dependent
 * multiplications stays short. A wider turn takes the trigonometric slerpFlat.
 */
function blendPoses(snapshots: SnapshotPair, times: AlphaHolder, out: FramePoses): void {
  const alpha = times.alpha;
  const n = snapshots.count;
  const prevPos = snapshots.previous.position;
  const curPos = snapshots.current.position;
  const prevQuat = snapshots.previous.quaternion;
  const curQuat = snapshots.current.quaternion;
  const asleep = snapshots.asleep;
  const previousAsleep = snapshots.previousAsleep;
  const outPos = out.position;
  const outQuat = out.quaternion;
  const still = out.still;
  weights.setAlpha(times);
  const f = weights.from;
  const t = weights.to;
  const f0 = f[0],
    f1 = f[1],
    f2 = f[2],
    f3 = f[3];
  const f4 = f[4],
    f5 = f[5],
    f6 = f[6],
    f7 = f[7];
  const f8 = f[8];
  const t0 = t[0],
    t1 = t[1],
    t2 = t[2],
    t3 = t[3];
  const t4 = t[4],
    t5 = t[5],
    t6 = t[6],
    t7 = t[7];
  const t8 = t[8];
  // Lerp from whichever end alpha is nearer, as lerpFlat3 does (exact at a == b).
  const near = alpha < 0.5;
  const s = near ? alpha : alpha - 1;
  for (let i = 0; i < n; i++) {
    const i3 = 3 * i;
    const i4 = 4 * i;
    const atRest = asleep[i] & previousAsleep[i];
    still[i] = atRest;
    if (atRest) {
      outPos[i3] = curPos[i3];
      outPos[i3 + 1] = curPos[i3 + 1];
      outPos[i3 + 2] = curPos[i3 + 2];
      outQuat[i4] = curQuat[i4];
      outQuat[i4 + 1] = curQuat[i4 + 1];
      outQuat[i4 + 2] = curQuat[i4 + 2];
      outQuat[i4 + 3] = curQuat[i4 + 3];
      continue;
    }
    const px = prevPos[i3],
      py = prevPos[i3 + 1],
      pz = prevPos[i3 + 2];
    const cx = curPos[i3],
      cy = curPos[i3 + 1],
      cz = curPos[i3 + 2];
    outPos[i3] = (near ? px : cx) + (cx - px) * s;
    outPos[i3 + 1] = (near ? py : cy) + (cy - py) * s;
    outPos[i3 + 2] = (near ? pz : cz) + (cz - pz) * s;

    const ax = prevQuat[i4],
      ay = prevQuat[i4 + 1],
      az = prevQuat[i4 + 2],
      aw = prevQuat[i4 + 3];
    let bx = curQuat[i4],
      by = curQuat[i4 + 1],
      bz = curQuat[i4 + 2],
      bw = curQuat[i4 + 3];
    let cos = ax * bx + ay * by + az * bz + aw * bw;
    if (cos < 0) {
      bx = -bx;
      by = -by;
      bz = -bz;
      bw = -bw;
      cos = -cos;
    }
    if (cos < SERIES_MIN_COS) {
      slerpFlat(outQuat, i4, prevQuat, i4, curQuat, i4, alpha);
      continue;
    }
    const c = cos - 1;
    const c2 = c * c;
    const c4 = c2 * c2;
    const wa =
      f0 + f1 * c + (f2 + f3 * c) * c2 + (f4 + f5 * c + (f6 + f7 * c) * c2) * c4 + f8 * c4 * c4;
    const wb =
      t0 + t1 * c + (t2 + t3 * c) * c2 + (t4 + t5 * c + (t6 + t7 * c) * c2) * c4 + t8 * c4 * c4;
    outQuat[i4] = ax * wa + bx * wb;
    outQuat[i4 + 1] = ay * wa + by * wb;
    outQuat[i4 + 2] = az * wa + bz * wb;
    outQuat[i4 + 3] = aw * wa + bw * wb;
  }
}
