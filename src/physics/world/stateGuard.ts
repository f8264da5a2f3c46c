// After every physics step (and before the first, when commands added bodies): finds bodies whose
// state is no longer usable (a NaN or infinite number, a position past the edge of the world, a
// weight too large for float64) and removes them through the world's one removal path (which
// every holder of a body hears), so one broken body can neither stall the scene nor feed NaN to
// its neighbours' next contacts.

import type { Body } from 'cannon-es';
import type { ShapeKind } from '../../shapes/shapeKinds';
import { GRAVITY } from './physicsWorld';
import type { PhysicsWorld } from './physicsWorld';

/**
 * 100 km from the origin. No scene comes near it (a body thrown from the camera lands within
 * ~50 m), and past it the float32 instance matrices resolve a position only to ~8 mm, so a body
 * out there is lost to the user anyway. It also catches a finite but absurd velocity (1e308 m/s)
 * on its first step, long before the position overflows to Infinity and turns to NaN.
 */
export const WORLD_LIMIT_METERS = 1e5;

export type FaultReason =
  'mass' | 'position' | 'orientation' | 'velocity' | 'angular velocity' | 'range';

export interface BodyFault {
  /** The step after which the body was removed (`state().step` once that step is done). */
  step: number;
  /** Its dense index when it was removed. */
  index: number;
  kind: ShapeKind;
  reason: FaultReason;
}

/** Faults kept for the next report; a pile that explodes at once still yields one short message. */
export const MAX_KEPT_FAULTS = 32;

/** What is wrong with a body's state, or null. Plain property reads: runs per body per step. */
export function faultOf(body: Body): FaultReason | null {
  // The one finite input cannon-es cannot survive: its step adds mass × g to the force, which
  // overflows to Infinity, and the solver turns that into NaN for every body in the same contact
  // network (a pile and the ground under it) within that one step. Caught before it steps.
  if (!Number.isFinite(body.mass * GRAVITY)) return 'mass';
  const p = body.position;
  if (!Number.isFinite(p.x) || !Number.isFinite(p.y) || !Number.isFinite(p.z)) return 'position';
  const q = body.quaternion;
  if (
    !Number.isFinite(q.x) ||
    !Number.isFinite(q.y) ||
    !Number.isFinite(q.z) ||
    !Number.isFinite(q.w)
  )
    return 'orientation';
  const v = body.velocity;
  if (!Number.isFinite(v.x) || !Number.isFinite(v.y) || !Number.isFinite(v.z)) return 'velocity';
  const w = body.angularVelocity;
  if (!Number.isFinite(w.x) || !Number.isFinite(w.y) || !Number.isFinite(w.z))
    return 'angular velocity';
  if (
    Math.abs(p.x) > WORLD_LIMIT_METERS ||
    Math.abs(p.y) > WORLD_LIMIT_METERS ||
    Math.abs(p.z) > WORLD_LIMIT_METERS
  )
    return 'range';
  return null;
}

/** Bodies removed since the last report: how many, and the first few in detail. */
export interface FaultReport {
  count: number;
  faults: BodyFault[];
}

export class StateGuard {
  /** Bodies removed since the scene was loaded. */
  removed = 0;
  /** Bodies removed and not yet reported; the first MAX_KEPT_FAULTS of them in detail. */
  private unreported = 0;
  private readonly faults: BodyFault[] = [];

  /**
   * Cleans static velocities (see scrubStaticVelocities), then removes every faulty
   * body, scanning from the last index down: a removal moves the last body into the freed slot,
   * and scanning downwards means that body was already checked, so one pass checks each body
   * once with no list of indices. Index order keeps it deterministic.
   */
  check(physics: PhysicsWorld, step: number): void {
    scrubStaticVelocities(physics.staticBodyList);
    const bodies = physics.bodies;
    for (let i = bodies.length - 1; i >= 0; i--) {
      const reason = faultOf(bodies[i]);
      if (reason === null) continue;
      if (this.faults.length < MAX_KEPT_FAULTS) {
        this.faults.push({ step, index: i, kind: physics.kinds[i], reason });
      }
      physics.removeBody(i);
      this.removed++;
      this.unreported++;
    }
  }

  /** True when bodies were removed since the last `takeReport` (a cheap per-frame test). */
  get hasReport(): boolean {
    return this.unreported > 0;
  }

  /** What was removed since the last call, or null; the guard then forgets it. */
  takeReport(): FaultReport | null {
    if (this.unreported === 0) return null;
    const report = { count: this.unreported, faults: this.faults.slice() };
    this.unreported = 0;
    this.faults.length = 0;
    return report;
  }

  reset(): void {
    this.removed = 0;
    this.unreported = 0;
    this.faults.length = 0;
  }
}

/**
 * Zeroes a static body's velocity if it is not finite. cannon-es's solver adds every body's
 * impulse sum to its velocity, static ones too, and 0 × NaN is NaN: a body whose state broke
 * leaves NaN in the velocity of the ground or wall it touched, which then poisons every body
 * that touches them for good. A static body's velocity is otherwise exactly zero.
 */
function scrubStaticVelocities(statics: readonly Body[]): void {
  for (let i = 0; i < statics.length; i++) {
    const body = statics[i];
    const v = body.velocity;
    const w = body.angularVelocity;
    // One test for all six: a NaN or an infinity anywhere makes the sum non-finite.
    if (!Number.isFinite(v.x + v.y + v.z + w.x + w.y + w.z)) {
      v.setZero();
      w.setZero();
    }
  }
}
