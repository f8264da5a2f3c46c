// The contact solver's sweep, a kernel (kernelTypes.ts): ManifoldRows' Gauss–Seidel pass over a
// range of the solve order. Where WebAssembly is to be had, it runs compiled (kernelMemory.ts).

import {
  ANGULAR_A,
  ANGULAR_B,
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
  MAX_NORMAL_IMPULSE,
  POINT_WIDTH,
  RELAX_RHS,
  RHS,
  POINT_ROW_WIDTH,
} from './rowLayout';
import type { int } from '../kernels/kernelTypes';

/**
 * One sweep over positions [from, to) of ManifoldRows' arrays (see ManifoldRows.iterate): each
 * manifold's normal rows, then its friction rows, on the running velocity changes `lambdas`.
 * @kernel an entry point of the compiled module; called through kernelCalls.ts.
 */
export function sweepRows(
  header: Float64Array,
  bodies: Int32Array,
  firstPoint: Int32Array,
  rows: Float64Array,
  lambdas: Float64Array,
  relax: boolean,
  from: int,
  to: int,
): void {
  const rhsAt = relax ? RELAX_RHS : RHS;
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
        (rows[r + ANGULAR_B] * wbx + rows[r + ANGULAR_B + 1] * wby + rows[r + ANGULAR_B + 2] * wbz);
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
      for (let r0 = POINT_WIDTH * first + POINT_ROW_WIDTH; r0 < rowEnd; r0 += POINT_WIDTH) {
        for (let t = 0; t < 2; t++) {
          const r = r0 + t * POINT_ROW_WIDTH;
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
