// Contacts against the law cannon-es's contact model gives, with where it parts from the
// textbook: a ball's bounce (restitution), a box on an incline (friction), and one scene's
// outcome at 50, 100 and 200 Hz (a slide's stopping distance, a resting body's height). The
// laws are derived in docs/testing.md; each test states the law it holds the world to.

import type { Body, Vec3 } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import type { MaterialName } from '../../../../src/physics/bodies/materials';
import { PhysicsWorld } from '../../../../src/physics/world/physicsWorld';
import { STATELESS_TUNING } from '../../../../src/physics/world/tuning';
import type { PhysicsTuning } from '../../../../src/physics/world/tuning';
import { axisAngle } from '../../../../src/util/exactMath';
import { contactMaterial, equationWorld, linearDampingRate, spook } from './textbookKit';
import { contactList } from '../../../../src/physics/narrowphase/manifoldNarrowphase';

/** One step of a ball's height and vertical velocity, and whether it touched the ground. */
interface Sample {
  y: number;
  v: number;
  contact: boolean;
}

/**
 * The bounce law of a ball on the ground, one dimension, from cannon-es's ContactEquation and
 * GSSolver (and the project's flat solver, which does the same arithmetic). While the ball's
 * centre is at most its radius r above the ground (depth d = r − y ≥ 0) there is one contact
 * equation, solved exactly (a lone equation converges in one Gauss–Seidel iteration) and only
 * ever pushing (λ ≥ 0):
 *   B = a·d − b·(1 + e)·v + g·h,   λ = max(0, B / (1/m + ε)),   v ← v + λ/m
 * (a, b, ε the SPOOK parameters of the material's stiffness and relaxation at step h; the g·h
 * term pre-empts the gravity this step adds). Then the body's damping and gravity, then the
 * move, as for any free body: v ← k·v − g·h, y ← y + h·v.
 */
function bounceLaw(
  ball: { radius: number; mass: number; y: number },
  contact: { restitution: number; stiffness: number; relaxation: number },
  world: { g: number; h: number; k: number },
  steps: number,
  depthTerm = true,
): Sample[] {
  const { a, b, eps } = spook(contact.stiffness, contact.relaxation, world.h);
  const e = contact.restitution;
  let y = ball.y;
  let v = 0;
  const samples: Sample[] = [];
  for (let n = 0; n < steps; n++) {
    const touching = y <= ball.radius;
    if (touching) {
      const depth = ball.radius - y;
      const B = (depthTerm ? a * depth : 0) - b * (1 + e) * v + world.g * world.h;
      v += Math.max(0, B / (1 / ball.mass + eps)) / ball.mass;
    }
    v = world.k * v - world.g * world.h;
    y += world.h * v;
    samples.push({ y, v, contact: touching });
  }
  return samples;
}

/** Steps of the first flight after the first bounce: up to and including its apex. */
function untilFirstApex(samples: readonly Sample[]): Sample[] {
  let rising = false;
  for (let n = 0; n < samples.length; n++) {
    const s = samples[n] as Sample;
    if (s.v > 0) rising = true;
    else if (rising) return samples.slice(0, n + 1);
  }
  return samples.slice();
}

/** Drops a ball of radius r from height H (bottom above the ground) and records every step. */
function dropBall(
  physics: PhysicsWorld,
  material: MaterialName,
  radius: number,
  height: number,
  hz: number,
  steps: number,
): { ball: Body; samples: Sample[] } {
  physics.addBody({
    kind: 'sphere',
    scale: [radius, radius, radius],
    position: [0.3, radius + height, -0.2],
    material,
  });
  const ball = physics.bodies[0];
  if (!ball) throw new Error('no ball');
  const samples: Sample[] = [];
  for (let n = 0; n < steps; n++) {
    physics.step(1 / hz);
    samples.push({
      y: ball.position.y,
      v: ball.velocity.y,
      contact: contactList(physics.world).length > 0,
    });
  }
  return { ball, samples };
}

/** Stock cannon-es's parts: its own narrowphase, GSSolver and tables (the bench's baseline). */
const CANNON_PARTS: PhysicsTuning = {
  ...STATELESS_TUNING,
  narrowphase: 'cannon',
  solver: 'gs',
  fastLookups: false,
};

const TUNINGS = [
  ['the project’s stateless contacts (STATELESS_TUNING)', STATELESS_TUNING],
  ['stock cannon-es parts', CANNON_PARTS],
] as const;

describe("restitution: a dropped ball bounces as cannon-es's contact law says", () => {
  // Tolerance: the law and the world do the same arithmetic in different orders and shapes
  // (3-D vectors, a plane's normal made from an exact quarter turn), so they part by rounding:
  // a few u per step on numbers ≤ 10, over ≤ 300 steps ≲ 1e-12. 1e-9 keeps a thousandfold
  // margin and is still ten thousand times finer than the smallest term of the law (the
  // softness ε·m moves the rebound by ~1% of ~5 m/s).
  const TOLERANCE = 1e-9;

  for (const [tuningName, tuning] of TUNINGS)
    it.each([
      ['bouncy', 50, 2],
      ['bouncy', 100, 2],
      ['bouncy', 200, 1.37],
      ['body', 50, 1],
      ['body', 100, 2],
      ['body', 200, 1.5],
    ] as const)(
      `${tuningName}: a %s ball at %i Hz from %s m, every step to its first apex`,
      (material, hz, height) => {
        const physics = new PhysicsWorld(tuning);
        const h = 1 / hz;
        const radius = 0.25;
        const { ball, samples } = dropBall(physics, material, radius, height, hz, 3 * hz);
        const cm = contactMaterial(physics, material, 'ground');
        const law = bounceLaw(
          { radius, mass: ball.mass, y: radius + height },
          {
            restitution: cm.restitution,
            stiffness: cm.contactEquationStiffness,
            relaxation: cm.contactEquationRelaxation,
          },
          { g: -physics.world.gravity.y, h, k: Math.pow(1 - linearDampingRate(ball), h) },
          3 * hz,
        );
        const flight = untilFirstApex(law);
        // The law's ball bounced: a contact, then a rise.
        expect(flight.some((s) => s.contact)).toBe(true);
        expect(flight.length).toBeLessThan(law.length);
        for (let n = 0; n < flight.length; n++) {
          const want = flight[n] as Sample;
          const got = samples[n] as Sample;
          expect(got.contact, `contact at step ${n + 1}`).toBe(want.contact);
          expect(Math.abs(got.y - want.y), `height at step ${n + 1}`).toBeLessThanOrEqual(
            TOLERANCE,
          );
          expect(Math.abs(got.v - want.v), `velocity at step ${n + 1}`).toBeLessThanOrEqual(
            TOLERANCE,
          );
        }
      },
    );

  it('e = 0.1 bounces higher than h·e² only through the depth term a·d (penetration recovery)', () => {
    // Textbook: a ball dropped from H rises to H·e². In the law the restitution term alone
    // returns (b·(1 + e)/(1 + ε·m) − 1) of the impact speed: b = 12/13 at cannon-es's
    // relaxation of 3 steps, so at e = 0.1 that is negative — no rebound at all. The rebound
    // comes from a·d, which turns the depth the ball reached within its last free step into
    // speed (up to a·h·u = 4/13 of the impact speed u): how high it goes depends on where in
    // a step the contact began, not on e.
    const hz = 100;
    const physics = equationWorld();
    const height = 2;
    const { ball, samples } = dropBall(physics, 'body', 0.25, height, hz, 3 * hz);
    const cm = contactMaterial(physics, 'body', 'ground');
    const e = cm.restitution;
    const args = [
      { radius: 0.25, mass: ball.mass, y: 0.25 + height },
      {
        restitution: e,
        stiffness: cm.contactEquationStiffness,
        relaxation: cm.contactEquationRelaxation,
      },
      { g: -physics.world.gravity.y, h: 1 / hz, k: Math.pow(1 - linearDampingRate(ball), 1 / hz) },
      3 * hz,
    ] as const;
    const apex = (flight: readonly Sample[]): number => (flight[flight.length - 1]?.y ?? 0) - 0.25;
    const simulated = apex(untilFirstApex(samples));
    const withoutDepthTerm = untilFirstApex(bounceLaw(...args, false));
    expect(simulated).toBeGreaterThan(height * e * e);
    // Without a·d the ball never rises again: it stays in contact, settling.
    expect(withoutDepthTerm.every((s) => s.v <= 0 || s.contact)).toBe(true);
  });
});

/**
 * A box of half-size `half` resting on a static slab of `floor` material whose top face passes
 * through (0, top, 0), the slab tilted by `angle` about z (so "down the slope" is −x, −y).
 */
function boxOnSlope(
  angle: number,
  options: { hz?: number; velocity?: [number, number, number]; top?: number } = {},
): { physics: PhysicsWorld; box: Body; down: [number, number, number] } {
  const physics = equationWorld();
  const top = options.top ?? 10;
  const half = 0.5;
  const turn = axisAngle(0, 0, 1, angle);
  const normal: [number, number, number] = [-Math.sin(angle), Math.cos(angle), 0];
  const slab = 1;
  physics.addStaticBox({
    halfExtents: [40, slab, 4],
    position: [-normal[0] * slab, top - normal[1] * slab, 0],
    quaternion: turn,
    material: 'ice',
  });
  // At rest on the face: its centre half a size out along the normal, less the law's resting
  // compression (a spring of the contact stiffness holding the box's weight on four points).
  const cm = contactMaterial(physics, 'ice', 'body');
  const sink = (600 * -physics.world.gravity.y) / (4 * cm.contactEquationStiffness);
  physics.addBody({
    kind: 'box',
    scale: [half, half, half],
    position: [normal[0] * (half - sink), top + normal[1] * (half - sink), 0],
    quaternion: turn,
    velocity: options.velocity,
  });
  const box = physics.bodies[0];
  if (!box) throw new Error('no box');
  return { physics, box, down: [-Math.cos(angle), -Math.sin(angle), 0] };
}

function along(v: Vec3, direction: readonly number[]): number {
  return v.x * (direction[0] ?? 0) + v.y * (direction[1] ?? 0) + v.z * (direction[2] ?? 0);
}

/**
 * What cannon-es's friction can hold per step along `direction`: each friction equation's
 * impulse is clamped to ±μ·|g|·m_red (its maxForce, a per-step impulse, whatever the normal
 * force), acting along its tangent t — which cannon-es does not normalise (Vec3.tangents:
 * |t| = √(1 − n_x²), cos θ for this slope). So the most it resists with is Σ maxForce·|t·ŝ|.
 */
function frictionImpulseBound(physics: PhysicsWorld, direction: readonly number[]): number {
  let total = 0;
  for (const f of physics.world.frictionEquations)
    total += f.maxForce * Math.abs(along(f.t, direction));
  return total;
}

describe("incline: a box on a slope, by cannon-es's friction law", () => {
  // Law (docs/testing.md): per step the friction equations along the slope can take out at most
  // Σ maxForce·|t·ŝ| of the box's momentum, μ·|g|·m·cos θ per contact point here, so in textbook
  // form a = g·(sin θ − μ'·cos θ) with μ' = N·μ/h — the textbook's law with a coefficient N/h
  // times the material's (N = 4 contact points of a face, 1/h = 100 at 100 Hz): ice's 0.001
  // holds like 0.4. The box is held below tan θ = μ', slides above it.
  const hz = 100;
  const h = 1 / hz;

  /** μ' for a box on this slope, read from the equations the world made for it. */
  function effectiveMu(angle: number): number {
    const { physics, box, down } = boxOnSlope(angle);
    physics.step(h);
    const g = -physics.world.gravity.y;
    return frictionImpulseBound(physics, down) / (box.mass * g * Math.cos(angle) * h);
  }

  // The critical angle of the law at the default rate, from the material: N = 4 points.
  const mu = contactMaterial(equationWorld(), 'ice', 'body').friction;
  const critical = Math.atan((4 * mu) / h);

  it('below the critical angle static friction holds it: it creeps by the SPOOK softness at most, then sleeps', () => {
    const angle = 0.7 * critical;
    expect(Math.tan(angle)).toBeLessThan(effectiveMu(angle));
    const { physics, box, down } = boxOnSlope(angle);
    const start = along(box.position, down);
    const cm = contactMaterial(physics, 'ice', 'body');
    const { b, eps } = spook(cm.frictionEquationStiffness, cm.frictionEquationRelaxation, h);
    const g = -physics.world.gravity.y;
    // Held, a friction equation is a stiff spring: it settles at the creep speed where its
    // compliance ε absorbs the weight's pull, v = ε·(m/N)·h·g·sin θ / b, shared by N = 4.
    const creep = (eps * (box.mass / 4) * h * g * Math.sin(angle)) / b;
    const seconds = 3;
    for (let n = 0; n < seconds * hz; n++) physics.step(h);
    expect(box.sleepState).toBe(2);
    const moved = along(box.position, down) - start;
    expect(moved).toBeLessThanOrEqual(creep * seconds);
    // A slide at the critical angle plus 10° would have gone metres.
    expect(creep * seconds).toBeLessThan(0.01);
  });

  it('above it, it slides: a = g·(sin θ − μ′·cos θ), every step at the friction bound', () => {
    const angle = Math.min(1.3 * critical, critical + 0.2);
    const muEff = effectiveMu(angle);
    expect(Math.tan(angle)).toBeGreaterThan(muEff);
    const { physics, box, down } = boxOnSlope(angle);
    const g = -physics.world.gravity.y;
    const k = Math.pow(1 - linearDampingRate(box), h);
    let sliding = 0;
    for (let n = 0; n < 2 * hz; n++) {
      const before = along(box.velocity, down);
      physics.step(h);
      if (physics.world.frictionEquations.length === 0) continue;
      // Saturated friction: the step's velocity change down the slope is exactly gravity's
      // pull less the bound, then the body's damping (the normal impulses are across the slope
      // and add nothing along it). Rounding only: 1e-12 of speeds of a few m/s.
      const bound = frictionImpulseBound(physics, down) / box.mass;
      const expected = k * (before - bound) + g * Math.sin(angle) * h;
      if (before > 0.05) {
        sliding++;
        expect(Math.abs(along(box.velocity, down) - expected), `step ${n + 1}`).toBeLessThanOrEqual(
          1e-12,
        );
      }
    }
    expect(sliding).toBeGreaterThan(hz);
    // In textbook form over the last second: the acceleration g·(sin θ − μ′·cos θ), less only
    // the project's linear damping (1 − k)/h·v, at most 1%/s of the speed.
    const v1 = along(box.velocity, down);
    for (let n = 0; n < hz; n++) physics.step(h);
    const v2 = along(box.velocity, down);
    const textbook = g * (Math.sin(angle) - muEff * Math.cos(angle));
    expect(textbook).toBeGreaterThan(0.5);
    expect(Math.abs((v2 - v1) / 1 - textbook)).toBeLessThanOrEqual(((1 - k) / h) * v2 + 1e-9);
  });
});

describe('the physics rate: the same scene at 50, 100 and 200 Hz', () => {
  const RATES = [50, 100, 200] as const;

  it('a box sliding on ice stops where the friction law puts it, which scales with the step', () => {
    // Law: friction takes Δ = Σ maxForce·|t·x̂| / m off the speed every step (4·μ·|g| here) and
    // damping multiplies what is left by k: v ← k·(v − Δ) while v > Δ; the last slower step
    // stops it. The distance is h·Σv ± 2·Δ·h (the last partial step). Textbook: v0²/(2·μ·g),
    // whatever the rate; cannon-es: v0²·h/(2·N·μ·g) — half as far at twice the rate.
    const v0 = 3;
    const stops = RATES.map((hz) => {
      const h = 1 / hz;
      const { physics, box } = boxOnSlope(0, { velocity: [v0, 0, 0], top: 2 });
      physics.step(h);
      const delta = frictionImpulseBound(physics, [1, 0, 0]) / box.mass;
      const k = Math.pow(1 - linearDampingRate(box), h);
      // Friction must be there to stop it (the law's loop below ends only if it is).
      expect(delta).toBeGreaterThan(0);
      let v = box.velocity.x;
      let law = box.position.x;
      while (v > delta) {
        v = k * (v - delta);
        law += h * v;
      }
      for (let n = 0; n < 5 * hz && box.velocity.x > 0; n++) physics.step(h);
      expect(Math.abs(box.position.x - law)).toBeLessThanOrEqual(2 * delta * h);
      expect(box.quaternion.w).toBeGreaterThan(0.9999);
      return box.position.x;
    });
    const [at50, at100, at200] = stops as [number, number, number];
    // Halving the step halves the slide: h·Σv is h·(v0²/(2Δ) − v0/2) with Δ the same at every
    // rate, so the ratio is 2 but for the damping over the slide (1%/s for up to 1.6 s at
    // 50 Hz) and the last partial steps (2·Δ·h of ~1 m): within 2%.
    expect(Math.abs(at50 / at100 - 2)).toBeLessThan(0.02);
    expect(Math.abs(at100 / at200 - 2)).toBeLessThan(0.02);
  });

  it.each([
    ['a ball', 'sphere', 0.5, 1],
    ['a box', 'box', 0.5, 4],
  ] as const)(
    '%s resting on the ground sits at the law’s compression at every rate',
    (_name, kind, half, points) => {
      // Law: at rest the contact equations hold the weight against SPOOK's compliance; a step
      // keeps v = 0 when the solver's Δv, damped by k, cancels gravity's g·h, which needs
      //   d = (h·g/a)·((1 + ε·m/N)/k − 1)  ≈  m·g/(N·stiffness)
      // — a spring of the material's stiffness under the weight, the same at any rate to within
      // the damping term (h·g/a)·(1/k − 1)·(1 + ε·m/N), ≤ 2% of d at 50–200 Hz. Tolerance: 5%
      // of d. Ten Gauss–Seidel
      // iterations over a box's four coupled contacts, and sleep freezing the last of the
      // settling, leave part of a percent; a different law (no compliance, a compression that
      // grows with the step, a sinking or floating body) is off by all of d or more.
      const heights = RATES.map((hz) => {
        const physics = equationWorld();
        const h = 1 / hz;
        physics.addBody({ kind, scale: [half, half, half], position: [0, half + 0.5, 0] });
        const body = physics.bodies[0];
        if (!body) throw new Error('no body');
        for (let n = 0; n < 4 * hz && body.sleepState !== 2; n++) physics.step(h);
        expect(body.sleepState).toBe(2);
        expect(contactList(physics.world).length).toBe(points);
        const cm = contactMaterial(physics, 'body', 'ground');
        const { a, eps } = spook(cm.contactEquationStiffness, cm.contactEquationRelaxation, h);
        const g = -physics.world.gravity.y;
        const k = Math.pow(1 - linearDampingRate(body), h);
        const depth = ((h * g) / a) * ((1 + (eps * body.mass) / points) / k - 1);
        const spring = (body.mass * g) / (points * cm.contactEquationStiffness);
        expect(Math.abs(depth - spring)).toBeLessThan(0.02 * spring);
        expect(Math.abs(body.position.y - (half - depth))).toBeLessThanOrEqual(0.05 * depth);
        return { y: body.position.y, depth };
      });
      // So the rates agree with each other to a tenth of the compression (tens of microns).
      const ys = heights.map((r) => r.y);
      expect(Math.max(...ys) - Math.min(...ys)).toBeLessThanOrEqual(0.1 * (heights[0]?.depth ?? 0));
    },
  );
});
