// sin, cos and pow that give the same bits in every JavaScript engine, for everything that feeds
// the physics state: scene layouts, random orientations, shapes, kinematic paths, damping.

// Why: ECMAScript pins + − × ÷ and Math.sqrt to IEEE 754 (correctly rounded) but leaves Math.sin,
// cos, tan, exp, log, pow, hypot… "implementation-approximated": each engine rounds their last
// bit its own way. Measured in one build, Chromium (V8) and Firefox (SpiderMonkey) disagree on 3%
// of sin and cos results, 10% of exp, 8% of log, and 4% of `x ** 3` (V8 takes a general power,
// SpiderMonkey multiplies). One differing bit in a scene's construction and the two engines
// simulate different worlds. These functions use only + − × ÷ and Math.round/floor, so every
// engine computes the same bits.

/**
 * π/2 split in three: P1 and P2 have at most 33 significant bits, so k·P1 and k·P2 are exact
 * for |k| < 2^20, and x − k·P1 − k·P2 − k·P3 is within 2^-100 of x mod π/2 (Cody and Waite's
 * reduction). Past |x| ≈ 1.6e6 the products round and accuracy falls away, but every engine
 * still computes the same bits.
 */
const PIO2_1 = 1.5707963267341256;
const PIO2_2 = 6.077100506303966e-11;
const PIO2_3 = 2.0222662487959506e-21;
const TWO_OVER_PI = 0.6366197723675814;

/**
 * Taylor coefficients (−1)^k / (2k+1)! and (−1)^k / (2k)!, as divisions the engines all round
 * alike. On the reduced range |r| ≤ π/4 the first left-out terms, r^19/19! and r^20/20!, are
 * below 2^-62 of the result: a hundredth of an ulp.
 */
const S3 = -1 / 6;
const S5 = 1 / 120;
const S7 = -1 / 5040;
const S9 = 1 / 362880;
const S11 = -1 / 39916800;
const S13 = 1 / 6227020800;
const S15 = -1 / 1307674368000;
const S17 = 1 / 355687428096000;
const C4 = 1 / 24;
const C6 = -1 / 720;
const C8 = 1 / 40320;
const C10 = -1 / 3628800;
const C12 = 1 / 479001600;
const C14 = -1 / 87178291200;
const C16 = 1 / 20922789888000;
const C18 = -1 / 6402373705728000;

/**
 * sin(r + lo) for |r| ≤ π/4, where lo is the part of the reduced argument below r's last bit:
 * sin(r + lo) ≈ sin r + lo·cos r, and cos r ≈ 1 − r²/2 is plenty for a term that small.
 */
function sinReduced(r: number, lo: number): number {
  const z = r * r;
  const tail = S5 + z * (S7 + z * (S9 + z * (S11 + z * (S13 + z * (S15 + z * S17)))));
  return r + (lo * (1 - 0.5 * z) + r * z * (S3 + z * tail));
}

/** 2^27 + 1: Dekker's splitter, cutting a double into two halves whose products are exact. */
const SPLITTER = 134217729;

/**
 * cos(r + lo) for |r| ≤ π/4, `lo` as in sinReduced. The leading 1 − r²/2 decides the last bit,
 * so it is summed without losing any: r² as an exact pair (Dekker's product: each half of r has
 * 26 bits, so every partial product is exact), and the rounding error of 1 − r²/2 recovered
 * exactly ((1 − w) − h is exact when w = 1 − h is rounded and h ≤ 1). Those low bits are added
 * back with the small terms; cos(r + lo) ≈ cos r − lo·r.
 */
function cosReduced(r: number, lo: number): number {
  const z = r * r;
  const split = SPLITTER * r;
  const rHigh = split - (split - r);
  const rLow = r - rHigh;
  const zLow = rHigh * rHigh - z + 2 * rHigh * rLow + rLow * rLow;
  const h = 0.5 * z;
  const w = 1 - h;
  const lost = 1 - w - h - 0.5 * zLow;
  const tail = C8 + z * (C10 + z * (C12 + z * (C14 + z * (C16 + z * C18))));
  return w + (lost - lo * r + z * z * (C4 + z * (C6 + z * tail)));
}

/** Set by `reduce`: k mod 4, and the bits of x − k·π/2 below the returned double's last bit. */
let quadrant = 0;
let reducedLow = 0;

/**
 * x − k·π/2 for the nearest integer k, as a double plus `reducedLow`. x − k·P1 and k·P2 are exact;
 * the rounding error of their difference is recovered exactly (the larger operand comes first),
 * and k·P3 is small enough to carry in the low part alone.
 */
function reduce(x: number): number {
  const k = Math.round(x * TWO_OVER_PI);
  quadrant = k - 4 * Math.floor(k / 4);
  const a = x - k * PIO2_1;
  const b = k * PIO2_2;
  const high = a - b;
  const low = a - high - b - k * PIO2_3;
  const r = high + low;
  reducedLow = low - (r - high);
  return r;
}

/**
 * sin x, the same bits in every engine. Within an ulp or so of the true value for |x| < 1.6e6
 * (the unit tests compare it with Math.sin); exact at 0 and ±0, NaN for NaN and ±Infinity.
 */
export function sin(x: number): number {
  if (!Number.isFinite(x)) return NaN;
  // ±0 as is: the reduction's low-part sums would turn −0 into +0.
  if (x === 0) return x;
  const r = reduce(x);
  switch (quadrant) {
    case 0:
      return sinReduced(r, reducedLow);
    case 1:
      return cosReduced(r, reducedLow);
    case 2:
      return -sinReduced(r, reducedLow);
    default:
      return -cosReduced(r, reducedLow);
  }
}

/** cos x, the same bits in every engine; accuracy as `sin`. */
export function cos(x: number): number {
  if (!Number.isFinite(x)) return NaN;
  const r = reduce(x);
  switch (quadrant) {
    case 0:
      return cosReduced(r, reducedLow);
    case 1:
      return -sinReduced(r, reducedLow);
    case 2:
      return -cosReduced(r, reducedLow);
    default:
      return sinReduced(r, reducedLow);
  }
}

/** ln 2 split so that k·LN2_HI is exact for |k| < 2^21. */
const LN2_HI = 0.6931471806019545;
const LN2_LO = -4.2009150726810846e-11;
const INV_LN2 = 1.4426950408889634;

/**
 * ln x for finite x > 0. x = m·2^e with m in [√½, √2) (found by exact halving and doubling),
 * then ln m = 2·atanh(s) = 2(s + s³/3 + s⁵/5 + …) with s = (m − 1)/(m + 1), |s| ≤ 0.172: eleven
 * odd terms bring the series below 2^-56 of the result.
 */
function logPositive(x: number): number {
  let m = x;
  let e = 0;
  while (m >= Math.SQRT2) {
    m *= 0.5;
    e++;
  }
  while (m < Math.SQRT1_2) {
    m *= 2;
    e--;
  }
  const s = (m - 1) / (m + 1);
  const z = s * s;
  let series = 1 / 23;
  for (let k = 21; k >= 3; k -= 2) series = 1 / k + z * series;
  const logM = 2 * s + 2 * s * z * series;
  return e * LN2_HI + (e * LN2_LO + logM);
}

/**
 * e^y. y = k·ln 2 + r with |r| ≤ ln2/2, e^r by its Taylor series to r^14/14! (the next term is
 * below 2^-57), then times 2^k by exact doublings or halvings.
 */
function expOf(y: number): number {
  if (y > 709.8) return Infinity;
  if (y < -745.2) return 0;
  const k = Math.round(y * INV_LN2);
  const r = y - k * LN2_HI - k * LN2_LO;
  let series = 1;
  for (let n = 14; n >= 1; n--) series = 1 + (r / n) * series;
  let result = series;
  for (let i = 0; i < k; i++) result *= 2;
  for (let i = 0; i > k; i--) result *= 0.5;
  return result;
}

/**
 * base^exponent for a finite base ≥ 0 and a finite exponent, the same bits in every engine;
 * exactly 1 when the base is 1 or the exponent 0. Within an ulp of Math.pow for the per-step
 * damping factors it exists for ((1 − damping)^dt, the unit tests check); the error grows with
 * |exponent · ln base| (tens of ulps at 20), as ln's rounding is multiplied up.
 */
export function pow(base: number, exponent: number): number {
  if (!(base >= 0) || !Number.isFinite(base) || !Number.isFinite(exponent)) {
    throw new Error(
      `exactMath.pow(${base}, ${exponent}): expected a finite base ≥ 0 and a finite exponent.`,
    );
  }
  if (base === 1 || exponent === 0) return 1;
  if (base === 0) return exponent > 0 ? 0 : Infinity;
  return expOf(exponent * logPositive(base));
}

/**
 * The unit quaternion [x, y, z, w] of a turn by `angle` radians about the unit axis (ax, ay, az),
 * the same bits in every engine (cannon-es's setFromAxisAngle uses Math.sin and Math.cos).
 */
export function axisAngle(
  ax: number,
  ay: number,
  az: number,
  angle: number,
): [number, number, number, number] {
  const s = sin(angle / 2);
  return [ax * s, ay * s, az * s, cos(angle / 2)];
}
