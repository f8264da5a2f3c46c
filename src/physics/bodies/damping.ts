// Velocity damping, applied where cannon-es applies its own — after the solver, before bodies
// integrate — but with per-step factors from util/exactMath, so every engine damps alike.

import { Body } from 'cannon-es';
import type { BodyOptions, World } from 'cannon-es';
import { pow } from '../../util/exactMath';

/**
 * Why not cannon-es's own damping: every step it scales each dynamic body's velocity by
 * Math.pow(1 − linearDamping, dt) (and angular velocity likewise), and Math.pow is one of the
 * functions the language lets each engine round its own way. Chromium and Firefox happen to agree
 * on every factor the scenes use today (measured at 5–240 Hz), but nothing promises it — glibc,
 * macOS and fdlibm pows differ in places — so a body here keeps cannon-es's damping at 0 (its
 * factor is then pow(1, dt) = 1, an exact no-op) and carries its own rates. `applyDamping` runs
 * from the world's 'preStep' event, which cannon-es fires right after its damping loop: same
 * point in the step, same multiplications, only the factors' source differs.
 */
export class DampedBody extends Body {
  /** Fraction of velocity lost per second. */
  readonly linearDampingRate: number;
  /** Fraction of angular velocity lost per second. */
  readonly angularDampingRate: number;
  /** The step length the factors below were computed for (NaN: none yet). */
  factorsDt = NaN;
  /** (1 − rate)^dt: what one step of `factorsDt` leaves of the velocity. */
  linearStepFactor = 1;
  angularStepFactor = 1;

  constructor(options: BodyOptions, linearDampingRate: number, angularDampingRate: number) {
    super({ ...options, linearDamping: 0, angularDamping: 0 });
    this.linearDampingRate = linearDampingRate;
    this.angularDampingRate = angularDampingRate;
  }

  /** Recomputes the factors for a new step length (scene load, physics rate change). */
  updateFactors(dt: number): void {
    this.linearStepFactor = pow(1 - this.linearDampingRate, dt);
    this.angularStepFactor = pow(1 - this.angularDampingRate, dt);
    this.factorsDt = dt;
  }
}

/** Damps every dynamic DampedBody of `world` for the step in progress (its `dt`). Per step. */
export function applyDamping(world: World): void {
  const bodies = world.bodies;
  const dt = world.dt;
  const DYNAMIC = Body.DYNAMIC;
  for (let i = 0, n = bodies.length; i < n; i++) {
    const b = bodies[i];
    if (!(b instanceof DampedBody) || b.type !== DYNAMIC) continue;
    if (b.factorsDt !== dt) b.updateFactors(dt);
    const linear = b.linearStepFactor;
    const v = b.velocity;
    v.x = linear * v.x;
    v.y = linear * v.y;
    v.z = linear * v.z;
    const angular = b.angularStepFactor;
    const w = b.angularVelocity;
    w.x = angular * w.x;
    w.y = angular * w.y;
    w.z = angular * w.z;
  }
}
