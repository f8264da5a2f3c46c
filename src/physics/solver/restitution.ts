// The restitution pass: after the solve's sweeps and relax sweeps, each contact point that
// approached faster than RESTITUTION_THRESHOLD and still pushes is given the impulse that sends
// it away at e times its approach speed (Box2D v3's order: apart from warm starting and the
// penetration term, so neither adds to nor takes from a bounce), repeated until the points agree.

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
 * Passes at most over the manifolds that bounce. A point's bounce turns its body, which changes
 * what the manifold's other points see: one pass over a box landing flat on four corners gave
 * the first corner most of the impulse and sent the box off spinning at 0.35 rad/s (cannon-es's
 * friction_gravity world: 47 mm sideways by the end). Passes until they agree (6 leave 1e-7 rad/s
 * there; a lone point is done in one).
 */
export const BOUNCE_PASSES = 16;
/** A pass that moves no impulse by more than this share of the largest ends the passes. */
export const BOUNCE_TOLERANCE = 1e-9;

/**
 * Lists at `bouncing` the positions in [0, count) of ManifoldRows' arrays with a point that
 * bounces: a bounce target (rows[r + BOUNCE] ≠ 0, set up by rowSetUp.ts) and an impulse (λ > 0)
 * after the sweeps. A target whose point no longer pushes is cleared, so the passes leave it
 * alone. Returns how many were listed.
 */
export function listBouncing(
  count: number,
  firstPoint: Int32Array,
  rows: Float64Array,
  bouncing: Int32Array,
): number {
  let listed = 0;
  for (let o = 0; o < count; o++) {
    let bounces = false;
    for (let point = firstPoint[o]; point < firstPoint[o + 1]; point++) {
      const r = POINT_WIDTH * point;
      if (rows[r + BOUNCE] === 0) continue;
      if (rows[r + LAMBDA] > 0) bounces = true;
      else rows[r + BOUNCE] = 0;
    }
    if (bounces) bouncing[listed++] = o;
  }
  return listed;
}

/**
 * The passes over the `listed` positions at `bouncing` (listBouncing): each pass moves every
 * bouncing point's λ so that G·Δv reaches its target, with the point's unsoftened mass
 * 1 / (G M⁻¹ Gᵀ) — ε is SPOOK's compliance for holding bodies apart, not part of a collision —
 * never below zero, on the running velocity changes `lambdas`; a manifold's points in order, as
 * Box2D does, until a pass changes nothing that matters (BOUNCE_TOLERANCE) or BOUNCE_PASSES.
 * Returns the passes taken.
 */
export function bounceRows(
  listed: number,
  bouncing: Int32Array,
  header: Float64Array,
  bodies: Int32Array,
  firstPoint: Int32Array,
  rows: Float64Array,
  lambdas: Float64Array,
): number {
  for (let pass = 1; pass <= BOUNCE_PASSES; pass++) {
    let largestDelta = 0;
    let largestLambda = 0;
    for (let k = 0; k < listed; k++) {
      const o = bouncing[k];
      const a = bodies[2 * o];
      const b = bodies[2 * o + 1];
      const h = HEADER * o;
      for (let point = firstPoint[o]; point < firstPoint[o + 1]; point++) {
        const r = POINT_WIDTH * point;
        const target = rows[r + BOUNCE];
        if (target === 0) continue;
        const delta = bouncePoint(target, header, h, a, b, rows, r, lambdas);
        const lambda = rows[r + LAMBDA];
        if (Math.abs(delta) > largestDelta) largestDelta = Math.abs(delta);
        if (lambda > largestLambda) largestLambda = lambda;
      }
    }
    if (largestDelta <= BOUNCE_TOLERANCE * largestLambda) return pass;
  }
  return BOUNCE_PASSES;
}

/** One point's bounce (see bounceRows): applies and returns the change of its λ. */
function bouncePoint(
  target: number,
  header: Float64Array,
  h: number,
  a: number,
  b: number,
  rows: Float64Array,
  r: number,
  lambdas: Float64Array,
): number {
  const nx = header[h];
  const ny = header[h + 1];
  const nz = header[h + 2];
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
  const lambda = rows[r + LAMBDA];
  let delta = (target - gw) / (1 / rows[r + INV_C] - header[h + H_EPS]);
  if (lambda + delta < 0) delta = -lambda;
  rows[r + LAMBDA] = lambda + delta;
  addImpulse(delta, header, h, 0, a, b, rows, r, lambdas);
  return delta;
}
