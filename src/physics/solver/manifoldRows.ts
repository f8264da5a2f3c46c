// The persistent manifolds as solver rows: per point a normal row and two friction rows in
// cannon-es's SPOOK form (its ContactEquation's and FrictionEquation's B, C, ε and bounds),
// warm-started from the impulses the point carried last step (Catto, "Iterative Dynamics with
// Temporal Coherence", GDC 2005), laid out and worked in the order contactOrder.ts gives, each
// manifold's two bodies read and written once a sweep. Part of FlatGSSolver's solve.

import type { Body } from 'cannon-es';
import { ContactOrder } from '../manifolds/contactOrder';
import type { Block, BlockHolder, KernelExports, KernelMemory } from '../kernels/kernelMemory';
import type { ManifoldBuffer } from '../manifolds/manifoldStore';
import { applyStarts, placeRows, setUpRange, storeImpulses, sweepRows } from './kernelCalls';
import { SCALAR_DT, SCALAR_WARM_FRICTION, SCALAR_WARM_NORMAL, SET_UP_SCALARS } from './rowSetUp';
import { bounceRows, listBouncing } from './restitution';
import { packBody, BODY_STATE_WIDTH, HEADER, POINT_WIDTH } from './rowLayout';
import type { WarmStart } from './rowLayout';

/** Per body in the solver's running velocity changes: linear (3) then angular (3). */
const BODY_WIDTH = 6;

/**
 * The rows of one step's manifolds, in solve order; room doubles as needed.
 *
 * Friction keeps cannon-es's law, which the project's materials were tuned for: each friction
 * row's impulse per step is bounded by μ·g·(reduced mass), whatever the load. (Coulomb's μ ×
 * the normal impulse, Box2D's, was measured too: it leaves the side-by-side columns of a
 * pyramid, touching without pressure, free of each other, and the SPOOK springs of a single
 * column hit by Jolt's 4.8-tonne block then gave way 0.9 m and threw the block back up 5 m.)
 */
export class ManifoldRows implements BlockHolder {
  readonly order = new ContactOrder();
  /** Per position in the order: the header (HEADER numbers). */
  private header: Float64Array = new Float64Array(0);
  /** Per position: BODY_WIDTH × the places of A and B; −1 for one that does not move. */
  private bodies: Int32Array = new Int32Array(0);
  /** Per position: its first point's number in `rows`; firstPoint[count] ends the last. */
  private firstPoint: Int32Array = new Int32Array(0);
  private rows: Float64Array = new Float64Array(0);
  /** The running velocity changes the sweeps work on (the solver's, copied in and out). */
  private lambdas: Float64Array = new Float64Array(0);
  /** The solve order, as the set-up reads it. */
  private orderView: Int32Array = new Int32Array(0);
  /** This step's bodies as the rows read them (rowLayout.ts's packBody), by body index. */
  private state: Float64Array = new Float64Array(0);
  /** The set-up's dt and warm-start factors (rowSetUp.ts's SET_UP_SCALARS). */
  private scalars: Float64Array = new Float64Array(0);
  /**
   * The world's kernel memory these lie in (the manifolds' own: manifoldStore.ts), and the
   * blocks there; null until the first solve.
   */
  private memory: KernelMemory | null = null;
  private blocks: Block[] = [];
  /** The kernels in WebAssembly over those arrays, or null: the TypeScript, the same bits. */
  private exports: KernelExports | null = null;
  /** The running velocity changes as the biased sweeps left them (see relax). */
  private biased: Float64Array = new Float64Array(0);
  /** The positions the restitution pass works (restitution.ts's listBouncing). */
  private bouncing: Int32Array = new Int32Array(0);
  /** Sweeps this solver ran in WebAssembly (a counter: nothing reads it back into a solve). */
  kernelSweeps = 0;
  /** Running velocity changes this solve's sweeps touch: BODY_WIDTH × world.bodies.length. */
  private lambdaCount = 0;

  bind(): void {
    const [header, bodies, firstPoint, rows, lambdas, order, state, scalars] = this.blocks;
    this.header = header.view as Float64Array;
    this.bodies = bodies.view as Int32Array;
    this.firstPoint = firstPoint.view as Int32Array;
    this.rows = rows.view as Float64Array;
    this.lambdas = lambdas.view as Float64Array;
    this.orderView = order.view as Int32Array;
    this.state = state.view as Float64Array;
    this.scalars = scalars.view as Float64Array;
    this.exports = this.memory === null ? null : this.memory.exports;
  }

  /**
   * Orders the manifolds, builds every row from them and the bodies' state, and applies the
   * warm-start impulses (`warm`'s share of last step's) to the running velocity changes
   * `lambdas` (BODY_WIDTH numbers a body).
   */
  setUp(
    buffer: ManifoldBuffer,
    bodies: readonly Body[],
    dt: number,
    warm: WarmStart,
    lambdas: Float64Array,
  ): void {
    const order = this.order;
    order.compute(buffer, bodies);
    const count = order.count;
    this.lambdaCount = BODY_WIDTH * bodies.length;
    this.reserve(buffer.memory, count, buffer.pointCount, bodies.length);
    const solveOrder = order.order;
    const orderView = this.orderView;
    for (let o = 0; o < count; o++) orderView[o] = solveOrder[o];
    const state = this.state;
    for (let i = 0; i < bodies.length; i++) packBody(bodies[i], state, BODY_STATE_WIDTH * i);
    const inside = this.lambdas;
    const n = this.lambdaCount;
    inside.fill(0, 0, n);
    const scalars = this.scalars;
    scalars[SCALAR_DT] = dt;
    scalars[SCALAR_WARM_NORMAL] = warm.normal;
    scalars[SCALAR_WARM_FRICTION] = warm.friction;
    const k = this.exports;
    const b = buffer;
    placeRows(
      k,
      count,
      orderView,
      b.responds,
      b.bodyA,
      b.bodyB,
      b.points,
      state,
      this.bodies,
      this.firstPoint,
    );
    setUpRange(
      k,
      0,
      count,
      orderView,
      b.responds,
      b.bodyA,
      b.bodyB,
      b.worldNormal,
      b.material,
      b.ri,
      b.rj,
      b.impulse,
      state,
      scalars,
      this.header,
      this.firstPoint,
      this.rows,
    );
    if (warm.normal > 0 || warm.friction > 0) {
      applyStarts(k, count, this.header, this.bodies, this.firstPoint, this.rows, inside);
    }
    for (let i = 0; i < n; i++) lambdas[i] = inside[i];
  }

  /** One Gauss–Seidel sweep over every manifold, in order (see sweepLoop.ts). */
  iterate(lambdas: Float64Array, relax: boolean): void {
    // The running velocity changes into the kernel memory and back: the flat solver's other
    // equations, between sweeps, work on its own copy.
    const inside = this.lambdas;
    const n = this.lambdaCount;
    for (let i = 0; i < n; i++) inside[i] = lambdas[i];
    const count = this.order.count;
    const k = this.exports;
    if (k !== null) this.kernelSweeps++;
    sweepRows(k, this.header, this.bodies, this.firstPoint, this.rows, inside, relax, 0, count);
    for (let i = 0; i < n; i++) lambdas[i] = inside[i];
  }

  /**
   * After the solve: `iterations` more sweeps with the penetration term left out, so the
   * velocity that pushed overlapping bodies apart is taken back (a sweep may only lower a
   * normal impulse that pushes), while the bodies' positions and orientations still move as
   * the pushing velocity would have moved them — here, by the difference, before cannon-es
   * integrates with what is left. Catto's "soft step" relax iterations (Solver2D, 2024) and
   * Bullet's split impulse: penetration is resolved without leaving the bodies that speed, so
   * a settling stack does not spring apart.
   */
  relax(bodies: readonly Body[], lambdas: Float64Array, dt: number, iterations: number): void {
    const n = BODY_WIDTH * bodies.length;
    if (this.biased.length < n) this.biased = new Float64Array(2 * n);
    const biased = this.biased;
    for (let k = 0; k < n; k++) biased[k] = lambdas[k];
    for (let k = 0; k < iterations; k++) this.iterate(lambdas, true);
    const half = 0.5 * dt;
    for (let i = 0; i < bodies.length; i++) {
      const l = BODY_WIDTH * i;
      const body = bodies[i];
      const lf = body.linearFactor;
      const af = body.angularFactor;
      const p = body.position;
      p.x += dt * ((biased[l] - lambdas[l]) * lf.x);
      p.y += dt * ((biased[l + 1] - lambdas[l + 1]) * lf.y);
      p.z += dt * ((biased[l + 2] - lambdas[l + 2]) * lf.z);
      // Quaternion.integrate's step, for the angular difference.
      const ax = (biased[l + 3] - lambdas[l + 3]) * af.x;
      const ay = (biased[l + 4] - lambdas[l + 4]) * af.y;
      const az = (biased[l + 5] - lambdas[l + 5]) * af.z;
      const q = body.quaternion;
      const bx = q.x;
      const by = q.y;
      const bz = q.z;
      const bw = q.w;
      q.x = bx + half * (ax * bw + ay * bz - az * by);
      q.y = by + half * (ay * bw + az * bx - ax * bz);
      q.z = bz + half * (az * bw + ax * by - ay * bx);
      q.w = bw + half * (-ax * bx - ay * by - az * bz);
    }
  }

  /**
   * After the sweeps and relax sweeps: the restitution passes (restitution.ts) on the solver's
   * running velocity changes `lambdas`, so points that struck leave at e times their approach.
   */
  bounce(lambdas: Float64Array): void {
    const count = this.order.count;
    if (this.bouncing.length < count) this.bouncing = new Int32Array(2 * count);
    const listed = listBouncing(count, this.firstPoint, this.rows, this.bouncing);
    if (listed === 0) return;
    bounceRows(
      listed,
      this.bouncing,
      this.header,
      this.bodies,
      this.firstPoint,
      this.rows,
      lambdas,
    );
  }

  /** Keeps each point's impulses for the next step: normal λ, and friction as a world vector. */
  store(buffer: ManifoldBuffer): void {
    const count = this.order.count;
    storeImpulses(
      this.exports,
      count,
      this.orderView,
      buffer.points,
      this.header,
      this.firstPoint,
      this.rows,
      buffer.impulse,
    );
  }

  /** Room for this solve in `memory` (the manifolds'), its blocks made there at the first. */
  private reserve(memory: KernelMemory, count: number, points: number, bodies: number): void {
    if (this.memory !== memory) {
      this.memory = memory;
      this.blocks = [
        Float64Array,
        Int32Array,
        Int32Array,
        Float64Array,
        Float64Array,
        Int32Array,
        Float64Array,
      ].map((kind) => memory.block(kind, 0));
      this.blocks.push(memory.block(Float64Array, SET_UP_SCALARS));
      memory.hold(this);
    }
    const [header, bodyPlaces, firstPoint, rows, lambdas, order, state] = this.blocks;
    if (
      header.length >= HEADER * count &&
      rows.length >= POINT_WIDTH * points &&
      state.length >= BODY_STATE_WIDTH * bodies
    ) {
      return;
    }
    // Twice what this solve needs: a growing scene lays the memory out a handful of times.
    const n = 2 * Math.max(count, 128);
    memory.resize([
      [header, HEADER * n],
      [bodyPlaces, 2 * n],
      [firstPoint, n + 1],
      [rows, 2 * POINT_WIDTH * points],
      [lambdas, 2 * BODY_WIDTH * bodies],
      [order, n],
      [state, 2 * BODY_STATE_WIDTH * bodies],
    ]);
  }
}
