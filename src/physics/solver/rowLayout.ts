// The contact solver's layouts: one contact point's three rows (normal, then the two friction
// directions), the manifold header they share, and each body as the set-up reads it, packed once
// a step (rowSetUp.ts sets the rows up; sweepLoop.ts sweeps them).

import type { Body } from 'cannon-es';

/**
 * One row of a contact point (a normal or a friction direction d), POINT_ROW_WIDTH numbers (a
 * cannon-es equation's row is equationRows.ts's, EQUATION_ROW_WIDTH): G's angular parts
 * −(ri × d) for A and rj × d for B (its linear parts are ∓d, kept in the manifold's header),
 * each times its body's inverse world inertia, then B, 1 / (G M⁻¹ Gᵀ + ε), the accumulated
 * impulse λ, B without the penetration term (for relax sweeps; the same as B for friction rows)
 * and, on a normal row, the velocity change G·Δv that leaves the point at −e times its approach
 * speed (the restitution pass's target; 0: no bounce — see RESTITUTION_THRESHOLD).
 */
export const ANGULAR_A = 0;
export const ANGULAR_B = 3;
export const INERTIA_A = 6;
export const INERTIA_B = 9;
export const RHS = 12;
export const INV_C = 13;
export const LAMBDA = 14;
export const RELAX_RHS = 15;
export const BOUNCE = 16;
export const POINT_ROW_WIDTH = 17;
/** A point's rows, one after another: normal, t1, t2. */
export const POINT_WIDTH = 3 * POINT_ROW_WIDTH;

/**
 * What the rows read of one body, packed once a step (packBody) so the set-up reads typed
 * arrays alone — one shape of data, whatever the bodies' classes — and works out M⁻¹ f and
 * I⁻¹ τ once a body, not once a point.
 */
export const BODY_INV_MASS = 0;
/** The inverse world inertia for the solve, row by row (9). */
export const BODY_INV_INERTIA = 1;
export const BODY_POSITION = 10;
export const BODY_VELOCITY = 13;
export const BODY_ANGULAR_VELOCITY = 16;
/** M⁻¹ f (3), then I⁻¹ τ (3). */
export const BODY_FORCE_STEP = 19;
export const BODY_TORQUE_STEP = 22;
export const BODY_STATE_WIDTH = 25;

/** Packs `body` at state[at..] (see BODY_STATE_WIDTH). */
export function packBody(body: Body, state: Float64Array, at: number): void {
  const ia = body.invInertiaWorldSolve.elements;
  const ma = body.invMassSolve;
  state[at + BODY_INV_MASS] = ma;
  for (let c = 0; c < 9; c++) state[at + BODY_INV_INERTIA + c] = ia[c];
  const p = body.position;
  const v = body.velocity;
  const w = body.angularVelocity;
  const f = body.force;
  const t = body.torque;
  state[at + BODY_POSITION] = p.x;
  state[at + BODY_POSITION + 1] = p.y;
  state[at + BODY_POSITION + 2] = p.z;
  state[at + BODY_VELOCITY] = v.x;
  state[at + BODY_VELOCITY + 1] = v.y;
  state[at + BODY_VELOCITY + 2] = v.z;
  state[at + BODY_ANGULAR_VELOCITY] = w.x;
  state[at + BODY_ANGULAR_VELOCITY + 1] = w.y;
  state[at + BODY_ANGULAR_VELOCITY + 2] = w.z;
  state[at + BODY_FORCE_STEP] = ma * f.x;
  state[at + BODY_FORCE_STEP + 1] = ma * f.y;
  state[at + BODY_FORCE_STEP + 2] = ma * f.z;
  state[at + BODY_TORQUE_STEP] = ia[0] * t.x + ia[1] * t.y + ia[2] * t.z;
  state[at + BODY_TORQUE_STEP + 1] = ia[3] * t.x + ia[4] * t.y + ia[5] * t.z;
  state[at + BODY_TORQUE_STEP + 2] = ia[6] * t.x + ia[7] * t.y + ia[8] * t.z;
}

/**
 * Per manifold, in solve order: n, t1, t2 (world, unit, at right angles), the inverse masses
 * of A and B, the normal rows' ε, the friction rows' ε and their impulse bound (0: none).
 */
export const H_INV_MASS_A = 9;
export const H_INV_MASS_B = 10;
export const H_EPS = 11;
export const H_FRICTION_EPS = 12;
export const H_BOUND = 13;
export const HEADER = 14;
/**
 * Points that approach slower than this (m/s, along the normal, before the solve) get no bounce:
 * the restitution pass leaves them to the solve, which brings them to rest. Box2D v3 keeps such a
 * threshold (1 m/s) so that resting and settling contacts never bounce; 0.5 m/s is 2.5× the
 * speed gravity adds in one step at the slowest rate the sandbox offers (9.82 m/s² at 50 Hz), and
 * below the third impact of a ball of e = 0.3 dropped from 4 m (0.8 m/s), so bounces the eye
 * follows all keep the law.
 */
export const RESTITUTION_THRESHOLD = 0.5;
/** ContactEquation's impulse cap per step (cannon-es's default maxForce). */
export const MAX_NORMAL_IMPULSE = 1e6;

/** How much of last step's impulses a solve starts from (0 … 1 each: normal, friction). */
export interface WarmStart {
  normal: number;
  friction: number;
}
