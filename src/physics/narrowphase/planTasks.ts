// The manifold narrowphase's plan over its pair tasks, as a kernel (kernelTypes.ts): bounding
// spheres, last step's manifold, the pair's relative frame and whether it may keep its points,
// and for two boxes their separating axes — all before any contact generator runs.

import { BOX_PAIR_WORK, separatingAxis } from '../contacts/boxSeparation';
import { BOX_BOX_JOB } from './jobKinds';
import type { int } from '../kernels/kernelTypes';
import { findManifold } from '../manifolds/manifoldIndex';
import { FRAME_WIDTH } from '../manifolds/manifoldStore';

/** Per body in the packed poses: position (3), quaternion (4), bounding radius. */
export const BODY_POSE_WIDTH = 8;
/** Per shape in the packed shape poses: world position (3), quaternion (4), bounding radius. */
export const SHAPE_POSE_WIDTH = 8;
/** Per shape in the packed shape sizes: a box's half extents (zero for other shapes). */
export const SHAPE_SIZE_WIDTH = 3;
/** Scratch a plan needs (the box pairs' separating-axis test). */
export const PLAN_WORK = BOX_PAIR_WORK;
/** A task's state after planning. */
export const TASK_APART = 0;
export const TASK_MAKE = 1;
export const TASK_KEEP = 2;

/**
 * Plans tasks [from, to) (each writes only its own: ranges may be planned in any order): a
 * slot with no shape pair (kind −1) is TASK_APART; a pair whose shapes' bounding spheres are apart is TASK_APART (as
 * cannon-es's getContacts tests them); else its last-step manifold is found by keys and shapes,
 * its relative frame written (see relativeFrame), and it is TASK_KEEP when it had a manifold
 * and has moved at most `limits[0]` (reuseMotion, > 0) since its points were made, else TASK_MAKE — or
 * TASK_APART for two boxes that a separating axis holds apart, as their generator would find
 * before making any point (most pairs of a packed pile: pyramid × 11, 11,000 of 18,000 a step).
 * @kernel an entry point of the compiled module; called through kernelCalls.ts.
 */
export function planTasks(
  from: int,
  to: int,
  limits: Float64Array,
  bodyA: Int32Array,
  bodyB: Int32Array,
  slotA: Int32Array,
  slotB: Int32Array,
  keyA: Int32Array,
  keyB: Int32Array,
  shapes: Int32Array,
  kind: Int32Array,
  state: Int32Array,
  previous: Int32Array,
  frame: Float64Array,
  bodyPoses: Float64Array,
  shapePoses: Float64Array,
  shapeSizes: Float64Array,
  work: Float64Array,
  slots: Int32Array,
  mask: int,
  oldKeyA: Int32Array,
  oldKeyB: Int32Array,
  oldShapes: Int32Array,
  oldFrame: Float64Array,
): void {
  // In memory, not an argument: no caller passes a double through a call (V8 would box it).
  const reuseMotion = limits[0];
  for (let t = from; t < to; t++) {
    // A slot no shape pair of ours filled (see taskPairs.ts).
    if (kind[t] < 0) {
      state[t] = TASK_APART;
      previous[t] = -1;
      continue;
    }
    // cannon-es: xi.distanceTo(xj) > si.boundingSphereRadius + sj.boundingSphereRadius.
    const sa = SHAPE_POSE_WIDTH * slotA[t];
    const sb = SHAPE_POSE_WIDTH * slotB[t];
    const dx = shapePoses[sb] - shapePoses[sa];
    const dy = shapePoses[sb + 1] - shapePoses[sa + 1];
    const dz = shapePoses[sb + 2] - shapePoses[sa + 2];
    const distance = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (distance > shapePoses[sa + 7] + shapePoses[sb + 7]) {
      state[t] = TASK_APART;
      previous[t] = -1;
      continue;
    }
    const m = findManifold(slots, mask, oldKeyA, oldKeyB, oldShapes, keyA[t], keyB[t], shapes[t]);
    previous[t] = m;
    const a = BODY_POSE_WIDTH * bodyA[t];
    const b = BODY_POSE_WIDTH * bodyB[t];
    relativeFrame(bodyPoses, a, b, frame, FRAME_WIDTH * t);
    state[t] = TASK_MAKE;
    if (m >= 0 && reuseMotion > 0) {
      if (frameMotion(oldFrame, m, frame, t, bodyPoses, a, b) <= reuseMotion) state[t] = TASK_KEEP;
    }
    if (state[t] === TASK_MAKE && kind[t] === BOX_BOX_JOB) {
      const ha = SHAPE_SIZE_WIDTH * slotA[t];
      const hb = SHAPE_SIZE_WIDTH * slotB[t];
      if (separatingAxis(shapePoses, sa, sb, shapeSizes, ha, hb, work, 0) < 0)
        state[t] = TASK_APART;
    }
  }
}

/**
 * Writes into out[at..at+6] the pose of the pair's mover (the body of smaller bounding radius:
 * A when strictly smaller, else B) in the other body's frame: position (3), quaternion (4) —
 * from the bodies packed at `a` and `b` of `poses`.
 */
function relativeFrame(poses: Float64Array, a: int, b: int, out: Float64Array, at: int): void {
  const moverIsA = poses[a + 7] < poses[b + 7];
  const fixed = moverIsA ? b : a;
  const mover = moverIsA ? a : b;
  // The mover's centre seen from the fixed body: the offset turned by its inverse, conj(q).
  out[at] = poses[mover] - poses[fixed];
  out[at + 1] = poses[mover + 1] - poses[fixed + 1];
  out[at + 2] = poses[mover + 2] - poses[fixed + 2];
  turn(poses, fixed, -1, out, at, out, at);
  // conj(q) ⊗ q_mover, in cannon-es's product order (Quaternion.mult).
  const x = -poses[fixed + 3];
  const y = -poses[fixed + 4];
  const z = -poses[fixed + 5];
  const w = poses[fixed + 6];
  const bx = poses[mover + 3];
  const by = poses[mover + 4];
  const bz = poses[mover + 5];
  const bw = poses[mover + 6];
  out[at + 3] = x * bw + w * bx + y * bz - z * by;
  out[at + 4] = y * bw + w * by + z * bx - x * bz;
  out[at + 5] = z * bw + w * bz + x * by - y * bx;
  out[at + 6] = w * bw - x * bx - y * by - z * bz;
}

/**
 * An upper bound (for small turns) on how far any point of the mover has moved in the fixed
 * body's frame between the stored frame `frames[m]` and the current one `current[t]`: the shift
 * of its centre plus its bounding radius × the turn angle, the angle taken as twice the sine of
 * its half (|vector part| of the turn quaternion). Square roots only: exact everywhere.
 */
function frameMotion(
  frames: Float64Array,
  m: int,
  current: Float64Array,
  t: int,
  poses: Float64Array,
  a: int,
  b: int,
): number {
  const f = FRAME_WIDTH * m;
  const c = FRAME_WIDTH * t;
  const radius = poses[a + 7] < poses[b + 7] ? poses[a + 7] : poses[b + 7];
  const dx = current[c] - frames[f];
  const dy = current[c + 1] - frames[f + 1];
  const dz = current[c + 2] - frames[f + 2];
  // conj(stored) ⊗ current: the turn since the points were made; its vector part only.
  const x = -frames[f + 3];
  const y = -frames[f + 4];
  const z = -frames[f + 5];
  const w = frames[f + 6];
  const bx = current[c + 3];
  const by = current[c + 4];
  const bz = current[c + 5];
  const bw = current[c + 6];
  const tx = x * bw + w * bx + y * bz - z * by;
  const ty = y * bw + w * by + z * bx - x * bz;
  const tz = z * bw + w * bz + x * by - y * bx;
  return (
    Math.sqrt(dx * dx + dy * dy + dz * dz) + 2 * Math.sqrt(tx * tx + ty * ty + tz * tz) * radius
  );
}

/**
 * v = q · src[at..] (sense 1) or conj(q) · src[at..] (sense −1), q the quaternion packed at
 * poses[pose + 3 ..]: a body-frame vector in world axes, or back (in place too: it reads src
 * first). v' = v + 2w(u × v) + 2u × (u × v), u the vector part: products and sums only.
 */
export function turn(
  poses: Float64Array,
  pose: int,
  sense: number,
  src: Float64Array,
  at: int,
  dst: Float64Array,
  to: int,
): void {
  const x = sense * poses[pose + 3];
  const y = sense * poses[pose + 4];
  const z = sense * poses[pose + 5];
  const w = poses[pose + 6];
  const vx = src[at];
  const vy = src[at + 1];
  const vz = src[at + 2];
  const cx = 2 * (y * vz - z * vy);
  const cy = 2 * (z * vx - x * vz);
  const cz = 2 * (x * vy - y * vx);
  dst[to] = vx + w * cx + (y * cz - z * cy);
  dst[to + 1] = vy + w * cy + (z * cx - x * cz);
  dst[to + 2] = vz + w * cz + (x * cy - y * cx);
}
