// The contact solver's last kernel of a solve (kernelTypes.ts): each point's accumulated
// impulses carried back into its manifold, for the next step's warm start (rowSetUp.ts).

import type { int } from '../kernels/kernelTypes';
import { HEADER, LAMBDA, POINT_WIDTH, POINT_ROW_WIDTH } from './rowLayout';
import {
  IMPULSE_FRICTION,
  IMPULSE_NORMAL,
  IMPULSE_WIDTH,
  POINTS_PER_MANIFOLD,
} from '../manifolds/manifoldStore';

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
