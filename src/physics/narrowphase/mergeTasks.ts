// The manifold narrowphase's merge as a kernel (kernelTypes.ts): this step's manifolds filled in
// task order from the points a pair kept (Bullet's refresh) or its generator made, each made
// point given the impulses of last step's point with its features (Box2D's matching).

import type { int } from '../kernels/kernelTypes';
import { fileManifold } from '../manifolds/manifoldIndex';
import { FRAME_WIDTH, IMPULSE_WIDTH, POINTS_PER_MANIFOLD } from '../manifolds/manifoldStore';
import { PLANE_BOX_JOB } from './jobKinds';
import { CONTACT_MARGIN, POINT_SLOP } from '../contacts/faceClipping';
import { BODY_POSE_WIDTH, TASK_APART, TASK_KEEP, turn } from './planTasks';

const P = POINTS_PER_MANIFOLD;
/**
 * Old points within this distance of a new point (m, on body A) may hand it their impulses when
 * no old point has its feature id: Jolt's rule (1 cm) behind Box2D's, for the ids that change
 * where two edges lie along each other (aligned bricks: a corner of one on an edge of the other
 * is a vertex one step and a clipped point the next).
 */
const MATCH_DISTANCE = 0.01;

/**
 * Fills this step's manifolds from tasks [0, count), in task order: a TASK_KEEP task keeps last
 * step's points (keepPoints), a TASK_MAKE task takes its generator's (makePoints); one left with
 * no point has no manifold. manifoldOf[t] is task t's manifold, or −1. `counts` holds the new
 * buffer's manifold and point counts, read and written back.
 * @kernel an entry point of the compiled module; called through kernelCalls.ts.
 */
export function mergeTasks(
  count: int,
  state: Int32Array,
  kind: Int32Array,
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
      // A ground corner stays within the plane–box generator's margin; others within the slack
      // every generator has (a pile's side-by-side boxes would keep apart pairs, at a cost).
      const slack = kind[t] === PLANE_BOX_JOB ? CONTACT_MARGIN : POINT_SLOP;
      n = keepPoints(
        previous[t],
        m,
        bodyPoses,
        a,
        b,
        oldPoints,
        oldFrame,
        oldNormal,
        oldLocalA,
        oldLocalB,
        oldImpulse,
        oldFeature,
        newFrame,
        newNormal,
        worldNormal,
        localA,
        localB,
        feature,
        impulse,
        ri,
        rj,
        slack,
      );
    } else if (jobPoints[t] > 0) {
      n = jobPoints[t];
      makePoints(
        t,
        n,
        m,
        bodyPoses,
        a,
        b,
        frame,
        jobNormal,
        onA,
        onB,
        jobFeature,
        newFrame,
        newNormal,
        worldNormal,
        localA,
        localB,
        feature,
        ri,
        rj,
      );
      carryImpulses(
        oldPoints,
        oldFeature,
        oldLocalA,
        oldImpulse,
        previous[t],
        feature,
        localA,
        impulse,
        m,
        n,
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
  slack: number,
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
    if (gap <= slack) {
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
