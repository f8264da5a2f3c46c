// cannon-es's Gauss–Seidel solver, rewritten over flat typed arrays. Same equations, same order,
// same floating-point operations, so the same bits as GSSolver (tests/unit/physics/flatSolver
// compares state hashes step by step); only the memory layout and the repeated work change.

import { ContactEquation, FrictionEquation, GSSolver } from 'cannon-es';
import type { Equation, World } from 'cannon-es';
import { ManifoldRows } from './contactSolver';
import type { WarmStart } from './contactSolver';
import type { ManifoldStore } from './manifoldStore';

/**
 * Why it is faster. GSSolver's inner loop reads each equation's Jacobian through four Vec3
 * objects and each body's running velocity change through two more, and recomputes
 * inverse-inertia × Jacobian (two 3×3 products) on every iteration, although neither changes
 * during a solve. Here each equation's 12 Jacobian numbers and the two precomputed products
 * sit side by side in one Float64Array, the bodies' running velocity changes in another,
 * and the products are computed once per solve.
 *
 * Why it is the same bits. Every quantity is computed by the same sequence of IEEE operations
 * as in cannon-es (`computeB`/`computeC` are cannon-es's own calls; the products below follow
 * Mat3.vmult, Vec3.dot, Vec3.addScaledVector and JacobianElement.multiplyVectors term by term,
 * in their association order). A product computed once instead of ten times is the same number.
 *
 * Nothing survives a solve: like GSSolver it starts every solve from zero (no warm start), so
 * the scratch arrays are not state.
 */
/**
 * GSSolver calls `computeB(h)` with the step alone; every concrete equation (contact, friction,
 * the constraints' rotational and cone equations) overrides the base's `computeB(a, b, h)` so.
 */
type SteppedEquation = Equation & { computeB(h: number): number };

/**
 * One equation's row in `rows`: its Jacobian (the spatial and rotational parts for body A, then
 * for body B) and the two inverse-inertia products, 3 numbers each. `ROW_WIDTH` numbers a row.
 */
const ROW_SPATIAL_A = 0;
const ROW_ROTATIONAL_A = 3;
const ROW_SPATIAL_B = 6;
const ROW_ROTATIONAL_B = 9;
/** invI_A · GA.rotational and invI_B · GB.rotational. */
const ROW_INERTIA_A = 12;
const ROW_INERTIA_B = 15;
const ROW_WIDTH = 18;
/** One equation's scalars in `scalars`, `SCALAR_WIDTH` apart. */
const S_B = 0;
const S_INV_C = 1;
const S_EPS = 2;
const S_MIN_FORCE = 3;
const S_MAX_FORCE = 4;
const S_INV_MASS_A = 5;
const S_INV_MASS_B = 6;
/** The equation's accumulated λ. */
const S_LAMBDA = 7;
const SCALAR_WIDTH = 8;
/** Per body in `lambdas`: the running velocity change, linear (3) then angular (3). */
const BODY_LINEAR = 0;
const BODY_ANGULAR = 3;
const BODY_WIDTH = 6;

export class FlatGSSolver extends GSSolver {
  /** Per equation, ROW_WIDTH numbers (see ROW_SPATIAL_A …). */
  private rows = new Float64Array(ROW_WIDTH * 256);
  /** Per equation, SCALAR_WIDTH numbers (see S_B …). */
  private scalars = new Float64Array(SCALAR_WIDTH * 256);
  private bodyA = new Int32Array(256);
  private bodyB = new Int32Array(256);
  /** Per body, BODY_WIDTH numbers: the solve's running velocity change. */
  private lambdas = new Float64Array(BODY_WIDTH * 256);
  /**
   * The persistent manifolds of a ManifoldNarrowphase, solved here beside the equations, or
   * null when contacts come as cannon-es equations (then nothing survives a solve).
   */
  contacts: ManifoldStore | null = null;
  /** How much of last step's impulses the manifolds' rows start from (Catto 2005). */
  readonly warmStart: WarmStart = { normal: 1, friction: 1 };
  /** Sweeps after the solve without the penetration term (see ManifoldRows.relax). */
  relaxIterations = 0;
  private readonly manifoldRows = new ManifoldRows();
  /**
   * Solves that took the flat path, and solves handed over to GSSolver's own loop: counters
   * only (nothing reads them back into a solve), so tests can tell which path a result came from.
   */
  flatSolves = 0;
  fallbackSolves = 0;

  override solve(dt: number, world: World): number {
    const equations = this.equations;
    const count = equations.length;
    const bodies = world.bodies;
    const bodyCount = bodies.length;
    const manifolds =
      this.contacts !== null && this.contacts.current.count > 0 ? this.contacts.current : null;
    if (count === 0 && manifolds === null) return 0;
    // The flat layout addresses bodies by `body.index`, which World keeps equal to the body's
    // place in world.bodies. A solve over some other list (a SplitSolver island) falls back.
    for (let e = 0; e < count; e++) {
      const eq = equations[e];
      if (bodies[eq.bi.index] !== eq.bi || bodies[eq.bj.index] !== eq.bj) {
        this.fallbackSolves++;
        return super.solve(dt, world);
      }
    }
    this.flatSolves++;
    for (let i = 0; i !== bodyCount; i++) bodies[i].updateSolveMassProperties();
    this.reserve(count, bodyCount);
    const rows = this.rows;
    const scalars = this.scalars;
    const bodyA = this.bodyA;
    const bodyB = this.bodyB;
    const lambdas = this.lambdas;

    stepSeconds[0] = dt;
    for (let e = 0; e !== count; e++) {
      const c = equations[e];
      const s = SCALAR_WIDTH * e;
      scalars[s + S_EPS] = c.eps;
      scalars[s + S_MIN_FORCE] = c.minForce;
      scalars[s + S_MAX_FORCE] = c.maxForce;
      scalars[s + S_INV_MASS_A] = c.bi.invMassSolve;
      scalars[s + S_INV_MASS_B] = c.bj.invMassSolve;
      scalars[s + S_LAMBDA] = 0.0;
      bodyA[e] = c.bi.index;
      bodyB[e] = c.bj.index;
      // Contacts and their friction, nearly every equation, are set up here directly; any
      // other kind through its own computeB/computeC.
      if (c.constructor === ContactEquation) contactRow(c, rows, scalars, e);
      else if (c.constructor === FrictionEquation) frictionRow(c, rows, scalars, e);
      else genericRow(c, rows, scalars, e);
    }
    lambdas.fill(0, 0, BODY_WIDTH * bodyCount);
    if (manifolds !== null) this.manifoldRows.setUp(manifolds, bodies, dt, this.warmStart, lambdas);

    const maxIter = this.iterations;
    const tolSquared = this.tolerance * this.tolerance;
    let iter = 0;
    for (iter = 0; iter !== maxIter; iter++) {
      // The manifolds' rows first. With manifolds there is no early stop at the tolerance
      // (cannon-es's, which a pile never reaches): every solve sweeps `iterations` times.
      if (manifolds !== null) this.manifoldRows.iterate(lambdas, false);
      let deltalambdaTot = 0.0;
      for (let e = 0; e !== count; e++) {
        const r = ROW_WIDTH * e;
        const s = SCALAR_WIDTH * e;
        // Where this row's parts and its bodies' running velocity changes start.
        const gas = r + ROW_SPATIAL_A;
        const gar = r + ROW_ROTATIONAL_A;
        const gbs = r + ROW_SPATIAL_B;
        const gbr = r + ROW_ROTATIONAL_B;
        const ia = r + ROW_INERTIA_A;
        const ib = r + ROW_INERTIA_B;
        const va = BODY_WIDTH * bodyA[e] + BODY_LINEAR;
        const wa = BODY_WIDTH * bodyA[e] + BODY_ANGULAR;
        const vb = BODY_WIDTH * bodyB[e] + BODY_LINEAR;
        const wb = BODY_WIDTH * bodyB[e] + BODY_ANGULAR;
        // computeGWlambda: (vA·GA.s + wA·GA.r) + (vB·GB.s + wB·GB.r), each dot x + y + z.
        const gwA =
          lambdas[va] * rows[gas] +
          lambdas[va + 1] * rows[gas + 1] +
          lambdas[va + 2] * rows[gas + 2] +
          (lambdas[wa] * rows[gar] +
            lambdas[wa + 1] * rows[gar + 1] +
            lambdas[wa + 2] * rows[gar + 2]);
        const gwB =
          lambdas[vb] * rows[gbs] +
          lambdas[vb + 1] * rows[gbs + 1] +
          lambdas[vb + 2] * rows[gbs + 2] +
          (lambdas[wb] * rows[gbr] +
            lambdas[wb + 1] * rows[gbr + 1] +
            lambdas[wb + 2] * rows[gbr + 2]);
        const lambdaj = scalars[s + S_LAMBDA];
        let deltalambda =
          scalars[s + S_INV_C] * (scalars[s + S_B] - (gwA + gwB) - scalars[s + S_EPS] * lambdaj);
        const minForce = scalars[s + S_MIN_FORCE];
        const maxForce = scalars[s + S_MAX_FORCE];
        if (lambdaj + deltalambda < minForce) deltalambda = minForce - lambdaj;
        else if (lambdaj + deltalambda > maxForce) deltalambda = maxForce - lambdaj;
        scalars[s + S_LAMBDA] = lambdaj + deltalambda;
        deltalambdaTot += deltalambda > 0.0 ? deltalambda : -deltalambda;
        // addToWlambda: v += (invMass·Δλ)·G.spatial for A then B; w += Δλ·(invI·G.rot) for A then B.
        const ka = scalars[s + S_INV_MASS_A] * deltalambda;
        lambdas[va] = lambdas[va] + ka * rows[gas];
        lambdas[va + 1] = lambdas[va + 1] + ka * rows[gas + 1];
        lambdas[va + 2] = lambdas[va + 2] + ka * rows[gas + 2];
        const kb = scalars[s + S_INV_MASS_B] * deltalambda;
        lambdas[vb] = lambdas[vb] + kb * rows[gbs];
        lambdas[vb + 1] = lambdas[vb + 1] + kb * rows[gbs + 1];
        lambdas[vb + 2] = lambdas[vb + 2] + kb * rows[gbs + 2];
        lambdas[wa] = lambdas[wa] + deltalambda * rows[ia];
        lambdas[wa + 1] = lambdas[wa + 1] + deltalambda * rows[ia + 1];
        lambdas[wa + 2] = lambdas[wa + 2] + deltalambda * rows[ia + 2];
        lambdas[wb] = lambdas[wb] + deltalambda * rows[ib];
        lambdas[wb + 1] = lambdas[wb + 1] + deltalambda * rows[ib + 1];
        lambdas[wb + 2] = lambdas[wb + 2] + deltalambda * rows[ib + 2];
      }
      if (manifolds === null && deltalambdaTot * deltalambdaTot < tolSquared) break;
    }

    if (manifolds !== null && this.relaxIterations > 0) {
      this.manifoldRows.relax(bodies, lambdas, dt, this.relaxIterations);
    }
    // Add the result to every body's velocity, as GSSolver does (static ones included: their
    // change is zero unless a broken body put NaN there, which stateGuard deals with).
    for (let i = 0; i !== bodyCount; i++) {
      const body = bodies[i];
      const l = BODY_WIDTH * i;
      const vl = body.vlambda;
      const wl = body.wlambda;
      const lf = body.linearFactor;
      const af = body.angularFactor;
      vl.x = lambdas[l + BODY_LINEAR] * lf.x;
      vl.y = lambdas[l + BODY_LINEAR + 1] * lf.y;
      vl.z = lambdas[l + BODY_LINEAR + 2] * lf.z;
      wl.x = lambdas[l + BODY_ANGULAR] * af.x;
      wl.y = lambdas[l + BODY_ANGULAR + 1] * af.y;
      wl.z = lambdas[l + BODY_ANGULAR + 2] * af.z;
      const v = body.velocity;
      const w = body.angularVelocity;
      v.x += vl.x;
      v.y += vl.y;
      v.z += vl.z;
      w.x += wl.x;
      w.y += wl.y;
      w.z += wl.z;
    }
    const invDt = 1 / dt;
    for (let e = 0; e !== count; e++) {
      equations[e].multiplier = scalars[SCALAR_WIDTH * e + S_LAMBDA] * invDt;
    }
    if (manifolds !== null) this.manifoldRows.store(manifolds);
    return iter;
  }

  /** Grows the scratch arrays (doubling, so a growing scene reallocates a handful of times). */
  private reserve(equations: number, bodies: number): void {
    let capacity = this.bodyA.length;
    if (capacity < equations) {
      while (capacity < equations) capacity *= 2;
      this.rows = new Float64Array(ROW_WIDTH * capacity);
      this.scalars = new Float64Array(SCALAR_WIDTH * capacity);
      this.bodyA = new Int32Array(capacity);
      this.bodyB = new Int32Array(capacity);
    }
    let bodyCapacity = this.lambdas.length / BODY_WIDTH;
    if (bodyCapacity < bodies) {
      while (bodyCapacity < bodies) bodyCapacity *= 2;
      this.lambdas = new Float64Array(BODY_WIDTH * bodyCapacity);
    }
  }
}

/**
 * The step, for the row builders below: they take it from here rather than as an argument
 * because V8 boxes a double argument (an allocation) on every call it does not inline.
 */
const stepSeconds = new Float64Array(1);
/** G·M⁻¹·f and G·M⁻¹·Gᵀ of the row being built (see inertiaTerms). */
const terms = new Float64Array(2);

/**
 * ContactEquation.computeB(h) and 1 / computeC(), term for term: G = [−n, −(ri × n), n,
 * rj × n], g = n · (xj + rj − xi − ri), GW with restitution on the normal velocities.
 */
function contactRow(
  c: ContactEquation,
  rows: Float64Array,
  scalars: Float64Array,
  e: number,
): void {
  const r = ROW_WIDTH * e;
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
function frictionRow(
  c: FrictionEquation,
  rows: Float64Array,
  scalars: Float64Array,
  e: number,
): void {
  const r = ROW_WIDTH * e;
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
function genericRow(c: Equation, rows: Float64Array, scalars: Float64Array, e: number): void {
  const s = SCALAR_WIDTH * e;
  scalars[s + S_B] = (c as SteppedEquation).computeB(stepSeconds[0]);
  scalars[s + S_INV_C] = 1.0 / c.computeC();
  const r = ROW_WIDTH * e;
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
