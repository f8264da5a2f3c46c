// Gottschalk's separating-axis test for two oriented boxes ("OBBTree", SIGGRAPH 1996) over the 15
// candidate axes, as a kernel (kernelTypes.ts): the box–box generator (boxBoxContacts.ts) starts
// with it, and the pair plan (planTasks.ts) runs it first, so boxes it finds apart cost no job.

import type { int } from '../kernels/kernelTypes';
import { EDGE_BIAS, EDGE_SLACK, PARALLEL_SIN2 } from './satTolerances';

/**
 * Writes the world directions of a body's local x, y and z axes (the rotation matrix's columns)
 * into out[at..at+2], out[at+3..at+5], out[at+6..at+8], from its unit quaternion. The standard
 * matrix: products and sums only, so every engine gives the same bits.
 */
export function quaternionAxes(
  x: number,
  y: number,
  z: number,
  w: number,
  out: Float64Array,
  at: int,
): void {
  const x2 = x + x;
  const y2 = y + y;
  const z2 = z + z;
  const xx = x * x2;
  const yy = y * y2;
  const zz = z * z2;
  const xy = x * y2;
  const xz = x * z2;
  const yz = y * z2;
  const wx = w * x2;
  const wy = w * y2;
  const wz = w * z2;
  out[at] = 1 - (yy + zz);
  out[at + 1] = xy + wz;
  out[at + 2] = xz - wy;
  out[at + 3] = xy - wz;
  out[at + 4] = 1 - (xx + zz);
  out[at + 5] = yz + wx;
  out[at + 6] = xz + wy;
  out[at + 7] = yz - wx;
  out[at + 8] = 1 - (xx + yy);
}

/** Numbers in a box pair's work array (see separatingAxis). */
export const AXES_A = 0;
export const AXES_B = 9;
/** rot[3i + j] = A_i · B_j: B's axes in A's frame, column by column; then its absolute values. */
export const ROT = 18;
export const ABS_ROT = 27;
/** Centre of B minus centre of A, along A's axes and along B's axes. */
export const OFFSET_A = 36;
export const OFFSET_B = 39;
export const HALF_A = 42;
export const HALF_B = 45;
/** The deciding axis's overlap, and for an edge axis its (c1, c2) in A's frame and their length. */
export const BEST = 48;
export const EDGE_C1 = 49;
export const EDGE_C2 = 50;
export const EDGE_LENGTH = 51;
export const BOX_PAIR_WORK = 52;

/**
 * The axis that decides the contact of box A (centre and quaternion at poses[a ..], half extents
 * at sizes[ha ..]) and box B (at poses[b ..], sizes[hb ..]): 0–2 a face axis of A, 3–5 one of
 * B, 6 + 3i + j the edge axis A_i × B_j; −1 when some axis separates them (the boxes are apart).
 * Writes the pair's working values into work[w ..] (see AXES_A … EDGE_LENGTH). An edge axis wins
 * only when clearly shallower than the faces (see EDGE_BIAS, EDGE_SLACK).
 */
export function separatingAxis(
  poses: Float64Array,
  a: int,
  b: int,
  sizes: Float64Array,
  ha: int,
  hb: int,
  work: Float64Array,
  w: int,
): int {
  const axesA = w + AXES_A;
  const axesB = w + AXES_B;
  quaternionAxes(poses[a + 3], poses[a + 4], poses[a + 5], poses[a + 6], work, axesA);
  quaternionAxes(poses[b + 3], poses[b + 4], poses[b + 5], poses[b + 6], work, axesB);
  for (let k = 0; k < 3; k++) {
    work[w + HALF_A + k] = sizes[ha + k];
    work[w + HALF_B + k] = sizes[hb + k];
  }
  const dx = poses[b] - poses[a];
  const dy = poses[b + 1] - poses[a + 1];
  const dz = poses[b + 2] - poses[a + 2];
  for (let i = 0; i < 3; i++) {
    const i3 = 3 * i;
    const ax = work[axesA + i3];
    const ay = work[axesA + i3 + 1];
    const az = work[axesA + i3 + 2];
    work[w + OFFSET_A + i] = ax * dx + ay * dy + az * dz;
    work[w + OFFSET_B + i] =
      work[axesB + i3] * dx + work[axesB + i3 + 1] * dy + work[axesB + i3 + 2] * dz;
    for (let j = 0; j < 3; j++) {
      const j3 = 3 * j;
      const r = ax * work[axesB + j3] + ay * work[axesB + j3 + 1] + az * work[axesB + j3 + 2];
      work[w + ROT + i3 + j] = r;
      work[w + ABS_ROT + i3 + j] = Math.abs(r);
    }
  }
  const absRot = w + ABS_ROT;
  const halfA = w + HALF_A;
  const halfB = w + HALF_B;
  // Separating axes: overlap of the two boxes' projections; any negative overlap means apart.
  let best = Infinity;
  let feature = -1;
  for (let i = 0; i < 3; i++) {
    const i3 = 3 * i;
    const overlap =
      work[halfA + i] +
      work[halfB] * work[absRot + i3] +
      work[halfB + 1] * work[absRot + i3 + 1] +
      work[halfB + 2] * work[absRot + i3 + 2] -
      Math.abs(work[w + OFFSET_A + i]);
    if (overlap < 0) return -1;
    if (overlap < best) {
      best = overlap;
      feature = i;
    }
  }
  for (let j = 0; j < 3; j++) {
    const overlap =
      work[halfB + j] +
      work[halfA] * work[absRot + j] +
      work[halfA + 1] * work[absRot + 3 + j] +
      work[halfA + 2] * work[absRot + 6 + j] -
      Math.abs(work[w + OFFSET_B + j]);
    if (overlap < 0) return -1;
    if (overlap < best) {
      best = overlap;
      feature = 3 + j;
    }
  }
  // Edge axes A_i × B_j, worked in A's frame: the cross product has no component along A_i.
  let edgeC1 = 0.0;
  let edgeC2 = 0.0;
  let edgeLength = 1.0;
  for (let i = 0; i < 3; i++) {
    const i1 = nextAxis(i);
    const i2 = prevAxis(i);
    for (let j = 0; j < 3; j++) {
      const c1 = -work[w + ROT + 3 * i2 + j];
      const c2 = work[w + ROT + 3 * i1 + j];
      const length2 = c1 * c1 + c2 * c2;
      if (length2 < PARALLEL_SIN2) continue;
      const j1 = nextAxis(j);
      const j2 = prevAxis(j);
      const reach =
        work[halfA + i1] * work[absRot + 3 * i2 + j] +
        work[halfA + i2] * work[absRot + 3 * i1 + j] +
        work[halfB + j1] * work[absRot + 3 * i + j2] +
        work[halfB + j2] * work[absRot + 3 * i + j1];
      const gap = reach - Math.abs(work[w + OFFSET_A + i1] * c1 + work[w + OFFSET_A + i2] * c2);
      if (gap < 0) return -1;
      const length = Math.sqrt(length2);
      const overlap = gap / length;
      if (overlap * EDGE_BIAS + EDGE_SLACK < best) {
        best = overlap;
        feature = 6 + 3 * i + j;
        edgeC1 = c1;
        edgeC2 = c2;
        edgeLength = length;
      }
    }
  }
  work[w + BEST] = best;
  work[w + EDGE_C1] = edgeC1;
  work[w + EDGE_C2] = edgeC2;
  work[w + EDGE_LENGTH] = edgeLength;
  return feature;
}

/** The next of three axes, cyclically: (i, nextAxis(i), prevAxis(i)) is right-handed. */
export function nextAxis(i: int): int {
  return i === 2 ? 0 : i + 1;
}

/** The previous of three axes, cyclically. */
export function prevAxis(i: int): int {
  return i === 0 ? 2 : i - 1;
}
