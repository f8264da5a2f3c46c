// The one-call drop-in on a world made with plain cannon-es calls: what it installs, that it
// puts back every object it replaced (told what happened meanwhile), that contact events and
// materials carry across both swaps, and what it says about bad input.

import { readFileSync } from 'node:fs';
import {
  Body,
  Box,
  ContactMaterial,
  GSSolver,
  Material,
  NaiveBroadphase,
  Narrowphase,
  Plane,
  Vec3,
  World,
} from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { SleepAwareSAPBroadphase } from '../../../../src/physics/broadphase/broadphase';
import { SparseCollisionMatrix } from '../../../../src/physics/broadphase/collisionMatrix';
import { dropInOf, installDropIn } from '../../../../src/physics/world/dropIn';
import type { DropInOptions } from '../../../../src/physics/world/dropIn';
import { FlatGSSolver } from '../../../../src/physics/solver/flatSolver';
import {
  ContactMaterialTable,
  FastOverlapKeeper,
} from '../../../../src/physics/world/lookupTables';
import { ProjectNarrowphase } from '../../../../src/physics/narrowphase/projectNarrowphase';

/** Three boxes stacked on a ground plane, as a cannon-es user would write it. */
function boxStack(): World {
  const world = new World({ gravity: new Vec3(0, -9.82, 0) });
  const ground = new Body({ mass: 0, shape: new Plane() });
  ground.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
  world.addBody(ground);
  for (let i = 0; i < 3; i++) {
    const box = new Body({ mass: 1, shape: new Box(new Vec3(0.5, 0.5, 0.5)) });
    box.position.set(0.05 * i, 0.5 + 1.01 * i, 0);
    world.addBody(box);
  }
  return world;
}

/** Every own field of the world, and its listener lists, as they are now. */
function fieldsOf(world: World): Map<string, unknown> {
  return new Map(Object.entries(world as unknown as Record<string, unknown>));
}

function listenerCount(world: World, type: string): number {
  const listeners = (world as unknown as { _listeners?: Record<string, unknown[]> })._listeners;
  return listeners?.[type]?.length ?? 0;
}

describe('installDropIn', () => {
  it("puts the project's narrowphase, solver, broadphase and tables in, keeping the user's solver settings", () => {
    const world = boxStack();
    (world.solver as GSSolver).iterations = 37;
    world.narrowphase.enableFrictionReduction = true;
    const dropIn = installDropIn(world);
    expect(world.narrowphase).toBeInstanceOf(ProjectNarrowphase);
    expect(world.solver).toBeInstanceOf(FlatGSSolver);
    expect((world.solver as GSSolver).iterations).toBe(37);
    expect(world.narrowphase.enableFrictionReduction).toBe(true);
    expect(world.broadphase).toBeInstanceOf(SleepAwareSAPBroadphase);
    expect(world.collisionMatrix).toBeInstanceOf(SparseCollisionMatrix);
    expect(world.contactMaterialTable).toBeInstanceOf(ContactMaterialTable);
    expect(world.bodyOverlapKeeper).toBeInstanceOf(FastOverlapKeeper);
    expect(dropIn.installed).toBe(true);
    expect(dropInOf(world)).toBe(dropIn);
    for (let s = 0; s < 100; s++) world.step(1 / 100);
    expect(world.bodies[3].position.y).toBeCloseTo(2.5, 1);
  });

  it('options choose parts: cannon-es narrowphase and solver, no tables', () => {
    const world = boxStack();
    const dropIn = installDropIn(world, {
      narrowphase: 'cannon',
      solver: 'gs',
      tables: false,
      iterations: 5,
    });
    expect(Object.getPrototypeOf(world.narrowphase)).toBe(Narrowphase.prototype);
    expect(Object.getPrototypeOf(world.solver)).toBe(GSSolver.prototype);
    expect((world.solver as GSSolver).iterations).toBe(5);
    expect(world.collisionMatrix).not.toBeInstanceOf(SparseCollisionMatrix);
    dropIn.uninstall();
  });

  it('uninstall puts back the very objects that were there, and removes the listeners it added', () => {
    const world = boxStack();
    world.broadphase = new NaiveBroadphase();
    for (let s = 0; s < 10; s++) world.step(1 / 100);
    const before = fieldsOf(world);
    const addBodyListeners = listenerCount(world, 'addBody');
    const dropIn = installDropIn(world);
    expect(listenerCount(world, 'addBody')).toBe(addBodyListeners + 1);
    // An odd number of steps: the world swaps its two collision matrices every step.
    for (let s = 0; s < 7; s++) world.step(1 / 100);
    dropIn.uninstall();
    const after = fieldsOf(world);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    const changed = [...before].filter(([key, value]) => {
      if (key === 'collisionMatrix' || key === 'collisionMatrixPrevious') {
        return ![before.get('collisionMatrix'), before.get('collisionMatrixPrevious')].includes(
          after.get(key),
        );
      }
      return typeof value === 'object' && value !== null && after.get(key) !== value;
    });
    expect(changed.map(([key]) => key)).toEqual([]);
    expect(listenerCount(world, 'addBody')).toBe(addBodyListeners);
    expect(dropIn.installed).toBe(false);
    expect(dropInOf(world)).toBeUndefined();
    dropIn.uninstall();
    expect(world.narrowphase).toBe(before.get('narrowphase'));
    for (let s = 0; s < 50; s++) world.step(1 / 100);
    expect(world.bodies[3].position.y).toBeCloseTo(2.5, 1);
  });

  it('carries back solver settings changed while installed, and leaves a part the user replaced', () => {
    const world = boxStack();
    const original = world.solver;
    const dropIn = installDropIn(world);
    (world.solver as GSSolver).iterations = 23;
    const own = new Narrowphase(world);
    world.narrowphase = own;
    dropIn.uninstall();
    expect(world.solver).toBe(original);
    expect((original as GSSolver).iterations).toBe(23);
    expect(world.narrowphase).toBe(own);
  });

  it('contact events carry across install and uninstall: no second beginContact, no stray endContact', () => {
    const world = boxStack();
    const begins: string[] = [];
    const ends: string[] = [];
    let collides = 0;
    world.addEventListener('beginContact', (e: { bodyA: Body; bodyB: Body }) =>
      begins.push(`${e.bodyA.id}-${e.bodyB.id}`),
    );
    world.addEventListener('endContact', (e: { bodyA: Body; bodyB: Body }) =>
      ends.push(`${e.bodyA.id}-${e.bodyB.id}`),
    );
    world.bodies[1].addEventListener('collide', () => collides++);
    for (let s = 0; s < 100; s++) world.step(1 / 100);
    const settled = { begins: begins.length, collides };
    expect(settled.begins).toBeGreaterThan(0);
    const dropIn = installDropIn(world);
    for (let s = 0; s < 50; s++) world.step(1 / 100);
    dropIn.uninstall();
    for (let s = 0; s < 50; s++) world.step(1 / 100);
    expect(begins.length).toBe(settled.begins);
    expect(collides).toBe(settled.collides);
    expect(ends).toEqual([]);
  });

  it('contact materials added while installed still apply after uninstall', () => {
    const world = boxStack();
    const ice = new Material('ice');
    const stone = new Material('stone');
    const dropIn = installDropIn(world);
    const slippery = new ContactMaterial(ice, stone, { friction: 0 });
    world.addContactMaterial(slippery);
    expect(world.getContactMaterial(ice, stone)).toBe(slippery);
    dropIn.uninstall();
    expect(world.getContactMaterial(ice, stone)).toBe(slippery);
    expect(world.getContactMaterial(stone, ice)).toBe(slippery);
  });

  it('names what is wrong with its input', () => {
    expect(() => installDropIn({} as World)).toThrow(
      /an object of another kind is not a cannon-es World/,
    );
    expect(() => installDropIn(null as unknown as World)).toThrow(/null is not a cannon-es World/);
    const world = boxStack();
    const bad: [DropInOptions, RegExp][] = [
      [{ solver: 'split' as 'gs' }, /solver is 'split'; it must be 'flat-gs' or 'gs'/],
      [
        { narrowphase: 'fast' as 'cannon' },
        /narrowphase is 'fast'; it must be 'project' or 'cannon'/,
      ],
      [{ iterations: 0 }, /iterations is 0; it must be an integer from 1 to 10000/],
      [{ iterations: 2.5 }, /iterations is 2.5/],
      [{ tolerance: -1 }, /tolerance is -1; it must be a number ≥ 0/],
      [{ tables: 'yes' as unknown as boolean }, /tables is 'yes'; it must be true or false/],
      [
        { solverIterations: 5 } as DropInOptions,
        /unknown option 'solverIterations'; the options are narrowphase, solver/,
      ],
      // Names of Object.prototype's members are unknown options like any other.
      [{ constructor: 1 } as DropInOptions, /unknown option 'constructor'; the options are/],
      [{ toString: 'gs' } as DropInOptions, /unknown option 'toString'; the options are/],
      [JSON.parse('{"__proto__": 1}') as DropInOptions, /unknown option '__proto__'/],
    ];
    for (const [options, message] of bad)
      expect(() => installDropIn(world, options)).toThrow(message);
    expect(dropInOf(world)).toBeUndefined();
    const dropIn = installDropIn(world);
    expect(() => installDropIn(world)).toThrow(/already has the drop-in/);
    dropIn.uninstall();
  });
});

describe('docs/cannon-drop-in.md', () => {
  /** cannon-es's pair handlers, by the method name its narrowphase looks each pair up by. */
  const HANDLERS = Object.getOwnPropertyNames(Narrowphase.prototype).filter(
    (name) =>
      name !== 'constructor' &&
      /^(sphere|plane|box|convex|particle|heightfield|cylinder)[A-Z]/.test(name) &&
      typeof Object.getOwnPropertyDescriptor(Narrowphase.prototype, name)?.value === 'function',
  );

  it('lists exactly the pair handlers the drop-in replaces', () => {
    const doc = readFileSync('docs/cannon-drop-in.md', 'utf8');
    const table = doc.slice(
      doc.indexOf('| Shape pair'),
      doc.indexOf('\n\n', doc.indexOf('| Shape pair')),
    );
    const listed = [...table.matchAll(/^\|[^|]+\|\s*`(\w+)`\s*\|\s*(project|cannon-es)\s*\|/gm)];
    const documented = Object.fromEntries(listed.map(([, handler, by]) => [handler, by]));
    const actual = Object.fromEntries(
      HANDLERS.map((name) => [
        name,
        Object.prototype.hasOwnProperty.call(ProjectNarrowphase.prototype, name)
          ? 'project'
          : 'cannon-es',
      ]),
    );
    expect(HANDLERS.length).toBeGreaterThan(15);
    expect(documented).toEqual(actual);
  });
});
