// The pair a hull contact is being made for, seen from hull A: both rotations, B's pose and
// vertices in A's frame, and the typed-array scratch the hull contact helpers pass their
// vectors through. Shared by hullContacts.ts (the separating-axis test) and hullFeatures.ts
// (the contact points), one pair at a time.

import { writeAxes } from './contactManifold';
import type { QuatLike, Vec3Like } from './contactManifold';
import type { HullData } from './hullData';

/*
 * Every helper takes its vectors from, and leaves its results in, these typed arrays, never
 * as double arguments, returned doubles or module-level `let`s: V8 boxes each of those (a heap
 * allocation) whenever it does not inline the call, and these functions are past its inlining
 * budget. Per axis, per pair, per step, that was half a kilobyte per call.
 */
export const axesA = new Float64Array(9);
export const axesB = new Float64Array(9);
/** rot[3r + c] = A_r · B_c: turns B-frame vectors into A's frame. */
export const rot = new Float64Array(9);
/** B's centre in A's frame. */
export const offset = new Float64Array(3);
/** B's vertices in A's frame, grown on demand (the only allocation, once per larger hull). */
export const pair = { verticesB: new Float64Array(3 * 64) };
/** The best face axis, A's frame, pointing from A to B. */
export const axis = new Float64Array(3);
/** The best edge-pair axis (pointing from A to B) and its overlap, kept apart from the face's. */
export const edgeAxis = new Float64Array(3);
export const depth = new Float64Array(1);
/** In and out of the frame helpers. */
export const vec = new Float64Array(3);

/** What decided the normal, as ContactManifold.feature reports it (same ranges as box–box). */
export const FACE_A = 0;
export const FACE_B = 3;
export const EDGES = 6;

/** Fills the frame for a pair: both rotations, B's offset, rotation and vertices in A's frame. */
export function setUpPair(
  posA: Vec3Like,
  quatA: QuatLike,
  hullB: HullData,
  posB: Vec3Like,
  quatB: QuatLike,
): void {
  writeAxes(quatA, axesA);
  writeAxes(quatB, axesB);
  const dx = posB.x - posA.x;
  const dy = posB.y - posA.y;
  const dz = posB.z - posA.z;
  for (let r = 0; r < 3; r++) {
    const ax = axesA[3 * r] as number;
    const ay = axesA[3 * r + 1] as number;
    const az = axesA[3 * r + 2] as number;
    offset[r] = ax * dx + ay * dy + az * dz;
    for (let c = 0; c < 3; c++) {
      rot[3 * r + c] =
        ax * (axesB[3 * c] as number) +
        ay * (axesB[3 * c + 1] as number) +
        az * (axesB[3 * c + 2] as number);
    }
  }
  const nb = hullB.vertexCount;
  if (pair.verticesB.length < 3 * nb) pair.verticesB = new Float64Array(3 * nb);
  const verticesB = pair.verticesB;
  for (let k = 0; k < nb; k++) {
    rotateToA(hullB.vertices, 3 * k);
    verticesB[3 * k] = (vec[0] as number) + (offset[0] as number);
    verticesB[3 * k + 1] = (vec[1] as number) + (offset[1] as number);
    verticesB[3 * k + 2] = (vec[2] as number) + (offset[2] as number);
  }
}

/** vec = R · src[at..at+2]: a B-frame vector in A's frame. */
export function rotateToA(src: Float64Array, at: number): void {
  const x = src[at] as number;
  const y = src[at + 1] as number;
  const z = src[at + 2] as number;
  vec[0] = (rot[0] as number) * x + (rot[1] as number) * y + (rot[2] as number) * z;
  vec[1] = (rot[3] as number) * x + (rot[4] as number) * y + (rot[5] as number) * z;
  vec[2] = (rot[6] as number) * x + (rot[7] as number) * y + (rot[8] as number) * z;
}

/** vec = Rᵀ · (src[at..at+2] − B's offset when `point`): an A-frame vector or point in B's frame. */
export function toFrameB(src: Float64Array, at: number, point: boolean): void {
  let x = src[at] as number;
  let y = src[at + 1] as number;
  let z = src[at + 2] as number;
  if (point) {
    x -= offset[0] as number;
    y -= offset[1] as number;
    z -= offset[2] as number;
  }
  vec[0] = (rot[0] as number) * x + (rot[3] as number) * y + (rot[6] as number) * z;
  vec[1] = (rot[1] as number) * x + (rot[4] as number) * y + (rot[7] as number) * z;
  vec[2] = (rot[2] as number) * x + (rot[5] as number) * y + (rot[8] as number) * z;
}

/** target[at..at+2] = pos + M · vec, M the frame's axes (columns). */
export function worldPoint(
  axes: Float64Array,
  pos: Vec3Like,
  target: Float64Array,
  at: number,
): void {
  const x = vec[0] as number;
  const y = vec[1] as number;
  const z = vec[2] as number;
  target[at] = pos.x + (axes[0] as number) * x + (axes[3] as number) * y + (axes[6] as number) * z;
  target[at + 1] =
    pos.y + (axes[1] as number) * x + (axes[4] as number) * y + (axes[7] as number) * z;
  target[at + 2] =
    pos.z + (axes[2] as number) * x + (axes[5] as number) * y + (axes[8] as number) * z;
}
