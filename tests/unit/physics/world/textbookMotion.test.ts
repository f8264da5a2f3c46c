// Motion against the textbook, in worlds configured as the sandbox configures them: free fall
// against the integrator's closed form (exact rationals), momentum through a free collision of
// two balls, and no body gaining energy while a structure is at rest.

import { describe, expect, it } from 'vitest';
import type { PhysicsWorld } from '../../../../src/physics/world/physicsWorld';
import { findScene } from '../../../../src/scenes/registry';
import { Rng } from '../../../../src/util/rng';
import {
  defaultWorld,
  equationWorld,
  Exact,
  linearDampingRate,
  mechanicalEnergy,
  UNIT_ROUNDOFF,
} from './textbookKit';
import { contactList } from '../../../../src/physics/narrowphase/manifoldNarrowphase';

/**
 * The integrator, read from cannon-es 0.20 (World.internalStep, Body.integrate) and the project's
 * damping (physics/bodies/damping.ts): each step of length h a free body's velocity is first damped,
 * v ← k·v with k = (1 − c)^h (c the body's linear damping rate), then gets gravity, v ← v + g·h,
 * and only then moves, p ← p + h·v (semi-implicit, "symplectic", Euler). Summed, with
 * S_n = 1 + k + … + k^(n−1) = (1 − k^n)/(1 − k):
 *
 *   v_n = k^n·v0 + g·h·S_n
 *   p_n = p0 + h·( k·S_n·v0 + g·h·(n − k·S_n)/(1 − k) )
 *
 * (without damping, k = 1: v_n = v0 + n·g·h and p_n = p0 + h·(n·v0 + g·h·n(n + 1)/2) — the
 * textbook's p0 + v0·t + ½g·t² plus ½g·h·t, the method's first-order lead over the exact curve).
 */
function closedForm(
  p0: number,
  v0: number,
  g: number,
  h: number,
  k: number,
  n: number,
): { p: number; v: number } {
  const H = Exact.of(h);
  const K = Exact.of(k);
  const V0 = Exact.of(v0);
  const gh = Exact.of(g).mul(H);
  const N = Exact.int(n);
  if (k === 1) {
    const v = V0.add(gh.mul(N));
    const sum = N.mul(Exact.int(n + 1)).div(Exact.int(2));
    return {
      v: v.toNumber(),
      p: Exact.of(p0)
        .add(H.mul(N.mul(V0).add(gh.mul(sum))))
        .toNumber(),
    };
  }
  const one = Exact.int(1);
  const kn = K.pow(n);
  const S = one.sub(kn).div(one.sub(K));
  const v = kn.mul(V0).add(gh.mul(S));
  const p = Exact.of(p0).add(
    H.mul(
      K.mul(S)
        .mul(V0)
        .add(gh.mul(N.sub(K.mul(S))).div(one.sub(K))),
    ),
  );
  return { v: v.toNumber(), p: p.toNumber() };
}

/**
 * How far the float64 run may be from the exact closed form after n steps — rounding only.
 * Per step the velocity picks up at most (δk + 2u)·V + 5u·|g·h| (δk: the damping factor's own
 * error, ≤ 2 ulp — exactMath.pow and Math.pow are each within an ulp; 2u: the two roundings of
 * k·v and v + g·h; 5u: gravity's increment is fl(fl(m·g)·fl(fl(1/m)·h)); k ≤ 1 never grows an
 * old error). The position adds h × that sum plus a rounding of h·v and of p + h·v per step:
 *   |Δv_n| ≤ n·E,  |Δp_n| ≤ h·E·n(n + 1)/2 + n·u·(h·V + P),  E = (δk + 2u)·V + 5u·|g·h|
 * with V and P the largest speed and coordinate of the run.
 */
function roundingBound(n: number, h: number, g: number, speed: number, coordinate: number) {
  const u = UNIT_ROUNDOFF;
  const perStep = (2 * u + 2 * u) * speed + 5 * u * Math.abs(g * h);
  return {
    v: n * perStep,
    p: (h * perStep * n * (n + 1)) / 2 + n * u * (h * speed + coordinate),
  };
}

describe('free fall: the integrator against its closed form', () => {
  it.each([50, 100, 200, 240])(
    'at %i Hz a thrown ball follows v_n, p_n of semi-implicit Euler with the project damping to rounding',
    (hz) => {
      const physics = defaultWorld();
      const h = 1 / hz;
      const start = { p: [3, 200, -4], v: [1.5, 6, -0.7] };
      physics.addBody({
        kind: 'sphere',
        scale: [0.25, 0.25, 0.25],
        position: [start.p[0], start.p[1], start.p[2]],
        velocity: [start.v[0], start.v[1], start.v[2]],
      });
      const body = physics.bodies[0];
      if (!body) throw new Error('no body');
      const g = physics.world.gravity;
      const gravity = [g.x, g.y, g.z];
      const k = Math.pow(1 - linearDampingRate(body), h);
      // The project damps every body: the check covers the damped form, not only k = 1.
      expect(k).toBeLessThan(1);
      const seconds = 3;
      const steps = seconds * hz;
      // Per axis, the largest speed and coordinate the run can reach (|v0| + |g|·t, and its
      // integral): what the rounding bound scales with.
      const speed = [0, 1, 2].map(
        (axis) => Math.abs(start.v[axis] ?? 0) + Math.abs(gravity[axis] ?? 0) * seconds,
      );
      const reach = [0, 1, 2].map(
        (axis) => Math.abs(start.p[axis] ?? 0) + (speed[axis] ?? 0) * seconds,
      );
      let worstBits = Infinity;
      for (let n = 1; n <= steps; n++) {
        physics.step(h);
        if (n % Math.round(hz / 10) !== 0 && n !== steps) continue;
        const p = body.position.toArray();
        const v = body.velocity.toArray();
        for (let axis = 0; axis < 3; axis++) {
          const exact = closedForm(
            start.p[axis] ?? 0,
            start.v[axis] ?? 0,
            gravity[axis] ?? 0,
            h,
            k,
            n,
          );
          const bound = roundingBound(n, h, gravity[axis] ?? 0, speed[axis] ?? 0, reach[axis] ?? 0);
          expect(
            Math.abs((v[axis] ?? 0) - exact.v),
            `v[${axis}] after ${n} steps`,
          ).toBeLessThanOrEqual(bound.v);
          expect(
            Math.abs((p[axis] ?? 0) - exact.p),
            `p[${axis}] after ${n} steps`,
          ).toBeLessThanOrEqual(bound.p);
          if (exact.p !== 0)
            worstBits = Math.min(worstBits, -Math.log2(bound.p / Math.abs(exact.p)));
        }
      }
      // The bound is tight enough to mean "exact": at least 40 leading bits of every coordinate.
      expect(worstBits).toBeGreaterThan(40);
      // And the run was a real fall, not a body that slept or stopped.
      expect(body.position.y).toBeLessThan(200 - 20);
    },
  );
});

/** Total linear momentum of the world's bodies. */
function momentum(physics: PhysicsWorld): [number, number, number] {
  const total: [number, number, number] = [0, 0, 0];
  for (const b of physics.bodies) {
    total[0] += b.mass * b.velocity.x;
    total[1] += b.mass * b.velocity.y;
    total[2] += b.mass * b.velocity.z;
  }
  return total;
}

describe('momentum: a free collision of two balls', () => {
  it('an oblique, spinning hit of unequal balls conserves momentum: contact and friction impulses are equal and opposite', () => {
    // Law: impulses between two bodies cancel in the sum, so the total momentum follows what
    // the outside does to it alone — here damping (the same rate on both balls, so the total
    // is damped by k like each velocity) and gravity, exactly as a lone body of the total mass:
    //   P_{n+1} = k·P_n + M·g·h.
    // Tolerance: every impulse is rounded a few times per solver iteration (10 iterations, a
    // few contact steps), each time by at most u of a quantity no larger than the balls'
    // momenta, so ≲ 10³·u·Σ|m·v| ≈ 1e-13 of it; 1e-11 leaves room and is still a hundred
    // million times smaller than the impulses exchanged.
    const physics = defaultWorld();
    const h = 1 / 100;
    physics.addBody({
      kind: 'sphere',
      scale: [0.5, 0.5, 0.5],
      position: [-2, 50, 0.3],
      velocity: [6, 1, 0.5],
      angularVelocity: [0, 8, 3],
    });
    physics.addBody({
      kind: 'sphere',
      scale: [0.3, 0.3, 0.3],
      position: [1.5, 50.4, -0.2],
      velocity: [-7, -1.5, 1],
      angularVelocity: [4, 0, -6],
      density: 1500,
    });
    const [a, b] = physics.bodies;
    if (!a || !b) throw new Error('no balls');
    const rate = linearDampingRate(a);
    expect(linearDampingRate(b)).toBe(rate);
    const k = Math.pow(1 - rate, h);
    const gy = physics.world.gravity.y;
    const totalMass = a.mass + b.mass;
    const before = [a.velocity.clone(), b.velocity.clone()];
    let free = momentum(physics);
    let contactSteps = 0;
    let scale = 0;
    for (let n = 0; n < 60; n++) {
      physics.step(h);
      if (contactList(physics.world).length > 0) contactSteps++;
      free = [k * free[0], k * free[1] + totalMass * gy * h, k * free[2]];
      const now = momentum(physics);
      scale = Math.max(scale, a.mass * a.velocity.length() + b.mass * b.velocity.length());
      for (let axis = 0; axis < 3; axis++) {
        expect(
          Math.abs((now[axis] ?? 0) - (free[axis] ?? 0)),
          `P[${axis}] at step ${n + 1}`,
        ).toBeLessThanOrEqual(1e-11 * scale);
      }
    }
    // They did collide, hard: each ball's velocity turned by far more than the tolerance.
    expect(contactSteps).toBeGreaterThan(0);
    expect(a.velocity.vsub(before[0] as typeof a.velocity).length()).toBeGreaterThan(3);
    expect(b.velocity.vsub(before[1] as typeof b.velocity).length()).toBeGreaterThan(3);
    // Friction acted too (the spins changed beyond what damping does).
    expect(Math.abs(a.angularVelocity.y - 8 * Math.pow(0.99, 0.6))).toBeGreaterThan(0.1);
  });
});

/** A pyramid of equal boxes `layers` high, each box on two below, built touching (1% apart). */
function pyramid(physics: PhysicsWorld, layers: number): void {
  const half = 0.4;
  for (let layer = 0; layer < layers; layer++) {
    const across = layers - layer;
    for (let i = 0; i < across; i++) {
      physics.addBody({
        kind: 'box',
        scale: [half, half, half],
        position: [(i - (across - 1) / 2) * 2.02 * half, half + 2 * half * layer, 0],
      });
    }
  }
}

function stack(physics: PhysicsWorld, count: number): void {
  findScene('stack')?.build(physics, new Rng(1), count);
}

/**
 * The largest rise of any one body's mechanical energy above `start` over `steps`, as a
 * multiple of the kinetic energy that body would have at the world's sleep speed limit.
 */
function worstGain(physics: PhysicsWorld, steps: number, until?: () => boolean): number {
  const g = -physics.world.gravity.y;
  const start = physics.bodies.map((b) => mechanicalEnergy(b, g));
  let worst = -Infinity;
  for (let s = 0; s < steps; s++) {
    physics.step(1 / 100);
    physics.bodies.forEach((b, i) => {
      const allowance = 0.5 * b.mass * b.sleepSpeedLimit * b.sleepSpeedLimit;
      worst = Math.max(worst, (mechanicalEnergy(b, g) - (start[i] ?? 0)) / allowance);
    });
    if (until?.()) break;
  }
  return worst;
}

describe.each([
  ["the app's configuration", defaultWorld],
  ["the drop-in's (cannon-es's law)", equationWorld],
] as const)('no body gains energy at rest (judged per body), under %s', (_config, makeWorld) => {
  // Law: a structure standing on its own has nothing to take energy from; contacts can only
  // take it away (the solver's impulses are dissipative, restitution ≤ 1 for these bodies).
  // Tolerance, per body: the kinetic energy it would have at the world's sleep speed limit
  // (½·m·v_sleep², 0.1 m/s: 0.5 mm of height), the speed below which the world itself calls
  // a body still. Averaging over the scene would hide one brick popping up; this does not.
  it.each([
    ['the 36-brick stack, courses built 1 mm apart', (p: PhysicsWorld) => stack(p, 36)],
    ['a 6-layer pyramid of 21 boxes', (p: PhysicsWorld) => pyramid(p, 6)],
  ] as const)('%s: from building until all asleep', (_name, build) => {
    const physics = makeWorld();
    build(physics);
    const count = physics.bodies.length;
    const gain = worstGain(physics, 800, () => physics.sleepingCount() === count);
    expect(physics.sleepingCount()).toBe(count);
    expect(gain).toBeLessThanOrEqual(1);
  });

  it.each([
    ['a 12-brick stack', (p: PhysicsWorld) => stack(p, 12)],
    ['a 6-layer pyramid of 21 boxes', (p: PhysicsWorld) => pyramid(p, 6)],
  ] as const)('%s at rest, all woken at once: still for 2 s', (_name, build) => {
    const physics = makeWorld();
    build(physics);
    const count = physics.bodies.length;
    for (let s = 0; s < 800 && physics.sleepingCount() < count; s++) physics.step(1 / 100);
    expect(physics.sleepingCount()).toBe(count);
    // As a thrown ball's contact would: every body awake, at its resting pose.
    for (const b of physics.bodies) b.wakeUp();
    expect(worstGain(physics, 200)).toBeLessThanOrEqual(1);
  });
});
