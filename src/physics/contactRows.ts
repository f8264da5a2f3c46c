// One contact point's three solver rows (normal, then the two friction directions), set up as
// cannon-es's ContactEquation and FrictionEquation set up theirs, warm-started from the point's
// stored impulses; the rows' layout and the manifold header they share.

import type { Body } from 'cannon-es';
import {
  IMPULSE_FRICTION,
  IMPULSE_NORMAL,
  MATERIAL_A,
  MATERIAL_B,
  MATERIAL_EPS,
  MATERIAL_FRICTION_B,
  MATERIAL_FRICTION_BOUND,
  MATERIAL_FRICTION_EPS,
  MATERIAL_RESTITUTION,
  MATERIAL_WIDTH,
  POINTS_PER_MANIFOLD,
} from './manifoldStore';
import type { ManifoldBuffer } from './manifoldStore';

/**
 * One row (a normal or a friction direction d at one point): G's angular parts −(ri × d) for A
 * and rj × d for B (its linear parts are ∓d, kept in the manifold's header), each times its
 * body's inverse world inertia, then B, 1 / (G M⁻¹ Gᵀ + ε), the accumulated impulse λ and B
 * without the penetration term (for relax sweeps; the same as B for friction rows).
 */
export const ANGULAR_A = 0;
export const ANGULAR_B = 3;
export const INERTIA_A = 6;
export const INERTIA_B = 9;
export const RHS = 12;
export const INV_C = 13;
export const LAMBDA = 14;
export const RELAX_RHS = 15;
export const ROW_WIDTH = 16;
/** A point's rows, one after another: normal, t1, t2. */
export const POINT_WIDTH = 3 * ROW_WIDTH;

/**
 * What the rows read of one body, packed once a step (packBody) so the set-up reads typed
 * arrays alone — one shape of data, whatever the bodies' classes — and works out M⁻¹ f and
 * I⁻¹ τ once a body, not once a point.
 */
export const BODY_INV_MASS = 0;
/** The inverse world inertia for the solve, row by row (9). */
export const BODY_INV_INERTIA = 1;
export const BODY_POSITION = 10;
export const BODY_VELOCITY = 13;
export const BODY_ANGULAR_VELOCITY = 16;
/** M⁻¹ f (3), then I⁻¹ τ (3). */
export const BODY_FORCE_STEP = 19;
export const BODY_TORQUE_STEP = 22;
export const BODY_STATE_WIDTH = 25;

/** Packs `body` at state[at..] (see BODY_STATE_WIDTH). */
export function packBody(body: Body, state: Float64Array, at: number): void {
  const ia = body.invInertiaWorldSolve.elements;
  const ma = body.invMassSolve;
  state[at + BODY_INV_MASS] = ma;
  for (let c = 0; c < 9; c++) state[at + BODY_INV_INERTIA + c] = ia[c];
  const p = body.position;
  const v = body.velocity;
  const w = body.angularVelocity;
  const f = body.force;
  const t = body.torque;
  state[at + BODY_POSITION] = p.x;
  state[at + BODY_POSITION + 1] = p.y;
  state[at + BODY_POSITION + 2] = p.z;
  state[at + BODY_VELOCITY] = v.x;
  state[at + BODY_VELOCITY + 1] = v.y;
  state[at + BODY_VELOCITY + 2] = v.z;
  state[at + BODY_ANGULAR_VELOCITY] = w.x;
  state[at + BODY_ANGULAR_VELOCITY + 1] = w.y;
  state[at + BODY_ANGULAR_VELOCITY + 2] = w.z;
  state[at + BODY_FORCE_STEP] = ma * f.x;
  state[at + BODY_FORCE_STEP + 1] = ma * f.y;
  state[at + BODY_FORCE_STEP + 2] = ma * f.z;
  state[at + BODY_TORQUE_STEP] = ia[0] * t.x + ia[1] * t.y + ia[2] * t.z;
  state[at + BODY_TORQUE_STEP + 1] = ia[3] * t.x + ia[4] * t.y + ia[5] * t.z;
  state[at + BODY_TORQUE_STEP + 2] = ia[6] * t.x + ia[7] * t.y + ia[8] * t.z;
}

/**
 * Point k's three rows, as cannon-es's ContactEquation and FrictionEquation compute them
 * (computeB, computeC): G = [−d, −(ri × d), d, rj × d]; B = −g·a − GW·b − h·G M⁻¹ f for the
 * normal, with g its penetration and restitution on the normal velocities, and −GW·b −
 * h·G M⁻¹ f for friction; C = invMassA + invMassB + the two rotational terms, plus ε (the
 * directions are unit vectors, so the linear terms are the inverse masses). The bodies are read
 * from `state` at `sa` (A) and `sb` (B), as packBody left them.
 */
export function setUpPoint(
  buffer: ManifoldBuffer,
  m: number,
  k: number,
  state: Float64Array,
  sa: number,
  sb: number,
  dt: number,
  header: Float64Array,
  h: number,
  rows: Float64Array,
  point: number,
): void {
  const p = POINTS_PER_MANIFOLD * m + k;
  const material = buffer.material;
  const mat = MATERIAL_WIDTH * m;
  const rix = buffer.ri[3 * p];
  const riy = buffer.ri[3 * p + 1];
  const riz = buffer.ri[3 * p + 2];
  const rjx = buffer.rj[3 * p];
  const rjy = buffer.rj[3 * p + 1];
  const rjz = buffer.rj[3 * p + 2];
  const ia = sa + BODY_INV_INERTIA;
  const ib = sb + BODY_INV_INERTIA;
  const ma = state[sa + BODY_INV_MASS];
  const mb = state[sb + BODY_INV_MASS];
  const vix = state[sa + BODY_VELOCITY];
  const viy = state[sa + BODY_VELOCITY + 1];
  const viz = state[sa + BODY_VELOCITY + 2];
  const vjx = state[sb + BODY_VELOCITY];
  const vjy = state[sb + BODY_VELOCITY + 1];
  const vjz = state[sb + BODY_VELOCITY + 2];
  const wix = state[sa + BODY_ANGULAR_VELOCITY];
  const wiy = state[sa + BODY_ANGULAR_VELOCITY + 1];
  const wiz = state[sa + BODY_ANGULAR_VELOCITY + 2];
  const wjx = state[sb + BODY_ANGULAR_VELOCITY];
  const wjy = state[sb + BODY_ANGULAR_VELOCITY + 1];
  const wjz = state[sb + BODY_ANGULAR_VELOCITY + 2];
  // M⁻¹ f and I⁻¹ τ of each body, for G M⁻¹ f.
  const fax = state[sa + BODY_FORCE_STEP];
  const fay = state[sa + BODY_FORCE_STEP + 1];
  const faz = state[sa + BODY_FORCE_STEP + 2];
  const fbx = state[sb + BODY_FORCE_STEP];
  const fby = state[sb + BODY_FORCE_STEP + 1];
  const fbz = state[sb + BODY_FORCE_STEP + 2];
  const tax = state[sa + BODY_TORQUE_STEP];
  const tay = state[sa + BODY_TORQUE_STEP + 1];
  const taz = state[sa + BODY_TORQUE_STEP + 2];
  const tbx = state[sb + BODY_TORQUE_STEP];
  const tby = state[sb + BODY_TORQUE_STEP + 1];
  const tbz = state[sb + BODY_TORQUE_STEP + 2];
  for (let t = 0; t < 3; t++) {
    const r = point + t * ROW_WIDTH;
    const dx = header[h + 3 * t];
    const dy = header[h + 3 * t + 1];
    const dz = header[h + 3 * t + 2];
    const gax = -(riy * dz - riz * dy);
    const gay = -(riz * dx - rix * dz);
    const gaz = -(rix * dy - riy * dx);
    const gbx = rjy * dz - rjz * dy;
    const gby = rjz * dx - rjx * dz;
    const gbz = rjx * dy - rjy * dx;
    const iax = state[ia] * gax + state[ia + 1] * gay + state[ia + 2] * gaz;
    const iay = state[ia + 3] * gax + state[ia + 4] * gay + state[ia + 5] * gaz;
    const iaz = state[ia + 6] * gax + state[ia + 7] * gay + state[ia + 8] * gaz;
    const ibx = state[ib] * gbx + state[ib + 1] * gby + state[ib + 2] * gbz;
    const iby = state[ib + 3] * gbx + state[ib + 4] * gby + state[ib + 5] * gbz;
    const ibz = state[ib + 6] * gbx + state[ib + 7] * gby + state[ib + 8] * gbz;
    rows[r + ANGULAR_A] = gax;
    rows[r + ANGULAR_A + 1] = gay;
    rows[r + ANGULAR_A + 2] = gaz;
    rows[r + ANGULAR_B] = gbx;
    rows[r + ANGULAR_B + 1] = gby;
    rows[r + ANGULAR_B + 2] = gbz;
    rows[r + INERTIA_A] = iax;
    rows[r + INERTIA_A + 1] = iay;
    rows[r + INERTIA_A + 2] = iaz;
    rows[r + INERTIA_B] = ibx;
    rows[r + INERTIA_B + 1] = iby;
    rows[r + INERTIA_B + 2] = ibz;
    const c = ma + mb + (iax * gax + iay * gay + iaz * gaz) + (ibx * gbx + iby * gby + ibz * gbz);
    const giMf =
      -(fax * dx + fay * dy + faz * dz) +
      (tax * gax + tay * gay + taz * gaz) +
      (fbx * dx + fby * dy + fbz * dz) +
      (tbx * gbx + tby * gby + tbz * gbz);
    const angular = wix * gax + wiy * gay + wiz * gaz + (wjx * gbx + wjy * gby + wjz * gbz);
    const vn = vjx * dx + vjy * dy + vjz * dz - (vix * dx + viy * dy + viz * dz);
    let rhs: number;
    let relaxRhs: number;
    let eps: number;
    if (t === 0) {
      const pi = sa + BODY_POSITION;
      const pj = sb + BODY_POSITION;
      const g =
        dx * (state[pj] + rjx - state[pi] - rix) +
        dy * (state[pj + 1] + rjy - state[pi + 1] - riy) +
        dz * (state[pj + 2] + rjz - state[pi + 2] - riz);
      const GW = (material[mat + MATERIAL_RESTITUTION] + 1) * vn + angular;
      relaxRhs = -GW * material[mat + MATERIAL_B] - dt * giMf;
      rhs = -g * material[mat + MATERIAL_A] + relaxRhs;
      eps = material[mat + MATERIAL_EPS];
    } else {
      rhs = -(vn + angular) * material[mat + MATERIAL_FRICTION_B] - dt * giMf;
      relaxRhs = rhs;
      eps = material[mat + MATERIAL_FRICTION_EPS];
    }
    rows[r + RHS] = rhs;
    rows[r + RELAX_RHS] = relaxRhs;
    rows[r + INV_C] = 1 / (c + eps);
  }
}

/**
 * Per manifold, in solve order: n, t1, t2 (world, unit, at right angles), the inverse masses
 * of A and B, the normal rows' ε, the friction rows' ε and their impulse bound (0: none).
 */
export const H_INV_MASS_A = 9;
export const H_INV_MASS_B = 10;
export const H_EPS = 11;
export const H_FRICTION_EPS = 12;
export const H_BOUND = 13;
export const HEADER = 14;
/** ContactEquation's impulse cap per step (cannon-es's default maxForce). */
export const MAX_NORMAL_IMPULSE = 1e6;

/** How much of last step's impulses a solve starts from (0 … 1 each: normal, friction). */
export interface WarmStart {
  normal: number;
  friction: number;
}

/**
 * Position h's header: the manifold's normal and two unit tangents at right angles to it and
 * each other (t1 along n × x̂, or n × ŷ when n is within 26° of x̂ — cannon-es's Vec3.tangents
 * choice — and t2 = n × t1), the bodies' inverse masses, the rows' ε and the friction bound.
 */
export function setUpHeader(
  buffer: ManifoldBuffer,
  m: number,
  header: Float64Array,
  h: number,
  invMassA: number,
  invMassB: number,
): void {
  const wn = buffer.worldNormal;
  const nx = wn[3 * m];
  const ny = wn[3 * m + 1];
  const nz = wn[3 * m + 2];
  // n × r for r = x̂ (0, nz, −ny) or ŷ (−nz, 0, nx), made unit.
  const useX = Math.abs(nx) < 0.9;
  let t1x = useX ? 0 : -nz;
  let t1y = useX ? nz : 0;
  let t1z = useX ? -ny : nx;
  const inverse = 1 / Math.sqrt(t1x * t1x + t1y * t1y + t1z * t1z);
  t1x *= inverse;
  t1y *= inverse;
  t1z *= inverse;
  header[h] = nx;
  header[h + 1] = ny;
  header[h + 2] = nz;
  header[h + 3] = t1x;
  header[h + 4] = t1y;
  header[h + 5] = t1z;
  header[h + 6] = ny * t1z - nz * t1y;
  header[h + 7] = nz * t1x - nx * t1z;
  header[h + 8] = nx * t1y - ny * t1x;
  header[h + H_INV_MASS_A] = invMassA;
  header[h + H_INV_MASS_B] = invMassB;
  const material = buffer.material;
  header[h + H_EPS] = material[MATERIAL_WIDTH * m + MATERIAL_EPS];
  header[h + H_FRICTION_EPS] = material[MATERIAL_WIDTH * m + MATERIAL_FRICTION_EPS];
  header[h + H_BOUND] = material[MATERIAL_WIDTH * m + MATERIAL_FRICTION_BOUND];
}

/**
 * The stored impulses at `impulse[i]`, times `warm`'s factors, as starting λs of the point's
 * rows at `rows[r]`: friction carried into this step's tangents (Catto: last step's friction
 * impulse, a world vector, projected onto the new tangents, unit and at right angles), each
 * clamped to its row's bounds.
 */
export function warmStartPoint(
  impulse: Float64Array,
  i: number,
  warm: WarmStart,
  header: Float64Array,
  h: number,
  rows: Float64Array,
  r: number,
): void {
  // Clamped where they are stored: a local that may hold the constant 0 or a computed double
  // is one V8 may keep tagged, and then each double it holds is boxed (an allocation a clamp).
  const n = r + LAMBDA;
  rows[n] = warm.normal * impulse[i + IMPULSE_NORMAL];
  if (rows[n] < 0) rows[n] = 0;
  else if (rows[n] > MAX_NORMAL_IMPULSE) rows[n] = MAX_NORMAL_IMPULSE;
  const bound = header[h + H_BOUND];
  const px = warm.friction * impulse[i + IMPULSE_FRICTION];
  const py = warm.friction * impulse[i + IMPULSE_FRICTION + 1];
  const pz = warm.friction * impulse[i + IMPULSE_FRICTION + 2];
  for (let t = 1; t <= 2; t++) {
    const f = r + t * ROW_WIDTH + LAMBDA;
    rows[f] = px * header[h + 3 * t] + py * header[h + 3 * t + 1] + pz * header[h + 3 * t + 2];
    if (rows[f] < -bound) rows[f] = -bound;
    else if (rows[f] > bound) rows[f] = bound;
  }
}
