// The manifold narrowphase's passes over its pair tasks as kernels (kernelTypes.ts): plan —
// bounding spheres, last step's manifold, the pair's relative frame and whether it may keep its
// points — and merge, which fills this step's manifolds in task order from kept or made points.

import { BOX_PAIR_WORK, separatingAxis } from './boxSeparation';
import { BOX_BOX_JOB } from './contactJobs';
import { POINT_SLOP } from './faceClipping';
import type { int } from './kernelTypes';
import { fileManifold, findManifold } from './manifoldIndex';
import { FRAME_WIDTH, IMPULSE_WIDTH, POINTS_PER_MANIFOLD } from './manifoldStore';

const P = POINTS_PER_MANIFOLD;
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
 * Old points within this distance of a new point (m, on body A) may hand it their impulses when
 * no old point has its feature id: Jolt's rule (1 cm) behind Box2D's, for the ids that change
 * where two edges lie along each other (aligned bricks: a corner of one on an edge of the other
 * is a vertex one step and a clipped point the next).
 */
const MATCH_DISTANCE = 0.01;

/**
 * Plans tasks [from, to) (each writes only its own: ranges may be planned on either thread): a
 * slot with no shape pair (kind −1) is TASK_APART; a pair whose shapes' bounding spheres are apart is TASK_APART (as
 * cannon-es's getContacts tests them); else its last-step manifold is found by keys and shapes,
 * its relative frame written (see relativeFrame), and it is TASK_KEEP when it had a manifold
 * and has moved at most `reuseMotion` (> 0) since its points were made, else TASK_MAKE — or
 * TASK_APART for two boxes that a separating axis holds apart, as their generator would find
 * before making any point (most pairs of a packed pile: pyramid × 11, 11,000 of 18,000 a step).
 */
export function planTasks(
  from: int,
  to: int,
  reuseMotion: number,
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
  for (let t = from; t < to; t++) {
    // A slot no shape pair of ours filled (see pairTasking.ts).
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
  // The fixed body's inverse turn, conj(q).
  const x = -poses[fixed + 3];
  const y = -poses[fixed + 4];
  const z = -poses[fixed + 5];
  const w = poses[fixed + 6];
  const dx = poses[mover] - poses[fixed];
  const dy = poses[mover + 1] - poses[fixed + 1];
  const dz = poses[mover + 2] - poses[fixed + 2];
  // v' = v + 2w(u × v) + 2u × (u × v), u the vector part.
  const cx = 2 * (y * dz - z * dy);
  const cy = 2 * (z * dx - x * dz);
  const cz = 2 * (x * dy - y * dx);
  out[at] = dx + w * cx + (y * cz - z * cy);
  out[at + 1] = dy + w * cy + (z * cx - x * cz);
  out[at + 2] = dz + w * cz + (x * cy - y * cx);
  // conj(q) ⊗ q_mover, in cannon-es's product order (Quaternion.mult).
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
 * Fills this step's manifolds from tasks [0, count), in task order: a TASK_KEEP task keeps last
 * step's points (keepPoints), a TASK_MAKE task takes its generator's (makePoints); one left with
 * no point has no manifold. manifoldOf[t] is task t's manifold, or −1. `counts` holds the new
 * buffer's manifold and point counts, read and written back.
 */
export function mergeTasks(
  count: int,
  state: Int32Array,
  previous: Int32Array,
  bodyA: Int32Array,
  bodyB: Int32Array,
  keyA: Int32Array,
  keyB: Int32Array,
  shapes: Int32Array,
  frame: Float64Array,
  bodyPoses: Float64Array,
  jobPoints: Int32Array,
  jobNormal: Float64Array,
  onA: Float64Array,
  onB: Float64Array,
  jobFeature: Int32Array,
  oldPoints: Int32Array,
  oldFrame: Float64Array,
  oldNormal: Float64Array,
  oldLocalA: Float64Array,
  oldLocalB: Float64Array,
  oldImpulse: Float64Array,
  oldFeature: Int32Array,
  newKeyA: Int32Array,
  newKeyB: Int32Array,
  newShapes: Int32Array,
  newBodyA: Int32Array,
  newBodyB: Int32Array,
  newPoints: Int32Array,
  newFrame: Float64Array,
  newNormal: Float64Array,
  worldNormal: Float64Array,
  localA: Float64Array,
  localB: Float64Array,
  feature: Int32Array,
  impulse: Float64Array,
  ri: Float64Array,
  rj: Float64Array,
  slots: Int32Array,
  mask: int,
  manifoldOf: Int32Array,
  counts: Int32Array,
): void {
  let manifolds = counts[0];
  let points = counts[1];
  for (let t = 0; t < count; t++) {
    manifoldOf[t] = -1;
    const plan = state[t];
    if (plan === TASK_APART) continue;
    const m = manifolds;
    const a = BODY_POSE_WIDTH * bodyA[t];
    const b = BODY_POSE_WIDTH * bodyB[t];
    let n = 0;
    if (plan === TASK_KEEP) {
      // prettier-ignore
      n = keepPoints(
        previous[t], m, bodyPoses, a, b, oldPoints, oldFrame, oldNormal, oldLocalA, oldLocalB,
        oldImpulse, oldFeature, newFrame, newNormal, worldNormal, localA, localB, feature,
        impulse, ri, rj,
      );
    } else if (jobPoints[t] > 0) {
      n = jobPoints[t];
      // prettier-ignore
      makePoints(
        t, n, m, bodyPoses, a, b, frame, jobNormal, onA, onB, jobFeature, newFrame, newNormal,
        worldNormal, localA, localB, feature, ri, rj,
      );
      // prettier-ignore
      carryImpulses(
        oldPoints, oldFeature, oldLocalA, oldImpulse, previous[t], feature, localA, impulse, m, n,
      );
    }
    if (n === 0) continue;
    newKeyA[m] = keyA[t];
    newKeyB[m] = keyB[t];
    newShapes[m] = shapes[t];
    newPoints[m] = n;
    newBodyA[m] = bodyA[t];
    newBodyB[m] = bodyB[t];
    fileManifold(slots, mask, newKeyA, newKeyB, newShapes, m);
    manifoldOf[t] = m;
    manifolds++;
    points += n;
  }
  counts[0] = manifolds;
  counts[1] = points;
}

/**
 * v = q · src[at..] (sense 1) or conj(q) · src[at..] (sense −1), q the quaternion packed at
 * poses[pose + 3 ..]: a body-frame vector in world axes, or back. Products and sums only.
 */
function turn(
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

/**
 * Keeps last step's manifold `from` for a pair that barely moved, as manifold m: the same
 * anchors, features and impulses, this step's normal and lever arms turned from the anchors
 * with the bodies — less the points that have come apart by more than the generators' slack
 * (Bullet's refreshContactPoints drops them the same way), which the generators would no longer
 * make. Returns the points kept (0: no manifold; the pair is made afresh next step).
 */
function keepPoints(
  from: int,
  m: int,
  poses: Float64Array,
  a: int,
  b: int,
  oldPoints: Int32Array,
  oldFrame: Float64Array,
  oldNormal: Float64Array,
  oldLocalA: Float64Array,
  oldLocalB: Float64Array,
  oldImpulse: Float64Array,
  oldFeature: Int32Array,
  newFrame: Float64Array,
  newNormal: Float64Array,
  worldNormal: Float64Array,
  localA: Float64Array,
  localB: Float64Array,
  feature: Int32Array,
  impulse: Float64Array,
  ri: Float64Array,
  rj: Float64Array,
): int {
  const n = oldPoints[from];
  turn(poses, a, 1, oldNormal, 3 * from, worldNormal, 3 * m);
  const nx = worldNormal[3 * m];
  const ny = worldNormal[3 * m + 1];
  const nz = worldNormal[3 * m + 2];
  const dx = poses[b] - poses[a];
  const dy = poses[b + 1] - poses[a + 1];
  const dz = poses[b + 2] - poses[a + 2];
  let kept = 0;
  for (let k = 0; k < n; k++) {
    const p = P * from + k;
    const q = P * m + kept;
    turn(poses, a, 1, oldLocalA, 3 * p, ri, 3 * q);
    turn(poses, b, 1, oldLocalB, 3 * p, rj, 3 * q);
    const c = 3 * q;
    const gap =
      nx * (dx + rj[c] - ri[c]) +
      ny * (dy + rj[c + 1] - ri[c + 1]) +
      nz * (dz + rj[c + 2] - ri[c + 2]);
    if (gap <= POINT_SLOP) {
      for (let e = 0; e < 3; e++) {
        localA[3 * q + e] = oldLocalA[3 * p + e];
        localB[3 * q + e] = oldLocalB[3 * p + e];
      }
      for (let e = 0; e < IMPULSE_WIDTH; e++) {
        impulse[IMPULSE_WIDTH * q + e] = oldImpulse[IMPULSE_WIDTH * p + e];
      }
      feature[q] = oldFeature[p];
      kept++;
    }
  }
  for (let e = 0; e < FRAME_WIDTH; e++)
    newFrame[FRAME_WIDTH * m + e] = oldFrame[FRAME_WIDTH * from + e];
  for (let e = 0; e < 3; e++) newNormal[3 * m + e] = oldNormal[3 * from + e];
  return kept;
}

/**
 * Task t's n generated points (its job's, world space) as manifold m: the frame the task was
 * planned in, the normal in A's frame, each point anchored in both bodies' frames.
 */
function makePoints(
  t: int,
  n: int,
  m: int,
  poses: Float64Array,
  a: int,
  b: int,
  frame: Float64Array,
  jobNormal: Float64Array,
  onA: Float64Array,
  onB: Float64Array,
  jobFeature: Int32Array,
  newFrame: Float64Array,
  newNormal: Float64Array,
  worldNormal: Float64Array,
  localA: Float64Array,
  localB: Float64Array,
  feature: Int32Array,
  ri: Float64Array,
  rj: Float64Array,
): void {
  for (let e = 0; e < FRAME_WIDTH; e++) newFrame[FRAME_WIDTH * m + e] = frame[FRAME_WIDTH * t + e];
  for (let e = 0; e < 3; e++) worldNormal[3 * m + e] = jobNormal[3 * t + e];
  turn(poses, a, -1, worldNormal, 3 * m, newNormal, 3 * m);
  for (let k = 0; k < n; k++) {
    const p = P * t + k;
    const q = P * m + k;
    ri[3 * q] = onA[3 * p] - poses[a];
    ri[3 * q + 1] = onA[3 * p + 1] - poses[a + 1];
    ri[3 * q + 2] = onA[3 * p + 2] - poses[a + 2];
    rj[3 * q] = onB[3 * p] - poses[b];
    rj[3 * q + 1] = onB[3 * p + 1] - poses[b + 1];
    rj[3 * q + 2] = onB[3 * p + 2] - poses[b + 2];
    turn(poses, a, -1, ri, 3 * q, localA, 3 * q);
    turn(poses, b, -1, rj, 3 * q, localB, 3 * q);
    feature[q] = jobFeature[p];
  }
}

/**
 * Gives each new point of manifold m the impulses of last step's point of manifold `from` (−1:
 * none) with its feature id (Box2D's b2Manifold matching), then the points left unmatched the
 * impulses of the nearest unmatched old point within MATCH_DISTANCE on body A; the rest start
 * from zero.
 */
function carryImpulses(
  oldPoints: Int32Array,
  oldFeature: Int32Array,
  oldLocalA: Float64Array,
  oldImpulse: Float64Array,
  from: int,
  feature: Int32Array,
  localA: Float64Array,
  impulse: Float64Array,
  m: int,
  n: int,
): void {
  for (let e = IMPULSE_WIDTH * P * m; e < IMPULSE_WIDTH * (P * m + n); e++) impulse[e] = 0;
  if (from < 0) return;
  const old = oldPoints[from];
  // Bit o: old point o has handed on its impulses; bit k: new point k has some.
  let taken = 0;
  let given = 0;
  for (let k = 0; k < n; k++) {
    const id = feature[P * m + k];
    for (let o = 0; o < old; o++) {
      if (((taken >> o) & 1) === 0 && oldFeature[P * from + o] === id) {
        copyImpulse(oldImpulse, P * from + o, impulse, P * m + k);
        taken = taken | (1 << o);
        given = given | (1 << k);
        break;
      }
    }
  }
  for (let k = 0; k < n; k++) {
    if (((given >> k) & 1) === 1) continue;
    const q = 3 * (P * m + k);
    let nearest = -1;
    let best = MATCH_DISTANCE * MATCH_DISTANCE;
    for (let o = 0; o < old; o++) {
      if (((taken >> o) & 1) === 1) continue;
      const r = 3 * (P * from + o);
      const dx = oldLocalA[r] - localA[q];
      const dy = oldLocalA[r + 1] - localA[q + 1];
      const dz = oldLocalA[r + 2] - localA[q + 2];
      const d2 = dx * dx + dy * dy + dz * dz;
      if (d2 <= best) {
        best = d2;
        nearest = o;
      }
    }
    if (nearest < 0) continue;
    copyImpulse(oldImpulse, P * from + nearest, impulse, P * m + k);
    taken = taken | (1 << nearest);
  }
}

function copyImpulse(from: Float64Array, p: int, to: Float64Array, q: int): void {
  for (let e = 0; e < IMPULSE_WIDTH; e++) to[IMPULSE_WIDTH * q + e] = from[IMPULSE_WIDTH * p + e];
}
