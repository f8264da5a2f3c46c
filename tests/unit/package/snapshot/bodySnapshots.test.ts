// Snapshots of a plain cannon-es world (the package's BodySnapshots): what each capture holds,
// how slots follow bodies added, removed and teleported, and what sleeping bodies cost.

import { Body, Box, Plane, Sphere, Vec3, World } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { SLEEPING } from '../../../../packages/fixed-step/src/snapshot/bodyPoses';
import { BodySnapshots } from '../../../../packages/fixed-step/src/snapshot/bodySnapshots';

function fallingWorld(count: number): World {
  const world = new World({ gravity: new Vec3(0, -9.82, 0) });
  const ground = new Body({ mass: 0, shape: new Plane() });
  ground.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
  world.addBody(ground);
  for (let i = 0; i < count; i++) {
    const body = new Body({ mass: 1, shape: new Box(new Vec3(0.5, 0.5, 0.5)) });
    body.position.set(3 * i, 2 + i, 0);
    body.angularVelocity.set(0.3 * i, 1, 0);
    world.addBody(body);
  }
  return world;
}

/** Body i's position and quaternion as they are in the world now. */
function poseOf(body: Body): number[] {
  const { position: p, quaternion: q } = body;
  return [p.x, p.y, p.z, q.x, q.y, q.z, q.w];
}

/** Body i's pose in a snapshot buffer. */
function slot(buffer: { position: Float64Array; quaternion: Float64Array }, i: number): number[] {
  return [
    ...buffer.position.subarray(3 * i, 3 * i + 3),
    ...buffer.quaternion.subarray(4 * i, 4 * i + 4),
  ];
}

describe('BodySnapshots', () => {
  it('cannon-es marks a sleeping body with the value SLEEPING names', () => {
    expect(SLEEPING).toBe(Body.SLEEPING);
  });

  it('each capture moves current to previous and copies the world into current', () => {
    const world = fallingWorld(3);
    const snapshots = new BodySnapshots(2);
    snapshots.captureFresh(world.bodies);
    expect(snapshots.count).toBe(4);
    for (let step = 0; step < 5; step++) {
      const before = world.bodies.map(poseOf);
      world.step(1 / 100);
      snapshots.capture(world.bodies, 1 / 100);
      world.bodies.forEach((body, i) => {
        expect(slot(snapshots.previous, i)).toEqual(before[i]);
        expect(slot(snapshots.current, i)).toEqual(poseOf(body));
        expect([...snapshots.current.velocity.subarray(3 * i, 3 * i + 3)]).toEqual([
          body.velocity.x,
          body.velocity.y,
          body.velocity.z,
        ]);
      });
    }
    expect(snapshots.intervalSeconds).toBe(1 / 100);
  });

  it('a body added between steps starts with previous = current (no streak from an empty slot)', () => {
    const world = fallingWorld(1);
    const snapshots = new BodySnapshots();
    snapshots.captureFresh(world.bodies);
    world.step(1 / 100);
    snapshots.capture(world.bodies, 1 / 100);
    const added = new Body({ mass: 1, shape: new Sphere(0.5), position: new Vec3(5, 9, 5) });
    world.addBody(added);
    world.step(1 / 100);
    snapshots.capture(world.bodies, 1 / 100);
    expect(snapshots.count).toBe(3);
    expect(slot(snapshots.previous, 2)).toEqual(slot(snapshots.current, 2));
    expect(slot(snapshots.current, 2)).toEqual(poseOf(added));
  });

  it("a removal that shifts bodies down a slot draws each from its own pose, not its neighbour's", () => {
    const world = fallingWorld(3);
    const snapshots = new BodySnapshots();
    snapshots.captureFresh(world.bodies);
    world.step(1 / 100);
    snapshots.capture(world.bodies, 1 / 100);
    world.removeBody(world.bodies[1]);
    world.step(1 / 100);
    snapshots.capture(world.bodies, 1 / 100);
    expect(snapshots.count).toBe(3);
    // Slots 1 and 2 now hold other bodies than before: both start afresh where they are.
    for (const i of [1, 2]) {
      expect(slot(snapshots.previous, i)).toEqual(slot(snapshots.current, i));
      expect(slot(snapshots.current, i)).toEqual(poseOf(world.bodies[i]));
    }
    // Slot 0 (the ground) kept its body, and keeps its history.
    expect(snapshots.previousAsleep[0]).toBe(snapshots.asleep[0]);
  });

  it('resetBody draws a teleported body where it now is, and touches no other slot', () => {
    const world = fallingWorld(2);
    const snapshots = new BodySnapshots();
    snapshots.captureFresh(world.bodies);
    world.step(1 / 100);
    snapshots.capture(world.bodies, 1 / 100);
    const other = slot(snapshots.previous, 1);
    world.bodies[2].position.set(-20, 30, 4);
    snapshots.resetBody(world.bodies, 2);
    expect(slot(snapshots.previous, 2)).toEqual(poseOf(world.bodies[2]));
    expect(slot(snapshots.current, 2)).toEqual(poseOf(world.bodies[2]));
    expect(slot(snapshots.previous, 1)).toEqual(other);
    expect(() => snapshots.resetBody(world.bodies, 3)).toThrow(
      /index 3 is not a body index \(0 to 2\)/,
    );
    expect(() => snapshots.resetBody(world.bodies, 0.5)).toThrow(/index 0.5/);
  });

  it('a body asleep at both snapshots is flagged asleep at both, and is not copied again', () => {
    const world = fallingWorld(1);
    const body = world.bodies[1];
    const snapshots = new BodySnapshots();
    snapshots.captureFresh(world.bodies);
    body.sleep();
    for (let step = 0; step < 3; step++) {
      world.step(1 / 100);
      snapshots.capture(world.bodies, 1 / 100);
    }
    expect(snapshots.asleep[1]).toBe(1);
    expect(snapshots.previousAsleep[1]).toBe(1);
    // Moved without waking it (which cannon-es never does itself): the capture skips the copy,
    // which is what shows it skips; waking it brings the copy back.
    body.position.set(40, 40, 40);
    world.step(1 / 100);
    snapshots.capture(world.bodies, 1 / 100);
    expect(snapshots.current.position[3]).not.toBe(40);
    body.wakeUp();
    world.step(1 / 100);
    snapshots.capture(world.bodies, 1 / 100);
    expect(snapshots.asleep[1]).toBe(0);
    expect(slot(snapshots.current, 1)).toEqual(poseOf(body));
  });

  it('grows past its capacity, keeping what it held', () => {
    const world = fallingWorld(1);
    const snapshots = new BodySnapshots(1);
    snapshots.captureFresh(world.bodies);
    world.step(1 / 100);
    snapshots.capture(world.bodies, 1 / 100);
    const held = slot(snapshots.current, 1);
    for (let i = 0; i < 40; i++) world.addBody(new Body({ mass: 1, shape: new Sphere(0.2) }));
    world.step(1 / 100);
    snapshots.capture(world.bodies, 1 / 100);
    expect(snapshots.count).toBe(42);
    expect(slot(snapshots.previous, 1)).toEqual(held);
    expect(slot(snapshots.current, 41)).toEqual(poseOf(world.bodies[41]));
  });
});
