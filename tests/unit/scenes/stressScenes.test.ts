import { describe, expect, it } from 'vitest';
import { Simulation } from '../../../src/app/simulation';
import { PhysicsWorld } from '../../../src/physics/world/physicsWorld';
import { findScene } from '../../../src/scenes/registry';
import { Rng } from '../../../src/util/rng';
import { localSim } from '../physicsHost/host/localSim';
import { contactList } from '../../../src/physics/narrowphase/manifoldNarrowphase';

const STRESS = ['rain', 'tower', 'avalanche'] as const;

function built(scene: string, count: number, seed = 1): PhysicsWorld {
  const physics = new PhysicsWorld();
  findScene(scene)?.build(physics, new Rng(seed), count);
  return physics;
}

/** Contacts between two bodies that can move (not the ground, walls or posts). */
function bodyContacts(physics: PhysicsWorld): number {
  return contactList(physics.world).filter((c) => c.bi.mass > 0 && c.bj.mass > 0).length;
}

describe('stress scenes', () => {
  it.each(STRESS)('%s: load(count) makes exactly count bodies, from 100 to 5000', (scene) => {
    const { sim, core } = localSim(scene, { count: 100 });
    expect(core.physics.count).toBe(100);
    for (const count of [137, 5000]) {
      sim.load(scene, { count });
      expect(core.physics.count).toBe(count);
      expect(sim.drawn.snapshots.count).toBe(count);
    }
    expect(() => sim.load(scene, { count: 99 })).toThrow(/from 100 to 5000/);
    expect(() => sim.load(scene, { count: 5001 })).toThrow(/from 100 to 5000/);
  });

  it.each(STRESS)('%s: no two bodies start touching (the first step finds no contact)', (scene) => {
    for (const count of [100, 800, 2500]) {
      for (const seed of [1, 7]) {
        const physics = built(scene, count, seed);
        physics.step(1 / 100);
        expect(bodyContacts(physics), `${scene} × ${count}, seed ${seed}`).toBe(0);
      }
    }
  });

  it.each(STRESS)('%s: the same seed rebuilds the same scene bit for bit', (scene) => {
    const a = new Simulation(scene, { count: 200, seed: 5 });
    const b = new Simulation(scene, { count: 200, seed: 5 });
    for (let i = 0; i < 30; i++) {
      a.frame(1 / 60);
      b.frame(1 / 60);
    }
    expect(a.host.bodies.hash()).toBe(b.host.bodies.hash());
  });

  it('rain and avalanche draw their bodies from the seed', () => {
    for (const scene of ['rain', 'avalanche']) {
      expect(new Simulation(scene, { count: 150, seed: 1 }).host.bodies.hash()).not.toBe(
        new Simulation(scene, { count: 150, seed: 2 }).host.bodies.hash(),
      );
    }
  });

  // The behaviour checks step a few hundred times: seconds on a busy two-core machine.
  const SLOW = 30_000;

  it(
    'tower: stands asleep and costs nothing until the ball arrives, then falls',
    () => {
      const physics = built('tower', 100);
      const bricks = physics.count - 1;
      const startY = physics.bodies.slice(0, bricks).map((b) => b.position.y);
      for (let s = 0; s < 100; s++) physics.step(1 / 100);
      expect(physics.sleepingCount()).toBe(bricks);
      expect(contactList(physics.world).length).toBe(0);
      for (let s = 0; s < 300; s++) physics.step(1 / 100);
      const fallen = physics.bodies
        .slice(0, bricks)
        .filter((b, i) => b.position.y < (startY[i] ?? 0) - 0.4).length;
      expect(fallen / bricks).toBeGreaterThan(0.6);
    },
    SLOW,
  );

  it(
    'avalanche: the bodies slide and roll down into the basin',
    () => {
      const physics = built('avalanche', 100);
      const startX = physics.bodies.map((b) => b.position.x);
      for (let s = 0; s < 600; s++) physics.step(1 / 100);
      const travelled = physics.bodies.filter((b, i) => b.position.x > (startX[i] ?? 0) + 10);
      expect(travelled.length / physics.count).toBeGreaterThan(0.8);
      // Nothing escapes: the basin wall and the slope's side walls hold everything.
      for (const body of physics.bodies) expect(body.position.y).toBeGreaterThan(-1);
    },
    SLOW,
  );

  it(
    'rain: the column lands in the bin and stays there',
    () => {
      const physics = built('rain', 100);
      for (let s = 0; s < 400; s++) physics.step(1 / 100);
      const walls = physics.statics.map((w) =>
        Math.max(Math.abs(w.position[0]), Math.abs(w.position[2])),
      );
      const binHalf = Math.min(...walls);
      const inside = physics.bodies.filter(
        (b) =>
          Math.abs(b.position.x) < binHalf && Math.abs(b.position.z) < binHalf && b.position.y < 6,
      );
      expect(inside.length / physics.count).toBeGreaterThan(0.95);
    },
    SLOW,
  );
});
