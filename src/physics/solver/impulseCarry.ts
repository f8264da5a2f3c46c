// A point's impulses carried from one step's solve to the next, as kernels (kernelTypes.ts): kept
// in its manifold as the normal λ and friction as a world vector, they start the next solve's
// rows (the warm start, in rowSetUp.ts's set-up), and the solve's λs go back the same way.

import type { int } from '../kernels/kernelTypes';
import {
  H_BOUND,
  HEADER,
  LAMBDA,
  MAX_NORMAL_IMPULSE,
  POINT_ROW_WIDTH,
  POINT_WIDTH,
} from './rowLayout';
import {
  IMPULSE_FRICTION,
  IMPULSE_NORMAL,
  IMPULSE_WIDTH,
  POINTS_PER_MANIFOLD,
} from '../manifolds/manifoldStore';

/**
 * The stored impulses at `impulse[i]`, times the warm-start factors, as starting λs of the
 * point's rows at `rows[r]`: friction carried into this step's tangents (Catto: last step's
 * friction impulse, a world vector, projected onto the new tangents, unit and at right angles),
 * each clamped to its row's bounds.
 */
export function warmStartPoint(
  impulse: Float64Array,
  i: int,
  warmNormal: number,
  warmFriction: number,
  header: Float64Array,
  h: int,
  rows: Float64Array,
  r: int,
): void {
  // Clamped where they are stored: a local that may hold the constant 0 or a computed double
  // is one V8 may keep tagged, and then each double it holds is boxed (an allocation a clamp).
  const n = r + LAMBDA;
  rows[n] = warmNormal * impulse[i + IMPULSE_NORMAL];
  if (rows[n] < 0) rows[n] = 0;
  else if (rows[n] > MAX_NORMAL_IMPULSE) rows[n] = MAX_NORMAL_IMPULSE;
  const bound = header[h + H_BOUND];
  const px = warmFriction * impulse[i + IMPULSE_FRICTION];
  const py = warmFriction * impulse[i + IMPULSE_FRICTION + 1];
  const pz = warmFriction * impulse[i + IMPULSE_FRICTION + 2];
  for (let t = 1; t <= 2; t++) {
    const f = r + t * POINT_ROW_WIDTH + LAMBDA;
    rows[f] = px * header[h + 3 * t] + py * header[h + 3 * t + 1] + pz * header[h + 3 * t + 2];
    if (rows[f] < -bound) rows[f] = -bound;
    else if (rows[f] > bound) rows[f] = bound;
  }
}

/**
 * After the solve: each point's accumulated impulses back into its manifold for the next step
 * (`impulse`, IMPULSE_WIDTH a point) — the normal λ, and friction as a world vector from the two
 * tangent λs (so the next step can carry it into its own tangents); zero for a manifold that
 * had no rows.
 * @kernel an entry point of the compiled module; called through kernelCalls.ts.
 */
export function storeImpulses(
  count: int,
  order: Int32Array,
  points: Int32Array,
  header: Float64Array,
  firstPoint: Int32Array,
  rows: Float64Array,
  impulse: Float64Array,
): void {
  for (let o = 0; o < count; o++) {
    const m = order[o];
    const h = HEADER * o;
    const first = firstPoint[o];
    const stored = firstPoint[o + 1] - first;
    const n = points[m];
    for (let k = 0; k < n; k++) {
      const i = IMPULSE_WIDTH * (POINTS_PER_MANIFOLD * m + k);
      if (k >= stored) {
        for (let e = 0; e < IMPULSE_WIDTH; e++) impulse[i + e] = 0;
        continue;
      }
      const r = POINT_WIDTH * (first + k);
      const l1 = rows[r + POINT_ROW_WIDTH + LAMBDA];
      const l2 = rows[r + 2 * POINT_ROW_WIDTH + LAMBDA];
      impulse[i + IMPULSE_NORMAL] = rows[r + LAMBDA];
      impulse[i + IMPULSE_FRICTION] = l1 * header[h + 3] + l2 * header[h + 6];
      impulse[i + IMPULSE_FRICTION + 1] = l1 * header[h + 4] + l2 * header[h + 7];
      impulse[i + IMPULSE_FRICTION + 2] = l1 * header[h + 5] + l2 * header[h + 8];
    }
  }
}
