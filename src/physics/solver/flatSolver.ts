// cannon-es's Gauss–Seidel solver, rewritten over flat typed arrays. Same equations, same order,
// same floating-point operations, so the same bits as GSSolver (tests/unit/physics/solver/flatSolver
// compares state hashes step by step); only the memory layout and the repeated work change.

import { ContactEquation, FrictionEquation, GSSolver } from 'cannon-es';
import type { World } from 'cannon-es';
import { ManifoldRows } from './manifoldRows';
import type { WarmStart } from './rowLayout';
import {
  ROW_INERTIA_A,
  ROW_INERTIA_B,
  ROW_ROTATIONAL_A,
  ROW_ROTATIONAL_B,
  ROW_SPATIAL_A,
  ROW_SPATIAL_B,
  EQUATION_ROW_WIDTH,
  SCALAR_WIDTH,
  S_B,
  S_EPS,
  S_INV_C,
  S_INV_MASS_A,
  S_INV_MASS_B,
  S_LAMBDA,
  S_MAX_FORCE,
  S_MIN_FORCE,
  contactRow,
  frictionRow,
  genericRow,
  stepSeconds,
} from './equationRows';
import type { ManifoldStore } from '../manifolds/manifoldStore';

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
 * cannon-es's equations start every solve from zero, as GSSolver's do, so the scratch arrays are
 * not state; the persistent manifolds (`contacts`) are warm-started from last step's impulses,
 * which they keep themselves (ManifoldRows).
 */
/** Per body in `lambdas`: the running velocity change, linear (3) then angular (3). */
const BODY_LINEAR = 0;
const BODY_ANGULAR = 3;
const BODY_WIDTH = 6;
/**
 * Beside manifolds, the fewest sweeps of cannon-es's own equations (pairs no generator of ours
 * takes: particles, trimeshes, heightfields): they start from zero every solve, and the six
 * sweeps sized for warm-started manifolds let a torus on the ground sink 0.4 m (cannon-es's
 * GSSolver default, 10, keeps it at cannon-es's 6 cm).
 */
const EQUATION_ITERATIONS = 10;

export class FlatGSSolver extends GSSolver {
  /** Per equation, EQUATION_ROW_WIDTH numbers (see ROW_SPATIAL_A …). */
  private rows = new Float64Array(EQUATION_ROW_WIDTH * 256);
  /** Per equation, SCALAR_WIDTH numbers (see S_B …). */
  private scalars = new Float64Array(SCALAR_WIDTH * 256);
  private bodyA = new Int32Array(256);
  private bodyB = new Int32Array(256);
  /** Per body, BODY_WIDTH numbers: the solve's running velocity change. */
  private lambdas: Float64Array = new Float64Array(BODY_WIDTH * 256);
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

  /** Sweeps of the manifolds run in WebAssembly so far (kernelMemory.ts; a counter for tests). */
  get kernelSweeps(): number {
    return this.manifoldRows.kernelSweeps;
  }

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
    // cannon-es's own equations (pairs no generator of ours takes) start from zero every solve:
    // `iterations` is sized for warm-started manifolds, so they get at least equationIterations.
    const sweeps =
      this.contacts !== null && count > 0 ? Math.max(maxIter, EQUATION_ITERATIONS) : maxIter;
    const tolSquared = this.tolerance * this.tolerance;
    let iter = 0;
    for (iter = 0; iter !== sweeps; iter++) {
      // The manifolds' rows first. With manifolds there is no early stop at the tolerance
      // (cannon-es's, which a pile never reaches): every solve sweeps `iterations` times.
      if (manifolds !== null && iter < maxIter) this.manifoldRows.iterate(lambdas, false);
      let deltalambdaTot = 0.0;
      for (let e = 0; e !== count; e++) {
        const r = EQUATION_ROW_WIDTH * e;
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
    if (manifolds !== null) this.manifoldRows.bounce(lambdas);
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
      this.rows = new Float64Array(EQUATION_ROW_WIDTH * capacity);
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
