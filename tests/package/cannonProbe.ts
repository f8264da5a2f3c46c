// A page for the consumer test (built in the fresh vanilla three.js + cannon-es project, its import
// of the package swapped for 'fixed-step'): real worlds drawn into real meshes by the front door,
// frames driven by the test: a removal mid-run, sleeping bodies, forces at the step per frame rate.

import * as CANNON from 'cannon-es';
import * as THREE from 'three';
import { fixedStep } from '../../packages/fixed-step/src/index';
import type { FixedStep } from '../../packages/fixed-step/src/index';

/** One frame as drawn: alpha, and per body its two snapshots, its drawn matrix and its pose now. */
export interface DrawnBodies {
  alpha: number;
  previous: number[][];
  current: number[][];
  /** 16 numbers a body: its instance matrix, or its Object3D's matrix. */
  matrices: number[];
  /** The body's own position and quaternion after the frame. */
  bodies: number[][];
}

/** What one drawn body is shown with: an Object3D, or instance `instance` of a mesh. */
type Shown = { object: THREE.Object3D } | { mesh: THREE.InstancedMesh; instance: number };

function world(allowSleep = false): CANNON.World {
  const w = new CANNON.World({ gravity: new CANNON.Vec3(0, -9.82, 0) });
  w.allowSleep = allowSleep;
  const ground = new CANNON.Body({ mass: 0, shape: new CANNON.Plane() });
  ground.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
  w.addBody(ground);
  return w;
}

/** A body at (x, y, 0) with velocity (vx, vy, 0) and a spin: it moves and turns every step. */
function thrown(w: CANNON.World, shape: CANNON.Shape, x: number, y: number, vy: number) {
  const body = new CANNON.Body({ mass: 1, shape, position: new CANNON.Vec3(x, y, 0) });
  body.velocity.set(0.5, vy, 0);
  body.angularVelocity.set(1 + x, 2, 3 - x);
  w.addBody(body);
  return body;
}

function pose(b: CANNON.Body): number[] {
  const { position: p, quaternion: q } = b;
  return [p.x, p.y, p.z, q.x, q.y, q.z, q.w];
}

/** Body `body`'s drawn matrix, its snapshots at its slot and its pose, appended to `frame`. */
function look(physics: FixedStep, body: CANNON.Body, shown: Shown, frame: DrawnBodies): void {
  const i = physics.slot(body);
  const snapshot = (b: { position: Float64Array; quaternion: Float64Array }) => [
    ...b.position.subarray(3 * i, 3 * i + 3),
    ...b.quaternion.subarray(4 * i, 4 * i + 4),
  ];
  frame.previous.push(snapshot(physics.snapshots.previous));
  frame.current.push(snapshot(physics.snapshots.current));
  frame.bodies.push(pose(body));
  if ('object' in shown) {
    shown.object.updateMatrix();
    frame.matrices.push(...shown.object.matrix.elements);
  } else {
    const o = 16 * shown.instance;
    frame.matrices.push(...shown.mesh.instanceMatrix.array.subarray(o, o + 16));
  }
}

/**
 * Five boxes in an InstancedMesh and two balls in Meshes, thrown up spinning, drawn at 144 Hz
 * frames (100 Hz steps). Between frames 10 and 11 box 1 leaves the world (the last slot, ball 1,
 * moves into its place), between 20 and 21 ball 1 does (ball 0 moves in). Frames 21 to 40 as
 * drawn, for the bodies still in; the removed ones' slots, box 1's instance matrix, and whether
 * ball 1's mesh stayed where it was last drawn.
 */
function removal() {
  const w = world();
  const boxShape = new CANNON.Box(new CANNON.Vec3(0.25, 0.25, 0.25));
  const boxes = [0, 1, 2, 3, 4].map((k) => thrown(w, boxShape, 1.5 * k, 3, 5));
  const balls = [0, 1].map((k) => thrown(w, new CANNON.Sphere(0.3), -2 - 1.5 * k, 2, 6));
  const boxMesh = new THREE.InstancedMesh(new THREE.BoxGeometry(0.5, 0.5, 0.5), undefined, 5);
  const ballMeshes = balls.map(() => new THREE.Mesh(new THREE.SphereGeometry(0.3)));
  const physics = fixedStep(w, { hz: 100, document: null });
  physics.bindInstances(boxes, boxMesh);
  balls.forEach((b, k) => physics.bind(b, ballMeshes[k]));
  const shown = new Map<CANNON.Body, Shown>();
  boxes.forEach((b, instance) => shown.set(b, { mesh: boxMesh, instance }));
  balls.forEach((b, k) => shown.set(b, { object: ballMeshes[k] }));
  const frames: DrawnBodies[] = [];
  let left: number[] = [];
  let t = 1000;
  for (let k = 1; k <= 40; k++) {
    if (k === 11) w.removeBody(boxes[1]);
    if (k === 21) w.removeBody(balls[1]);
    if (k === 21) left = ballMeshes[1].position.toArray();
    physics.frame((t += 1000 / 144));
    if (k <= 20) continue;
    const frame: DrawnBodies = {
      alpha: physics.lastFrame.alpha,
      previous: [],
      current: [],
      matrices: [],
      bodies: [],
    };
    for (const body of [boxes[0], boxes[2], boxes[3], boxes[4], balls[0]]) {
      look(physics, body, shown.get(body) as Shown, frame);
    }
    frames.push(frame);
  }
  return {
    frames,
    removedSlots: [physics.slot(boxes[1]), physics.slot(balls[1])],
    keptSlots: [...boxes, ...balls].map((b) => physics.slot(b)),
    hidden: Array.from(boxMesh.instanceMatrix.array.subarray(16, 32)),
    left,
    leftNow: ballMeshes[1].position.toArray(),
  };
}

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
 * Two boxes resting on the ground (quick to sleep), one in a Mesh and one in an InstancedMesh of
 * its own; two balls falling from far up (awake throughout), the same. 60 Hz frames until both
 * boxes sleep, then 60 frames at 144 Hz counted: writes into each Mesh, each mesh's instance
 * matrix version, the resting Mesh's world matrix; then box 0 woken and thrown, 10 frames more.
 */
function sleeping() {
  const w = world(true);
  const boxShape = new CANNON.Box(new CANNON.Vec3(0.25, 0.25, 0.25));
  const boxes = [0, 2].map((x) => {
    const body = new CANNON.Body({
      mass: 1,
      shape: boxShape,
      position: new CANNON.Vec3(x, 0.25, 0),
    });
    body.sleepSpeedLimit = 0.5;
    body.sleepTimeLimit = 0.2;
    w.addBody(body);
    return body;
  });
  const balls = [0, 3].map((x) => thrown(w, new CANNON.Sphere(0.3), x, 5000, 0));
  const geometry = new THREE.BoxGeometry(0.5, 0.5, 0.5);
  const meshes = [new THREE.Mesh(geometry), new THREE.Mesh(geometry)];
  const instanced = [0, 1].map(() => new THREE.InstancedMesh(geometry, undefined, 1));
  const scene = new THREE.Scene().add(...meshes, ...instanced);
  const physics = fixedStep(w, { hz: 100, document: null });
  physics.bind(boxes[0], meshes[0]).bindInstances([boxes[1]], instanced[0]);
  physics.bind(balls[0], meshes[1]).bindInstances([balls[1]], instanced[1]);
  let t = 1000;
  for (let k = 0; k < 600 && boxes.some((b) => b.sleepState !== CANNON.Body.SLEEPING); k++) {
    physics.frame((t += 1000 / 60));
  }
  for (let k = 0; k < 5; k++) physics.frame((t += 1000 / 60));
  const writes = meshes.map(countWrites);
  const versions = () => instanced.map((m) => m.instanceMatrix.version);
  const world0 = (scene.updateMatrixWorld(), meshes[0].matrixWorld.toArray());
  const [versions0, steps0] = [versions(), physics.stats.steps];
  for (let k = 0; k < 60; k++) physics.frame((t += 1000 / 144));
  const atRest = {
    asleep: boxes.map((b) => b.sleepState === CANNON.Body.SLEEPING),
    awake: balls.map((b) => b.sleepState === CANNON.Body.AWAKE),
    steps: physics.stats.steps - steps0,
    writes: writes.map((count) => count()),
    versions: versions().map((v, k) => v - (versions0[k] ?? 0)),
    matrixWorldKept: (scene.updateMatrixWorld(), meshes[0].matrixWorld.toArray()).every(
      (v, k) => v === world0[k],
    ),
  };
  boxes.forEach((b) => (b.wakeUp(), b.velocity.set(0, 3, 0)));
  for (let k = 0; k < 10; k++) physics.frame((t += 1000 / 144));
  const woken = {
    writes: writes.map((count, k) => count() - (atRest.writes[k] ?? 0)),
    versions: versions().map((v, k) => v - (versions0[k] ?? 0) - (atRest.versions[k] ?? 0)),
  };
  return { atRest, woken };
}

/**
 * A ball pushed in beforeStep by a force that changes every step, at 100 Hz steps and frames of
 * `fps`: its whole state (position, quaternion, velocity, angular velocity) after each of its
 * first 150 steps, and the frames that took.
 */
function trajectory(fps: number) {
  const w = world();
  const ball = thrown(w, new CANNON.Sphere(0.5), 0, 2, 0);
  const states: number[] = [];
  const physics = fixedStep(w, {
    hz: 100,
    document: null,
    beforeStep: (s) => ball.applyForce(new CANNON.Vec3(20 * Math.sin(s.step / 7), 15, 0)),
    afterStep: () => {
      const { velocity: v, angularVelocity: a } = ball;
      states.push(...pose(ball), v.x, v.y, v.z, a.x, a.y, a.z);
    },
  });
  physics.bind(ball, new THREE.Mesh(new THREE.SphereGeometry(0.5)));
  let frames = 0;
  for (let k = 0; states.length < 13 * 150; k++, frames++) physics.frame(1000 + (1000 * k) / fps);
  return { states: states.slice(0, 13 * 150), frames };
}

/** What the page hands a test, as window.probe. */
export interface CannonProbe {
  removal: typeof removal;
  sleeping: typeof sleeping;
  trajectory: typeof trajectory;
}

Object.assign(window, { probe: { removal, sleeping, trajectory } satisfies CannonProbe });
