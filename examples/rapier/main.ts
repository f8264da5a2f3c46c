// 60 boxes and a ball in Rapier (@dimforge/rapier3d-compat), stepped at 100 Hz whatever the
// display's rate and drawn between steps by fixed-step/rapier; a button turns interpolation off and on.
import RAPIER from '@dimforge/rapier3d-compat';
import * as THREE from 'three';
import { fixedStep } from 'fixed-step/rapier';

// Physics: a plain Rapier world (its WebAssembly loaded first).
await RAPIER.init();
const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
world.createCollider(RAPIER.ColliderDesc.cuboid(30, 0.1, 30).setTranslation(0, -0.1, 0));
const boxes: RAPIER.RigidBody[] = [];
for (let i = 0; i < 60; i++) {
  const desc = RAPIER.RigidBodyDesc.dynamic()
    .setTranslation((i % 6) * 0.6 - 1.5, 0.25 + 0.55 * Math.floor(i / 6), (i % 2) * 0.1)
    .setRotation(new THREE.Quaternion().setFromEuler(new THREE.Euler(0, 0.3 * i, 0)));
  const box = world.createRigidBody(desc);
  world.createCollider(RAPIER.ColliderDesc.cuboid(0.25, 0.25, 0.25), box);
  boxes.push(box);
}
const ball = world.createRigidBody(
  RAPIER.RigidBodyDesc.dynamic().setTranslation(-12, 0.8, 0).setLinvel(9, 0, 0),
);
world.createCollider(RAPIER.ColliderDesc.ball(0.8).setDensity(10), ball);

// Scene: one InstancedMesh for the boxes, one Mesh for the ball.
const renderer = new THREE.WebGLRenderer({ antialias: true });
renderer.setSize(innerWidth, innerHeight);
document.body.append(renderer.domElement);
const scene = new THREE.Scene();
scene.background = new THREE.Color(0xdde3ea);
scene.add(new THREE.HemisphereLight(0xffffff, 0x667788, 2.5));
const camera = new THREE.PerspectiveCamera(50, innerWidth / innerHeight, 0.1, 100);
camera.position.set(5, 6, 16);
camera.lookAt(0, 2, 0);
const floor = new THREE.Mesh(new THREE.PlaneGeometry(60, 60), new THREE.MeshStandardMaterial());
floor.rotation.x = -Math.PI / 2;
scene.add(floor);
const boxMaterial = new THREE.MeshStandardMaterial({ color: 0x3f8fe0 });
const boxMesh = new THREE.InstancedMesh(new THREE.BoxGeometry(0.5, 0.5, 0.5), boxMaterial, 60);
const ballMesh = new THREE.Mesh(new THREE.SphereGeometry(0.8), new THREE.MeshStandardMaterial());
scene.add(boxMesh, ballMesh);
const toggle = document.body.appendChild(document.createElement('button'));
toggle.textContent = 'Interpolation: on';
toggle.style.cssText = 'position: absolute; top: 12px; left: 12px';

// The glue: physics at 100 Hz, bound by RigidBody, drawn between steps.
const physics = fixedStep(world, { hz: 100 });
physics.bindInstances(boxes, boxMesh);
physics.bind(ball, ballMesh);
toggle.onclick = () => {
  physics.mode = physics.mode === 'interpolate' ? 'none' : 'interpolate';
  toggle.textContent = `Interpolation: ${physics.mode === 'interpolate' ? 'on' : 'off'}`;
};
renderer.setAnimationLoop((nowMs) => {
  physics.frame(nowMs);
  renderer.render(scene, camera);
});
