// The same small scene (a ground, three boxes as instances, a ball; interpolated) written with
// fixed-step's Rapier and R3F entries and with @react-three/rapier and @react-three/cannon, its
// glue counted as the README's program is (glueCount.ts). Syntax only: the two other packages are
// not installed here, so their scenes are parsed, not type-checked.

import { describe, expect, it } from 'vitest';
import { glueStatements } from './glueCount';

/** Rapier bodies for the vanilla and R3F scenes with fixed-step (not glue: Rapier's own API). */
const RAPIER_WORLD = `
await RAPIER.init();
const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
world.createCollider(RAPIER.ColliderDesc.cuboid(10, 0.1, 10));
const boxes = [0, 1, 2].map((i) => {
  const body = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(1.5 * i, 2, 0));
  world.createCollider(RAPIER.ColliderDesc.cuboid(0.5, 0.5, 0.5), body);
  return body;
});
const ball = world.createRigidBody(RAPIER.RigidBodyDesc.dynamic().setTranslation(-3, 1, 0));
world.createCollider(RAPIER.ColliderDesc.ball(0.5), ball);
`;

/** The meshes, as JSX, shared by the three R3F scenes where they take refs. */
const MESHES = `
      <instancedMesh ref={boxMesh} args={[undefined, undefined, 3]}>
        <boxGeometry />
        <meshStandardMaterial />
      </instancedMesh>
      <mesh ref={ballMesh}>
        <sphereGeometry args={[0.5]} />
        <meshStandardMaterial />
      </mesh>`;

const SCENES = {
  'three.js + fixed-step/rapier': {
    packages: ['fixed-step'],
    code: `import RAPIER from '@dimforge/rapier3d-compat';
import * as THREE from 'three';
import { fixedStep } from 'fixed-step/rapier';
${RAPIER_WORLD}
const boxMesh = new THREE.InstancedMesh(new THREE.BoxGeometry(), new THREE.MeshStandardMaterial(), 3);
const ballMesh = new THREE.Mesh(new THREE.SphereGeometry(0.5), new THREE.MeshStandardMaterial());
scene.add(boxMesh, ballMesh);
const physics = fixedStep(world, { hz: 60 });
physics.bindInstances(boxes, boxMesh);
physics.bind(ball, ballMesh);
renderer.setAnimationLoop((nowMs) => {
  physics.frame(nowMs);
  renderer.render(scene, camera);
});
`,
  },
  'R3F + fixed-step/r3f (Rapier)': {
    packages: ['fixed-step'],
    code: `import RAPIER from '@dimforge/rapier3d-compat';
import { Canvas } from '@react-three/fiber';
import { useRef } from 'react';
import type { InstancedMesh, Mesh } from 'three';
import { FixedStepProvider, useBody, useInstances } from 'fixed-step/r3f';
import { rapierEngine } from 'fixed-step/rapier';
${RAPIER_WORLD}
function Bodies() {
  const boxMesh = useRef<InstancedMesh>(null);
  const ballMesh = useRef<Mesh>(null);
  useInstances(boxes, boxMesh);
  useBody(ball, ballMesh);
  return (
    <>${MESHES}
    </>
  );
}
createRoot(root).render(
  <Canvas>
    <FixedStepProvider world={world} engine={rapierEngine} hz={60}>
      <Bodies />
    </FixedStepProvider>
  </Canvas>,
);
`,
  },
  '@react-three/rapier': {
    packages: ['@react-three/rapier'],
    code: `import { Canvas } from '@react-three/fiber';
import { InstancedRigidBodies, Physics, RigidBody } from '@react-three/rapier';
import type { InstancedRigidBodyProps } from '@react-three/rapier';
const boxes: InstancedRigidBodyProps[] = [0, 1, 2].map((i) => ({ key: i, position: [1.5 * i, 2, 0] }));
createRoot(root).render(
  <Canvas>
    <Physics timeStep={1 / 60} interpolate>
      <RigidBody type="fixed" colliders="cuboid">
        <mesh>
          <boxGeometry args={[20, 0.2, 20]} />
        </mesh>
      </RigidBody>
      <InstancedRigidBodies instances={boxes} colliders="cuboid">
        <instancedMesh args={[undefined, undefined, 3]}>
          <boxGeometry />
          <meshStandardMaterial />
        </instancedMesh>
      </InstancedRigidBodies>
      <RigidBody colliders="ball" position={[-3, 1, 0]}>
        <mesh>
          <sphereGeometry args={[0.5]} />
          <meshStandardMaterial />
        </mesh>
      </RigidBody>
    </Physics>
  </Canvas>,
);
`,
  },
  'R3F + fixed-step/r3f (cannon-es)': {
    packages: ['fixed-step'],
    code: `import { Canvas } from '@react-three/fiber';
import * as CANNON from 'cannon-es';
import { useRef } from 'react';
import type { InstancedMesh, Mesh } from 'three';
import { FixedStepProvider, useBody, useInstances } from 'fixed-step/r3f';
const world = new CANNON.World({ gravity: new CANNON.Vec3(0, -9.82, 0) });
const ground = new CANNON.Body({ mass: 0, shape: new CANNON.Plane() });
ground.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
world.addBody(ground);
const boxShape = new CANNON.Box(new CANNON.Vec3(0.5, 0.5, 0.5));
const boxes = [0, 1, 2].map((i) => {
  const body = new CANNON.Body({ mass: 1, shape: boxShape, position: new CANNON.Vec3(1.5 * i, 2, 0) });
  world.addBody(body);
  return body;
});
const ball = new CANNON.Body({ mass: 1, shape: new CANNON.Sphere(0.5), position: new CANNON.Vec3(-3, 1, 0) });
world.addBody(ball);
function Bodies() {
  const boxMesh = useRef<InstancedMesh>(null);
  const ballMesh = useRef<Mesh>(null);
  useInstances(boxes, boxMesh);
  useBody(ball, ballMesh);
  return (
    <>${MESHES}
    </>
  );
}
createRoot(root).render(
  <Canvas>
    <FixedStepProvider world={world} hz={60}>
      <Bodies />
    </FixedStepProvider>
  </Canvas>,
);
`,
  },
  '@react-three/cannon': {
    packages: ['@react-three/cannon'],
    code: `import { Physics, useBox, usePlane, useSphere } from '@react-three/cannon';
import { Canvas } from '@react-three/fiber';
import type { InstancedMesh, Mesh } from 'three';
function Ground() {
  const [ref] = usePlane<Mesh>(() => ({ rotation: [-Math.PI / 2, 0, 0] }));
  return <mesh ref={ref} />;
}
function Bodies() {
  const [boxMesh] = useBox<InstancedMesh>((i) => ({ mass: 1, args: [1, 1, 1], position: [1.5 * i, 2, 0] }));
  const [ballMesh] = useSphere<Mesh>(() => ({ mass: 1, args: [0.5], position: [-3, 1, 0] }));
  return (
    <>${MESHES}
    </>
  );
}
createRoot(root).render(
  <Canvas>
    <Physics stepSize={1 / 60}>
      <Ground />
      <Bodies />
    </Physics>
  </Canvas>,
);
`,
  },
};

/** Statements that mention the physics at all: the engine's names or the adapter's. */
const PHYSICS = [
  'fixed-step',
  '@react-three/rapier',
  '@react-three/cannon',
  'cannon-es',
  '@dimforge/rapier3d-compat',
];

function counts(name: keyof typeof SCENES): { glue: number; physics: number } {
  const { code, packages } = SCENES[name];
  return {
    glue: glueStatements(code, packages, 'scene.tsx').length,
    physics: glueStatements(code, PHYSICS, 'scene.tsx').length,
  };
}

describe('the same small scene, glue counted on the syntax tree', () => {
  it('fixed-step/rapier (three.js or R3F) against @react-three/rapier', () => {
    expect(counts('three.js + fixed-step/rapier')).toEqual({ glue: 5, physics: 14 });
    expect(counts('R3F + fixed-step/r3f (Rapier)')).toEqual({ glue: 5, physics: 14 });
    // Its bodies are JSX (one render statement): fewer statements, the same bodies and colliders.
    expect(counts('@react-three/rapier')).toEqual({ glue: 4, physics: 4 });
  });

  it('fixed-step/r3f on cannon-es against @react-three/cannon', () => {
    expect(counts('R3F + fixed-step/r3f (cannon-es)')).toEqual({ glue: 4, physics: 15 });
    expect(counts('@react-three/cannon')).toEqual({ glue: 5, physics: 5 });
  });
});
