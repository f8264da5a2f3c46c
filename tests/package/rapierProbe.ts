// A page for the Rapier consumer test (built in the fresh vanilla three.js + Rapier project, its
// import of the package swapped for 'fixed-step/rapier'): resting RigidBodies fall asleep and the
// front door stops writing their Mesh and instance, while awake bodies' are written every frame.

import RAPIER from '@dimforge/rapier3d-compat';
import * as THREE from 'three';
import { fixedStep } from '../../packages/fixed-step/src/rapier';

/** Counts calls of an Object3D's position.set and quaternion.set (the front door writes with them). */
function countWrites(object: THREE.Object3D): () => number {
  let writes = 0;
  const { position, quaternion } = object;
  const setPosition = position.set.bind(position);
  const setQuaternion = quaternion.set.bind(quaternion);
  position.set = (x, y, z) => (writes++, setPosition(x, y, z));
  quaternion.set = (x, y, z, w) => (writes++, setQuaternion(x, y, z, w));
  return () => writes;
}

/**
 * Two balls resting on the ground, one in a Mesh and one in an InstancedMesh of its own; two
 * balls falling beside the ground (awake throughout), the same. 60 Hz frames until both resting
 * balls sleep, then 60 frames at 144 Hz counted: writes into each Mesh and each mesh's instance
 * matrix version; then the resting balls woken and thrown, 10 frames more.
 */
async function sleeping() {
  await RAPIER.init();
  const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
  world.createCollider(RAPIER.ColliderDesc.cuboid(50, 0.1, 50).setTranslation(0, -0.1, 0));
  const ball = (x: number, y: number) => {
    const body = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(x, y, 0));
    world.createCollider(RAPIER.ColliderDesc.ball(0.5), body);
    return body;
  };
  const resting = [ball(0, 0.5), ball(2, 0.5)];
  const falling = [ball(200, 500), ball(203, 500)];
  falling.forEach((b) => b.setAngvel({ x: 1, y: 2, z: 3 }, true));
  const geometry = new THREE.SphereGeometry(0.5);
  const meshes = [new THREE.Mesh(geometry), new THREE.Mesh(geometry)];
  const instanced = [0, 1].map(() => new THREE.InstancedMesh(geometry, undefined, 1));
  const physics = fixedStep(world, { hz: 100, document: null });
  physics.bind(resting[0], meshes[0]).bindInstances([resting[1]], instanced[0]);
  physics.bind(falling[0], meshes[1]).bindInstances([falling[1]], instanced[1]);
  let t = 1000;
  for (let k = 0; k < 900 && resting.some((b) => !b.isSleeping()); k++) {
    physics.frame((t += 1000 / 60));
  }
  for (let k = 0; k < 5; k++) physics.frame((t += 1000 / 60));
  const writes = meshes.map(countWrites);
  const versions = () => instanced.map((m) => m.instanceMatrix.version);
  const [versions0, steps0] = [versions(), physics.stats.steps];
  for (let k = 0; k < 60; k++) physics.frame((t += 1000 / 144));
  const atRest = {
    asleep: resting.map((b) => b.isSleeping()),
    awake: falling.map((b) => !b.isSleeping()),
    steps: physics.stats.steps - steps0,
    writes: writes.map((count) => count()),
    versions: versions().map((v, k) => v - (versions0[k] ?? 0)),
  };
  resting.forEach((b) => b.setLinvel({ x: 0, y: 3, z: 0 }, true));
  for (let k = 0; k < 10; k++) physics.frame((t += 1000 / 144));
  const woken = {
    writes: writes.map((count, k) => count() - (atRest.writes[k] ?? 0)),
    versions: versions().map((v, k) => v - (versions0[k] ?? 0) - (atRest.versions[k] ?? 0)),
  };
  return { atRest, woken };
}

/** What the page hands a test, as window.probe. */
export interface RapierProbe {
  sleeping: typeof sleeping;
}

Object.assign(window, { probe: { sleeping } satisfies RapierProbe });
