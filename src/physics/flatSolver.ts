// cannon-es's Gauss–Seidel solver, rewritten over flat typed arrays. Same equations, same order,
// same floating-point operations, so the same bits as GSSolver (tests/unit/physics/flatSolver
// compares state hashes step by step); only the memory layout and the repeated work change.

import { GSSolver } from 'cannon-es';
import type { Body, Equation, World } from 'cannon-es';

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

  override solve(dt: number, world: World): number {
    const equations = this.equations;
    const count = equations.length;
    const bodies = world.bodies;
    const bodyCount = bodies.length;
    if (count === 0) return 0;
    // The flat layout addresses bodies by `body.index`, which World keeps equal to the body's
    // place in world.bodies. A solve over some other list (a SplitSolver island) falls back.
    for (let e = 0; e < count; e++) {
      const eq = equations[e] as Equation;
      if (bodies[eq.bi.index] !== eq.bi || bodies[eq.bj.index] !== eq.bj) {
        return super.solve(dt, world);
      }
    }
    for (let i = 0; i !== bodyCount; i++) (bodies[i] as Body).updateSolveMassProperties();
    this.reserve(count, bodyCount);
    const rows = this.rows;
    const scalars = this.scalars;
    const bodyA = this.bodyA;
    const bodyB = this.bodyB;
    const lambdas = this.lambdas;
    const h = dt;

    for (let e = 0; e !== count; e++) {
      const c = equations[e] as Equation;
      const s = 8 * e;
      scalars[s] = (c as SteppedEquation).computeB(h);
      scalars[s + 1] = 1.0 / c.computeC();
      scalars[s + 2] = c.eps;
      scalars[s + 3] = c.minForce;
      scalars[s + 4] = c.maxForce;
      scalars[s + 5] = c.bi.invMassSolve;
      scalars[s + 6] = c.bj.invMassSolve;
      scalars[s + 7] = 0.0;
      bodyA[e] = c.bi.index;
      bodyB[e] = c.bj.index;
      const r = 18 * e;
      const ga = c.jacobianElementA;
      const gb = c.jacobianElementB;
      rows[r] = ga.spatial.x;
      rows[r + 1] = ga.spatial.y;
      rows[r + 2] = ga.spatial.z;
      const ax = ga.rotational.x;
      const ay = ga.rotational.y;
      const az = ga.rotational.z;
      rows[r + 3] = ax;
      rows[r + 4] = ay;
      rows[r + 5] = az;
      rows[r + 6] = gb.spatial.x;
      rows[r + 7] = gb.spatial.y;
      rows[r + 8] = gb.spatial.z;
      const bx = gb.rotational.x;
      const by = gb.rotational.y;
      const bz = gb.rotational.z;
      rows[r + 9] = bx;
      rows[r + 10] = by;
      rows[r + 11] = bz;
      // invInertiaWorldSolve.vmult(rotational): row by row, e[0]·x + e[1]·y + e[2]·z.
      const ia = c.bi.invInertiaWorldSolve.elements;
      rows[r + 12] = (ia[0] as number) * ax + (ia[1] as number) * ay + (ia[2] as number) * az;
      rows[r + 13] = (ia[3] as number) * ax + (ia[4] as number) * ay + (ia[5] as number) * az;
      rows[r + 14] = (ia[6] as number) * ax + (ia[7] as number) * ay + (ia[8] as number) * az;
      const ib = c.bj.invInertiaWorldSolve.elements;
      rows[r + 15] = (ib[0] as number) * bx + (ib[1] as number) * by + (ib[2] as number) * bz;
      rows[r + 16] = (ib[3] as number) * bx + (ib[4] as number) * by + (ib[5] as number) * bz;
      rows[r + 17] = (ib[6] as number) * bx + (ib[7] as number) * by + (ib[8] as number) * bz;
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
        const a = 6 * (bodyA[e] as number);
        const b = 6 * (bodyB[e] as number);
        // computeGWlambda: (vA·GA.s + wA·GA.r) + (vB·GB.s + wB·GB.r), each dot x + y + z.
        const gwA =
          (lambdas[a] as number) * (rows[r] as number) +
          (lambdas[a + 1] as number) * (rows[r + 1] as number) +
          (lambdas[a + 2] as number) * (rows[r + 2] as number) +
          ((lambdas[a + 3] as number) * (rows[r + 3] as number) +
            (lambdas[a + 4] as number) * (rows[r + 4] as number) +
            (lambdas[a + 5] as number) * (rows[r + 5] as number));
        const gwB =
          (lambdas[b] as number) * (rows[r + 6] as number) +
          (lambdas[b + 1] as number) * (rows[r + 7] as number) +
          (lambdas[b + 2] as number) * (rows[r + 8] as number) +
          ((lambdas[b + 3] as number) * (rows[r + 9] as number) +
            (lambdas[b + 4] as number) * (rows[r + 10] as number) +
            (lambdas[b + 5] as number) * (rows[r + 11] as number));
        const lambdaj = scalars[s + 7] as number;
        let deltalambda =
          (scalars[s + 1] as number) *
          ((scalars[s] as number) - (gwA + gwB) - (scalars[s + 2] as number) * lambdaj);
        const minForce = scalars[s + 3] as number;
        const maxForce = scalars[s + 4] as number;
        if (lambdaj + deltalambda < minForce) deltalambda = minForce - lambdaj;
        else if (lambdaj + deltalambda > maxForce) deltalambda = maxForce - lambdaj;
        scalars[s + 7] = lambdaj + deltalambda;
        deltalambdaTot += deltalambda > 0.0 ? deltalambda : -deltalambda;
        // addToWlambda: v += (invMass·Δλ)·G.spatial for A then B; w += Δλ·(invI·G.rot) for A then B.
        const ka = (scalars[s + 5] as number) * deltalambda;
        lambdas[a] = (lambdas[a] as number) + ka * (rows[r] as number);
        lambdas[a + 1] = (lambdas[a + 1] as number) + ka * (rows[r + 1] as number);
        lambdas[a + 2] = (lambdas[a + 2] as number) + ka * (rows[r + 2] as number);
        const kb = (scalars[s + 6] as number) * deltalambda;
        lambdas[b] = (lambdas[b] as number) + kb * (rows[r + 6] as number);
        lambdas[b + 1] = (lambdas[b + 1] as number) + kb * (rows[r + 7] as number);
        lambdas[b + 2] = (lambdas[b + 2] as number) + kb * (rows[r + 8] as number);
        lambdas[a + 3] = (lambdas[a + 3] as number) + deltalambda * (rows[r + 12] as number);
        lambdas[a + 4] = (lambdas[a + 4] as number) + deltalambda * (rows[r + 13] as number);
        lambdas[a + 5] = (lambdas[a + 5] as number) + deltalambda * (rows[r + 14] as number);
        lambdas[b + 3] = (lambdas[b + 3] as number) + deltalambda * (rows[r + 15] as number);
        lambdas[b + 4] = (lambdas[b + 4] as number) + deltalambda * (rows[r + 16] as number);
        lambdas[b + 5] = (lambdas[b + 5] as number) + deltalambda * (rows[r + 17] as number);
      }
      if (deltalambdaTot * deltalambdaTot < tolSquared) break;
    }

    // Add the result to every body's velocity, as GSSolver does (static ones included: their
    // change is zero unless a broken body put NaN there, which stateGuard deals with).
    for (let i = 0; i !== bodyCount; i++) {
      const body = bodies[i] as Body;
      const l = 6 * i;
      const vl = body.vlambda;
      const wl = body.wlambda;
      const lf = body.linearFactor;
      const af = body.angularFactor;
      vl.x = (lambdas[l] as number) * lf.x;
      vl.y = (lambdas[l + 1] as number) * lf.y;
      vl.z = (lambdas[l + 2] as number) * lf.z;
      wl.x = (lambdas[l + 3] as number) * af.x;
      wl.y = (lambdas[l + 4] as number) * af.y;
      wl.z = (lambdas[l + 5] as number) * af.z;
      const v = body.velocity;
      const w = body.angularVelocity;
      v.x += vl.x;
      v.y += vl.y;
      v.z += vl.z;
      w.x += wl.x;
      w.y += wl.y;
      w.z += wl.z;
    }
    const invDt = 1 / h;
    for (let e = 0; e !== count; e++) {
      (equations[e] as Equation).multiplier = (scalars[8 * e + 7] as number) * invDt;
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
