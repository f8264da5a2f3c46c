// A tower of boxes in cannon-es topples onto the ground; the fixed-step package steps it at
// 100 Hz whatever the display's rate and draws each frame between the last two steps.
import * as CANNON from 'cannon-es';
import * as THREE from 'three';
import { installDropIn } from 'fixed-step/cannon';
import { BodySnapshots, DrawPoses, interpolatePoses } from 'fixed-step/interpolation';
import type { InterpolationMode } from 'fixed-step/interpolation';
import { createFrameReport, FixedStepLoop, FrameClock } from 'fixed-step/loop';
import { InstancedPoses } from 'fixed-step/three';

const BOXES = 12;

// Physics: a plain cannon-es world; one call puts in the faster contacts, solver and tables.
const world = new CANNON.World({ gravity: new CANNON.Vec3(0, -9.82, 0) });
world.allowSleep = true;
const dropIn = installDropIn(world);
const ground = new CANNON.Body({ mass: 0, shape: new CANNON.Plane() });
ground.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
world.addBody(ground);
const boxShape = new CANNON.Box(new CANNON.Vec3(0.5, 0.5, 0.5));
const boxIndices: number[] = [];
for (let i = 0; i < BOXES; i++) {
  // Each box a little further out than the one below: the tower leans, lands and falls over.
  const position = new CANNON.Vec3(0.18 * i, 2.5 + 1.02 * i, 0);
  const body = new CANNON.Body({ mass: 1, shape: boxShape, position });
  body.quaternion.setFromEuler(0, 0.15 * i, 0);
  boxIndices.push(world.bodies.length);
  world.addBody(body);
}

// Drawing: one InstancedMesh for every box.
const renderer = new THREE.WebGLRenderer({ antialias: true });
renderer.setSize(innerWidth, innerHeight);
document.body.append(renderer.domElement);
const scene = new THREE.Scene();
scene.background = new THREE.Color(0xdde3ea);
const camera = new THREE.PerspectiveCamera(50, innerWidth / innerHeight, 0.1, 100);
camera.position.set(14, 9, 24);
camera.lookAt(3, 6, 0);
scene.add(new THREE.HemisphereLight(0xffffff, 0x667788, 2.5));
const floor = new THREE.Mesh(
  new THREE.PlaneGeometry(40, 40),
  new THREE.MeshStandardMaterial({ color: 0x9aa5b1 }),
);
floor.rotation.x = -Math.PI / 2;
scene.add(floor);
const material = new THREE.MeshStandardMaterial({ color: 0xe07a3f });
const mesh = new THREE.InstancedMesh(new THREE.BoxGeometry(1, 1, 1), material, BOXES);
scene.add(mesh);
const boxes = new InstancedPoses(mesh, boxIndices);

// The loop: the clock measures frames, the loop turns them into 100 Hz steps and an alpha.
const loop = new FixedStepLoop(1 / 100, {
  maxFrameSeconds: 0.25,
  maxStepsPerFrame: 10,
  timeScale: 1,
});
const clock = new FrameClock();
const report = createFrameReport();
const snapshots = new BodySnapshots();
snapshots.captureFresh(world.bodies);
const poses = new DrawPoses();
const stepper = {
  step(dt: number): void {
    world.step(dt); // the fixed step only: the loop owns the accumulator
    snapshots.capture(world.bodies, dt);
  },
};

let mode: InterpolationMode = 'interpolate';
const toggle = document.querySelector<HTMLButtonElement>('#mode');
toggle?.addEventListener('click', () => {
  mode = mode === 'interpolate' ? 'off' : 'interpolate';
  toggle.textContent = `Interpolation: ${mode === 'interpolate' ? 'on' : 'off'}`;
});

renderer.setAnimationLoop((nowMs: number) => {
  clock.tick(nowMs);
  loop.frame(clock.seconds, stepper, report);
  interpolatePoses(snapshots, report, mode, poses);
  boxes.write(poses);
  renderer.render(scene, camera);
});

addEventListener('resize', () => {
  camera.aspect = innerWidth / innerHeight;
  camera.updateProjectionMatrix();
  renderer.setSize(innerWidth, innerHeight);
});

// What the page draws from, for the package's consumer test to read.
const cannon = { Narrowphase: CANNON.Narrowphase, GSSolver: CANNON.GSSolver };
Object.assign(window, { example: { world, dropIn, snapshots, report, mesh, boxIndices, cannon } });
