// What the textbook tests share: exact rational arithmetic (to evaluate closed forms without
// rounding), the SPOOK parameters cannon-es derives from a contact material, a body's damping
// rate and mechanical energy, and worlds built through the project's PhysicsWorld.

import type { Body, ContactMaterial } from 'cannon-es';
import { DampedBody } from '../../../../src/physics/bodies/damping';
import { PhysicsWorld } from '../../../../src/physics/world/physicsWorld';
import { STATELESS_TUNING } from '../../../../src/physics/world/tuning';
import type { MaterialName } from '../../../../src/physics/bodies/materials';

/** Unit roundoff of float64: a correctly rounded operation is off by at most this, relatively. */
export const UNIT_ROUNDOFF = 2 ** -53;

/** A rational number of BigInts, exact: closed forms are evaluated with no rounding at all. */
export class Exact {
  readonly num: bigint;
  readonly den: bigint;

  private constructor(num: bigint, den: bigint) {
    if (den === 0n) throw new Error('Exact: division by zero');
    this.num = den < 0n ? -num : num;
    this.den = den < 0n ? -den : den;
  }

  /** The exact value of a finite float64 (every one is a dyadic rational). */
  static of(x: number): Exact {
    if (!Number.isFinite(x)) throw new Error(`Exact.of(${x}): not finite`);
    if (x === 0) return new Exact(0n, 1n);
    let exponent = 0;
    let mantissa = Math.abs(x);
    // Scale by powers of two (exact) until the value is an integer below 2^53.
    while (!Number.isInteger(mantissa)) {
      mantissa *= 2;
      exponent--;
    }
    while (mantissa > Number.MAX_SAFE_INTEGER) {
      mantissa /= 2;
      exponent++;
    }
    const sign = x < 0 ? -1n : 1n;
    const m = sign * BigInt(mantissa);
    return exponent >= 0
      ? new Exact(m << BigInt(exponent), 1n)
      : new Exact(m, 1n << BigInt(-exponent));
  }

  static int(n: number): Exact {
    return new Exact(BigInt(n), 1n);
  }

  add(o: Exact): Exact {
    return new Exact(this.num * o.den + o.num * this.den, this.den * o.den);
  }

  sub(o: Exact): Exact {
    return new Exact(this.num * o.den - o.num * this.den, this.den * o.den);
  }

  mul(o: Exact): Exact {
    return new Exact(this.num * o.num, this.den * o.den);
  }

  div(o: Exact): Exact {
    return new Exact(this.num * o.den, this.den * o.num);
  }

  pow(n: number): Exact {
    let result = Exact.int(1);
    for (let i = 0; i < n; i++) result = result.mul(this);
    return result;
  }

  /** The nearest float64, to within 2^-60 relative (far below anything compared with it). */
  toNumber(): number {
    if (this.num === 0n) return 0;
    const negative = this.num < 0n;
    const num = negative ? -this.num : this.num;
    const shift = 64 - (num.toString(2).length - this.den.toString(2).length);
    const quotient =
      shift >= 0 ? (num << BigInt(shift)) / this.den : num / (this.den << BigInt(-shift));
    const value = Number(quotient) * 2 ** -shift;
    return negative ? -value : value;
  }
}

/**
 * The SPOOK parameters of a constraint of stiffness k and relaxation d (in steps) at step h
 * (Lacoursière, "Ghosts and machines", 2007; cannon-es's Equation.setSpookParams): the
 * constraint is solved as G·Δv + ε·λ = −a·g − b·G·v − h·G·M⁻¹·f, where g is its position error.
 */
export interface Spook {
  a: number;
  b: number;
  eps: number;
}

export function spook(stiffness: number, relaxation: number, h: number): Spook {
  return {
    a: 4 / (h * (1 + 4 * relaxation)),
    b: (4 * relaxation) / (1 + 4 * relaxation),
    eps: 4 / (h * h * stiffness * (1 + 4 * relaxation)),
  };
}

/** The contact material the world uses between two of the project's materials. */
export function contactMaterial(
  physics: PhysicsWorld,
  a: MaterialName | 'ground',
  b: MaterialName | 'ground',
): ContactMaterial {
  const found = physics.world.getContactMaterial(physics.materials[a], physics.materials[b]);
  if (!found) throw new Error(`no contact material between ${a} and ${b}`);
  return found;
}

/**
 * Fraction of linear velocity a body loses per second (v ← v·(1 − rate)^dt each step): the
 * project's own damping, or cannon-es's where a body uses that instead — the same law.
 */
export function linearDampingRate(body: Body): number {
  return body instanceof DampedBody ? body.linearDampingRate : body.linearDamping;
}

/** A world in the configuration the sandbox uses by default (DEFAULT_TUNING and materials). */
export function defaultWorld(): PhysicsWorld {
  return new PhysicsWorld();
}

/**
 * A world whose contacts are cannon-es equations made afresh every step (STATELESS_TUNING: the
 * project's generators and flat solver, bit for bit cannon-es's GSSolver): the configuration
 * whose contact laws (SPOOK restitution, the friction bound) these tests derive. The default's
 * persistent, warm-started manifolds solve a different system; their laws are not derived here
 * (the quality gates and the energy test hold the default).
 */
export function equationWorld(): PhysicsWorld {
  return new PhysicsWorld(STATELESS_TUNING);
}

/** Kinetic (linear and rotational, in the body's principal frame) plus potential energy, J. */
export function mechanicalEnergy(body: Body, gravity: number): number {
  const v = body.velocity;
  const w = body.angularVelocity;
  // The angular velocity in body axes: q⁻¹ · ω · q.
  const q = body.quaternion;
  const local = q.conjugate().vmult(w);
  const inertia = body.inertia;
  const rotational =
    0.5 *
    (inertia.x * local.x * local.x + inertia.y * local.y * local.y + inertia.z * local.z * local.z);
  const linear = 0.5 * body.mass * (v.x * v.x + v.y * v.y + v.z * v.z);
  return linear + rotational + body.mass * gravity * body.position.y;
}
