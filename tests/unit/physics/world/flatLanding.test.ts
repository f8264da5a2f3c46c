// A box landing flat and sliding along x stays on its line: cannon-es's friction_gravity example
// world under the app's configuration (DEFAULT_TUNING), where nothing pushes the box along z.

import { Body, Box, ContactMaterial, Material, Plane, Vec3, World } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { FlatGSSolver } from '../../../../src/physics/solver/flatSolver';
import { applyTuning, DEFAULT_TUNING } from '../../../../src/physics/world/tuning';

/** Steps of 10 ms the example runs: 10 s. */
const STEPS = 1000;

/**
 * cannon-es's friction_gravity example: world gravity 0, friction computed from
 * frictionGravity (3, −60, 0), the same force applied to the box once a step; a 2 m box of mass
 * 10 dropped flat at x = −4 from height `y`; box–ground friction 0.4, restitution 0.3, stiffness
 * 1e8, relaxation 3. Returns the box and the world, under the app's configuration.
 */
function frictionGravityWorld(y: number): { world: World; box: Body } {
  const world = new World();
  world.gravity.set(0, 0, 0);
  world.frictionGravity = new Vec3(3, -60, 0);
  const material = new Material('ground');
  world.addContactMaterial(
    new ContactMaterial(material, material, {
      friction: 0.4,
      restitution: 0.3,
      contactEquationStiffness: 1e8,
      contactEquationRelaxation: 3,
      frictionEquationStiffness: 1e8,
      frictionEquationRelaxation: 3,
    }),
  );
  const ground = new Body({ mass: 0, material });
  ground.addShape(new Plane());
  ground.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
  world.addBody(ground);
  const box = new Body({ mass: 10, material, position: new Vec3(-4, y, 0) });
  box.addShape(new Box(new Vec3(1, 1, 1)));
  world.addBody(box);
  const force = new Vec3(3, -60, 0);
  world.addEventListener('postStep', () => box.applyForce(force));
  applyTuning(world, DEFAULT_TUNING);
  expect(world.solver).toBeInstanceOf(FlatGSSolver);
  return { world, box };
}

describe('a box landing flat and sliding along x keeps to its line (|z| ≤ 1 mm)', () => {
  it('the first landing, on four corners at 6.9 m/s, sends the box up at e × its speed without a turn', () => {
    const { world, box } = frictionGravityWorld(5);
    let approach = 0;
    while (box.velocity.y <= 0) {
      approach = -box.velocity.y;
      world.step(1 / 100);
    }
    // Restitution 0.3 of the approach, and no spin: the four corners struck alike. One pass
    // over the corners in order gave the first most of the bounce: 0.46 rad/s.
    expect(approach).toBeGreaterThan(6);
    expect(Math.abs(box.velocity.y - 0.3 * approach)).toBeLessThan(0.02 * 0.3 * approach);
    expect(box.angularVelocity.length()).toBeLessThan(1e-3);
  });

  it("cannon-es's friction_gravity world: after 10 s the box is within 1 mm of z = 0", () => {
    const { world, box } = frictionGravityWorld(5);
    for (let s = 0; s < STEPS; s++) world.step(1 / 100);
    // It has slid along x (cannon-es's own: 0.36 m) and rests on the ground.
    expect(box.position.x + 4).toBeGreaterThan(0.2);
    expect(Math.abs(box.position.y - 1)).toBeLessThan(1e-3);
    expect(Math.abs(box.position.z)).toBeLessThanOrEqual(0.001);
  });

  it('dropped from 2 m, the box stays within 1 mm of z = 0 at every step', () => {
    const { world, box } = frictionGravityWorld(2);
    let worst = 0;
    for (let s = 0; s < STEPS; s++) {
      world.step(1 / 100);
      worst = Math.max(worst, Math.abs(box.position.z));
    }
    expect(box.position.x + 4).toBeGreaterThan(0.03);
    expect(worst).toBeLessThanOrEqual(0.001);
  });
});
