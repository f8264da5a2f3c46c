import { Body, Sphere, Vec3, World } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { DampedBody } from '../../../../src/physics/bodies/damping';
import { GRAVITY, PhysicsWorld } from '../../../../src/physics/world/physicsWorld';

const START = {
  position: [0, 100, 0] as [number, number, number],
  velocity: [3, 4, -5] as [number, number, number],
  angularVelocity: [2, -7, 1] as [number, number, number],
};
const RADIUS = 0.5;

/** The same falling, spinning ball in a plain cannon-es world with cannon-es's own damping. */
function stockBall(angularDamping: number): { world: World; body: Body } {
  const world = new World({ gravity: new Vec3(0, GRAVITY, 0) });
  const mass = 600 * (4 / 3) * Math.PI * RADIUS * RADIUS * RADIUS;
  const body = new Body({ mass, linearDamping: 0.01, angularDamping });
  body.addShape(new Sphere(RADIUS));
  body.position.set(...START.position);
  body.velocity.set(...START.velocity);
  body.angularVelocity.set(...START.angularVelocity);
  world.addBody(body);
  return { world, body };
}

function ourBall(angularDamping: number): { physics: PhysicsWorld; body: Body } {
  const physics = new PhysicsWorld();
  const index = physics.addBody({
    kind: 'sphere',
    scale: [RADIUS, RADIUS, RADIUS],
    ...START,
    angularDamping,
  });
  const body = physics.bodies[index];
  if (!body) throw new Error('no body');
  return { physics, body };
}

function state(body: Body): number[] {
  const { position: p, velocity: v, angularVelocity: w, quaternion: q } = body;
  return [p.x, p.y, p.z, v.x, v.y, v.z, w.x, w.y, w.z, q.x, q.y, q.z, q.w];
}

describe('damping from exact factors', () => {
  it("cannon-es's own damping is off on every body, so Math.pow cannot reach the state", () => {
    const { body } = ourBall(0.4);
    expect(body).toBeInstanceOf(DampedBody);
    expect(body.linearDamping).toBe(0);
    expect(body.angularDamping).toBe(0);
  });

  // Where V8's Math.pow gives the same factor as exactMath.pow (every scene value, checked in
  // exactMath's tests), ours must reproduce cannon-es's damping bit for bit: same point in the
  // step, same multiplications.
  for (const [damping, hz] of [
    [0.01, 100],
    [0.4, 100],
    [0.4, 60],
    [0.01, 144],
  ] as const) {
    it(`angular damping ${damping} at ${hz} Hz: the stock cannon-es result, bit for bit`, () => {
      const stock = stockBall(damping);
      const ours = ourBall(damping);
      for (let s = 0; s < 200; s++) {
        stock.world.step(1 / hz);
        ours.physics.step(1 / hz);
      }
      expect(state(ours.body)).toEqual(state(stock.body));
      // It did damp: nothing else acts on a free ball's spin, so 200 steps leave (1 − d)^(200/hz).
      expect(ours.body.angularVelocity.y).toBeCloseTo(-7 * Math.pow(1 - damping, 200 / hz), 12);
    });
  }

  it('a change of physics rate recomputes the factors: 100 Hz then 60 Hz as stock', () => {
    const stock = stockBall(0.4);
    const ours = ourBall(0.4);
    for (const hz of [100, 60, 100]) {
      for (let s = 0; s < 50; s++) {
        stock.world.step(1 / hz);
        ours.physics.step(1 / hz);
      }
    }
    expect(state(ours.body)).toEqual(state(stock.body));
  });
});
