// A jump made inside a step hook, on real cannon-es and Rapier worlds: with `teleport()` in either
// hook, at any step of a frame, the body is drawn at its new place with no halfway frame and the
// restart is counted; without it the jump is motion, drawn halfway; small moves stay interpolated.

import RAPIER from '@dimforge/rapier3d-compat';
import * as CANNON from 'cannon-es';
import * as THREE from 'three';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedStep } from '../../../packages/fixed-step/src/index';
import type { FixedStep } from '../../../packages/fixed-step/src/index';
import { fixedStep as rapierFixedStep } from '../../../packages/fixed-step/src/rapier';

beforeAll(async () => {
  await RAPIER.init();
});

/** One engine's world with a ball falling freely from (0, 50, 0), bound to an Object3D. */
interface Scene {
  physics: FixedStep<unknown, unknown>;
  drawn: THREE.Object3D;
  /** The ball's x now. */
  x(): number;
  /** Sets the ball's x (and keeps the rest of its pose). */
  setX(x: number): void;
  ball: unknown;
}

function cannonScene(): Scene {
  const world = new CANNON.World({ gravity: new CANNON.Vec3(0, -9.82, 0) });
  const ball = new CANNON.Body({ mass: 1, shape: new CANNON.Sphere(0.5) });
  ball.position.set(0, 50, 0);
  world.addBody(ball);
  const physics = fixedStep(world, { hz: 100, document: null });
  const drawn = new THREE.Object3D();
  physics.bind(ball, drawn);
  return {
    physics: physics as unknown as FixedStep<unknown, unknown>,
    drawn,
    ball,
    x: () => ball.position.x,
    setX: (x) => ball.position.set(x, ball.position.y, ball.position.z),
  };
}

function rapierScene(): Scene {
  const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
  const ball = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(0, 50, 0));
  world.createCollider(RAPIER.ColliderDesc.ball(0.5), ball);
  const physics = rapierFixedStep(world, { hz: 100, document: null });
  const drawn = new THREE.Object3D();
  physics.bind(ball, drawn);
  return {
    physics: physics as unknown as FixedStep<unknown, unknown>,
    drawn,
    ball,
    x: () => ball.translation().x,
    setX: (x) => {
      const p = ball.translation();
      ball.setTranslation({ x, y: p.y, z: p.z }, true);
    },
  };
}

const SCENES = { 'cannon-es': cannonScene, Rapier: rapierScene };
const HOOKS = ['beforeStep', 'afterStep'] as const;

/**
 * Frames of 10 ms (one step each), then one of 35 ms: three steps and half a step left over, so
 * it is drawn halfway between its last two snapshots. At step `at` of that frame, in `hook`, the
 * ball jumps 100 m along x (and `teleport` says so, or not). Returns the x drawn at that frame
 * and at the two frames after (5 ms each: the first takes no step), and the restarts counted.
 */
function jumpInHook(
  scene: Scene,
  hook: (typeof HOOKS)[number],
  at: number,
  teleport: boolean,
): { drawn: number[]; restarts: number; jumped: number } {
  const { physics } = scene;
  let t = 0;
  for (let k = 0; k < 5; k++) physics.frame((t += 10));
  const first = physics.stats.steps;
  let jumped = Number.NaN;
  const off = physics.on(hook, (step) => {
    if (step.step !== first + at) return;
    scene.setX(scene.x() + 100);
    jumped = scene.x();
    if (teleport) physics.teleport(scene.ball);
  });
  const restartsBefore = physics.stats.restarts;
  const drawn: number[] = [];
  physics.frame((t += 35));
  expect(physics.lastFrame.steps).toBe(3);
  expect(physics.lastFrame.alpha).toBeCloseTo(0.5, 6);
  drawn.push(scene.drawn.position.x);
  physics.frame((t += 5));
  drawn.push(scene.drawn.position.x);
  physics.frame((t += 5));
  drawn.push(scene.drawn.position.x);
  off();
  return { drawn, restarts: physics.stats.restarts - restartsBefore, jumped };
}

describe.each(Object.entries(SCENES))('a jump made in a step hook (%s)', (_, makeScene) => {
  for (const hook of HOOKS) {
    for (let at = 0; at < 3; at++) {
      it(`teleport() in ${hook} at step ${at + 1} of 3: drawn at its new place, counted once`, () => {
        const { drawn, restarts, jumped } = jumpInHook(makeScene(), hook, at, true);
        expect(jumped).toBe(100);
        // A free-falling ball moves only along y: every frame from the jump on is at x = 100.
        expect(drawn).toEqual([100, 100, 100]);
        expect(restarts).toBe(1);
      });
    }
  }

  it('without teleport() the jump is motion: the last step of a frame draws it halfway', () => {
    const { drawn, restarts } = jumpInHook(makeScene(), 'beforeStep', 2, false);
    expect(drawn[0]).toBeCloseTo(50, 6);
    expect(restarts).toBe(0);
  });

  it('small moves made in a step hook stay interpolated, never restarted', () => {
    const scene = makeScene();
    const { physics } = scene;
    physics.on('beforeStep', () => scene.setX(scene.x() + 0.05));
    let t = 0;
    let blended = 0;
    for (let k = 0; k < 60; k++) {
      physics.frame((t += 1000 / 144));
      const pair = physics.snapshots;
      const slot = physics.slot(scene.ball);
      const previous = pair.previous.position[3 * slot];
      const current = pair.current.position[3 * slot];
      const alpha = physics.lastFrame.alpha;
      expect(scene.drawn.position.x).toBeCloseTo(previous + (current - previous) * alpha, 12);
      if (alpha > 0.1 && current - previous > 0.04) blended++;
    }
    expect(blended).toBeGreaterThan(20);
    expect(physics.stats.restarts).toBe(0);
  });
});

describe('a body removed in a step hook (cannon-es)', () => {
  it('world.removeBody in beforeStep or afterStep unbinds it at once; the others keep drawing', () => {
    for (const hook of HOOKS) {
      const world = new CANNON.World({ gravity: new CANNON.Vec3(0, -9.82, 0) });
      const bodies = [0, 1, 2].map((k) => {
        const body = new CANNON.Body({ mass: 1, shape: new CANNON.Sphere(0.5) });
        body.position.set(2 * k, 50, 0);
        world.addBody(body);
        return body;
      });
      const mesh = new THREE.InstancedMesh(new THREE.SphereGeometry(), undefined, 3);
      const physics = fixedStep(world, { hz: 100, document: null });
      physics.bindInstances(bodies, mesh);
      physics.on(hook, (step) => {
        if (step.step === 7) world.removeBody(bodies[1]);
      });
      let t = 0;
      for (let k = 0; k < 12; k++) physics.frame((t += 10));
      expect(physics.stats.steps).toBe(11);
      expect(physics.slot(bodies[1])).toBe(-1);
      // Its instance hidden (a zero matrix); the others drawn where their bodies fell to.
      expect(Array.from(mesh.instanceMatrix.array.slice(16, 31))).toEqual(new Array(15).fill(0));
      for (const k of [0, 2]) {
        expect(mesh.instanceMatrix.array[16 * k + 12]).toBe(2 * k);
        expect(mesh.instanceMatrix.array[16 * k + 13]).toBeLessThan(50);
      }
    }
  });
});
