// A page for the R3F consumer test (built in the fresh project, its import of the package swapped
// for 'fixed-step/r3f'): mounts cannon-es scenes under fixed-step/r3f in any frameloop and hands
// the test their world, bodies, meshes and front door.

import RAPIER from '@dimforge/rapier3d-compat';
import type { RigidBody, World } from '@dimforge/rapier3d-compat';
import { advance, Canvas, invalidate } from '@react-three/fiber';
import type { RootState } from '@react-three/fiber';
import * as CANNON from 'cannon-es';
import { createElement as h, StrictMode, useLayoutEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import type { InstancedMesh, Mesh } from 'three';
import {
  FixedStepProvider,
  useAfterStep,
  useBeforeStep,
  useBody,
  useFixedStep,
  useInstances,
} from '../../packages/fixed-step/src/r3f';
import type { FixedStep } from '../../packages/fixed-step/src/r3f';
import { rapierEngine } from '../../packages/fixed-step/src/rapier';

/** One mounted scene: its world and bodies, and once mounted its front door and meshes. */
export interface ProbeScene {
  world: CANNON.World;
  boxes: CANNON.Body[];
  ball: CANNON.Body;
  spinner: CANNON.Body;
  /** Per step: ball x, y, quaternion z (pushed by a force in beforeStep when asked). */
  trajectory: number[];
  physics?: FixedStep<CANNON.World, CANNON.Body>;
  boxMesh?: InstancedMesh;
  ballMesh?: Mesh;
  spinnerMesh?: Mesh;
  root: Root;
  state?: RootState;
}

/** Boxes resting on the ground, a ball, and a box thrown up spinning (it moves and turns). */
function makeWorld(sleep: boolean): Omit<ProbeScene, 'root' | 'trajectory'> {
  const world = new CANNON.World({ gravity: new CANNON.Vec3(0, -9.82, 0) });
  world.allowSleep = sleep;
  const ground = new CANNON.Body({ mass: 0, shape: new CANNON.Plane() });
  ground.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
  world.addBody(ground);
  const add = (body: CANNON.Body, x: number, y: number): CANNON.Body => {
    body.position.set(x, y, 0);
    body.sleepSpeedLimit = 0.5;
    body.sleepTimeLimit = 0.2;
    world.addBody(body);
    return body;
  };
  const boxShape = new CANNON.Box(new CANNON.Vec3(0.25, 0.25, 0.25));
  const boxes = [0, 1, 2, 3].map((k) =>
    add(new CANNON.Body({ mass: 1, shape: boxShape }), k, 0.25),
  );
  const ball = add(new CANNON.Body({ mass: 1, shape: new CANNON.Sphere(0.5) }), -3, 0.5);
  const spinner = add(new CANNON.Body({ mass: 1, shape: boxShape }), 6, sleep ? 0.25 : 3);
  if (!sleep) {
    spinner.velocity.set(1, 6, 0);
    spinner.angularVelocity.set(2, 7, 3);
  }
  return { world, boxes, ball, spinner };
}

function Bodies({ scene, push }: { scene: ProbeScene; push: boolean }) {
  const physics = useFixedStep<CANNON.World, CANNON.Body>();
  const boxMesh = useRef<InstancedMesh>(null);
  const ballMesh = useRef<Mesh>(null);
  const spinnerMesh = useRef<Mesh>(null);
  useInstances(scene.boxes, boxMesh);
  useBody(scene.ball, ballMesh);
  useBody(scene.spinner, spinnerMesh);
  useBeforeStep((step) => {
    if (push) scene.ball.applyForce(new CANNON.Vec3(20 * Math.sin(step.step / 7), 15, 0));
  });
  useAfterStep(() => {
    const b = scene.ball;
    scene.trajectory.push(b.position.x, b.position.y, b.quaternion.z);
  });
  useLayoutEffect(() => {
    Object.assign(scene, {
      physics,
      boxMesh: boxMesh.current ?? undefined,
      ballMesh: ballMesh.current ?? undefined,
      spinnerMesh: spinnerMesh.current ?? undefined,
    });
  });
  const box = h('boxGeometry', { args: [0.5, 0.5, 0.5] });
  return h(
    'group',
    null,
    h('instancedMesh', { ref: boxMesh, args: [undefined, undefined, 4] }, box),
    h('mesh', { ref: ballMesh }, h('sphereGeometry', { args: [0.5] })),
    h('mesh', { ref: spinnerMesh }, box),
  );
}

/**
 * Mounts a scene in a canvas of its own, in StrictMode (effects run twice: bindings must
 * survive it); resolves once its bodies are bound.
 */
async function mount(
  frameloop: 'always' | 'demand' | 'never',
  options: { sleep?: boolean; push?: boolean } = {},
): Promise<ProbeScene> {
  const element = document.body.appendChild(document.createElement('div'));
  element.style.cssText = 'width: 320px; height: 240px';
  const scene: ProbeScene = {
    ...makeWorld(options.sleep ?? false),
    trajectory: [],
    root: createRoot(element),
  };
  const canvas = h(
    Canvas,
    { frameloop, onCreated: (state: RootState) => void (scene.state = state) },
    h(
      FixedStepProvider<CANNON.World, CANNON.Body>,
      { world: scene.world, hz: 100 },
      h(Bodies, { scene, push: options.push ?? false }),
    ),
  );
  scene.root.render(h(StrictMode, null, canvas));
  const from = performance.now();
  while (scene.physics === undefined || scene.physics.slot(scene.spinner) < 0) {
    if (performance.now() - from > 10_000) throw new Error('the scene did not mount');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return scene;
}

/** A Rapier scene under the same provider (engine={rapierEngine}): a spinning box, a pushed ball. */
export interface RapierScene {
  world: World;
  ball: RigidBody;
  spinner: RigidBody;
  /** Per step: ball x, y and rotation z, pushed by this step's force set in useBeforeStep. */
  trajectory: number[];
  physics?: FixedStep<World, RigidBody>;
  spinnerMesh?: Mesh;
  root: Root;
}

function RapierBodies({ scene }: { scene: RapierScene }) {
  const physics = useFixedStep<World, RigidBody>();
  const spinnerMesh = useRef<Mesh>(null);
  const ballMesh = useRef<Mesh>(null);
  useBody(scene.spinner, spinnerMesh);
  useBody(scene.ball, ballMesh);
  useBeforeStep((step) => {
    scene.ball.resetForces(true);
    scene.ball.addForce({ x: 20 * Math.sin(step.step / 7), y: 15, z: 0 }, true);
  });
  useAfterStep(() => {
    const p = scene.ball.translation();
    scene.trajectory.push(p.x, p.y, scene.ball.rotation().z);
  });
  useLayoutEffect(() => {
    Object.assign(scene, { physics, spinnerMesh: spinnerMesh.current ?? undefined });
  });
  return h(
    'group',
    null,
    h('mesh', { ref: spinnerMesh }, h('boxGeometry')),
    h('mesh', { ref: ballMesh }, h('sphereGeometry')),
  );
}

/** Mounts a Rapier scene (frameloop 'never', StrictMode); resolves once its bodies are bound. */
async function mountRapier(): Promise<RapierScene> {
  await RAPIER.init();
  const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
  world.createCollider(RAPIER.ColliderDesc.cuboid(50, 0.1, 50).setTranslation(0, -0.1, 0));
  const dynamic = (x: number, y: number) =>
    world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(x, y, 0));
  const ball = dynamic(0, 2);
  world.createCollider(RAPIER.ColliderDesc.ball(0.5), ball);
  const spinner = dynamic(4, 3);
  spinner.setLinvel({ x: 1, y: 6, z: 0 }, true);
  spinner.setAngvel({ x: 2, y: 7, z: 3 }, true);
  world.createCollider(RAPIER.ColliderDesc.cuboid(0.3, 0.3, 0.3), spinner);
  const element = document.body.appendChild(document.createElement('div'));
  element.style.cssText = 'width: 320px; height: 240px';
  const scene: RapierScene = { world, ball, spinner, trajectory: [], root: createRoot(element) };
  const provider = h(
    FixedStepProvider<World, RigidBody>,
    { world, engine: rapierEngine, hz: 100 },
    h(RapierBodies, { scene }),
  );
  scene.root.render(h(StrictMode, null, h(Canvas, { frameloop: 'never' }, provider)));
  const from = performance.now();
  while (scene.physics === undefined || scene.physics.slot(spinner) < 0) {
    if (performance.now() - from > 10_000) throw new Error('the Rapier scene did not mount');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return scene;
}

Object.assign(window, { probe: { mount, mountRapier, advance, invalidate, CANNON } });
