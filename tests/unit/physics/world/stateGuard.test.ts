// The physics state guard: a body whose state turns NaN, infinite or leaves the world is removed
// after the step that broke it, the snapshots stay consistent, and the rest keeps running.

import { describe, expect, it } from 'vitest';
import type { BodySpec } from '../../../../src/physics/world/physicsWorld';
import { faultMessage } from '../../../../src/app/faultText';
import { MAX_KEPT_FAULTS, WORLD_LIMIT_METERS } from '../../../../src/physics/world/stateGuard';
import { localSim } from '../../physicsHost/host/localSim';
import type { LocalSim } from '../../physicsHost/host/localSim';

function allFinite({ sim, core }: Pick<LocalSim, 'sim' | 'core'>): boolean {
  const n = core.physics.count;
  const c = sim.drawn.snapshots.current;
  const p = sim.drawn.snapshots.previous;
  for (const a of [c.position, p.position, c.velocity, sim.drawn.draw.position]) {
    if (!a.subarray(0, 3 * n).every(Number.isFinite)) return false;
  }
  return c.quaternion.subarray(0, 4 * n).every(Number.isFinite);
}

function withSpawn(spec: BodySpec): LocalSim {
  const local = localSim('playground', { count: 20 });
  for (let f = 0; f < 10; f++) local.sim.frame(1 / 60);
  local.sim.queue({ type: 'spawn', spec });
  return local;
}

describe('state guard', () => {
  it('removes a body whose weight overflows before it can step', () => {
    // mass 1e308 kg is finite, but mass × g is not: stepped, it would turn NaN (and its contacts).
    const local = withSpawn({
      kind: 'box',
      scale: [0.5, 0.5, 0.5],
      position: [0, 2, 0],
      density: 1e308,
    });
    const { sim, core } = local;
    const step = sim.host.stepping.nextStep;
    const hashBefore = sim.host.bodies.hash();
    sim.frame(0);
    expect(core.physics.count).toBe(20);
    expect(sim.host.bodies.hash()).toBe(hashBefore);
    expect(core.guard.takeReport()).toEqual({
      count: 1,
      faults: [{ step, index: 20, kind: 'box', reason: 'mass' }],
    });
    expect(core.guard.takeReport()).toBeNull();
    for (let f = 0; f < 30; f++) sim.frame(1 / 60);
    expect(core.physics.count).toBe(20);
    expect(core.guard.removed).toBe(1);
    expect(allFinite(local)).toBe(true);
  });

  it('cleans the NaN a broken body left in the ground, so it cannot poison bodies that land later', () => {
    // One body resting on the floor of the pit, awake so the solver handles its ground contact.
    // Two seconds in: cannon-es puts the ground itself to sleep after one (zeroing its velocity
    // once, on the way), and a sleeping ground keeps whatever velocity the solver gives it.
    const { sim, core } = localSim('pile', { count: 1, seed: 2 });
    for (let f = 0; f < 120; f++) sim.frame(1 / 60);
    const body = core.physics.bodies[0];
    expect(body?.position.y).toBeLessThan(0.7);
    body?.wakeUp();
    body?.velocity.set(Number.NaN, 0, 0);
    sim.frame(0.01);
    expect(core.guard.removed).toBe(1);
    // cannon-es's solver adds 0 × NaN to the ground's velocity as well; it must be zero again.
    const statics = core.physics.world.bodies.filter((b) => b.mass === 0 && b.type !== 4);
    expect(statics.length).toBeGreaterThan(4);
    for (const s of statics) {
      expect(s.velocity.toArray().every((v) => v === 0)).toBe(true);
      expect(s.angularVelocity.toArray().every((v) => v === 0)).toBe(true);
    }
    // A body dropped on that ground now lands and stays.
    sim.queue({
      type: 'spawn',
      spec: { kind: 'sphere', scale: [0.4, 0.4, 0.4], position: [0, 1, 0] },
    });
    for (let f = 0; f < 60; f++) sim.frame(1 / 60);
    expect(core.guard.removed).toBe(1);
    expect(core.physics.count).toBe(1);
    expect(allFinite({ sim, core })).toBe(true);
  });

  it('removes a body with a finite but absurd velocity as it leaves the world', () => {
    const { sim, core } = withSpawn({
      kind: 'sphere',
      scale: [0.4, 0.4, 0.4],
      position: [0, 5, 0],
      velocity: [1e308, 0, 0],
    });
    sim.frame(0.01);
    expect(core.physics.count).toBe(20);
    const report = core.guard.takeReport();
    expect(report?.faults[0]?.reason).toBe('range');
    expect(faultMessage(report ?? { count: 0, faults: [] })).toContain(
      `sphere #20 at step ${sim.host.stepping.nextStep}: left the world (more than ${WORLD_LIMIT_METERS} m`,
    );
  });

  it('removes several broken bodies in one step and moves the survivors with their poses', () => {
    // Six spheres 5 m apart in the air, so a broken one has no neighbour to pass its NaN to.
    const { sim, core } = localSim('pile', { count: 1 });
    for (let k = 0; k < 5; k++) {
      sim.queue({
        type: 'spawn',
        spec: { kind: 'sphere', scale: [0.3, 0.3, 0.3], position: [5 * k - 10, 6, 12] },
      });
    }
    for (let f = 0; f < 5; f++) sim.frame(1 / 60);
    const bodies = core.physics.bodies;
    const [last, beforeLast] = [bodies[5], bodies[4]];
    bodies[1]?.velocity.set(Number.NaN, 0, 0);
    bodies[3]?.angularVelocity.set(0, Infinity, 0);
    sim.frame(0.01);
    expect(core.physics.count).toBe(4);
    expect(core.guard.removed).toBe(2);
    // Scanning down, body 5 fills slot 3 and then body 4 fills slot 1; their snapshots move
    // with them, so neither is drawn streaking in from the pose of the body it replaced.
    expect(bodies[3]).toBe(last);
    expect(bodies[1]).toBe(beforeLast);
    for (const [slot, body] of [
      [3, last],
      [1, beforeLast],
    ] as const) {
      expect(sim.drawn.snapshots.current.position[3 * slot]).toBe(body?.position.x);
      expect(sim.drawn.snapshots.current.position[3 * slot + 1]).toBe(body?.position.y);
      expect(sim.drawn.snapshots.previous.position[3 * slot]).toBe(body?.position.x);
      const fell =
        (sim.drawn.snapshots.previous.position[3 * slot + 1] ?? 0) - (body?.position.y ?? 0);
      expect(fell).toBeGreaterThan(0);
      expect(fell).toBeLessThan(0.01);
    }
    expect(allFinite({ sim, core })).toBe(true);
    // The step integrated the bad velocities into the pose, which is checked (and named) first.
    const reasons = core.guard.takeReport()?.faults.map((f) => [f.index, f.reason]);
    expect(reasons).toEqual([
      [3, 'orientation'],
      [1, 'position'],
    ]);
  });

  it('lets go of a dragged body that breaks', () => {
    const { sim, core } = localSim('stack');
    sim.queue({ type: 'dragStart', id: core.physics.idAt(3), point: [0, 1, 0] });
    sim.frame(0);
    expect(core.commands.dragging).toBe(true);
    core.physics.bodies[3]?.position.set(0, Number.NaN, 0);
    sim.frame(0.01);
    expect(core.commands.dragging).toBe(false);
    expect(core.physics.count).toBe(35);
    sim.frame(0.05);
    expect(allFinite({ sim, core })).toBe(true);
  });

  it('keeps the first faults in detail and counts the rest when many break at once', () => {
    const { sim, core } = localSim('pile', { count: 100 });
    for (let i = 0; i < 100; i++) core.physics.bodies[i]?.position.set(0, Infinity, 0);
    sim.frame(0.01);
    expect(core.physics.count).toBe(0);
    const report = core.guard.takeReport();
    expect(report?.count).toBe(100);
    expect(report?.faults).toHaveLength(MAX_KEPT_FAULTS);
    expect(faultMessage(report ?? { count: 0, faults: [] })).toMatch(
      /^Removed 100 bodies whose physics state broke \(.*; and 97 more\)/,
    );
  });

  it('changes nothing while every body is sound, and a scene load forgets the count', () => {
    const { sim, core } = localSim('pile', { count: 30, seed: 9 });
    for (let f = 0; f < 60; f++) sim.frame(1 / 60);
    expect(core.guard.removed).toBe(0);
    expect(core.guard.hasReport).toBe(false);
    core.physics.bodies[0]?.position.set(Number.NaN, 0, 0);
    sim.frame(0.01);
    expect(core.guard.removed).toBe(1);
    sim.load('pile', { count: 30, seed: 9 });
    expect(core.guard.removed).toBe(0);
    expect(core.guard.hasReport).toBe(false);
  });
});
