// fixed-step/rapier on real Rapier worlds (@dimforge/rapier3d-compat) and three.js objects: bodies
// drawn between their snapshots, forces at the step frame-rate independent bit for bit, removals,
// teleports and sleeping bodies, and the errors a wrong world or engine gets.

import RAPIER from '@dimforge/rapier3d-compat';
import type { RigidBody, World } from '@dimforge/rapier3d-compat';
import * as THREE from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { FixedStep, fixedStep as cannonFixedStep } from '../../../packages/fixed-step/src/index';
import type { FixedStepEngine } from '../../../packages/fixed-step/src/index';
import { fixedStep, rapierEngine } from '../../../packages/fixed-step/src/rapier';

beforeAll(async () => {
  await RAPIER.init();
});

function world(): World {
  const w = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
  w.createCollider(RAPIER.ColliderDesc.cuboid(50, 0.1, 50).setTranslation(0, -0.1, 0));
  return w;
}

function ball(w: World, x = 0, y = 2): RigidBody {
  const body = w.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(x, y, 0));
  w.createCollider(RAPIER.ColliderDesc.ball(0.5), body);
  return body;
}

/** A box thrown up and spinning: it moves and rotates every step. */
function spinner(w: World): RigidBody {
  const body = w.createRigidBody(
    RAPIER.RigidBodyDesc.dynamic()
      .setTranslation(0, 3, 0)
      .setLinvel(2, 4, 0)
      .setAngvel({ x: 1, y: 5, z: 2 }),
  );
  w.createCollider(RAPIER.ColliderDesc.cuboid(0.3, 0.3, 0.3), body);
  return body;
}

function frames(physics: { frame(ms: number): void }, fps: number, count: number, startMs = 0) {
  let t = startMs;
  for (let k = 0; k < count; k++) {
    t = startMs + (1000 * k) / fps;
    physics.frame(t);
  }
  return t;
}

const poseOf = (b: RigidBody): number[] => {
  const p = b.translation();
  const q = b.rotation();
  return [p.x, p.y, p.z, q.x, q.y, q.z, q.w];
};

/** The pose after each of a ball's first 150 steps, pushed by a force that changes every step. */
function trajectory(fps: number, atTheStep: boolean): number[] {
  const w = world();
  const b = ball(w);
  const seen: number[] = [];
  const push = (step: number): void => {
    // Rapier keeps a force until reset: this is "this step's force", set anew each time.
    b.resetForces(true);
    b.addForce({ x: 20 * Math.sin(step / 7), y: 15, z: 0 }, true);
  };
  const physics = fixedStep(w, {
    hz: 100,
    document: null,
    beforeStep: atTheStep ? (s) => push(s.step) : undefined,
    afterStep: () => seen.push(...poseOf(b)),
  });
  physics.bind(b, new THREE.Object3D());
  for (let k = 0; seen.length < 7 * 150; k++) {
    if (!atTheStep) push(k);
    physics.frame((1000 * k) / fps);
  }
  return seen.slice(0, 7 * 150);
}

describe('fixed-step/rapier: stepping', () => {
  it('a force set in beforeStep gives the same trajectory, bit for bit, at 30, 60 and 144 Hz frames', () => {
    const at60 = trajectory(60, true);
    expect(trajectory(30, true)).toEqual(at60);
    expect(trajectory(144, true)).toEqual(at60);
    // Set once a frame instead, the same force acts for as many steps as the frame holds.
    expect(trajectory(30, false)).not.toEqual(trajectory(144, false));
  });

  it('steps world.step() at the fixed rate: 60 frames of 1/60 s at 100 Hz are 100 steps of 0.01 s', () => {
    const w = world();
    w.timestep = 1 / 30;
    const b = ball(w, 0, 100);
    let hooks = 0;
    const physics = fixedStep(w, { hz: 100, document: null, afterStep: () => hooks++ });
    physics.bind(b, new THREE.Object3D());
    frames(physics, 60, 61);
    expect(physics.stats.steps).toBe(100);
    expect(hooks).toBe(100);
    expect(w.timestep).toBe(Math.fround(0.01)); // Rapier keeps f32
    // Free fall under semi-implicit Euler: v = g·n·dt after n steps.
    expect(b.linvel().y).toBeCloseTo(-9.81 * 100 * 0.01, 4);
  });
});

describe('fixed-step/rapier: drawing', () => {
  it('draws a body that moves and rotates at lerp/slerp of its two snapshots at alpha', () => {
    const w = world();
    const b = spinner(w);
    const object = new THREE.Object3D();
    const after: number[][] = [];
    const physics = fixedStep(w, {
      hz: 60,
      document: null,
      afterStep: () => after.push(poseOf(b)),
    });
    physics.bind(b, object);
    let checked = 0;
    for (let k = 0; k < 40; k++) {
      physics.frame((1000 * k) / 144);
      const alpha = physics.lastFrame.alpha;
      if (after.length < 2 || alpha < 0.1) continue;
      const [prev, cur] = [after[after.length - 2], after[after.length - 1]];
      const p = new THREE.Vector3(...prev.slice(0, 3)).lerp(
        new THREE.Vector3(...cur.slice(0, 3)),
        alpha,
      );
      const q = new THREE.Quaternion(...prev.slice(3)).slerp(
        new THREE.Quaternion(...cur.slice(3)),
        alpha,
      );
      expect(object.position.distanceTo(p)).toBeLessThan(1e-6);
      expect(object.quaternion.angleTo(q)).toBeLessThan(1e-3);
      // Between, not at either end: the body moved and turned in that step.
      expect(object.position.distanceTo(new THREE.Vector3(...cur.slice(0, 3)))).toBeGreaterThan(
        1e-3,
      );
      expect(object.quaternion.angleTo(new THREE.Quaternion(...cur.slice(3)))).toBeGreaterThan(
        1e-3,
      );
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('a body removed mid-run (between frames or in a step hook) is unbound; the others keep theirs', () => {
    const w = world();
    const bodies = [0, 1, 2, 3].map((k) => ball(w, 2 * k, 3));
    const mesh = new THREE.InstancedMesh(new THREE.SphereGeometry(), undefined, 4);
    const last = new THREE.Object3D();
    const physics = fixedStep(w, { hz: 100, mode: 'none', document: null });
    physics.bindInstances(bodies.slice(0, 3), mesh).bind(bodies[3], last);
    let t = frames(physics, 60, 10);
    w.removeRigidBody(bodies[1]);
    t = frames(physics, 60, 10, t + 1000 / 60);
    expect(physics.slot(bodies[1])).toBe(-1);
    // Removed inside beforeStep: the step's capture must not read it (a removed handle).
    const off = physics.on('beforeStep', () => {
      if (physics.slot(bodies[0]) >= 0) w.removeRigidBody(bodies[0]);
    });
    frames(physics, 60, 10, t + 1000 / 60);
    off();
    expect(physics.slot(bodies[0])).toBe(-1);
    const matrices = mesh.instanceMatrix.array;
    for (const k of [0, 1])
      expect(Array.from(matrices.subarray(16 * k, 16 * k + 15))).toEqual(new Array(15).fill(0));
    const p = bodies[2].translation();
    expect(Array.from(matrices.subarray(32 + 12, 32 + 15))).toEqual(
      [p.x, p.y, p.z].map(Math.fround),
    );
    expect(last.position.toArray()).toEqual(poseOf(bodies[3]).slice(0, 3));
  });

  it('a body moved with setTranslation between steps is drawn from its new place, never between', () => {
    const w = world();
    const b = ball(w, 0, 0.5);
    const object = new THREE.Object3D();
    const physics = fixedStep(w, { hz: 100, document: null });
    physics.bind(b, object);
    for (let trial = 0; trial < 10; trial++) {
      const t = frames(physics, 144, 7, 1000 * trial);
      const from = object.position.x;
      b.setTranslation({ x: b.translation().x + 40, y: 0.5, z: 0 }, true);
      const drawn: number[] = [];
      for (let k = 1; k <= 6; k++) {
        physics.frame(t + (1000 / 144) * k);
        drawn.push(object.position.x);
      }
      const between = drawn.filter((x) => x > from + 1 && x < from + 39);
      expect(between, `trial ${trial}: ${drawn.join(', ')}`).toEqual([]);
      expect(drawn[drawn.length - 1]).toBeGreaterThan(from + 39);
    }
    expect(physics.stats.restarts).toBe(10);
  });
});

describe('fixed-step/rapier: sleeping bodies', () => {
  it('a sleeping body is neither read nor redrawn; woken and moved, it is drawn anew', () => {
    const w = world();
    const bodies = [0, 1, 2].map((k) => ball(w, 2 * k, 0.5));
    const mesh = new THREE.InstancedMesh(new THREE.SphereGeometry(), undefined, 3);
    const reads = new Map<RigidBody, number>();
    const counting: FixedStepEngine<World, RigidBody> = {
      ...rapierEngine,
      read(body, out, i) {
        reads.set(body, (reads.get(body) ?? 0) + 1);
        rapierEngine.read(body, out, i);
      },
    };
    const physics = new FixedStep(w, { hz: 100, document: null }, counting);
    physics.bindInstances(bodies, mesh);
    let t = frames(physics, 60, 240); // four seconds: resting balls fall asleep
    expect(bodies.every((b) => b.isSleeping())).toBe(true);
    reads.clear();
    const version = mesh.instanceMatrix.version;
    t = frames(physics, 60, 60, t + 1000 / 60);
    expect(physics.stats.steps).toBeGreaterThan(450);
    // Asleep: one read a frame each, to notice a move by hand; none at the steps; no upload.
    expect(Math.max(...reads.values())).toBeLessThanOrEqual(60);
    expect(mesh.instanceMatrix.version).toBe(version);
    bodies[2].setTranslation({ x: 4, y: 0.5, z: 6 }, false);
    frames(physics, 60, 3, t + 1000 / 60);
    expect(mesh.instanceMatrix.array[32 + 14]).toBe(6);
    expect(mesh.instanceMatrix.version).toBeGreaterThan(version);
  });
});

describe('fixed-step/rapier: wrong input', () => {
  it('names the right entry when a world of the other engine is handed over', () => {
    const rapierWorld = world();
    expect(() => cannonFixedStep(rapierWorld as never)).toThrow(/fixed-step\/rapier/);
    expect(() => fixedStep({ step() {} } as never)).toThrow(/not a Rapier World/);
    expect(() => new FixedStep(rapierWorld, {}, { step() {} } as never)).toThrow(/no contains\(\)/);
    const other = world();
    const stray = ball(other);
    const physics = fixedStep(rapierWorld, { document: null });
    expect(() => physics.bind(stray, new THREE.Object3D())).toThrow(/not in this world/);
  });
});
