// A body keeps its identity when another one is removed: ids are stable and deterministic, scene
// hooks and the drag follow ids (never the body swapped into a freed slot), and whatever held a
// removed body ends with it.

import type { Body } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import type { PhysicsCore } from '../../../../src/physicsHost/core/physicsCore';
import type { BodySpec, Vec3Tuple } from '../../../../src/physics/world/physicsWorld';
import { CAROUSEL, carouselPose } from '../../../../src/scenes/carousel';
import { TUNNEL } from '../../../../src/scenes/tunnel';
import { localSim } from '../../physicsHost/host/localSim';
import type { LocalSim } from '../../physicsHost/host/localSim';

const ball = (position: Vec3Tuple): BodySpec => ({
  kind: 'sphere',
  scale: [0.3, 0.3, 0.3],
  position,
});

/** Every body's id, in dense order. */
function ids(core: PhysicsCore): number[] {
  return Array.from({ length: core.physics.count }, (_, i) => core.physics.idAt(i));
}

describe('body ids', () => {
  /**
   * A pile with spawns, removals by command and a removal by the state guard inside a step,
   * all at fixed frames; the id of every slot after every step.
   */
  function idsPerStep(): number[][] {
    const { sim, core, host } = localSim('pile', { count: 30, seed: 4 });
    const perStep: number[][] = [];
    host.stepping.onStep = () => perStep.push(ids(core));
    let broken: Body | undefined;
    // Sent past the edge of the world before step 42: the guard removes it after that step.
    core.physics.addStepHook((step) => {
      if (step === 42) broken?.position.set(2e5, 0, 0);
    });
    for (let f = 0; f < 120; f++) {
      if (f === 10) sim.queue({ type: 'spawn', spec: ball([0, 8, 0]) });
      if (f === 12) sim.queue({ type: 'remove', id: core.physics.idAt(3) });
      if (f === 15) sim.queue({ type: 'spawn', spec: ball([1, 8, 0]) });
      if (f === 20) broken = core.physics.bodies[0];
      if (f === 30) sim.queue({ type: 'remove', id: core.physics.idAt(core.physics.count - 1) });
      sim.frame(1 / 60);
    }
    expect(core.guard.removed).toBe(1);
    return perStep;
  }

  it('are the same in two identical runs, at every step', () => {
    const first = idsPerStep();
    expect(first.length).toBe(200);
    expect(idsPerStep()).toEqual(first);
  });

  it('count the bodies added since load, are never reused, and −1 names a removed one', () => {
    const { sim, core } = localSim('pile', { count: 5 });
    expect(ids(core)).toEqual([0, 1, 2, 3, 4]);
    sim.queue({ type: 'remove', id: 1 });
    sim.queue({ type: 'spawn', spec: ball([0, 9, 0]) });
    sim.frame(0);
    // Body 4 moved into the freed slot 1; the spawn is id 5, not the freed 1.
    expect(ids(core)).toEqual([0, 4, 2, 3, 5]);
    expect(core.physics.indexOf(1)).toBe(-1);
    expect(core.physics.bodyById(1)).toBeUndefined();
    expect(core.physics.indexOf(4)).toBe(1);
    expect(core.physics.indexOf(99)).toBe(-1);
    expect(core.physics.idAt(5)).toBe(-1);
    sim.load('pile', { count: 3 });
    expect(ids(core)).toEqual([0, 1, 2]);
    expect(core.physics.indexOf(4)).toBe(-1);
  });

  it('keep id → index and index → id consistent through many removals and growth', () => {
    const { sim, core } = localSim('pile', { count: 200, seed: 2 });
    const bodyOf = new Map(core.physics.bodies.map((body, i) => [core.physics.idAt(i), body]));
    for (let k = 0; k < 150; k++) {
      sim.queue({ type: 'remove', id: core.physics.idAt((k * 37) % core.physics.count) });
      sim.queue({ type: 'spawn', spec: ball([k % 10, 20, 0]) });
      sim.frame(0);
      const last = core.physics.count - 1;
      bodyOf.set(core.physics.idAt(last), core.physics.bodies[last] as Body);
    }
    expect(core.physics.count).toBe(200);
    for (let i = 0; i < core.physics.count; i++) {
      const id = core.physics.idAt(i);
      expect(core.physics.indexOf(id)).toBe(i);
      expect(core.physics.bodies[i]).toBe(bodyOf.get(id));
    }
  });
});

describe('scene hooks hold ids', () => {
  it('carousel: once the mover is removed the hook drives nothing, not the body in its slot', () => {
    const { sim, core } = localSim('carousel');
    for (let f = 0; f < 30; f++) sim.frame(1 / 60);
    // Two balls in the air inside the circle; the second will move into the mover's slot 0.
    sim.queue({ type: 'spawn', spec: ball([0, 4, 0]) });
    sim.queue({ type: 'spawn', spec: ball([1, 6, -1]) });
    sim.frame(0);
    expect(core.physics.idAt(0)).toBe(0);
    sim.queue({ type: 'remove', id: 0 });
    sim.frame(0);
    expect(core.physics.idAt(0)).toBe(2);
    const swapped = core.physics.bodies[0] as Body;
    for (let f = 0; f < 20; f++) sim.frame(1 / 60);
    // It fell straight down (its x and z untouched, 20 frames of free fall), far from the circle.
    expect(swapped.position.x).toBe(1);
    expect(swapped.position.z).toBe(-1);
    expect(swapped.position.y).toBeLessThan(6 - 0.5);
    expect(swapped.velocity.y).toBeLessThan(-2);
    const onPath = { p: [0, 0, 0], v: [0, 0, 0], q: [0, 0, 0, 1] };
    carouselPose(sim.loop.simTime, onPath);
    const fromPath = Math.hypot(
      swapped.position.x - (onPath.p[0] ?? 0),
      swapped.position.z - (onPath.p[2] ?? 0),
    );
    expect(fromPath).toBeGreaterThan(CAROUSEL.radius / 2);
    // The meter tracked the mover: it says so, and measures no other body.
    expect(sim.meter.trackedId).toBe(-1);
    expect(sim.meter.trackedRemoved).toBe(true);
    expect(sim.meter.result().frames).toBe(0);
  });

  it('tunnel: the hook keeps driving the balls left, never a body that took a removed ball’s slot', () => {
    const { sim, core } = localSim('tunnel');
    for (let f = 0; f < 10; f++) sim.frame(1 / 60);
    // A free ball above the walls, id 3; removing ball 0 moves it into slot 0.
    sim.queue({ type: 'spawn', spec: ball([0, 6, 1]) });
    sim.frame(0);
    sim.queue({ type: 'remove', id: 0 });
    sim.frame(0);
    expect(core.physics.idAt(0)).toBe(3);
    const heights = [1, 2].map((id) => core.physics.bodyById(id)?.position.y);
    for (let f = 0; f < 30; f++) sim.frame(1 / 60);
    // The free ball falls; the driven ones fly level (gravity cancelled) at the set speed.
    const free = core.physics.bodyById(3) as Body;
    expect(free.velocity.y).toBeLessThan(-4);
    expect(free.velocity.x).toBe(0);
    [1, 2].forEach((id, k) => {
      const driven = core.physics.bodyById(id) as Body;
      expect(driven.position.y).toBe(heights[k]);
      expect(Math.abs(driven.velocity.x)).toBeGreaterThan(0.99 * TUNNEL.speed);
    });
  });
});

describe('the drag', () => {
  /** Drags brick 3 of the stack up, removes it mid-drag, then (or not) keeps moving the mouse. */
  function dragThenRemove(mouseMovesOn: boolean): LocalSim {
    const { sim, core, host } = localSim('stack');
    const held = core.physics.bodies[3] as Body;
    sim.queue({ type: 'dragStart', id: core.physics.idAt(3), point: [0, 1, 0] });
    sim.frame(0);
    core.commands.setDragTarget([0, 3, 0]);
    for (let f = 0; f < 10; f++) sim.frame(1 / 60);
    expect(core.commands.dragging).toBe(true);
    const joints = core.physics.world.constraints;
    expect(joints.some((c) => c.bodyA === held || c.bodyB === held)).toBe(true);

    sim.queue({ type: 'remove', id: core.physics.idAt(3) });
    sim.frame(0);
    expect(core.commands.dragging).toBe(false);
    expect(core.physics.world.constraints).toHaveLength(0);
    for (let f = 0; f < 20; f++) {
      if (mouseMovesOn) core.commands.setDragTarget([5, 8 + f, 5]);
      sim.frame(1 / 60);
    }
    return { sim, core, host };
  }

  it('ends when its body is removed: no joint holds a removed body, none holds its successor', () => {
    const moved = dragThenRemove(true);
    expect(moved.core.commands.dragging).toBe(false);
    expect(moved.core.physics.world.constraints).toHaveLength(0);
    // The mouse moving on after the removal pulls no body at all: the same physics as without.
    expect(moved.sim.host.bodies.hash()).toBe(dragThenRemove(false).sim.host.bodies.hash());
  });
});
