// The restitution pass: after the solve's sweeps and relax sweeps, each contact point that
// approached faster than RESTITUTION_THRESHOLD and still pushes is given the impulse that sends
// it away at e times its approach speed (Box2D v3's order: apart from warm starting and the
// penetration term, so neither adds to nor takes from a bounce).

import {
  ANGULAR_A,
  ANGULAR_B,
  BOUNCE,
  H_EPS,
  HEADER,
  INV_C,
  LAMBDA,
  POINT_WIDTH,
} from './rowLayout';
import { addImpulse } from './rowSetUp';

/**
 * One pass over positions [0, count) of ManifoldRows' arrays: each normal row with a bounce
 * target (rows[r + BOUNCE] ≠ 0, set up by rowSetUp.ts) and an impulse (λ > 0) moves its λ so
 * that G·Δv reaches the target, with the point's unsoftened mass 1 / (G M⁻¹ Gᵀ) — ε is SPOOK's
 * compliance for holding bodies apart, not part of a collision — never below zero, on the
 * running velocity changes `lambdas`. A lone point lands on its target exactly; several of one
 * manifold are worked in order, once, as Box2D does.
 */
export function bounceRows(
  count: number,
  header: Float64Array,
  bodies: Int32Array,
  firstPoint: Int32Array,
  rows: Float64Array,
  lambdas: Float64Array,
): void {
  for (let o = 0; o < count; o++) {
    const first = firstPoint[o];
    const end = firstPoint[o + 1];
    const a = bodies[2 * o];
    const b = bodies[2 * o + 1];
    const h = HEADER * o;
    const nx = header[h];
    const ny = header[h + 1];
    const nz = header[h + 2];
    const eps = header[h + H_EPS];
    for (let point = first; point < end; point++) {
      const r = POINT_WIDTH * point;
      const target = rows[r + BOUNCE];
      const lambda = rows[r + LAMBDA];
      if (target === 0 || lambda <= 0) continue;
      let gw = 0;
      if (a >= 0) {
        gw -= nx * lambdas[a] + ny * lambdas[a + 1] + nz * lambdas[a + 2];
        gw +=
          rows[r + ANGULAR_A] * lambdas[a + 3] +
          rows[r + ANGULAR_A + 1] * lambdas[a + 4] +
          rows[r + ANGULAR_A + 2] * lambdas[a + 5];
      }
      if (b >= 0) {
        gw += nx * lambdas[b] + ny * lambdas[b + 1] + nz * lambdas[b + 2];
        gw +=
          rows[r + ANGULAR_B] * lambdas[b + 3] +
          rows[r + ANGULAR_B + 1] * lambdas[b + 4] +
          rows[r + ANGULAR_B + 2] * lambdas[b + 5];
      }
      let delta = (target - gw) / (1 / rows[r + INV_C] - eps);
      if (lambda + delta < 0) delta = -lambda;
      rows[r + LAMBDA] = lambda + delta;
      addImpulse(delta, header, h, 0, a, b, rows, r, lambdas);
    }
  }
}
