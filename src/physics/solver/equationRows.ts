// cannon-es's equations as rows of flat arrays for FlatGSSolver: each equation's Jacobian and
// inverse-inertia products side by side, and its B, 1/C, ε and bounds, computed by the same
// IEEE operations as cannon-es's computeB and computeC (see flatSolver.ts for why).

import type { ContactEquation, Equation, FrictionEquation } from 'cannon-es';

/**
 * GSSolver calls `computeB(h)` with the step alone; every concrete equation (contact, friction,
 * the constraints' rotational and cone equations) overrides the base's `computeB(a, b, h)` so.
 */
type SteppedEquation = Equation & { computeB(h: number): number };

/**
 * One cannon-es equation's row in `rows`: its Jacobian (the spatial and rotational parts for body
 * A, then for body B) and the two inverse-inertia products, 3 numbers each: EQUATION_ROW_WIDTH
 * numbers a row (a manifold point's rows are rowLayout.ts's, POINT_ROW_WIDTH wide).
 */
export const ROW_SPATIAL_A = 0;
export const ROW_ROTATIONAL_A = 3;
export const ROW_SPATIAL_B = 6;
export const ROW_ROTATIONAL_B = 9;
/** invI_A · GA.rotational and invI_B · GB.rotational. */
export const ROW_INERTIA_A = 12;
export const ROW_INERTIA_B = 15;
export const EQUATION_ROW_WIDTH = 18;
/** One equation's scalars in `scalars`, `SCALAR_WIDTH` apart. */
export const S_B = 0;
export const S_INV_C = 1;
export const S_EPS = 2;
export const S_MIN_FORCE = 3;
export const S_MAX_FORCE = 4;
export const S_INV_MASS_A = 5;
export const S_INV_MASS_B = 6;
/** The equation's accumulated λ. */
export const S_LAMBDA = 7;
export const SCALAR_WIDTH = 8;

/**
 * The step, for the row builders below: they take it from here rather than as an argument
 * because V8 boxes a double argument (an allocation) on every call it does not inline.
 */
export const stepSeconds = new Float64Array(1);
/** G·M⁻¹·f and G·M⁻¹·Gᵀ of the row being built (see inertiaTerms). */
const terms = new Float64Array(2);

/**
 * ContactEquation.computeB(h) and 1 / computeC(), term for term: G = [−n, −(ri × n), n,
 * rj × n], g = n · (xj + rj − xi − ri), GW with restitution on the normal velocities.
 */
export function contactRow(
  c: ContactEquation,
  rows: Float64Array,
  scalars: Float64Array,
  e: number,
): void {
  const r = EQUATION_ROW_WIDTH * e;
  const bi = c.bi;
  const bj = c.bj;
  const n = c.ni;
  const ri = c.ri;
  const rj = c.rj;
  const nx = n.x;
  const ny = n.y;
  const nz = n.z;
  const rixnX = ri.y * nz - ri.z * ny;
  const rixnY = ri.z * nx - ri.x * nz;
  const rixnZ = ri.x * ny - ri.y * nx;
  const rjxnX = rj.y * nz - rj.z * ny;
  const rjxnY = rj.z * nx - rj.x * nz;
  const rjxnZ = rj.x * ny - rj.y * nx;
  rows[r + ROW_SPATIAL_A] = -nx;
  rows[r + ROW_SPATIAL_A + 1] = -ny;
  rows[r + ROW_SPATIAL_A + 2] = -nz;
  rows[r + ROW_ROTATIONAL_A] = -rixnX;
  rows[r + ROW_ROTATIONAL_A + 1] = -rixnY;
  rows[r + ROW_ROTATIONAL_A + 2] = -rixnZ;
  rows[r + ROW_SPATIAL_B] = nx;
  rows[r + ROW_SPATIAL_B + 1] = ny;
  rows[r + ROW_SPATIAL_B + 2] = nz;
  rows[r + ROW_ROTATIONAL_B] = rjxnX;
  rows[r + ROW_ROTATIONAL_B + 1] = rjxnY;
  rows[r + ROW_ROTATIONAL_B + 2] = rjxnZ;
  // penetrationVec = copy(xj), + rj, − xi, − ri: one rounding per step, in that order.
  const pj = bj.position;
  const pi = bi.position;
  const px = pj.x + rj.x - pi.x - ri.x;
  const py = pj.y + rj.y - pi.y - ri.y;
  const pz = pj.z + rj.z - pi.z - ri.z;
  const g = nx * px + ny * py + nz * pz;
  const ePlusOne = c.restitution + 1;
  const vi = bi.velocity;
  const vj = bj.velocity;
  const wi = bi.angularVelocity;
  const wj = bj.angularVelocity;
  const GW =
    ePlusOne * (vj.x * nx + vj.y * ny + vj.z * nz) -
    ePlusOne * (vi.x * nx + vi.y * ny + vi.z * nz) +
    (wj.x * rjxnX + wj.y * rjxnY + wj.z * rjxnZ) -
    (wi.x * rixnX + wi.y * rixnY + wi.z * rixnZ);
  inertiaTerms(c, rows, r);
  const s = SCALAR_WIDTH * e;
  scalars[s + S_B] = -g * c.a - GW * c.b - stepSeconds[0] * terms[0];
  scalars[s + S_INV_C] = 1.0 / (terms[1] + c.eps);
}

/** FrictionEquation.computeB(h) and 1 / computeC(): G = [−t, −(ri × t), t, rj × t], no g term. */
export function frictionRow(
  c: FrictionEquation,
  rows: Float64Array,
  scalars: Float64Array,
  e: number,
): void {
  const r = EQUATION_ROW_WIDTH * e;
  const bi = c.bi;
  const bj = c.bj;
  const t = c.t;
  const ri = c.ri;
  const rj = c.rj;
  const tx = t.x;
  const ty = t.y;
  const tz = t.z;
  const gax = -tx;
  const gay = -ty;
  const gaz = -tz;
  const garX = -(ri.y * tz - ri.z * ty);
  const garY = -(ri.z * tx - ri.x * tz);
  const garZ = -(ri.x * ty - ri.y * tx);
  const gbrX = rj.y * tz - rj.z * ty;
  const gbrY = rj.z * tx - rj.x * tz;
  const gbrZ = rj.x * ty - rj.y * tx;
  rows[r + ROW_SPATIAL_A] = gax;
  rows[r + ROW_SPATIAL_A + 1] = gay;
  rows[r + ROW_SPATIAL_A + 2] = gaz;
  rows[r + ROW_ROTATIONAL_A] = garX;
  rows[r + ROW_ROTATIONAL_A + 1] = garY;
  rows[r + ROW_ROTATIONAL_A + 2] = garZ;
  rows[r + ROW_SPATIAL_B] = tx;
  rows[r + ROW_SPATIAL_B + 1] = ty;
  rows[r + ROW_SPATIAL_B + 2] = tz;
  rows[r + ROW_ROTATIONAL_B] = gbrX;
  rows[r + ROW_ROTATIONAL_B + 1] = gbrY;
  rows[r + ROW_ROTATIONAL_B + 2] = gbrZ;
  // computeGW: (vi·GA.s + wi·GA.r) + (vj·GB.s + wj·GB.r).
  const vi = bi.velocity;
  const vj = bj.velocity;
  const wi = bi.angularVelocity;
  const wj = bj.angularVelocity;
  const GW =
    vi.x * gax +
    vi.y * gay +
    vi.z * gaz +
    (wi.x * garX + wi.y * garY + wi.z * garZ) +
    (vj.x * tx + vj.y * ty + vj.z * tz + (wj.x * gbrX + wj.y * gbrY + wj.z * gbrZ));
  inertiaTerms(c, rows, r);
  const s = SCALAR_WIDTH * e;
  scalars[s + S_B] = -GW * c.b - stepSeconds[0] * terms[0];
  scalars[s + S_INV_C] = 1.0 / (terms[1] + c.eps);
}

/** Any other equation: cannon-es's own computeB/computeC, then its Jacobian copied out. */
export function genericRow(
  c: Equation,
  rows: Float64Array,
  scalars: Float64Array,
  e: number,
): void {
  const s = SCALAR_WIDTH * e;
  scalars[s + S_B] = (c as SteppedEquation).computeB(stepSeconds[0]);
  scalars[s + S_INV_C] = 1.0 / c.computeC();
  const r = EQUATION_ROW_WIDTH * e;
  const ga = c.jacobianElementA;
  const gb = c.jacobianElementB;
  rows[r + ROW_SPATIAL_A] = ga.spatial.x;
  rows[r + ROW_SPATIAL_A + 1] = ga.spatial.y;
  rows[r + ROW_SPATIAL_A + 2] = ga.spatial.z;
  rows[r + ROW_ROTATIONAL_A] = ga.rotational.x;
  rows[r + ROW_ROTATIONAL_A + 1] = ga.rotational.y;
  rows[r + ROW_ROTATIONAL_A + 2] = ga.rotational.z;
  rows[r + ROW_SPATIAL_B] = gb.spatial.x;
  rows[r + ROW_SPATIAL_B + 1] = gb.spatial.y;
  rows[r + ROW_SPATIAL_B + 2] = gb.spatial.z;
  rows[r + ROW_ROTATIONAL_B] = gb.rotational.x;
  rows[r + ROW_ROTATIONAL_B + 1] = gb.rotational.y;
  rows[r + ROW_ROTATIONAL_B + 2] = gb.rotational.z;
  inertiaTerms(c, rows, r);
}

/**
 * From the row's Jacobian: invI·G.rotational for each body into ROW_INERTIA_A and ROW_INERTIA_B
 * (Mat3.vmult: e[0]·x + e[1]·y + e[2]·z per row), and into `terms` G·M⁻¹·f (computeGiMf) and
 * G·M⁻¹·Gᵀ (computeGiMGt), each summed in cannon-es's order.
 */
function inertiaTerms(c: Equation, rows: Float64Array, r: number): void {
  const bi = c.bi;
  const bj = c.bj;
  const ia = bi.invInertiaWorldSolve.elements;
  const ib = bj.invInertiaWorldSolve.elements;
  const ax = rows[r + ROW_ROTATIONAL_A];
  const ay = rows[r + ROW_ROTATIONAL_A + 1];
  const az = rows[r + ROW_ROTATIONAL_A + 2];
  const bx = rows[r + ROW_ROTATIONAL_B];
  const by = rows[r + ROW_ROTATIONAL_B + 1];
  const bz = rows[r + ROW_ROTATIONAL_B + 2];
  const iaX = ia[0] * ax + ia[1] * ay + ia[2] * az;
  const iaY = ia[3] * ax + ia[4] * ay + ia[5] * az;
  const iaZ = ia[6] * ax + ia[7] * ay + ia[8] * az;
  const ibX = ib[0] * bx + ib[1] * by + ib[2] * bz;
  const ibY = ib[3] * bx + ib[4] * by + ib[5] * bz;
  const ibZ = ib[6] * bx + ib[7] * by + ib[8] * bz;
  rows[r + ROW_INERTIA_A] = iaX;
  rows[r + ROW_INERTIA_A + 1] = iaY;
  rows[r + ROW_INERTIA_A + 2] = iaZ;
  rows[r + ROW_INERTIA_B] = ibX;
  rows[r + ROW_INERTIA_B + 1] = ibY;
  rows[r + ROW_INERTIA_B + 2] = ibZ;
  // computeGiMf: iMf = invMass·f; iIτ = invI·τ; (iMf_i·GA.s + iIτ_i·GA.r) + (… j).
  const mi = bi.invMassSolve;
  const mj = bj.invMassSolve;
  const fi = bi.force;
  const fj = bj.force;
  const ti = bi.torque;
  const tj = bj.torque;
  const tix = ia[0] * ti.x + ia[1] * ti.y + ia[2] * ti.z;
  const tiy = ia[3] * ti.x + ia[4] * ti.y + ia[5] * ti.z;
  const tiz = ia[6] * ti.x + ia[7] * ti.y + ia[8] * ti.z;
  const tjx = ib[0] * tj.x + ib[1] * tj.y + ib[2] * tj.z;
  const tjy = ib[3] * tj.x + ib[4] * tj.y + ib[5] * tj.z;
  const tjz = ib[6] * tj.x + ib[7] * tj.y + ib[8] * tj.z;
  terms[0] =
    mi * fi.x * rows[r + ROW_SPATIAL_A] +
    mi * fi.y * rows[r + ROW_SPATIAL_A + 1] +
    mi * fi.z * rows[r + ROW_SPATIAL_A + 2] +
    (tix * ax + tiy * ay + tiz * az) +
    (mj * fj.x * rows[r + ROW_SPATIAL_B] +
      mj * fj.y * rows[r + ROW_SPATIAL_B + 1] +
      mj * fj.z * rows[r + ROW_SPATIAL_B + 2] +
      (tjx * bx + tjy * by + tjz * bz));
  // computeGiMGt: (invMass_i + invMass_j) + iIG_i·GA.r + iIG_j·GB.r.
  terms[1] = mi + mj + (iaX * ax + iaY * ay + iaZ * az) + (ibX * bx + ibY * by + ibZ * bz);
}
