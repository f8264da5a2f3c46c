import { Scene } from 'three';
import { describe, expect, it } from 'vitest';
import type { Simulation } from '../../../src/app/simulation';
import { BodyInstances } from '../../../src/render/bodyInstances';
import { localSim } from '../physicsHost/host/localSim';

/** Draws the simulation's current draw poses into real InstancedMeshes and reads body i back. */
function drawn(
  sim: Simulation,
  instances: BodyInstances,
  index: number,
): { p: number[]; q: number[] } {
  instances.sync(sim.drawn.snapshots.bodies);
  instances.write(sim.drawn.draw, sim.drawn.snapshots.bodies.scales);
  const pose = instances.readPose(index);
  if (!pose) throw new Error(`body ${index} not drawn`);
  return pose;
}

function current(sim: Simulation, i: number): { p: number[]; q: number[] } {
  const c = sim.drawn.snapshots.current;
  return {
    p: Array.from(c.position.subarray(3 * i, 3 * i + 3)),
    q: Array.from(c.quaternion.subarray(4 * i, 4 * i + 4)),
  };
}

function expectPose(
  actual: { p: number[]; q: number[] },
  expected: { p: number[]; q: number[] },
): void {
  for (let k = 0; k < 3; k++) expect(actual.p[k]).toBeCloseTo(expected.p[k] ?? 0, 5);
  const dot = actual.q.reduce((sum, v, k) => sum + v * (expected.q[k] ?? 0), 0);
  expect(Math.abs(dot)).toBeCloseTo(1, 6);
}

describe('no streaks', () => {
  it('a body spawned mid-flight is drawn at its current pose at any alpha', () => {
    for (const lead of [0.001, 0.004, 0.0095]) {
      const { sim, core } = localSim('playground', { count: 10 });
      const instances = new BodyInstances(new Scene());
      for (let i = 0; i < 30; i++) sim.frame(1 / 60);
      sim.queue({
        type: 'spawn',
        spec: {
          kind: 'sphere',
          scale: [0.4, 0.4, 0.4],
          position: [20, 9, -20],
          velocity: [30, 0, 0],
        },
      });
      const report = sim.frame(lead);
      expect(report.alpha).toBeGreaterThan(0);
      const index = core.physics.count - 1;
      expect(drawn(sim, instances, index).p[0]).toBeCloseTo(20, 9);
      expectPose(drawn(sim, instances, index), current(sim, index));
      const prev = sim.drawn.snapshots.previous;
      expect(Array.from(prev.position.subarray(3 * index, 3 * index + 3))).toEqual(
        current(sim, index).p,
      );
    }
  });

  it('a teleported body is drawn where it was sent, not between there and where it was', () => {
    const { sim, core } = localSim('pile', { count: 20 });
    const instances = new BodyInstances(new Scene());
    for (let i = 0; i < 40; i++) sim.frame(1 / 60);
    sim.queue({ type: 'teleport', id: core.physics.idAt(3), position: [-15, 5, 15] });
    sim.frame(0.003);
    expectPose(drawn(sim, instances, 3), { p: [-15, 5, 15], q: current(sim, 3).q });
  });

  it('after reset every body is drawn at its current (initial) pose', () => {
    const { sim, core } = localSim('dominoes');
    const instances = new BodyInstances(new Scene());
    for (let i = 0; i < 50; i++) sim.frame(1 / 60);
    sim.reset();
    sim.frame(0.007);
    for (let i = 0; i < core.physics.count; i += 7)
      expectPose(drawn(sim, instances, i), current(sim, i));
  });

  it('removing a body keeps every other body drawn where it is', () => {
    const { sim, core } = localSim('pile', { count: 12 });
    const instances = new BodyInstances(new Scene());
    for (let i = 0; i < 20; i++) sim.frame(1 / 60);
    const lastBefore = current(sim, 11);
    sim.queue({ type: 'remove', id: core.physics.idAt(2) });
    sim.set({ interpolation: 'off' });
    sim.frame(0);
    expect(core.physics.count).toBe(11);
    expectPose(drawn(sim, instances, 2), lastBefore);
  });
});
