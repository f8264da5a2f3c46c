// Contact generation as jobs: which generator, the two shapes' geometry and world poses in, at
// most four points with their features out, in flat arrays. What one job does depends on its
// inputs alone, so jobs can run in any order or on any thread and the same inputs give the same
// bits.

import { ContactManifold } from '../contacts/contactManifold';
import { CONTACT_MARGIN } from '../contacts/faceClipping';
import { POINTS_PER_MANIFOLD } from '../manifolds/manifoldStore';
import { CONTACT_GENERATORS } from './contactGenerators';
import type { ShapeGeometry } from './contactGenerators';

const P = POINTS_PER_MANIFOLD;

/**
 * Where jobs' points go, by job number: the point count, the normal (A into B), the points on A
 * and on B (world space) and their features — at most POINTS_PER_MANIFOLD a job.
 */
export interface JobOutputs {
  points: Int32Array;
  normal: Float64Array;
  onA: Float64Array;
  onB: Float64Array;
  feature: Int32Array;
}

/** Room for `jobs` jobs' outputs in plain arrays (the pair tasks keep theirs in kernel memory). */
export function jobOutputs(jobs: number): JobOutputs {
  return {
    points: new Int32Array(jobs),
    normal: new Float64Array(3 * jobs),
    onA: new Float64Array(3 * P * jobs),
    onB: new Float64Array(3 * P * jobs),
    feature: new Int32Array(P * jobs),
  };
}

/** The generator's output before it is cut to POINTS_PER_MANIFOLD and copied to its job. */
const manifold = new ContactManifold();
/**
 * The job's poses as the generators read them. Classes of their own, made with doubles, so V8
 * gives their fields a double representation: poses written into a shape shared with other
 * objects (a plain { x, y, z }) may find it generalised, and then every write boxes a number.
 */
class JobVec {
  x = 0.5;
  y = 0.5;
  z = 0.5;
}
class JobQuat {
  x = 0.5;
  y = 0.5;
  z = 0.5;
  w = 0.5;
}
const posA = new JobVec();
const posB = new JobVec();
const quatA = new JobQuat();
const quatB = new JobQuat();

/**
 * Runs one job — the generator of `kind` (its row in CONTACT_GENERATORS) on shapes of geometry a
 * and b, A's world pose at poses[atA ..] (position, quaternion) and B's at poses[atB ..] — into
 * job j of `out`, its points cut to the deepest four.
 */
export function runJob(
  kind: number,
  a: ShapeGeometry,
  b: ShapeGeometry,
  poses: Float64Array,
  atA: number,
  atB: number,
  out: JobOutputs,
  j: number,
): void {
  posA.x = poses[atA];
  posA.y = poses[atA + 1];
  posA.z = poses[atA + 2];
  quatA.x = poses[atA + 3];
  quatA.y = poses[atA + 4];
  quatA.z = poses[atA + 5];
  quatA.w = poses[atA + 6];
  posB.x = poses[atB];
  posB.y = poses[atB + 1];
  posB.z = poses[atB + 2];
  quatB.x = poses[atB + 3];
  quatB.y = poses[atB + 4];
  quatB.z = poses[atB + 5];
  quatB.w = poses[atB + 6];
  const generator = CONTACT_GENERATORS[kind];
  if (generator === undefined) throw new Error(`Unknown contact job kind ${kind}.`);
  storeJob(out, j, generator.collide(a, posA, quatA, b, posB, quatB, manifold, CONTACT_MARGIN));
}

/**
 * Copies the generator's points into job j, the deepest POINTS_PER_MANIFOLD of them (first in
 * the generator's order among equals) when it made more: only a plane under most of a box does.
 */
function storeJob(jobs: JobOutputs, j: number, n: number): void {
  const m = manifold;
  let kept = n;
  dropped.fill(0);
  while (kept > P) {
    let shallowest = -1;
    for (let k = 0; k < n; k++) {
      if (dropped[k] === 0 && (shallowest < 0 || m.depth[k] < m.depth[shallowest])) shallowest = k;
    }
    dropped[shallowest] = 1;
    kept--;
  }
  jobs.points[j] = kept;
  const n3 = 3 * j;
  jobs.normal[n3] = m.normal[0];
  jobs.normal[n3 + 1] = m.normal[1];
  jobs.normal[n3 + 2] = m.normal[2];
  let to = P * j;
  for (let k = 0; k < n; k++) {
    if (dropped[k] === 1) continue;
    jobs.onA[3 * to] = m.onA[3 * k];
    jobs.onA[3 * to + 1] = m.onA[3 * k + 1];
    jobs.onA[3 * to + 2] = m.onA[3 * k + 2];
    jobs.onB[3 * to] = m.onB[3 * k];
    jobs.onB[3 * to + 1] = m.onB[3 * k + 1];
    jobs.onB[3 * to + 2] = m.onB[3 * k + 2];
    jobs.feature[to] = m.features[k];
    to++;
  }
}

/** Points storeJob leaves out (1), by the generator's numbering. */
const dropped = new Uint8Array(8);
