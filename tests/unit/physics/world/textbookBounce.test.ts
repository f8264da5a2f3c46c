// Contacts under the app's own configuration (DEFAULT_TUNING: persistent, warm-started manifolds)
// against the textbook: each impact returns e times its approach speed, resting contacts never
// bounce, and a box on an incline slips where cannon-es's friction law (kept) puts it.

import { Body, ContactMaterial, Material, Plane, Sphere, Vec3, World } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { RESTITUTION_THRESHOLD } from '../../../../src/physics/solver/rowLayout';
import { FlatGSSolver } from '../../../../src/physics/solver/flatSolver';
import { PhysicsWorld } from '../../../../src/physics/world/physicsWorld';
import { applyTuning, DEFAULT_TUNING } from '../../../../src/physics/world/tuning';
import { axisAngle } from '../../../../src/util/exactMath';
import { contactMaterial, linearDampingRate } from './textbookKit';

/** One impact: the ball's downward speed going into the step, and its upward speed after it. */
interface Impact {
  approach: number;
  leave: number;
}

/**
 * cannon-es's bounce example under the app's configuration: a ball of radius 1 and mass 10, its
 * lowest point `height` above the ground, gravity 10, linear damping 0.01, friction 0,
 * restitution `e`. Returns each impact (a step that turns the ball from falling to rising) and
 * each apex's height above the ground, over `seconds`.
 */
function bounce(e: number, hz: number, height: number, seconds: number) {
  const world = new World();
  world.gravity.set(0, -10, 0);
  const groundMaterial = new Material('ground');
  const ground = new Body({ mass: 0, material: groundMaterial });
  ground.addShape(new Plane());
  ground.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
  world.addBody(ground);
  const material = new Material('ball');
  const ball = new Body({ mass: 10, material, position: new Vec3(0, 1 + height, 0) });
  ball.addShape(new Sphere(1));
  ball.linearDamping = 0.01;
  world.addBody(ball);
  world.addContactMaterial(
    new ContactMaterial(groundMaterial, material, { friction: 0, restitution: e }),
  );
  applyTuning(world, DEFAULT_TUNING);
  // The configuration under test: the manifolds' solver, whose restitution pass is the law here.
  expect(world.solver).toBeInstanceOf(FlatGSSolver);
  const impacts: Impact[] = [];
  const apexes: number[] = [];
  for (let s = 0; s < seconds * hz; s++) {
    const before = ball.velocity.y;
    world.step(1 / hz);
    const after = ball.velocity.y;
    if (before < 0 && after > 0) impacts.push({ approach: -before, leave: after });
    if (before > 0 && after <= 0) apexes.push(ball.position.y - 1);
  }
  return { impacts, apexes, damping: ball.linearDamping };
}

describe("restitution under the app's configuration: the textbook's law, impact by impact", () => {
  // Law: a ball that strikes at speed u leaves at e·u (Newton's law of restitution, normal
  // component). Tolerance 2% of e·u, what the issue asks: the pass hits e·u exactly but for the
  // body's linear damping over the step (1%/s: 2e-4 of u at 50 Hz) and rounding. cannon-es's law
  // (restitution inside SPOOK's B) is 91–93% of e here and +28% on a first impact at 50 Hz: both
  // fail by several times the tolerance.
  it.each([0.3, 0.5, 0.7, 0.9, 1].flatMap((e) => [50, 100, 200].map((hz) => [e, hz] as const)))(
    'e = %s at %i Hz: the first three impacts faster than the threshold leave at e × approach',
    (e, hz) => {
      const { impacts } = bounce(e, hz, 4, 12);
      const fast = impacts.filter((i) => i.approach > RESTITUTION_THRESHOLD).slice(0, 3);
      expect(fast.length).toBe(3);
      for (const [n, { approach, leave }] of fast.entries()) {
        expect(
          Math.abs(leave - e * approach),
          `impact ${n + 1}: ${leave} / ${approach}`,
        ).toBeLessThan(0.02 * e * approach);
      }
    },
  );

  it.each([0.5, 0.7, 0.9])(
    'e = %s at 100 Hz: the apexes follow H·e^(2n), less what damping and the step take',
    (e) => {
      // Textbook: 4 m, then 4·e², 4·e⁴, 4·e⁶. What the ball loses besides: linear damping (1%/s
      // of its speed, 2%/s of a height: ≤ 4% over the first flight's 1.5 s) and where in a step
      // each contact begins (the centre meets the ground up to u·h deep, ≤ 9 cm at 100 Hz). So
      // each apex lies between 93% and 100% of the textbook's less 9 cm; cannon-es's law gives
      // 83% (e = 0.7, first apex) and the law before this one 58% by the third.
      const { apexes } = bounce(e, 100, 4, 12);
      for (let n = 1; n <= 3; n++) {
        const textbook = 4 * e ** (2 * n);
        const apex = apexes[n - 1] ?? 0;
        expect(apex, `apex ${n}`).toBeLessThanOrEqual(textbook);
        expect(apex, `apex ${n}`).toBeGreaterThanOrEqual(0.93 * textbook - 0.09);
      }
    },
  );

  it('a ball set down in the ground, at rest, with e = 1 does not bounce: penetration recovery is not restitution', () => {
    // The app's 'bouncy' material has e = 1 against the ground. A ball placed 2 cm into the
    // ground is pushed out by the SPOOK spring and relaxed (no speed kept), and the restitution
    // pass leaves it alone: it never approached. It rises at most to its resting height.
    const physics = new PhysicsWorld();
    physics.addBody({
      kind: 'sphere',
      scale: [0.25, 0.25, 0.25],
      position: [0, 0.23, 0],
      material: 'bouncy',
    });
    const ball = physics.bodies[0];
    if (!ball) throw new Error('no ball');
    expect(contactMaterial(physics, 'bouncy', 'ground').restitution).toBe(1);
    let highest = -Infinity;
    for (let s = 0; s < 200; s++) {
      physics.step(1 / 100);
      highest = Math.max(highest, ball.position.y);
    }
    expect(highest).toBeLessThan(0.2501);
    expect(Math.abs(ball.velocity.y)).toBeLessThan(0.01);
  });

  it("the sandbox's bouncy ball from 2 m rises back to 2 m, less its damping", () => {
    const physics = new PhysicsWorld();
    physics.addBody({
      kind: 'sphere',
      scale: [0.25, 0.25, 0.25],
      position: [0, 2.25, 0],
      material: 'bouncy',
    });
    const ball = physics.bodies[0];
    if (!ball) throw new Error('no ball');
    let apex = -Infinity;
    let rising = false;
    for (let s = 0; s < 250; s++) {
      physics.step(1 / 100);
      if (ball.velocity.y > 0) rising = true;
      if (rising) apex = Math.max(apex, ball.position.y - 0.25);
    }
    // ~1.3 s of flight at the ball's damping rate takes ≤ 2 × 1.3 × rate of the height.
    const lost = 2 * 1.3 * linearDampingRate(ball) * 2;
    expect(apex).toBeLessThanOrEqual(2);
    expect(apex).toBeGreaterThanOrEqual(2 - lost - 0.02);
  });
});

describe("incline under the app's configuration: cannon-es's friction law, unit tangents", () => {
  // Law: each friction row's impulse per step is bounded by μ·|g|·m (the reduced mass, here the
  // box's: the slab is static), whatever the load — cannon-es's law, kept. The manifold's
  // tangents are unit and one of them lies down the slope (n × x̂ is across it), so four points
  // resist with at most 4·μ·|g|·m per step: the box slips when g·sin θ·h > 4·μ·g, at
  // θ = asin(4μ/h) (cannon-es, whose tangents are cos θ long along the slope: atan(4μ/h)).
  const hz = 100;
  const h = 1 / hz;

  function boxOnSlope(angle: number) {
    const physics = new PhysicsWorld();
    const top = 10;
    const turn = axisAngle(0, 0, 1, angle);
    const normal = [-Math.sin(angle), Math.cos(angle)] as const;
    physics.addStaticBox({
      halfExtents: [40, 1, 4],
      position: [-normal[0], top - normal[1], 0],
      quaternion: turn,
      material: 'ice',
    });
    physics.addBody({
      kind: 'box',
      scale: [0.5, 0.5, 0.5],
      position: [0.5 * normal[0], top + 0.5 * normal[1], 0],
      quaternion: turn,
    });
    const box = physics.bodies[0];
    if (!box) throw new Error('no box');
    const down = [-Math.cos(angle), -Math.sin(angle)] as const;
    const along = (v: Vec3) => v.x * down[0] + v.y * down[1];
    return { physics, box, along };
  }

  const mu = contactMaterial(new PhysicsWorld(), 'ice', 'body').friction;
  const critical = Math.asin((4 * mu) / h);

  it('10% below the slip angle friction holds it: it settles within a centimetre and sleeps', () => {
    const { physics, box, along } = boxOnSlope(0.9 * critical);
    const start = along(box.position);
    for (let n = 0; n < 3 * hz; n++) physics.step(h);
    expect(box.sleepState).toBe(2);
    expect(along(box.position) - start).toBeLessThan(0.01);
  });

  it('10% above it, it slides: every step the speed down the slope gains g·sin θ·h and loses 4·μ·g, then damping', () => {
    const angle = 1.1 * critical;
    const { physics, box, along } = boxOnSlope(angle);
    const g = -physics.world.gravity.y;
    const k = Math.pow(1 - linearDampingRate(box), h);
    const bound = 4 * mu * g;
    let sliding = 0;
    for (let n = 0; n < 3 * hz; n++) {
      const before = along(box.velocity);
      physics.step(h);
      if (before < 0.05) continue;
      sliding++;
      // Saturated friction: gravity's pull less the four rows' bound, then the damping.
      // Rounding only: 1e-12 of speeds of a few m/s.
      const expected = k * (before - bound) + g * Math.sin(angle) * h;
      expect(Math.abs(along(box.velocity) - expected), `step ${n + 1}`).toBeLessThanOrEqual(1e-12);
    }
    expect(sliding).toBeGreaterThan(2 * hz);
  });
});
