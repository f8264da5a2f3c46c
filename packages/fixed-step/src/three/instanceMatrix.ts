// One instance matrix from a draw pose and a scale, written straight into an InstancedMesh's
// matrix array; a body at rest whose matrix already shows its pose is left alone. Two small
// functions rather than one, so V8 inlines both into the per-body loops that call them.

/** This frame's draw poses (a FramePoses): flat arrays, body i at 3i / 4i / i. */
export interface DrawSource {
  /** Positions, body i at 3i. */
  position: Float64Array;
  /** Unit quaternions (x, y, z, w), body i at 4i. */
  quaternion: Float64Array;
  /** 1 where the body is at rest (asleep at both snapshots): its pose is unchanged. */
  still: Uint8Array;
}

/**
 * Whether body `i`'s matrix may be left as it is: the body is at rest (`still[i]` is 1) and its
 * pose is bit for bit the one `restPose[r .. r + 6]` remembers its matrix was composed from.
 * Otherwise it remembers the pose now (NaN for a moving body: NaN never compares equal, so the
 * next call composes it whatever it holds) and returns false. A settled scene costs a flag and
 * seven compares per body.
 * @param position - draw positions, body i at 3i.
 * @param quaternion - draw orientations, body i at 4i.
 * @param still - 1 where the body is at rest.
 * @param i - the body.
 * @param restPose - 7 numbers a matrix: the pose its matrix was last composed from at rest.
 * @param r - where body i's 7 numbers start in `restPose`.
 * @returns true when the matrix already shows the pose.
 */
export function restingUnchanged(
  position: Float64Array,
  quaternion: Float64Array,
  still: Uint8Array,
  i: number,
  restPose: Float64Array,
  r: number,
): boolean {
  if (still[i] !== 1) {
    restPose[r] = Number.NaN;
    return false;
  }
  const i3 = 3 * i;
  const i4 = 4 * i;
  if (
    position[i3] === restPose[r] &&
    position[i3 + 1] === restPose[r + 1] &&
    position[i3 + 2] === restPose[r + 2] &&
    quaternion[i4] === restPose[r + 3] &&
    quaternion[i4 + 1] === restPose[r + 4] &&
    quaternion[i4 + 2] === restPose[r + 5] &&
    quaternion[i4 + 3] === restPose[r + 6]
  )
    return true;
  for (let k = 0; k < 3; k++) restPose[r + k] = position[i3 + k];
  for (let k = 0; k < 4; k++) restPose[r + 3 + k] = quaternion[i4 + k];
  return false;
}

/**
 * Composes body `i`'s pose, scaled by `scales[s .. s + 2]`, into the 4×4 column-major matrix at
 * `matrices[o .. o + 15]` — the arithmetic of three.js Matrix4.compose, inlined over flat arrays.
 * Only the rotation-scale block and the translation are written: elements 3, 7, 11 and 15 stay
 * 0, 0, 0, 1 from InstancedMesh's identity fill.
 * @param matrices - an InstancedMesh's `instanceMatrix.array`.
 * @param o - where the matrix starts (16 × the instance).
 * @param position - draw positions, body i at 3i.
 * @param quaternion - draw orientations, body i at 4i.
 * @param i - the body.
 * @param scales - x, y, z scales.
 * @param s - where the instance's scale starts (3 × the instance).
 */
export function composeInstance(
  matrices: Float32Array,
  o: number,
  position: Float64Array,
  quaternion: Float64Array,
  i: number,
  scales: Float32Array,
  s: number,
): void {
  const i4 = 4 * i;
  const x = quaternion[i4],
    y = quaternion[i4 + 1],
    z = quaternion[i4 + 2],
    w = quaternion[i4 + 3];
  const sx = scales[s],
    sy = scales[s + 1],
    sz = scales[s + 2];
  const x2 = x + x,
    y2 = y + y,
    z2 = z + z;
  const xx = x * x2,
    xy = x * y2,
    xz = x * z2;
  const yy = y * y2,
    yz = y * z2,
    zz = z * z2;
  const wx = w * x2,
    wy = w * y2,
    wz = w * z2;
  const m = matrices;
  m[o] = (1 - (yy + zz)) * sx;
  m[o + 1] = (xy + wz) * sx;
  m[o + 2] = (xz - wy) * sx;
  m[o + 4] = (xy - wz) * sy;
  m[o + 5] = (1 - (xx + zz)) * sy;
  m[o + 6] = (yz + wx) * sy;
  m[o + 8] = (xz + wy) * sz;
  m[o + 9] = (yz - wx) * sz;
  m[o + 10] = (1 - (xx + yy)) * sz;
  const i3 = 3 * i;
  m[o + 12] = position[i3];
  m[o + 13] = position[i3 + 1];
  m[o + 14] = position[i3 + 2];
}
