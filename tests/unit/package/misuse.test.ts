// Each misuse of the front door a new user met fails at once, before any frame runs, with an error
// that names the argument, what it was and what is expected: on real cannon-es, Rapier and three.js.

import RAPIER from '@dimforge/rapier3d-compat';
import * as CANNON from 'cannon-es';
import * as THREE from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { FixedStep, fixedStep } from '../../../packages/fixed-step/src/index';
import { fixedStep as rapierFixedStep } from '../../../packages/fixed-step/src/rapier';

beforeAll(async () => {
  await RAPIER.init();
});

function cannonWorld(): { world: CANNON.World; body: CANNON.Body } {
  const world = new CANNON.World();
  const body = new CANNON.Body({ mass: 1, shape: new CANNON.Sphere(0.5) });
  world.addBody(body);
  return { world, body };
}

/** The message `call` throws (and that it throws). */
function thrown(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('it did not throw');
}

describe('the front door refuses misuse at once, naming the argument and what it expects', () => {
  it('bind(null, mesh): body is null, a cannon-es Body is expected', () => {
    const { world } = cannonWorld();
    const physics = fixedStep(world, { document: null });
    expect(thrown(() => physics.bind(null as never, new THREE.Mesh()))).toBe(
      'bind: body is null; expected a cannon-es Body added with world.addBody(body).',
    );
  });

  it('bindInstances([b], a Mesh): mesh is a Mesh, an InstancedMesh is expected', () => {
    const { world, body } = cannonWorld();
    const physics = fixedStep(world, { document: null });
    const message = thrown(() => physics.bindInstances([body], new THREE.Mesh() as never));
    expect(message).toMatch(/^bindInstances: mesh is a Mesh; expected a three\.js InstancedMesh/);
    expect(physics.slot(body)).toBe(-1);
  });

  it('bind(b, {}) and bind(b, null): object is refused before a frame would fail on it', () => {
    const { world, body } = cannonWorld();
    const physics = fixedStep(world, { document: null });
    expect(thrown(() => physics.bind(body, {} as never))).toMatch(
      /^bind: object is a plain object; expected a three\.js Object3D/,
    );
    expect(thrown(() => physics.bind(body, null as never))).toMatch(
      /^bind: object is null; expected a three\.js Object3D/,
    );
    // Nothing was bound, so the frame after runs.
    expect(physics.slot(body)).toBe(-1);
    physics.frame(0);
    physics.frame(16);
  });

  it('bindInstances with bodies that are not bodies, or no list, names the one at fault', () => {
    const { world, body } = cannonWorld();
    const physics = fixedStep(world, { document: null });
    const mesh = new THREE.InstancedMesh(new THREE.BoxGeometry(), undefined, 3);
    expect(thrown(() => physics.bindInstances([body, 2 as never], mesh))).toBe(
      'bindInstances: bodies[1] (number 2) is not in this world; expected a cannon-es Body added with world.addBody(body).',
    );
    expect(thrown(() => physics.bindInstances(null as never, mesh))).toBe(
      'bindInstances: bodies is null; expected an array of bodies.',
    );
  });

  it('a body the Rapier front door does not know is named in Rapier words', () => {
    const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
    const physics = rapierFixedStep(world, { document: null });
    const { body } = cannonWorld();
    const message = thrown(() => physics.bind(body as never, new THREE.Object3D()));
    expect(message).toBe(
      'bind: body (a Body) is not in this world; expected a Rapier RigidBody made with world.createRigidBody(desc).',
    );
    expect(message).not.toMatch(/addBody/);
    expect(thrown(() => physics.bind('not a body' as never, new THREE.Object3D()))).toMatch(
      /^bind: body \('not a body'\) is not in this world; expected a Rapier RigidBody/,
    );
  });

  it('a Rapier world handed to the cannon-es doors says which door takes it', () => {
    const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
    expect(thrown(() => new FixedStep(world as never))).toMatch(
      /^FixedStep: world is a Rapier World, .* new FixedStep\(world, options, rapierEngine\), or engine=\{rapierEngine\}\.$/,
    );
    expect(thrown(() => fixedStep(world as never))).toMatch(
      /^fixedStep: world is a Rapier World; import fixedStep from 'fixed-step\/rapier'/,
    );
    expect(thrown(() => rapierFixedStep(new CANNON.World() as never))).toMatch(
      /^fixedStep \(fixed-step\/rapier\): world is a World, not a Rapier World/,
    );
  });
});
