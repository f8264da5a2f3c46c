// The contact solver's set-up as a kernel (kernelTypes.ts): each manifold's header and each
// point's three rows in solve order, as cannon-es's ContactEquation and FrictionEquation set up
// theirs, warm-started from last step's impulses (impulseCarry.ts); then those applied to the bodies.

import type { int } from '../kernels/kernelTypes';
import { warmStartPoint } from './impulseCarry';
import {
  ANGULAR_A,
  ANGULAR_B,
  BODY_ANGULAR_VELOCITY,
  BODY_FORCE_STEP,
  BODY_INV_INERTIA,
  BODY_INV_MASS,
  BODY_POSITION,
  BODY_STATE_WIDTH,
  BODY_TORQUE_STEP,
  BODY_VELOCITY,
  BOUNCE,
  H_BOUND,
  H_EPS,
  H_FRICTION_EPS,
  H_INV_MASS_A,
  H_INV_MASS_B,
  HEADER,
  INERTIA_A,
  INERTIA_B,
  INV_C,
  LAMBDA,
  POINT_WIDTH,
  RELAX_RHS,
  RESTITUTION_THRESHOLD,
  RHS,
  POINT_ROW_WIDTH,
} from './rowLayout';
import {
  IMPULSE_WIDTH,
  MATERIAL_A,
  MATERIAL_B,
  MATERIAL_EPS,
  MATERIAL_FRICTION_B,
  MATERIAL_FRICTION_BOUND,
  MATERIAL_FRICTION_EPS,
  MATERIAL_RESTITUTION,
  MATERIAL_WIDTH,
  POINTS_PER_MANIFOLD,
} from '../manifolds/manifoldStore';

/** Per body in the running velocity changes: linear (3) then angular (3). */
const BODY_WIDTH = 6;
/** setUpRange's scalars: the step's dt, then the warm-start factors (normal, friction). */
export const SCALAR_DT = 0;
export const SCALAR_WARM_NORMAL = 1;
export const SCALAR_WARM_FRICTION = 2;
export const SET_UP_SCALARS = 3;

/**
 * Where positions [0, count) of the solve order put their rows: firstPoint[o] (and
 * firstPoint[count], the end) and each position's two bodies' places in the running velocity
 * changes (BODY_WIDTH × the body index, −1 for one that does not move; both −1 for a manifold
 * that does not respond, which gets no rows). Sequential, and cheap: a pass over the positions.
 * @kernel an entry point of the compiled module; called through kernelCalls.ts.
 */
export function placeRows(
  count: int,
  order: Int32Array,
  responds: Uint8Array,
  bodyA: Int32Array,
  bodyB: Int32Array,
  points: Int32Array,
  state: Float64Array,
  bodies: Int32Array,
  firstPoint: Int32Array,
): void {
  let point = 0;
  for (let o = 0; o < count; o++) {
    const m = order[o];
    firstPoint[o] = point;
    if (responds[m] === 0) {
      bodies[2 * o] = -1;
      bodies[2 * o + 1] = -1;
      continue;
    }
    const a = bodyA[m];
    const b = bodyB[m];
    bodies[2 * o] = state[BODY_STATE_WIDTH * a + BODY_INV_MASS] > 0 ? BODY_WIDTH * a : -1;
    bodies[2 * o + 1] = state[BODY_STATE_WIDTH * b + BODY_INV_MASS] > 0 ? BODY_WIDTH * b : -1;
    point += points[m];
  }
  firstPoint[count] = point;
}

/**
 * Sets up the rows of positions [from, to) (placed by placeRows): each manifold's header and
 * each point's three rows, from ManifoldBuffer's arrays and the bodies packed in `state` by
 * packBody, their λs warm-started from `impulse` times the warm-start factors. `scalars` holds
 * the step's dt and the factors (see SET_UP_SCALARS): in memory, so no caller passes a double
 * through a call. What a position writes is its own: ranges can be set up in any order.
 * @kernel an entry point of the compiled module; called through kernelCalls.ts.
 */
export function setUpRange(
  from: int,
  to: int,
  order: Int32Array,
  responds: Uint8Array,
  bodyA: Int32Array,
  bodyB: Int32Array,
  worldNormal: Float64Array,
  material: Float64Array,
  ri: Float64Array,
  rj: Float64Array,
  impulse: Float64Array,
  state: Float64Array,
  scalars: Float64Array,
  header: Float64Array,
  firstPoint: Int32Array,
  rows: Float64Array,
): void {
  const dt = scalars[SCALAR_DT];
  const warmNormal = scalars[SCALAR_WARM_NORMAL];
  const warmFriction = scalars[SCALAR_WARM_FRICTION];
  const warm = warmNormal > 0 || warmFriction > 0;
  for (let o = from; o < to; o++) {
    const m = order[o];
    if (responds[m] === 0) continue;
    const h = HEADER * o;
    const sa = BODY_STATE_WIDTH * bodyA[m];
    const sb = BODY_STATE_WIDTH * bodyB[m];
    setUpHeader(
      worldNormal,
      material,
      m,
      header,
      h,
      state[sa + BODY_INV_MASS],
      state[sb + BODY_INV_MASS],
    );
    const first = firstPoint[o];
    const n = firstPoint[o + 1] - first;
    for (let k = 0; k < n; k++) {
      const r = POINT_WIDTH * (first + k);
      setUpPoint(material, ri, rj, m, k, state, sa, sb, dt, header, h, rows, r);
      rows[r + LAMBDA] = 0;
      rows[r + POINT_ROW_WIDTH + LAMBDA] = 0;
      rows[r + 2 * POINT_ROW_WIDTH + LAMBDA] = 0;
      if (warm) {
        const i = IMPULSE_WIDTH * (POINTS_PER_MANIFOLD * m + k);
        warmStartPoint(impulse, i, warmNormal, warmFriction, header, h, rows, r);
      }
    }
  }
}

/**
 * Adds the starting λs of positions [0, count) to the running velocity changes `lambdas` (zero
 * on entry), position by position: sequential, since a body's sum runs in solve order.
 * @kernel an entry point of the compiled module; called through kernelCalls.ts.
 */
export function applyStarts(
  count: int,
  header: Float64Array,
  bodies: Int32Array,
  firstPoint: Int32Array,
  rows: Float64Array,
  lambdas: Float64Array,
): void {
  for (let o = 0; o < count; o++) applyStart(o, header, bodies, firstPoint, rows, lambdas);
}

/**
 * Position h's header: the manifold's normal and two unit tangents at right angles to it and
 * each other (t1 along n × x̂, or n × ŷ when n is within 26° of x̂ — cannon-es's Vec3.tangents
 * choice — and t2 = n × t1), the bodies' inverse masses, the rows' ε and the friction bound.
 */
function setUpHeader(
  worldNormal: Float64Array,
  material: Float64Array,
  m: int,
  header: Float64Array,
  h: int,
  invMassA: number,
  invMassB: number,
): void {
  const nx = worldNormal[3 * m];
  const ny = worldNormal[3 * m + 1];
  const nz = worldNormal[3 * m + 2];
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
  const at = MATERIAL_WIDTH * m;
  header[h + H_EPS] = material[at + MATERIAL_EPS];
  header[h + H_FRICTION_EPS] = material[at + MATERIAL_FRICTION_EPS];
  header[h + H_BOUND] = material[at + MATERIAL_FRICTION_BOUND];
}

/**
 * Point k's three rows, as cannon-es's ContactEquation and FrictionEquation compute them
 * (computeB, computeC) but for restitution: G = [−d, −(ri × d), d, rj × d]; B = −g·a − GW·b −
 * h·G M⁻¹ f (normal; g its penetration) or −GW·b − h·G M⁻¹ f (friction); C = the inverse masses
 * + the two rotational terms + ε. Restitution is not in B (cannon-es's (1 + e), scaled by SPOOK's
 * b and ε, gave back 91–93 % of e): the normal row keeps its bounce target for the restitution
 * pass after the sweeps (restitution.ts) — Box2D v3's order. Bodies are read from `state` at `sa`
 * (A) and `sb` (B), as packBody left them.
 */
function setUpPoint(
  material: Float64Array,
  ri: Float64Array,
  rj: Float64Array,
  m: int,
  k: int,
  state: Float64Array,
  sa: int,
  sb: int,
  dt: number,
  header: Float64Array,
  h: int,
  rows: Float64Array,
  point: int,
): void {
  const p = POINTS_PER_MANIFOLD * m + k;
  const mat = MATERIAL_WIDTH * m;
  const rix = ri[3 * p];
  const riy = ri[3 * p + 1];
  const riz = ri[3 * p + 2];
  const rjx = rj[3 * p];
  const rjy = rj[3 * p + 1];
  const rjz = rj[3 * p + 2];
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
    const r = point + t * POINT_ROW_WIDTH;
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
      // G·v before the solve: the point's approach speed when negative.
      const approach = vn + angular;
      relaxRhs = -approach * material[mat + MATERIAL_B] - dt * giMf;
      if (g > 0) {
        // Apart, within CONTACT_MARGIN: speculative (Box2D v3) — it may close its gap this
        // step but no faster, and never pulls; in the relax sweeps too (no penetration term).
        relaxRhs -= g / dt;
        rhs = relaxRhs;
      } else {
        rhs = -g * material[mat + MATERIAL_A] + relaxRhs;
      }
      eps = material[mat + MATERIAL_EPS];
      // The bounce: G·Δv that leaves the point at −e·approach once this step's forces are in.
      const e = material[mat + MATERIAL_RESTITUTION];
      const strikes = e > 0 && approach < -RESTITUTION_THRESHOLD;
      rows[r + BOUNCE] = strikes ? -(1 + e) * approach - dt * giMf : 0;
    } else {
      rhs = -(vn + angular) * material[mat + MATERIAL_FRICTION_B] - dt * giMf;
      relaxRhs = rhs;
      eps = material[mat + MATERIAL_FRICTION_EPS];
      rows[r + BOUNCE] = 0;
    }
    rows[r + RHS] = rhs;
    rows[r + RELAX_RHS] = relaxRhs;
    rows[r + INV_C] = 1 / (c + eps);
  }
}

/** Adds position o's starting λs' impulses to the running velocity changes. */
function applyStart(
  o: int,
  header: Float64Array,
  bodies: Int32Array,
  firstPoint: Int32Array,
  rows: Float64Array,
  lambdas: Float64Array,
): void {
  const a = bodies[2 * o];
  const b = bodies[2 * o + 1];
  const h = HEADER * o;
  const end = firstPoint[o + 1];
  for (let point = firstPoint[o]; point < end; point++) {
    for (let t = 0; t < 3; t++) {
      const r = POINT_WIDTH * point + t * POINT_ROW_WIDTH;
      const lambda = rows[r + LAMBDA];
      if (lambda !== 0) addImpulse(lambda, header, h, t, a, b, rows, r, lambdas);
    }
  }
}

/**
 * Adds impulse λ of row r, direction t of header h (0 the normal, 1 and 2 the tangents), to the
 * running velocity changes of the position's bodies at a and b (−1: one that does not move).
 * The set-up's starting λs and the restitution pass's bounces both go through here.
 */
export function addImpulse(
  lambda: number,
  header: Float64Array,
  h: int,
  t: int,
  a: int,
  b: int,
  rows: Float64Array,
  r: int,
  lambdas: Float64Array,
): void {
  const dx = header[h + 3 * t];
  const dy = header[h + 3 * t + 1];
  const dz = header[h + 3 * t + 2];
  if (a >= 0) {
    const ka = header[h + H_INV_MASS_A] * lambda;
    lambdas[a] -= ka * dx;
    lambdas[a + 1] -= ka * dy;
    lambdas[a + 2] -= ka * dz;
    lambdas[a + 3] += lambda * rows[r + INERTIA_A];
    lambdas[a + 4] += lambda * rows[r + INERTIA_A + 1];
    lambdas[a + 5] += lambda * rows[r + INERTIA_A + 2];
  }
  if (b >= 0) {
    const kb = header[h + H_INV_MASS_B] * lambda;
    lambdas[b] += kb * dx;
    lambdas[b + 1] += kb * dy;
    lambdas[b + 2] += kb * dz;
    lambdas[b + 3] += lambda * rows[r + INERTIA_B];
    lambdas[b + 4] += lambda * rows[r + INERTIA_B + 1];
    lambdas[b + 5] += lambda * rows[r + INERTIA_B + 2];
  }
}
