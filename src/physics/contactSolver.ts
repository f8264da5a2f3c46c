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
import {
  packBody,
  setUpHeader,
  setUpPoint,
  BODY_INV_MASS,
  BODY_STATE_WIDTH,
  warmStartPoint,
  ANGULAR_A,
  H_BOUND,
  H_EPS,
  H_FRICTION_EPS,
  H_INV_MASS_A,
  H_INV_MASS_B,
  HEADER,
  ANGULAR_B,
  INERTIA_A,
  INERTIA_B,
  INV_C,
  LAMBDA,
  MAX_NORMAL_IMPULSE,
  POINT_WIDTH,
  RELAX_RHS,
  RHS,
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
    if (this.partner !== null) this.partner.plan(this, lambdas);
  }

  /**
   * Shares the sweeps with a second thread (null: none). Its arrays are then made in shared
   * memory, so the partner's thread can read and write them.
   */
  usePartner(partner: SweepPartner | null): void {
    this.partner = partner;
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
    };
  }

  /** On a partner's thread: sweeps from now on work on these (another thread's sweepArrays). */
  adopt(arrays: SweepArrays): void {
    this.header = arrays.header;
    this.bodies = arrays.bodies;
    this.firstPoint = arrays.firstPoint;
    this.rows = arrays.rows;
  }

  /**
   * One Gauss–Seidel sweep over positions [from, to) of the order: each manifold's normal rows,
   * then its friction rows (friction has the last word). `relax`: the normal rows without their
   * penetration term (see relax).
   */
  sweep(lambdas: Float64Array, relax: boolean, from: number, to: number): void {
    const rhsAt = relax ? RELAX_RHS : RHS;
    const header = this.header;
    const rows = this.rows;
    const bodies = this.bodies;
    const firstPoint = this.firstPoint;
    for (let o = from; o < to; o++) {
      const first = firstPoint[o];
      const end = firstPoint[o + 1];
      if (first === end) continue;
      const a = bodies[2 * o];
      const b = bodies[2 * o + 1];
      const h = HEADER * o;
      const ma = header[h + H_INV_MASS_A];
      const mb = header[h + H_INV_MASS_B];
      // Running velocity changes of a body that does not move stay zero.
      let vax = a < 0 ? 0 : lambdas[a];
      let vay = a < 0 ? 0 : lambdas[a + 1];
      let vaz = a < 0 ? 0 : lambdas[a + 2];
      let wax = a < 0 ? 0 : lambdas[a + 3];
      let way = a < 0 ? 0 : lambdas[a + 4];
      let waz = a < 0 ? 0 : lambdas[a + 5];
      let vbx = b < 0 ? 0 : lambdas[b];
      let vby = b < 0 ? 0 : lambdas[b + 1];
      let vbz = b < 0 ? 0 : lambdas[b + 2];
      let wbx = b < 0 ? 0 : lambdas[b + 3];
      let wby = b < 0 ? 0 : lambdas[b + 4];
      let wbz = b < 0 ? 0 : lambdas[b + 5];
      const bound = header[h + H_BOUND];
      const epsN = header[h + H_EPS];
      // Every point's normal row, then (when friction binds) every point's two friction rows;
      // one loop each, so the normal is read once a manifold and each loop's bounds are fixed
      // (one loop choosing its bounds row by row had V8 box them: 157 KB a step, pyramid × 5).
      const nx = header[h];
      const ny = header[h + 1];
      const nz = header[h + 2];
      for (let r = POINT_WIDTH * first, e = POINT_WIDTH * end; r < e; r += POINT_WIDTH) {
        const gw =
          nx * (vbx - vax) +
          ny * (vby - vay) +
          nz * (vbz - vaz) +
          (rows[r + ANGULAR_A] * wax +
            rows[r + ANGULAR_A + 1] * way +
            rows[r + ANGULAR_A + 2] * waz) +
          (rows[r + ANGULAR_B] * wbx +
            rows[r + ANGULAR_B + 1] * wby +
            rows[r + ANGULAR_B + 2] * wbz);
        const lambda = rows[r + LAMBDA];
        let delta = rows[r + INV_C] * (rows[r + rhsAt] - gw - epsN * lambda);
        if (lambda + delta < 0) delta = 0 - lambda;
        else if (lambda + delta > MAX_NORMAL_IMPULSE) delta = MAX_NORMAL_IMPULSE - lambda;
        rows[r + LAMBDA] = lambda + delta;
        const ka = ma * delta;
        const kb = mb * delta;
        vax -= ka * nx;
        vay -= ka * ny;
        vaz -= ka * nz;
        vbx += kb * nx;
        vby += kb * ny;
        vbz += kb * nz;
        wax += delta * rows[r + INERTIA_A];
        way += delta * rows[r + INERTIA_A + 1];
        waz += delta * rows[r + INERTIA_A + 2];
        wbx += delta * rows[r + INERTIA_B];
        wby += delta * rows[r + INERTIA_B + 1];
        wbz += delta * rows[r + INERTIA_B + 2];
      }
      if (bound > 0) {
        const epsT = header[h + H_FRICTION_EPS];
        const low = -bound;
        const rowEnd = POINT_WIDTH * end;
        for (let r0 = POINT_WIDTH * first + ROW_WIDTH; r0 < rowEnd; r0 += POINT_WIDTH) {
          for (let t = 0; t < 2; t++) {
            const r = r0 + t * ROW_WIDTH;
            const dx = header[h + 3 + 3 * t];
            const dy = header[h + 4 + 3 * t];
            const dz = header[h + 5 + 3 * t];
            const gw =
              dx * (vbx - vax) +
              dy * (vby - vay) +
              dz * (vbz - vaz) +
              (rows[r + ANGULAR_A] * wax +
                rows[r + ANGULAR_A + 1] * way +
                rows[r + ANGULAR_A + 2] * waz) +
              (rows[r + ANGULAR_B] * wbx +
                rows[r + ANGULAR_B + 1] * wby +
                rows[r + ANGULAR_B + 2] * wbz);
            const lambda = rows[r + LAMBDA];
            let delta = rows[r + INV_C] * (rows[r + RHS] - gw - epsT * lambda);
            if (lambda + delta < low) delta = low - lambda;
            else if (lambda + delta > bound) delta = bound - lambda;
            rows[r + LAMBDA] = lambda + delta;
            const ka = ma * delta;
            const kb = mb * delta;
            vax -= ka * dx;
            vay -= ka * dy;
            vaz -= ka * dz;
            vbx += kb * dx;
            vby += kb * dy;
            vbz += kb * dz;
            wax += delta * rows[r + INERTIA_A];
            way += delta * rows[r + INERTIA_A + 1];
            waz += delta * rows[r + INERTIA_A + 2];
            wbx += delta * rows[r + INERTIA_B];
            wby += delta * rows[r + INERTIA_B + 1];
            wbz += delta * rows[r + INERTIA_B + 2];
          }
        }
      }
      if (a >= 0) {
        lambdas[a] = vax;
        lambdas[a + 1] = vay;
        lambdas[a + 2] = vaz;
        lambdas[a + 3] = wax;
        lambdas[a + 4] = way;
        lambdas[a + 5] = waz;
      }
      if (b >= 0) {
        lambdas[b] = vbx;
        lambdas[b + 1] = vby;
        lambdas[b + 2] = vbz;
        lambdas[b + 3] = wbx;
        lambdas[b + 4] = wby;
        lambdas[b + 5] = wbz;
      }
    }
  }

  /** One sweep over every manifold, in order (with the partner, when there is one). */
  iterate(lambdas: Float64Array, relax: boolean): void {
    if (this.partner !== null) this.partner.sweep(this, lambdas, relax);
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
}
