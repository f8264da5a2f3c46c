// The persistent manifolds as solver rows: per point a normal row and two friction rows in
// cannon-es's SPOOK form (its ContactEquation's and FrictionEquation's B, C, ε and bounds),
// warm-started from the impulses the point carried last step (Catto, "Iterative Dynamics with
// Temporal Coherence", GDC 2005), laid out and worked in the order contactOrder.ts gives, each
// manifold's two bodies read and written once a sweep. Part of FlatGSSolver's solve.

import type { Body } from 'cannon-es';
import { ContactOrder } from './contactOrder';
import {
  IMPULSE_FRICTION,
  IMPULSE_NORMAL,
  IMPULSE_WIDTH,
  POINTS_PER_MANIFOLD,
} from './manifoldStore';
import type { ManifoldBuffer } from './manifoldStore';
import { float64s, int32s } from './sharedMemory';
import { SweepKernel } from './sweepKernel';
import { sweepRows } from './sweepLoop';
import {
  packBody,
  setUpHeader,
  setUpPoint,
  BODY_INV_MASS,
  BODY_STATE_WIDTH,
  warmStartPoint,
  H_INV_MASS_A,
  H_INV_MASS_B,
  HEADER,
  INERTIA_A,
  INERTIA_B,
  LAMBDA,
  POINT_WIDTH,
  ROW_WIDTH,
} from './contactRows';
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
  /** The shared WebAssembly memory they lie in (sweepKernel.ts), or null: plain shared arrays. */
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
   * The sweeps run in WebAssembly (sweepKernel.ts) over the arrays laid out in its memory
   * (shared with the partner's thread when there is one); undefined until a solve asks for it,
   * null where WebAssembly is not to be had (the TypeScript sweep then, the same bits).
   */
  private kernel: SweepKernel | null | undefined = undefined;
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
    this.reserve(count, buffer.pointCount);
    const header = this.header;
    const rows = this.rows;
    if (this.bodyState.length < BODY_STATE_WIDTH * bodies.length) {
      this.bodyState = new Float64Array(2 * BODY_STATE_WIDTH * bodies.length);
    }
    const state = this.bodyState;
    for (let i = 0; i < bodies.length; i++) packBody(bodies[i], state, BODY_STATE_WIDTH * i);
    let point = 0;
    for (let o = 0; o < count; o++) {
      const m = order.order[o];
      this.firstPoint[o] = point;
      const h = HEADER * o;
      if (buffer.responds[m] === 0) {
        this.bodies[2 * o] = -1;
        this.bodies[2 * o + 1] = -1;
        continue;
      }
      const a = buffer.bodyA[m];
      const b = buffer.bodyB[m];
      const sa = BODY_STATE_WIDTH * a;
      const sb = BODY_STATE_WIDTH * b;
      const invMassA = state[sa + BODY_INV_MASS];
      const invMassB = state[sb + BODY_INV_MASS];
      this.bodies[2 * o] = invMassA > 0 ? BODY_WIDTH * a : -1;
      this.bodies[2 * o + 1] = invMassB > 0 ? BODY_WIDTH * b : -1;
      setUpHeader(buffer, m, header, h, invMassA, invMassB);
      for (let k = 0; k < buffer.points[m]; k++) {
        const r = POINT_WIDTH * point;
        setUpPoint(buffer, m, k, state, sa, sb, dt, header, h, rows, r);
        rows[r + LAMBDA] = 0;
        rows[r + ROW_WIDTH + LAMBDA] = 0;
        rows[r + 2 * ROW_WIDTH + LAMBDA] = 0;
        if (warm.normal > 0 || warm.friction > 0) {
          warmStartPoint(buffer.impulse, IMPULSE_WIDTH * (P * m + k), warm, header, h, rows, r);
        }
        point++;
      }
    }
    this.firstPoint[count] = point;
    if (warm.normal > 0 || warm.friction > 0) {
      for (let o = 0; o < count; o++) this.applyStart(o, lambdas);
    }
    if (this.partner !== null) {
      this.partner.plan(this, this.onKernel && this.kernel ? this.kernel.lambdas : lambdas);
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
      arrays.memory === null ? null : SweepKernel.attach(arrays.memory, { ...arrays, lambdas });
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
      kernel.copyIn(lambdas, this.lambdaCount);
      if (this.partner !== null) this.partner.sweep(this, kernel.lambdas, relax);
      else kernel.sweep(relax, 0, this.order.count);
      kernel.copyOut(lambdas, this.lambdaCount);
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

  /** Adds position o's starting λs' impulses to the running velocity changes. */
  private applyStart(o: number, lambdas: Float64Array): void {
    const a = this.bodies[2 * o];
    const b = this.bodies[2 * o + 1];
    const h = HEADER * o;
    const header = this.header;
    const rows = this.rows;
    const ma = header[h + H_INV_MASS_A];
    const mb = header[h + H_INV_MASS_B];
    for (let point = this.firstPoint[o]; point < this.firstPoint[o + 1]; point++) {
      for (let t = 0; t < 3; t++) {
        const r = POINT_WIDTH * point + t * ROW_WIDTH;
        const lambda = rows[r + LAMBDA];
        if (lambda === 0) continue;
        const dx = header[h + 3 * t];
        const dy = header[h + 3 * t + 1];
        const dz = header[h + 3 * t + 2];
        if (a >= 0) {
          const ka = ma * lambda;
          lambdas[a] -= ka * dx;
          lambdas[a + 1] -= ka * dy;
          lambdas[a + 2] -= ka * dz;
          for (let c = 0; c < 3; c++) lambdas[a + 3 + c] += lambda * rows[r + INERTIA_A + c];
        }
        if (b >= 0) {
          const kb = mb * lambda;
          lambdas[b] += kb * dx;
          lambdas[b + 1] += kb * dy;
          lambdas[b + 2] += kb * dz;
          for (let c = 0; c < 3; c++) lambdas[b + 3 + c] += lambda * rows[r + INERTIA_B + c];
        }
      }
    }
  }

  private reserve(count: number, points: number): void {
    if (this.reserveOnKernel(count, points)) return;
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
  }

  /**
   * The arrays in the kernel's memory, laid out anew (doubling) when this solve needs more room.
   * False where there is no kernel (the TypeScript sweep's arrays then).
   */
  private reserveOnKernel(count: number, points: number): boolean {
    if (this.kernel === undefined) this.kernel = SweepKernel.create(this.partner !== null);
    const kernel = this.kernel;
    if (kernel === null) return false;
    if (
      !this.onKernel ||
      this.bodies.length < 2 * count ||
      this.rows.length < POINT_WIDTH * points ||
      kernel.lambdas.length < this.lambdaCount
    ) {
      const n = 2 * Math.max(count, 128);
      kernel.layOut(HEADER * n, 2 * n, n + 1, 2 * POINT_WIDTH * points, 2 * this.lambdaCount);
      this.header = kernel.header;
      this.bodies = kernel.bodies;
      this.firstPoint = kernel.firstPoint;
      this.rows = kernel.rows;
      this.onKernel = true;
      this.arraysMade++;
    }
    return true;
  }
}
