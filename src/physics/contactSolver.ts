// The persistent manifolds as solver rows: per point a normal row and two friction rows in
// cannon-es's SPOOK form (its ContactEquation's and FrictionEquation's B, C, ε and bounds),
// warm-started from the impulses the point carried last step (Catto, "Iterative Dynamics with
// Temporal Coherence", GDC 2005), laid out and worked in the order contactOrder.ts gives, each
// manifold's two bodies read and written once a sweep. Part of FlatGSSolver's solve.

import type { Body } from 'cannon-es';
import { ContactKernel } from './contactKernel';
import { ContactOrder } from './contactOrder';
import {
  IMPULSE_FRICTION,
  IMPULSE_NORMAL,
  IMPULSE_WIDTH,
  MATERIAL_WIDTH,
  POINTS_PER_MANIFOLD,
} from './manifoldStore';
import type { ManifoldBuffer } from './manifoldStore';
import { setUpRows } from './rowSetUp';
import { float64s, int32s } from './sharedMemory';
import { sweepRows } from './sweepLoop';
import { packBody, BODY_STATE_WIDTH, HEADER, LAMBDA, POINT_WIDTH, ROW_WIDTH } from './contactRows';
import type { WarmStart } from './contactRows';

const P = POINTS_PER_MANIFOLD;
/** Per body in the solver's running velocity changes: linear (3) then angular (3). */
const BODY_WIDTH = 6;

/** What ManifoldRows.sweep reads and writes besides the running velocity changes. */
export interface SweepArrays {
  header: Float64Array;
  bodies: Int32Array;
  firstPoint: Int32Array;
  rows: Float64Array;
  /** The shared WebAssembly memory they lie in (contactKernel.ts), or null: plain shared arrays. */
  memory: WebAssembly.Memory | null;
}

/** A second thread's share of every sweep (sweepTeam.ts's SweepTeam). */
export interface SweepPartner {
  /** After the rows are set up: how this solve's sweeps are split. */
  plan(rows: ManifoldRows, lambdas: Float64Array): void;
  /** One sweep over every manifold, split with the other thread; the one-thread bits. */
  sweep(rows: ManifoldRows, lambdas: Float64Array, relax: boolean): void;
}

/**
 * The rows of one step's manifolds, in solve order; room doubles as needed.
 *
 * Friction keeps cannon-es's law, which the project's materials were tuned for: each friction
 * row's impulse per step is bounded by μ·g·(reduced mass), whatever the load. (Coulomb's μ ×
 * the normal impulse, Box2D's, was measured too: it leaves the side-by-side columns of a
 * pyramid, touching without pressure, free of each other, and the SPOOK springs of a single
 * column hit by Jolt's 4.8-tonne block then gave way 0.9 m and threw the block back up 5 m.)
 */
export class ManifoldRows {
  readonly order = new ContactOrder();
  /** Per position in the order: the header (HEADER numbers). */
  private header: Float64Array = new Float64Array(HEADER * 256);
  /** Per position: BODY_WIDTH × the places of A and B; −1 for one that does not move. */
  private bodies: Int32Array = new Int32Array(2 * 256);
  /** Per position: its first point's number in `rows`; firstPoint[count] ends the last. */
  private firstPoint: Int32Array = new Int32Array(257);
  private rows: Float64Array = new Float64Array(POINT_WIDTH * 4 * 256);
  /** A second thread's share of the sweeps (sweepTeam.ts), or null: one thread. */
  private partner: SweepPartner | null = null;
  /** Counts the times reserve made new arrays: a partner must be sent them again. */
  arraysMade = 0;
  /** The running velocity changes as the biased sweeps left them (see relax). */
  private biased = new Float64Array(0);
  /** This step's bodies as the rows read them (contactRows.ts's packBody), by body index. */
  private bodyState = new Float64Array(0);
  /**
   * The set-up and sweeps run in WebAssembly (contactKernel.ts) over the arrays laid out in its
   * memory (shared with the partner's thread when there is one); undefined until a solve asks for
   * it, null where WebAssembly is not to be had (the TypeScript then, the same bits).
   */
  private kernel: ContactKernel | null | undefined = undefined;
  /** Whether header, bodies, firstPoint and rows are the kernel's views. */
  private onKernel = false;
  /** Sweeps this solver ran in WebAssembly (a counter: nothing reads it back into a solve). */
  kernelSweeps = 0;
  /** Running velocity changes this solve's sweeps touch: BODY_WIDTH × world.bodies.length. */
  private lambdaCount = 0;

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
    const kernel = this.reserve(count, buffer.pointCount, bodies.length);
    if (kernel !== null) {
      // The manifolds' arrays the set-up reads, copied into the kernel's memory.
      const k = kernel.arrays;
      const points = P * count;
      k.order.set(order.order.subarray(0, count));
      k.responds.set(buffer.responds.subarray(0, count));
      k.bodyA.set(buffer.bodyA.subarray(0, count));
      k.bodyB.set(buffer.bodyB.subarray(0, count));
      k.points.set(buffer.points.subarray(0, count));
      k.worldNormal.set(buffer.worldNormal.subarray(0, 3 * count));
      k.material.set(buffer.material.subarray(0, MATERIAL_WIDTH * count));
      k.ri.set(buffer.ri.subarray(0, 3 * points));
      k.rj.set(buffer.rj.subarray(0, 3 * points));
      k.impulse.set(buffer.impulse.subarray(0, IMPULSE_WIDTH * points));
      packBodies(bodies, k.state);
      k.lambdas.fill(0, 0, this.lambdaCount);
      kernel.setUp(count, dt, warm.normal, warm.friction);
      const inside = k.lambdas;
      for (let i = 0; i < this.lambdaCount; i++) lambdas[i] = inside[i];
    } else {
      const state = this.bodyState;
      packBodies(bodies, state);
      // prettier-ignore
      setUpRows(
        count, order.order, buffer.responds, buffer.bodyA, buffer.bodyB, buffer.points,
        buffer.worldNormal, buffer.material, buffer.ri, buffer.rj, buffer.impulse, state, dt,
        warm.normal, warm.friction, this.header, this.bodies, this.firstPoint, this.rows, lambdas,
      );
    }
    if (this.partner !== null) {
      this.partner.plan(this, kernel !== null ? kernel.arrays.lambdas : lambdas);
    }
  }

  /**
   * Shares the sweeps with a second thread (null: none). Its arrays are then made in shared
   * memory, so the partner's thread can read and write them.
   */
  usePartner(partner: SweepPartner | null): void {
    this.partner = partner;
    this.kernel = undefined;
    this.onKernel = false;
    const shared = partner !== null;
    this.header = float64s(this.header.length, shared);
    this.bodies = int32s(this.bodies.length, shared);
    this.firstPoint = int32s(this.firstPoint.length, shared);
    this.rows = float64s(this.rows.length, shared);
    this.arraysMade++;
  }

  /** The arrays a sweep works on, for a partner's thread (see adopt). */
  sweepArrays(): SweepArrays {
    return {
      header: this.header,
      bodies: this.bodies,
      firstPoint: this.firstPoint,
      rows: this.rows,
      memory: this.onKernel && this.kernel ? this.kernel.memory : null,
    };
  }

  /**
   * On a partner's thread: sweeps from now on work on these (another thread's sweepArrays) and
   * `lambdas` — in WebAssembly when they lie in its memory.
   */
  adopt(arrays: SweepArrays, lambdas: Float64Array): void {
    this.header = arrays.header;
    this.bodies = arrays.bodies;
    this.firstPoint = arrays.firstPoint;
    this.rows = arrays.rows;
    this.kernel =
      arrays.memory === null ? null : ContactKernel.attach(arrays.memory, { ...arrays, lambdas });
    this.onKernel = this.kernel !== null;
  }

  /**
   * sweep over positions [from, to), in WebAssembly when the arrays lie in its memory (then
   * `lambdas` is the kernel's own: see iterate).
   */
  sweepRange(lambdas: Float64Array, relax: boolean, from: number, to: number): void {
    if (this.onKernel && this.kernel) this.kernel.sweep(relax, from, to);
    else this.sweep(lambdas, relax, from, to);
  }

  /**
   * One Gauss–Seidel sweep over positions [from, to) of the order: each manifold's normal rows,
   * then its friction rows (friction has the last word). `relax`: the normal rows without their
   * penetration term (see relax).
   */
  sweep(lambdas: Float64Array, relax: boolean, from: number, to: number): void {
    sweepRows(this.header, this.bodies, this.firstPoint, this.rows, lambdas, relax, from, to);
  }

  /** One sweep over every manifold, in order (with the partner, when there is one). */
  iterate(lambdas: Float64Array, relax: boolean): void {
    const kernel = this.kernel;
    if (this.onKernel && kernel) {
      // The running velocity changes into the kernel's memory and back: the flat solver's
      // other equations, between sweeps, work on its own copy.
      this.kernelSweeps++;
      const inside = kernel.arrays.lambdas;
      const n = this.lambdaCount;
      for (let k = 0; k < n; k++) inside[k] = lambdas[k];
      if (this.partner !== null) this.partner.sweep(this, inside, relax);
      else kernel.sweep(relax, 0, this.order.count);
      for (let k = 0; k < n; k++) lambdas[k] = inside[k];
    } else if (this.partner !== null) this.partner.sweep(this, lambdas, relax);
    else this.sweep(lambdas, relax, 0, this.order.count);
  }

  /** Where position o's points start in `rows`; pointStart(count) ends the last. */
  pointStart(o: number): number {
    return this.firstPoint[o];
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

  /** Keeps each point's impulses for the next step: normal λ, and friction as a world vector. */
  store(buffer: ManifoldBuffer): void {
    const order = this.order;
    const rows = this.rows;
    const header = this.header;
    const impulse = buffer.impulse;
    for (let o = 0; o < order.count; o++) {
      const m = order.order[o];
      const h = HEADER * o;
      const first = this.firstPoint[o];
      const stored = this.firstPoint[o + 1] - first;
      for (let k = 0; k < buffer.points[m]; k++) {
        const i = IMPULSE_WIDTH * (P * m + k);
        if (k >= stored) {
          impulse.fill(0, i, i + IMPULSE_WIDTH);
          continue;
        }
        const r = POINT_WIDTH * (first + k);
        const l1 = rows[r + ROW_WIDTH + LAMBDA];
        const l2 = rows[r + 2 * ROW_WIDTH + LAMBDA];
        impulse[i + IMPULSE_NORMAL] = rows[r + LAMBDA];
        impulse[i + IMPULSE_FRICTION] = l1 * header[h + 3] + l2 * header[h + 6];
        impulse[i + IMPULSE_FRICTION + 1] = l1 * header[h + 4] + l2 * header[h + 7];
        impulse[i + IMPULSE_FRICTION + 2] = l1 * header[h + 5] + l2 * header[h + 8];
      }
    }
  }

  /**
   * Room for this solve: in the kernel's memory (laid out anew, doubling, when it needs more),
   * or in the TypeScript's arrays where there is no kernel. Returns the kernel, or null.
   */
  private reserve(count: number, points: number, bodies: number): ContactKernel | null {
    if (this.kernel === undefined) this.kernel = ContactKernel.create(this.partner !== null);
    const kernel = this.kernel;
    if (kernel !== null) {
      const manifoldPoints = P * count;
      const laidOut = kernel.reserve({
        header: HEADER * count,
        bodies: 2 * count,
        firstPoint: count + 1,
        rows: POINT_WIDTH * points,
        lambdas: this.lambdaCount,
        order: count,
        responds: count,
        bodyA: count,
        bodyB: count,
        points: count,
        worldNormal: 3 * count,
        material: MATERIAL_WIDTH * count,
        ri: 3 * manifoldPoints,
        rj: 3 * manifoldPoints,
        impulse: IMPULSE_WIDTH * manifoldPoints,
        state: BODY_STATE_WIDTH * bodies,
      });
      if (laidOut || !this.onKernel) {
        const k = kernel.arrays;
        this.header = k.header;
        this.bodies = k.bodies;
        this.firstPoint = k.firstPoint;
        this.rows = k.rows;
        this.onKernel = true;
        this.arraysMade++;
      }
      return kernel;
    }
    const shared = this.partner !== null;
    if (this.bodies.length < 2 * count) {
      const n = 2 * count;
      this.header = float64s(HEADER * n, shared);
      this.bodies = int32s(2 * n, shared);
      this.firstPoint = int32s(n + 1, shared);
      this.arraysMade++;
    }
    if (this.rows.length < POINT_WIDTH * points) {
      this.rows = float64s(2 * POINT_WIDTH * points, shared);
      this.arraysMade++;
    }
    if (this.bodyState.length < BODY_STATE_WIDTH * bodies) {
      this.bodyState = new Float64Array(2 * BODY_STATE_WIDTH * bodies);
    }
    return null;
  }
}

/** Packs every body (contactRows.ts's packBody) into `state`, by body index. */
function packBodies(bodies: readonly Body[], state: Float64Array): void {
  for (let i = 0; i < bodies.length; i++) packBody(bodies[i], state, BODY_STATE_WIDTH * i);
}
