// Contact generation as a list of jobs: which generator, the two shapes' geometry and world
// poses in, at most four points with their features out, in flat arrays. What one job does
// depends on its inputs alone, so jobs can run in any order or on any thread and the same
// inputs give the same bits.

import { collideBoxes } from './boxBoxContacts';
import { ContactManifold } from './contactManifold';
import type { Vec3Like } from './contactManifold';
import type { HullData } from './hullData';
import { collideHulls, collidePlaneHull } from './hullContacts';
import { POINTS_PER_MANIFOLD } from './manifoldStore';
import {
  collidePlaneBox,
  collideSphereBox,
  collideSphereHull,
  collideSpherePlane,
  collideSphereSphere,
} from './primitiveContacts';
import type { SphereLike } from './primitiveContacts';
import { assertNever } from '../util/assertNever';

/**
 * The generators, named by their shapes in type order (cannon-es's Shape.types: sphere 1,
 * plane 2, box 4, convex 16, cylinder 128; a hull is a convex polyhedron or a cylinder).
 */
export const JOB_KINDS = [
  'sphere-sphere',
  'sphere-plane',
  'sphere-box',
  'sphere-hull',
  'plane-box',
  'plane-hull',
  'box-box',
  'box-hull',
  'hull-hull',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/**
 * What a generator reads of a shape: a sphere's radius, a box's half extents, a hull's flat
 * geometry (a box meeting a hull is its polyhedron's), nothing of a plane.
 */
export type ShapeGeometry = SphereLike | Vec3Like | HullData | null;

/** Numbers per job in `pose`: shape A's world position (3) and quaternion (4), then B's. */
export const POSE_WIDTH = 14;
const P = POINTS_PER_MANIFOLD;

/**
 * The jobs of one step, in order, with room that doubles as needed. Inputs: kind, geometry and
 * poses. Outputs: point count, normal (A into B), points on A and on B, depths, features.
 */
export class ContactJobs {
  count = 0;
  kind = new Int32Array(256);
  geometryA: ShapeGeometry[] = [];
  geometryB: ShapeGeometry[] = [];
  pose = new Float64Array(POSE_WIDTH * 256);
  points = new Int32Array(256);
  normal = new Float64Array(3 * 256);
  onA = new Float64Array(3 * P * 256);
  onB = new Float64Array(3 * P * 256);
  depth = new Float64Array(P * 256);
  feature = new Int32Array(P * 256);

  clear(): void {
    this.count = 0;
  }

  /** Appends a job; its poses are then written at POSE_WIDTH × the returned number. */
  add(kind: number, geometryA: ShapeGeometry, geometryB: ShapeGeometry): number {
    const j = this.count;
    if (j === this.kind.length) this.grow();
    this.count = j + 1;
    this.kind[j] = kind;
    this.geometryA[j] = geometryA;
    this.geometryB[j] = geometryB;
    return j;
  }

  private grow(): void {
    const n = 2 * this.kind.length;
    this.kind = grown(this.kind, n);
    this.pose = grown(this.pose, POSE_WIDTH * n);
    this.points = grown(this.points, n);
    this.normal = grown(this.normal, 3 * n);
    this.onA = grown(this.onA, 3 * P * n);
    this.onB = grown(this.onB, 3 * P * n);
    this.depth = grown(this.depth, P * n);
    this.feature = grown(this.feature, P * n);
  }
}

function grown<T extends Int32Array | Float64Array>(array: T, length: number): T {
  const next = new (array.constructor as new (length: number) => T)(length);
  next.set(array);
  return next;
}

/** The generator's output before it is cut to POINTS_PER_MANIFOLD and copied to its job. */
const manifold = new ContactManifold();
/** A job's poses as the objects the generators read. */
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

/** Runs jobs [from, to): each job's generator, its points cut to the deepest four. */
export function runJobs(jobs: ContactJobs, from: number, to: number): void {
  for (let j = from; j < to; j++) {
    readPoses(jobs.pose, POSE_WIDTH * j);
    const n = generate(jobs.kind[j], jobs.geometryA[j], jobs.geometryB[j], manifold);
    storeJob(jobs, j, n);
  }
}

function readPoses(pose: Float64Array, o: number): void {
  posA.x = pose[o];
  posA.y = pose[o + 1];
  posA.z = pose[o + 2];
  quatA.x = pose[o + 3];
  quatA.y = pose[o + 4];
  quatA.z = pose[o + 5];
  quatA.w = pose[o + 6];
  posB.x = pose[o + 7];
  posB.y = pose[o + 8];
  posB.z = pose[o + 9];
  quatB.x = pose[o + 10];
  quatB.y = pose[o + 11];
  quatB.z = pose[o + 12];
  quatB.w = pose[o + 13];
}

function generate(kind: number, a: ShapeGeometry, b: ShapeGeometry, out: ContactManifold): number {
  const name = JOB_KINDS[kind];
  switch (name) {
    case 'sphere-sphere':
      return collideSphereSphere(a as SphereLike, posA, b as SphereLike, posB, out);
    case 'sphere-plane':
      return collideSpherePlane(a as SphereLike, posA, posB, quatB, out);
    case 'sphere-box':
      return collideSphereBox(a as SphereLike, posA, b as Vec3Like, posB, quatB, out);
    case 'sphere-hull':
      return collideSphereHull(a as SphereLike, posA, b as HullData, posB, quatB, out);
    case 'plane-box':
      return collidePlaneBox(posA, quatA, b as Vec3Like, posB, quatB, out);
    case 'plane-hull':
      return collidePlaneHull(posA, quatA, b as HullData, posB, quatB, out);
    case 'box-box':
      return collideBoxes(a as Vec3Like, posA, quatA, b as Vec3Like, posB, quatB, out);
    case 'box-hull':
    case 'hull-hull':
      return collideHulls(a as HullData, posA, quatA, b as HullData, posB, quatB, out);
    case undefined:
      throw new Error(`Unknown contact job kind ${kind}.`);
    default:
      return assertNever(name, 'contact job kind');
  }
}

/**
 * Copies the generator's points into job j, the deepest POINTS_PER_MANIFOLD of them (first in
 * the generator's order among equals) when it made more: only a plane under most of a box does.
 */
function storeJob(jobs: ContactJobs, j: number, n: number): void {
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
    jobs.depth[to] = m.depth[k];
    jobs.feature[to] = m.features[k];
    to++;
  }
}

/** Points storeJob leaves out (1), by the generator's numbering. */
const dropped = new Uint8Array(8);

/** Kind number for a shape pair by cannon-es type bits (A's type ≤ B's), or −1: not ours. */
export function jobKindOf(typeA: number, typeB: number): number {
  return KIND_BY_TYPES.get(typeA * 512 + typeB) ?? -1;
}

const SPHERE = 1;
const PLANE = 2;
const BOX = 4;
const CONVEX = 16;
const CYLINDER = 128;
const KIND_BY_TYPES = new Map<number, number>([
  [SPHERE * 512 + SPHERE, 0],
  [SPHERE * 512 + PLANE, 1],
  [SPHERE * 512 + BOX, 2],
  [SPHERE * 512 + CONVEX, 3],
  [SPHERE * 512 + CYLINDER, 3],
  [PLANE * 512 + BOX, 4],
  [PLANE * 512 + CONVEX, 5],
  [PLANE * 512 + CYLINDER, 5],
  [BOX * 512 + BOX, 6],
  [BOX * 512 + CONVEX, 7],
  [BOX * 512 + CYLINDER, 7],
  [CONVEX * 512 + CONVEX, 8],
  [CONVEX * 512 + CYLINDER, 8],
  [CYLINDER * 512 + CYLINDER, 8],
]);
