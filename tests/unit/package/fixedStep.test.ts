// The package's front door on real cannon-es worlds and three.js objects: forces at the step give
// the same trajectory bit for bit at any frame rate, bindings follow bodies, moved bodies never
// streak, and pause, hidden tabs, a late start and dispose behave as the README says.

import * as CANNON from 'cannon-es';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { fixedStep, FixedStepLoop } from '../../../packages/fixed-step/src/index';
import type { FixedStepOptions } from '../../../packages/fixed-step/src/index';

function world(): CANNON.World {
  const w = new CANNON.World({ gravity: new CANNON.Vec3(0, -9.82, 0) });
  const ground = new CANNON.Body({ mass: 0, shape: new CANNON.Plane() });
  ground.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
  w.addBody(ground);
  return w;
}

function ball(w: CANNON.World, x = 0, y = 2): CANNON.Body {
  const body = new CANNON.Body({ mass: 1, shape: new CANNON.Sphere(0.5) });
  body.position.set(x, y, 0);
  w.addBody(body);
  return body;
}

function box(w: CANNON.World, x: number, y: number): CANNON.Body {
  const body = new CANNON.Body({ mass: 1, shape: new CANNON.Box(new CANNON.Vec3(0.5, 0.5, 0.5)) });
  body.position.set(x, y, 0);
  w.addBody(body);
  return body;
}

/** How many listeners a cannon-es world holds, by event type (its private list, read by copy). */
function listenerCounts(w: CANNON.World): Record<string, number> {
  const lists = (w as unknown as { _listeners?: Record<string, unknown[]> })._listeners ?? {};
  const counts: Record<string, number> = {};
  for (const [type, list] of Object.entries(lists)) if (list.length > 0) counts[type] = list.length;
  return counts;
}

/** Frames `count` animation frames at `fps`, the first at `startMs`. */
function frames(
  physics: { frame(ms: number): void },
  fps: number,
  count: number,
  startMs = 0,
): number {
  let t = startMs;
  for (let k = 0; k < count; k++) {
    t = startMs + (1000 * k) / fps;
    physics.frame(t);
  }
  return t;
}

/** The pose after each of a ball's first 150 steps, pushed by a force that changes every step. */
function trajectory(fps: number, atTheStep: boolean): number[] {
  const w = world();
  const b = ball(w);
  const seen: number[] = [];
  const push = (step: number): void => {
    b.applyForce(new CANNON.Vec3(20 * Math.sin(step / 7), 15, 0));
  };
  const options: FixedStepOptions = { hz: 100, document: null };
  if (atTheStep) options.beforeStep = (s) => push(s.step);
  options.afterStep = () => seen.push(b.position.x, b.position.y, b.quaternion.z);
  const physics = fixedStep(w, options);
  physics.bind(b, new THREE.Object3D());
  for (let k = 0; seen.length < 3 * 150; k++) {
    if (!atTheStep) push(physics.stats.steps);
    physics.frame((1000 * k) / fps);
  }
  return seen.slice(0, 3 * 150);
}

describe('fixedStep: forces at the step', () => {
  it('a force applied in beforeStep gives the same trajectory, bit for bit, at 30, 60 and 144 Hz frames', () => {
    const at60 = trajectory(60, true);
    expect(trajectory(30, true)).toEqual(at60);
    expect(trajectory(144, true)).toEqual(at60);
  });

  it('the same force applied once a frame (cannon-es clears it after a step) depends on the frame rate', () => {
    expect(trajectory(30, false)).not.toEqual(trajectory(144, false));
  });

  it('runs beforeStep and afterStep once per step, with the step index and simulated time', () => {
    const w = world();
    const calls: string[] = [];
    const physics = fixedStep(w, {
      hz: 100,
      document: null,
      beforeStep: (s) => calls.push(`b${s.step}@${s.simTime.toFixed(2)}`),
    });
    const off = physics.on('afterStep', (s) => calls.push(`a${s.step}@${s.simTime.toFixed(2)}`));
    frames(physics, 50, 2); // 0 s, then 20 ms: two steps
    off();
    frames(physics, 50, 1, 40);
    expect(calls).toEqual(['b0@0.00', 'a0@0.01', 'b1@0.01', 'a1@0.02', 'b2@0.02', 'b3@0.03']);
    expect(physics.stats.steps).toBe(4);
  });
});

describe('fixedStep: bound by body', () => {
  it('follows removals and additions of world.bodies with no call; removing a body unbinds it', () => {
    const w = world();
    const boxes = [0, 1, 2, 3].map((k) => box(w, 2 * k, 0.5));
    const sphere = ball(w, -3, 0.5);
    const mesh = new THREE.InstancedMesh(new THREE.BoxGeometry(), new THREE.MeshBasicMaterial(), 8);
    const sphereMesh = new THREE.Mesh();
    const physics = fixedStep(w, { hz: 100, mode: 'none', document: null });
    physics.bindInstances(boxes, mesh).bind(sphere, sphereMesh);
    expect(mesh.count).toBe(4);
    w.removeBody(boxes[1]);
    ball(w, 10, 3); // a body added ahead of nothing bound: every index after the removal moved
    w.bodies.unshift(w.bodies.pop() as CANNON.Body); // and reordered
    frames(physics, 60, 30);
    expect(physics.slot(boxes[1])).toBe(-1);
    expect(physics.unbind(boxes[1])).toBe(false);
    const matrices = mesh.instanceMatrix.array;
    // Instance 1 is hidden; instances 0, 2, 3 show their own boxes where they are.
    expect(Array.from(matrices.subarray(16, 31))).toEqual(new Array(15).fill(0));
    for (const k of [0, 2, 3]) {
      const p = boxes[k].position;
      const at = Array.from(matrices.subarray(16 * k + 12, 16 * k + 15));
      expect(at).toEqual([Math.fround(p.x), Math.fround(p.y), Math.fround(p.z)]);
    }
    expect(sphereMesh.position.toArray()).toEqual([
      sphere.position.x,
      sphere.position.y,
      sphere.position.z,
    ]);
  });

  it('a mesh whose bodies were all unbound binds again from instance 0 (a remounted component)', () => {
    const w = world();
    const boxes = [box(w, 0, 0.5), box(w, 2, 0.5)];
    const mesh = new THREE.InstancedMesh(new THREE.BoxGeometry(), undefined, 2);
    const physics = fixedStep(w, { hz: 100, mode: 'none', document: null });
    physics.bindInstances(boxes, mesh);
    boxes.forEach((b) => physics.unbind(b));
    physics.bindInstances([boxes[1], boxes[0]], mesh);
    frames(physics, 60, 3);
    expect(mesh.instanceMatrix.array[12]).toBeCloseTo(2, 3); // instance 0 is box 1 now
    expect(mesh.instanceMatrix.array[16 + 12]).toBeCloseTo(0, 3);
    physics.unbind(boxes[1]); // one of two: the other keeps its instance, none is reused
    expect(() => physics.bindInstances([boxes[1]], mesh)).toThrow(/do not fit/);
  });

  it('draws each body in its own mode: none at the current step, the rest between steps', () => {
    const w = world();
    const a = ball(w, 0, 5);
    const b = ball(w, 3, 5);
    const [ma, mb] = [new THREE.Object3D(), new THREE.Object3D()];
    const physics = fixedStep(w, { hz: 100, document: null });
    physics.bind(a, ma).bind(b, mb, { mode: 'none' });
    frames(physics, 144, 40);
    expect(physics.lastFrame.alpha).toBeGreaterThan(0.05);
    expect(mb.position.y).toBe(b.position.y);
    expect(ma.position.y).toBeGreaterThan(a.position.y); // falling: drawn a little behind
    physics.setMode(a, 'extrapolate');
    physics.frame(40 * (1000 / 144));
    expect(ma.position.y).toBeLessThan(a.position.y); // falling: drawn a little ahead
    physics.mode = 'none';
    physics.setMode(a, undefined);
    physics.frame(41 * (1000 / 144));
    expect(ma.position.y).toBe(a.position.y);
  });
});

describe('fixedStep: moved bodies never streak', () => {
  it('a body set to a new pose between steps is drawn from it, never between the old and new pose', () => {
    const w = world();
    const b = ball(w, 0, 5);
    const object = new THREE.Object3D();
    const physics = fixedStep(w, { hz: 60, document: null });
    physics.bind(b, object);
    let t = frames(physics, 50, 20); // 60 Hz steps, 50 Hz frames: alpha varies
    b.position.set(100, 5, 0);
    const drawn: number[] = [];
    for (let k = 1; k <= 20; k++) {
      physics.frame(t + 20 * k);
      drawn.push(object.position.x);
    }
    expect(drawn.every((x) => x === 100)).toBe(true);
    expect(physics.stats.restarts).toBe(1);
    t += 400;
    // Orientation too, and while paused: drawn at the new pose at the next frame.
    physics.paused = true;
    b.quaternion.setFromEuler(0, 1, 0);
    physics.frame(t + 20);
    expect(object.quaternion.y).toBeCloseTo(b.quaternion.y, 15);
  });

  it('at 144 Hz frames and 100 Hz steps, frames between the move and the next step draw the old place, none in between', () => {
    const w = world();
    const b = ball(w, 0, 5);
    const object = new THREE.Object3D();
    const physics = fixedStep(w, { hz: 100, document: null });
    physics.bind(b, object);
    for (let trial = 0; trial < 12; trial++) {
      const t = frames(physics, 144, 7, 1000 * trial);
      const from = b.position.x;
      b.position.x = from + 100;
      const drawn: number[] = [];
      for (let k = 1; k <= 6; k++) {
        physics.frame(t + (1000 / 144) * k);
        drawn.push(object.position.x);
      }
      const between = drawn.filter((x) => x > from + 1e-9 && x < from + 100);
      expect(between, `trial ${trial}: ${drawn.join(', ')}`).toEqual([]);
      expect(drawn[drawn.length - 1]).toBe(from + 100);
      b.position.x = 0;
      physics.teleport(b);
    }
  });

  it('a sleeping body moved by hand is drawn where it was put', () => {
    const w = world();
    w.allowSleep = true;
    const b = ball(w, 0, 0.5);
    b.sleepSpeedLimit = 1;
    const mesh = new THREE.InstancedMesh(
      new THREE.SphereGeometry(),
      new THREE.MeshBasicMaterial(),
      1,
    );
    const physics = fixedStep(w, { hz: 100, document: null });
    physics.bindInstances([b], mesh);
    let t = frames(physics, 60, 180);
    expect(b.sleepState).toBe(CANNON.Body.SLEEPING);
    b.position.set(0, 0.5, 7);
    for (let k = 1; k < 5; k++) physics.frame((t += 1000 / 60));
    expect(mesh.instanceMatrix.array[14]).toBe(7);
  });
});

describe('fixedStep: the life of a page', () => {
  it('a start after a long load and a resume after a pause step no catch-up', () => {
    const w = world();
    const physics = fixedStep(w, { hz: 100, document: null });
    physics.frame(50_000);
    expect(physics.lastFrame.steps).toBe(0);
    let t = frames(physics, 60, 60, 50_000);
    const steps = physics.stats.steps;
    physics.paused = true;
    t = frames(physics, 60, 60, t + 16);
    expect(physics.stats.steps).toBe(steps);
    t += 10_000; // no frames while paused for ten seconds
    physics.paused = false;
    physics.frame(t);
    expect(physics.lastFrame.steps).toBe(0);
    physics.frame(t + 20);
    expect(physics.lastFrame.steps).toBe(2);
  });

  it('a hitch (a long frame, tab visible) is clamped to 0.25 s and capped at a tenth of a second of steps', () => {
    const physics = fixedStep(world(), { hz: 100, document: null });
    const t = frames(physics, 60, 30);
    physics.frame(t + 1000);
    expect(physics.lastFrame.steps).toBe(10);
    expect(physics.lastFrame.clampedSeconds).toBeCloseTo(0.75, 9);
    expect(physics.lastFrame.droppedSeconds).toBeCloseTo(0.15, 9);
    expect(physics.stats.clampedSeconds).toBeCloseTo(0.75, 9);
  });

  it('a tab shown again steps no burst, whatever the clamp', () => {
    const page = new EventTarget();
    const w = world();
    const physics = fixedStep(w, {
      hz: 100,
      maxFrameSeconds: 5,
      maxStepsPerFrame: 1000,
      document: page,
    });
    const t = frames(physics, 60, 30);
    page.dispatchEvent(new Event('visibilitychange')); // hidden: no frames for a minute
    page.dispatchEvent(new Event('visibilitychange')); // shown
    physics.frame(t + 60_000);
    expect(physics.lastFrame.steps).toBe(0);
    expect(physics.lastFrame.clampedSeconds).toBe(0);
  });

  it('dispose() leaves no listener on the world or the page, and frames do nothing after', () => {
    const w = world();
    const before = listenerCounts(w);
    const added = new Set<unknown>();
    const page = {
      addEventListener: (_: string, l: () => void) => added.add(l),
      removeEventListener: (_: string, l: () => void) => added.delete(l),
    };
    let hooked = 0;
    const physics = fixedStep(w, { hz: 100, document: page, beforeStep: () => hooked++ });
    const object = new THREE.Object3D();
    const b = ball(w);
    physics.bind(b, object);
    expect(added.size).toBe(1);
    frames(physics, 60, 10);
    physics.dispose();
    expect(listenerCounts(w)).toEqual(before);
    expect(added.size).toBe(0);
    const calls = hooked;
    frames(physics, 60, 10, 1000);
    expect(hooked).toBe(calls);
    expect(physics.slot(b)).toBe(-1);
  });

  it('refuses a body that is not in the world, and a rate that is not one', () => {
    const w = world();
    const physics = fixedStep(w, { document: null });
    const stray = new CANNON.Body({ mass: 1, shape: new CANNON.Sphere(1) });
    expect(() => physics.bind(stray, new THREE.Object3D())).toThrow(/not in this world/);
    const twice = ball(w);
    const mesh = new THREE.InstancedMesh(new THREE.BoxGeometry(), undefined, 2);
    expect(() => physics.bindInstances([twice, twice], mesh)).toThrow(/listed twice/);
    expect(() => physics.bindInstances([twice, ball(w), ball(w)], mesh)).toThrow(/do not fit/);
    expect(() => fixedStep(w, { hz: 0 })).toThrow(/hz is 0/);
    expect(physics.dt).toBeCloseTo(1 / 60, 15);
    expect(physics.loop.maxFrameSeconds).toBe(0.25);
  });
});

describe('FixedStepLoop with default limits', () => {
  it('new FixedStepLoop(dt) takes the 0.25 s clamp, a tenth of a second of steps and real time', () => {
    const at100 = new FixedStepLoop(1 / 100);
    expect([at100.maxFrameSeconds, at100.maxStepsPerFrame, at100.timeScale]).toEqual([0.25, 10, 1]);
    expect(new FixedStepLoop(1 / 144).maxStepsPerFrame).toBe(15);
    expect(new FixedStepLoop(1 / 30).maxStepsPerFrame).toBe(3);
    expect(new FixedStepLoop().dt).toBe(1 / 60);
    const slow = new FixedStepLoop(1 / 100, { timeScale: 0.5 });
    expect([slow.maxFrameSeconds, slow.maxStepsPerFrame, slow.timeScale]).toEqual([0.25, 10, 0.5]);
    expect(() => new FixedStepLoop(0)).toThrow(/must be a number above 0/);
  });
});
