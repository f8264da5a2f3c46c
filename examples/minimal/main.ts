// 200 boxes and a ball in cannon-es, stepped at 100 Hz whatever the display's rate and drawn
// between steps by fixed-step's front door; a button turns interpolation off and on.
import * as CANNON from 'cannon-es';
import * as THREE from 'three';
import { fixedStep } from 'fixed-step';

// Physics: a plain cannon-es world.
const world = new CANNON.World({ gravity: new CANNON.Vec3(0, -9.82, 0) });
const ground = new CANNON.Body({ mass: 0, shape: new CANNON.Plane() });
ground.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
world.addBody(ground);
const boxShape = new CANNON.Box(new CANNON.Vec3(0.25, 0.25, 0.25));
const boxes: CANNON.Body[] = [];
for (let i = 0; i < 200; i++) {
  const position = new CANNON.Vec3(
    (i % 10) * 0.6 - 2.7,
    2 + 0.7 * Math.floor(i / 10),
    (i % 3) * 0.2,
  );
  const box = new CANNON.Body({ mass: 1, shape: boxShape, position });
  box.quaternion.setFromEuler(0.3 * i, 0.7 * i, 0);
  world.addBody(box);
  boxes.push(box);
}
const ball = new CANNON.Body({ mass: 20, shape: new CANNON.Sphere(0.8) });
ball.position.set(-12, 0.8, 0);
ball.velocity.set(9, 0, 0);
world.addBody(ball);

// Scene: one InstancedMesh for the boxes, one Mesh for the ball.
const renderer = new THREE.WebGLRenderer({ antialias: true });
renderer.setSize(innerWidth, innerHeight);
document.body.append(renderer.domElement);
const scene = new THREE.Scene();
scene.background = new THREE.Color(0xdde3ea);
scene.add(new THREE.HemisphereLight(0xffffff, 0x667788, 2.5));
const camera = new THREE.PerspectiveCamera(50, innerWidth / innerHeight, 0.1, 100);
camera.position.set(6, 9, 22);
camera.lookAt(0, 4, 0);
const floor = new THREE.Mesh(new THREE.PlaneGeometry(60, 60), new THREE.MeshStandardMaterial());
floor.rotation.x = -Math.PI / 2;
scene.add(floor);
const boxMaterial = new THREE.MeshStandardMaterial({ color: 0xe07a3f });
const boxMesh = new THREE.InstancedMesh(new THREE.BoxGeometry(0.5, 0.5, 0.5), boxMaterial, 200);
const ballMesh = new THREE.Mesh(new THREE.SphereGeometry(0.8), new THREE.MeshStandardMaterial());
scene.add(boxMesh, ballMesh);
const toggle = document.body.appendChild(document.createElement('button'));
toggle.textContent = 'Interpolation: on';
toggle.style.cssText = 'position: absolute; top: 12px; left: 12px';

// The glue: physics at 100 Hz, bound by body, drawn between steps.
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
