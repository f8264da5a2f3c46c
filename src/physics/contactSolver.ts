// The persistent manifolds as solver rows: per point a normal row and two friction rows in
// cannon-es's SPOOK form (its ContactEquation's and FrictionEquation's B, C, ε and bounds),
// warm-started from the impulses the point carried last step (Catto, "Iterative Dynamics with
// Temporal Coherence", GDC 2005), laid out and worked in the order contactOrder.ts gives, each
// manifold's two bodies read and written once a sweep. Part of FlatGSSolver's solve.

import type { Body } from 'cannon-es';
import { ContactOrder } from './contactOrder';
import { KERNEL_CALLS, kernelsOver, writeCall } from './kernelMemory';
import type {
  Block,
  BlockHolder,
  KernelExports,
  KernelMemory,
  KernelPartner,
} from './kernelMemory';
import type { ManifoldBuffer } from './manifoldStore';
import {
  applyStarts,
  placeRows,
  SCALAR_DT,
  SCALAR_WARM_FRICTION,
  SCALAR_WARM_NORMAL,
  SET_UP_SCALARS,
  setUpRange,
} from './rowSetUp';
import { storeImpulses } from './impulseCarry';
import { bounceRows } from './restitution';
import { sweepRows } from './sweepLoop';
import { packBody, BODY_STATE_WIDTH, HEADER, POINT_WIDTH } from './contactRows';
import type { WarmStart } from './contactRows';

/** Per body in the solver's running velocity changes: linear (3) then angular (3). */
const BODY_WIDTH = 6;
/** Positions below which the set-up is not shared with a partner: its meeting would cost more. */
const MIN_SHARED_POSITIONS = 256;

/** What ManifoldRows.sweep reads and writes besides the running velocity changes. */
export interface SweepArrays {
  header: Float64Array;
  bodies: Int32Array;
  firstPoint: Int32Array;
  rows: Float64Array;
  /** The shared WebAssembly memory they lie in (kernelMemory.ts), or null: plain shared arrays. */
  memory: WebAssembly.Memory | null;
}

/**
 * A second thread's share of the contact pipeline (threadTeam.ts's ThreadTeam): half of every
 * sweep, and half of the passes over pair tasks and solver rows that run as kernels.
 */
export interface TeamPartner extends KernelPartner {
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
  /** This step's bodies as the rows read them (contactRows.ts's packBody), by body index. */
  private state: Float64Array = new Float64Array(0);
  /** The set-up's dt and warm-start factors (rowSetUp.ts's SET_UP_SCALARS). */
  private scalars: Float64Array = new Float64Array(0);
  /**
   * The world's kernel memory these lie in (the manifolds' own: manifoldStore.ts), and the
   * blocks there; null until the first solve, and on a partner's thread, whose arrays are the
   * solving thread's (see adopt).
   */
  private memory: KernelMemory | null = null;
  private blocks: Block[] = [];
  /** The kernels in WebAssembly over those arrays, or null: the TypeScript, the same bits. */
  private exports: KernelExports | null = null;
  /** A second thread's share of the sweeps (threadTeam.ts), or null: one thread. */
  private partner: TeamPartner | null = null;
  /** The running velocity changes as the biased sweeps left them (see relax). */
  private biased: Float64Array = new Float64Array(0);
  /** Sweeps this solver ran in WebAssembly (a counter: nothing reads it back into a solve). */
  kernelSweeps = 0;
  /** Running velocity changes this solve's sweeps touch: BODY_WIDTH × world.bodies.length. */
  private lambdaCount = 0;

  /** Counts the layouts of the memory the arrays lie in: a partner must be sent them again. */
  get arraysMade(): number {
    return this.memory === null ? 0 : this.memory.layouts;
  }

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
    if (k !== null) {
      // prettier-ignore
      k.placeRows(
        count, this.orderView.byteOffset, b.responds.byteOffset, b.bodyA.byteOffset,
        b.bodyB.byteOffset, b.points.byteOffset, state.byteOffset, this.bodies.byteOffset,
        this.firstPoint.byteOffset,
      );
      this.setUpRows(k, b, count);
      if (warm.normal > 0 || warm.friction > 0) {
        // prettier-ignore
        k.applyStarts(
          count, this.header.byteOffset, this.bodies.byteOffset, this.firstPoint.byteOffset,
          this.rows.byteOffset, inside.byteOffset,
        );
      }
    } else {
      // prettier-ignore
      placeRows(
        count, this.orderView, b.responds, b.bodyA, b.bodyB, b.points, state, this.bodies,
        this.firstPoint,
      );
      // prettier-ignore
      setUpRange(
        0, count, this.orderView, b.responds, b.bodyA, b.bodyB, b.worldNormal, b.material, b.ri,
        b.rj, b.impulse, state, scalars, this.header, this.firstPoint, this.rows,
      );
      if (warm.normal > 0 || warm.friction > 0) {
        applyStarts(count, this.header, this.bodies, this.firstPoint, this.rows, inside);
      }
    }
    for (let i = 0; i < n; i++) lambdas[i] = inside[i];
    if (this.partner !== null) this.partner.plan(this, inside);
  }

  /**
   * Shares the sweeps with a second thread (null: none). The world's kernel memory is then
   * shared memory (see FlatGSSolver.usePartner), so the partner's thread can sweep it too.
   */
  usePartner(partner: TeamPartner | null): void {
    this.partner = partner;
  }

  /** The arrays a sweep works on, for a partner's thread (see adopt). */
  sweepArrays(): SweepArrays {
    return {
      header: this.header,
      bodies: this.bodies,
      firstPoint: this.firstPoint,
      rows: this.rows,
      memory: this.exports !== null && this.memory !== null ? this.memory.memory : null,
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
    this.lambdas = lambdas;
    this.exports = arrays.memory === null ? null : kernelsOver(arrays.memory);
  }

  /** One Gauss–Seidel sweep over positions [from, to) of the order (see sweepLoop.ts), on `lambdas`. */
  sweepRange(lambdas: Float64Array, relax: boolean, from: number, to: number): void {
    const k = this.exports;
    if (k !== null) {
      // prettier-ignore
      k.sweepRows(
        this.header.byteOffset, this.bodies.byteOffset, this.firstPoint.byteOffset,
        this.rows.byteOffset, lambdas.byteOffset, relax ? 1 : 0, from, to,
      );
    } else {
      sweepRows(this.header, this.bodies, this.firstPoint, this.rows, lambdas, relax, from, to);
    }
  }

  /** One sweep over every manifold, in order (with the partner, when there is one). */
  iterate(lambdas: Float64Array, relax: boolean): void {
    // The running velocity changes into the kernel memory and back: the flat solver's other
    // equations, between sweeps, work on its own copy.
    if (this.exports !== null) this.kernelSweeps++;
    const inside = this.lambdas;
    const n = this.lambdaCount;
    for (let k = 0; k < n; k++) inside[k] = lambdas[k];
    if (this.partner !== null) this.partner.sweep(this, inside, relax);
    else this.sweepRange(inside, relax, 0, this.order.count);
    for (let k = 0; k < n; k++) lambdas[k] = inside[k];
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

  /**
   * After the sweeps and relax sweeps: the restitution pass (restitution.ts) on the solver's
   * running velocity changes `lambdas`, so points that struck leave at e times their approach.
   */
  bounce(lambdas: Float64Array): void {
    bounceRows(this.order.count, this.header, this.bodies, this.firstPoint, this.rows, lambdas);
  }

  /** Keeps each point's impulses for the next step: normal λ, and friction as a world vector. */
  store(buffer: ManifoldBuffer): void {
    const count = this.order.count;
    const k = this.exports;
    if (k !== null) {
      // prettier-ignore
      k.storeImpulses(
        count, this.orderView.byteOffset, buffer.points.byteOffset, this.header.byteOffset,
        this.firstPoint.byteOffset, this.rows.byteOffset, buffer.impulse.byteOffset,
      );
    } else {
      // prettier-ignore
      storeImpulses(
        count, this.orderView, buffer.points, this.header, this.firstPoint, this.rows,
        buffer.impulse,
      );
    }
  }

  /**
   * setUpRange over the whole order in WebAssembly: with a partner, its thread takes the
   * positions from the one that splits the points in half, this one the rest, at once.
   */
  private setUpRows(k: KernelExports, b: ManifoldBuffer, count: number): void {
    const partner = this.partner;
    const memory = this.memory?.memory ?? null;
    let mid = count;
    if (partner !== null && partner.sharing && memory !== null && count >= MIN_SHARED_POSITIONS) {
      const half = this.firstPoint[count] >> 1;
      mid = 0;
      while (mid < count && this.firstPoint[mid] < half) mid++;
      const c = partner.call;
      c[0] = KERNEL_CALLS.indexOf('setUpRange');
      // prettier-ignore
      writeCall(
        c, mid, count, this.orderView.byteOffset, b.responds.byteOffset, b.bodyA.byteOffset,
        b.bodyB.byteOffset, b.worldNormal.byteOffset, b.material.byteOffset, b.ri.byteOffset,
        b.rj.byteOffset, b.impulse.byteOffset, this.state.byteOffset, this.scalars.byteOffset,
        this.header.byteOffset, this.firstPoint.byteOffset, this.rows.byteOffset,
      );
      partner.start(memory);
    }
    // prettier-ignore
    k.setUpRange(
      0, mid, this.orderView.byteOffset, b.responds.byteOffset, b.bodyA.byteOffset,
      b.bodyB.byteOffset, b.worldNormal.byteOffset, b.material.byteOffset, b.ri.byteOffset,
      b.rj.byteOffset, b.impulse.byteOffset, this.state.byteOffset, this.scalars.byteOffset,
      this.header.byteOffset, this.firstPoint.byteOffset, this.rows.byteOffset,
    );
    if (mid < count && partner !== null) partner.join();
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
