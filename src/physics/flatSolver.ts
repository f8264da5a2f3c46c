// cannon-es's Gauss–Seidel solver, rewritten over flat typed arrays. Same equations, same order,
// same floating-point operations, so the same bits as GSSolver (tests/unit/physics/flatSolver
// compares state hashes step by step); only the memory layout and the repeated work change.

import { ContactEquation, FrictionEquation, GSSolver } from 'cannon-es';
import type { Equation, World } from 'cannon-es';

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

export class FlatGSSolver extends GSSolver {
  /** Per equation, 18 numbers: GA.spatial, GA.rotational, GB.spatial, GB.rotational, invIA·GA.rot, invIB·GB.rot. */
  private rows = new Float64Array(18 * 256);
  /** Per equation: B, 1/C, eps, minForce, maxForce, invMassSolve of A, invMassSolve of B, λ. */
  private scalars = new Float64Array(8 * 256);
  private bodyA = new Int32Array(256);
  private bodyB = new Int32Array(256);
  /** Per body: the solve's running velocity change, linear (3) then angular (3). */
  private lambdas = new Float64Array(6 * 256);
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
    if (count === 0) return 0;
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
      const s = 8 * e;
      scalars[s + 2] = c.eps;
      scalars[s + 3] = c.minForce;
      scalars[s + 4] = c.maxForce;
      scalars[s + 5] = c.bi.invMassSolve;
      scalars[s + 6] = c.bj.invMassSolve;
      scalars[s + 7] = 0.0;
      bodyA[e] = c.bi.index;
      bodyB[e] = c.bj.index;
      // Contacts and their friction, nearly every equation, are set up here directly; any
      // other kind through its own computeB/computeC.
      if (c.constructor === ContactEquation) contactRow(c, rows, scalars, e);
      else if (c.constructor === FrictionEquation) frictionRow(c, rows, scalars, e);
      else genericRow(c, rows, scalars, e);
    }
    lambdas.fill(0, 0, 6 * bodyCount);

    const maxIter = this.iterations;
    const tolSquared = this.tolerance * this.tolerance;
    let iter = 0;
    for (iter = 0; iter !== maxIter; iter++) {
      let deltalambdaTot = 0.0;
      for (let e = 0; e !== count; e++) {
        const r = 18 * e;
        const s = 8 * e;
        const a = 6 * bodyA[e];
        const b = 6 * bodyB[e];
        // computeGWlambda: (vA·GA.s + wA·GA.r) + (vB·GB.s + wB·GB.r), each dot x + y + z.
        const gwA =
          lambdas[a] * rows[r] +
          lambdas[a + 1] * rows[r + 1] +
          lambdas[a + 2] * rows[r + 2] +
          (lambdas[a + 3] * rows[r + 3] +
            lambdas[a + 4] * rows[r + 4] +
            lambdas[a + 5] * rows[r + 5]);
        const gwB =
          lambdas[b] * rows[r + 6] +
          lambdas[b + 1] * rows[r + 7] +
          lambdas[b + 2] * rows[r + 8] +
          (lambdas[b + 3] * rows[r + 9] +
            lambdas[b + 4] * rows[r + 10] +
            lambdas[b + 5] * rows[r + 11]);
        const lambdaj = scalars[s + 7];
        let deltalambda = scalars[s + 1] * (scalars[s] - (gwA + gwB) - scalars[s + 2] * lambdaj);
        const minForce = scalars[s + 3];
        const maxForce = scalars[s + 4];
        if (lambdaj + deltalambda < minForce) deltalambda = minForce - lambdaj;
        else if (lambdaj + deltalambda > maxForce) deltalambda = maxForce - lambdaj;
        scalars[s + 7] = lambdaj + deltalambda;
        deltalambdaTot += deltalambda > 0.0 ? deltalambda : -deltalambda;
        // addToWlambda: v += (invMass·Δλ)·G.spatial for A then B; w += Δλ·(invI·G.rot) for A then B.
        const ka = scalars[s + 5] * deltalambda;
        lambdas[a] = lambdas[a] + ka * rows[r];
        lambdas[a + 1] = lambdas[a + 1] + ka * rows[r + 1];
        lambdas[a + 2] = lambdas[a + 2] + ka * rows[r + 2];
        const kb = scalars[s + 6] * deltalambda;
        lambdas[b] = lambdas[b] + kb * rows[r + 6];
        lambdas[b + 1] = lambdas[b + 1] + kb * rows[r + 7];
        lambdas[b + 2] = lambdas[b + 2] + kb * rows[r + 8];
        lambdas[a + 3] = lambdas[a + 3] + deltalambda * rows[r + 12];
        lambdas[a + 4] = lambdas[a + 4] + deltalambda * rows[r + 13];
        lambdas[a + 5] = lambdas[a + 5] + deltalambda * rows[r + 14];
        lambdas[b + 3] = lambdas[b + 3] + deltalambda * rows[r + 15];
        lambdas[b + 4] = lambdas[b + 4] + deltalambda * rows[r + 16];
        lambdas[b + 5] = lambdas[b + 5] + deltalambda * rows[r + 17];
      }
      if (deltalambdaTot * deltalambdaTot < tolSquared) break;
    }

    // Add the result to every body's velocity, as GSSolver does (static ones included: their
    // change is zero unless a broken body put NaN there, which stateGuard deals with).
    for (let i = 0; i !== bodyCount; i++) {
      const body = bodies[i];
      const l = 6 * i;
      const vl = body.vlambda;
      const wl = body.wlambda;
      const lf = body.linearFactor;
      const af = body.angularFactor;
      vl.x = lambdas[l] * lf.x;
      vl.y = lambdas[l + 1] * lf.y;
      vl.z = lambdas[l + 2] * lf.z;
      wl.x = lambdas[l + 3] * af.x;
      wl.y = lambdas[l + 4] * af.y;
      wl.z = lambdas[l + 5] * af.z;
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
      equations[e].multiplier = scalars[8 * e + 7] * invDt;
    }
    return iter;
  }

  /** Grows the scratch arrays (doubling, so a growing scene reallocates a handful of times). */
  private reserve(equations: number, bodies: number): void {
    let capacity = this.bodyA.length;
    if (capacity < equations) {
      while (capacity < equations) capacity *= 2;
      this.rows = new Float64Array(18 * capacity);
      this.scalars = new Float64Array(8 * capacity);
      this.bodyA = new Int32Array(capacity);
      this.bodyB = new Int32Array(capacity);
    }
    let bodyCapacity = this.lambdas.length / 6;
    if (bodyCapacity < bodies) {
      while (bodyCapacity < bodies) bodyCapacity *= 2;
      this.lambdas = new Float64Array(6 * bodyCapacity);
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
  const r = 18 * e;
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
  rows[r] = -nx;
  rows[r + 1] = -ny;
  rows[r + 2] = -nz;
  rows[r + 3] = -rixnX;
  rows[r + 4] = -rixnY;
  rows[r + 5] = -rixnZ;
  rows[r + 6] = nx;
  rows[r + 7] = ny;
  rows[r + 8] = nz;
  rows[r + 9] = rjxnX;
  rows[r + 10] = rjxnY;
  rows[r + 11] = rjxnZ;
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
  const s = 8 * e;
  scalars[s] = -g * c.a - GW * c.b - stepSeconds[0] * terms[0];
  scalars[s + 1] = 1.0 / (terms[1] + c.eps);
}

/** FrictionEquation.computeB(h) and 1 / computeC(): G = [−t, −(ri × t), t, rj × t], no g term. */
function frictionRow(
  c: FrictionEquation,
  rows: Float64Array,
  scalars: Float64Array,
  e: number,
): void {
  const r = 18 * e;
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
  rows[r] = gax;
  rows[r + 1] = gay;
  rows[r + 2] = gaz;
  rows[r + 3] = garX;
  rows[r + 4] = garY;
  rows[r + 5] = garZ;
  rows[r + 6] = tx;
  rows[r + 7] = ty;
  rows[r + 8] = tz;
  rows[r + 9] = gbrX;
  rows[r + 10] = gbrY;
  rows[r + 11] = gbrZ;
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
  const s = 8 * e;
  scalars[s] = -GW * c.b - stepSeconds[0] * terms[0];
  scalars[s + 1] = 1.0 / (terms[1] + c.eps);
}

/** Any other equation: cannon-es's own computeB/computeC, then its Jacobian copied out. */
function genericRow(c: Equation, rows: Float64Array, scalars: Float64Array, e: number): void {
  const s = 8 * e;
  scalars[s] = (c as SteppedEquation).computeB(stepSeconds[0]);
  scalars[s + 1] = 1.0 / c.computeC();
  const r = 18 * e;
  const ga = c.jacobianElementA;
  const gb = c.jacobianElementB;
  rows[r] = ga.spatial.x;
  rows[r + 1] = ga.spatial.y;
  rows[r + 2] = ga.spatial.z;
  rows[r + 3] = ga.rotational.x;
  rows[r + 4] = ga.rotational.y;
  rows[r + 5] = ga.rotational.z;
  rows[r + 6] = gb.spatial.x;
  rows[r + 7] = gb.spatial.y;
  rows[r + 8] = gb.spatial.z;
  rows[r + 9] = gb.rotational.x;
  rows[r + 10] = gb.rotational.y;
  rows[r + 11] = gb.rotational.z;
  inertiaTerms(c, rows, r);
}

/**
 * From the row's Jacobian (rows[r..r+11]): invI·G.rotational for each body into rows[r+12..17]
 * (Mat3.vmult: e[0]·x + e[1]·y + e[2]·z per row), and into `terms` G·M⁻¹·f (computeGiMf) and
 * G·M⁻¹·Gᵀ (computeGiMGt), each summed in cannon-es's order.
 */
function inertiaTerms(c: Equation, rows: Float64Array, r: number): void {
  const bi = c.bi;
  const bj = c.bj;
  const ia = bi.invInertiaWorldSolve.elements;
  const ib = bj.invInertiaWorldSolve.elements;
  const ax = rows[r + 3];
  const ay = rows[r + 4];
  const az = rows[r + 5];
  const bx = rows[r + 9];
  const by = rows[r + 10];
  const bz = rows[r + 11];
  const iaX = ia[0] * ax + ia[1] * ay + ia[2] * az;
  const iaY = ia[3] * ax + ia[4] * ay + ia[5] * az;
  const iaZ = ia[6] * ax + ia[7] * ay + ia[8] * az;
  const ibX = ib[0] * bx + ib[1] * by + ib[2] * bz;
  const ibY = ib[3] * bx + ib[4] * by + ib[5] * bz;
  const ibZ = ib[6] * bx + ib[7] * by + ib[8] * bz;
  rows[r + 12] = iaX;
  rows[r + 13] = iaY;
  rows[r + 14] = iaZ;
  rows[r + 15] = ibX;
  rows[r + 16] = ibY;
  rows[r + 17] = ibZ;
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
    mi * fi.x * rows[r] +
    mi * fi.y * rows[r + 1] +
    mi * fi.z * rows[r + 2] +
    (tix * ax + tiy * ay + tiz * az) +
    (mj * fj.x * rows[r + 6] +
      mj * fj.y * rows[r + 7] +
      mj * fj.z * rows[r + 8] +
      (tjx * bx + tjy * by + tjz * bz));
  // computeGiMGt: (invMass_i + invMass_j) + iIG_i·GA.r + iIG_j·GB.r.
  terms[1] = mi + mj + (iaX * ax + iaY * ay + iaZ * az) + (ibX * bx + ibY * by + ibZ * bz);
}
