// Allocation-free pose math on flat arrays, out-first like gl-matrix: each function writes one
// vector or quaternion at an offset of `out` and reads its inputs at offsets of other arrays.

type Flat = Float64Array | Float32Array | number[];

/**
 * out = a + (b − a)·t, evaluated from whichever end t is nearer, so that t = 0 gives a, t = 1
 * gives b, and a == b gives a — each bit for bit (the one-sided forms miss one of the three).
 */
export function lerpFlat3(
  out: Flat,
  o: number,
  a: Flat,
  ao: number,
  b: Flat,
  bo: number,
  t: number,
): Flat {
  const ax = a[ao],
    ay = a[ao + 1],
    az = a[ao + 2];
  const bx = b[bo],
    by = b[bo + 1],
    bz = b[bo + 2];
  if (t < 0.5) {
    out[o] = ax + (bx - ax) * t;
    out[o + 1] = ay + (by - ay) * t;
    out[o + 2] = az + (bz - az) * t;
  } else {
    const s = 1 - t;
    out[o] = bx - (bx - ax) * s;
    out[o + 1] = by - (by - ay) * s;
    out[o + 2] = bz - (bz - az) * s;
  }
  return out;
}

/**
 * Spherical interpolation of unit quaternions (x, y, z, w) along the shortest arc.
 * - t = 0 and t = 1 return a and b bit for bit.
 * - q and −q are the same rotation: when a·b < 0, b is negated so the path is < 180°.
 * - When the quaternions are nearly parallel (sin² of the half angle ≤ machine epsilon) the
 *   sine ratios lose all precision, so it falls back to a linear blend and renormalises: the
 *   output is unit length either way.
 */
export function slerpFlat(
  out: Flat,
  o: number,
  a: Flat,
  ao: number,
  b: Flat,
  bo: number,
  t: number,
): Flat {
  const ax = a[ao],
    ay = a[ao + 1],
    az = a[ao + 2],
    aw = a[ao + 3];
  let bx = b[bo],
    by = b[bo + 1],
    bz = b[bo + 2],
    bw = b[bo + 3];
  if (t === 0) {
    out[o] = ax;
    out[o + 1] = ay;
    out[o + 2] = az;
    out[o + 3] = aw;
    return out;
  }
  if (t === 1) {
    out[o] = bx;
    out[o + 1] = by;
    out[o + 2] = bz;
    out[o + 3] = bw;
    return out;
  }
  let cos = ax * bx + ay * by + az * bz + aw * bw;
  if (cos < 0) {
    bx = -bx;
    by = -by;
    bz = -bz;
    bw = -bw;
    cos = -cos;
  }
  const sinSquared = 1 - cos * cos;
  if (sinSquared > Number.EPSILON) {
    const sin = Math.sqrt(sinSquared);
    const angle = Math.atan2(sin, cos);
    const sa = Math.sin((1 - t) * angle) / sin;
    const sb = Math.sin(t * angle) / sin;
    out[o] = ax * sa + bx * sb;
    out[o + 1] = ay * sa + by * sb;
    out[o + 2] = az * sa + bz * sb;
    out[o + 3] = aw * sa + bw * sb;
    return out;
  }
  const s = 1 - t;
  const x = ax * s + bx * t,
    y = ay * s + by * t,
    z = az * s + bz * t,
    w = aw * s + bw * t;
  const inv = 1 / Math.sqrt(x * x + y * y + z * z + w * w);
  out[o] = x * inv;
  out[o + 1] = y * inv;
  out[o + 2] = z * inv;
  out[o + 3] = w * inv;
  return out;
}

/**
 * Cubic Hermite on position: starts at p0 moving with tangent v0·h, ends at p1 with v1·h, where h
 * is the time between the two snapshots. The basis gives p0 at t = 0 and p1 at t = 1 exactly, and
 * follows the curve the velocities describe instead of the straight chord (a ball at the top of
 * its arc is drawn on the arc).
 */
export function hermiteFlat3(
  out: Flat,
  o: number,
  p0: Flat,
  v0: Flat,
  p1: Flat,
  v1: Flat,
  i: number,
  h: number,
  t: number,
): Flat {
  const t2 = t * t;
  const t3 = t2 * t;
  const h00 = 2 * t3 - 3 * t2 + 1;
  const h10 = (t3 - 2 * t2 + t) * h;
  const h01 = 3 * t2 - 2 * t3;
  const h11 = (t3 - t2) * h;
  for (let k = 0; k < 3; k++) {
    out[o + k] = h00 * p0[i + k] + h10 * v0[i + k] + h01 * p1[i + k] + h11 * v1[i + k];
  }
  return out;
}

/**
 * Rotates unit quaternion q by a world-frame angular velocity w held for `seconds` — the exact
 * rotation by angle |w|·seconds about w, applied on the left (cannon-es's angular velocity is in
 * world space). With no rotation it returns q bit for bit.
 */
export function integrateQuatFlat(
  out: Flat,
  o: number,
  q: Flat,
  qo: number,
  w: Flat,
  wo: number,
  seconds: number,
): Flat {
  const qx = q[qo],
    qy = q[qo + 1],
    qz = q[qo + 2],
    qw = q[qo + 3];
  const wx = w[wo],
    wy = w[wo + 1],
    wz = w[wo + 2];
  const speed = Math.sqrt(wx * wx + wy * wy + wz * wz);
  const half = 0.5 * speed * seconds;
  if (half === 0) {
    out[o] = qx;
    out[o + 1] = qy;
    out[o + 2] = qz;
    out[o + 3] = qw;
    return out;
  }
  const s = Math.sin(half) / speed;
  const dx = wx * s,
    dy = wy * s,
    dz = wz * s,
    dw = Math.cos(half);
  out[o] = dw * qx + dx * qw + dy * qz - dz * qy;
  out[o + 1] = dw * qy - dx * qz + dy * qw + dz * qx;
  out[o + 2] = dw * qz + dx * qy - dy * qx + dz * qw;
  out[o + 3] = dw * qw - dx * qx - dy * qy - dz * qz;
  return out;
}

/**
 * Above this cosine of the half angle between two snapshots' quaternions (18.2°: a body turning
 * 36° in one step, 63 rad/s at 100 Hz — faster than anything in a scene keeps spinning) the
 * polynomial below gives slerp's sine ratios to rounding: over cos ∈ [0.95, 1] it matches
 * sin(tθ)/sin θ to 5e-16 (checked on a 1000 × 50 grid of cos θ and t; at 0.9 it would be 2e-13).
 */
export const SERIES_MIN_COS = 0.95;

/**
 * slerp's two weights for one t, as polynomials in c = cos θ − 1, from D. Eberly, "A Fast and
 * Accurate Algorithm for Computing SLERP" (2011): sin(tθ)/sin θ = t·(1 + b₁(1 + b₂(… (1 + b₈)))),
 * bᵢ = (t²/(i(2i+1)) − i/(2i+1))·c. Multiplied out, the coefficient of cᵏ is t·β₁…βₖ with
 * βᵢ = t²/(i(2i+1)) − i/(2i+1): it depends on t only, so a frame, which blends every body at the
 * same alpha, computes it once and each body pays two degree-8 polynomials — no atan2, no sines,
 * no division. `from[k]` weighs the previous quaternion (t → 1 − alpha), `to[k]` the current.
 */
export class SlerpWeights {
  readonly from = new Float64Array(9);
  readonly to = new Float64Array(9);

  /**
   * Both series for `times.alpha` (read from the object, and both filled here without a call:
   * a double passed to a call V8 does not inline is boxed, 16 bytes a frame).
   */
  setAlpha(times: Readonly<{ alpha: number }>): void {
    const to = times.alpha;
    const from = 1 - to;
    const fromSquared = from * from;
    const toSquared = to * to;
    let fromProduct = from;
    let toProduct = to;
    this.from[0] = from;
    this.to[0] = to;
    for (let i = 1; i <= 8; i++) {
      const a = i * (2 * i + 1);
      const b = i / (2 * i + 1);
      fromProduct *= fromSquared / a - b;
      toProduct *= toSquared / a - b;
      this.from[i] = fromProduct;
      this.to[i] = toProduct;
    }
  }
}
