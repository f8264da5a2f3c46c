// 60 boxes and a ball in cannon-es inside React Three Fiber, stepped at 100 Hz by fixed-step/r3f
// before R3F draws and drawn between steps; a button turns interpolation off and on.
import { Canvas } from '@react-three/fiber';
import * as CANNON from 'cannon-es';
import { useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { InstancedMesh, Mesh } from 'three';
import { FixedStepProvider, useBody, useInstances } from 'fixed-step/r3f';

// Physics: a plain cannon-es world, made once, outside React.
const world = new CANNON.World({ gravity: new CANNON.Vec3(0, -9.82, 0) });
const ground = new CANNON.Body({ mass: 0, shape: new CANNON.Plane() });
ground.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
world.addBody(ground);
const boxShape = new CANNON.Box(new CANNON.Vec3(0.25, 0.25, 0.25));
const boxes: CANNON.Body[] = [];
for (let i = 0; i < 60; i++) {
  const position = new CANNON.Vec3((i % 6) * 0.6 - 1.5, 0.25 + 0.55 * Math.floor(i / 6), 0);
  const box = new CANNON.Body({ mass: 1, shape: boxShape, position });
  box.quaternion.setFromEuler(0, 0.3 * i, 0);
  world.addBody(box);
  boxes.push(box);
}
const ball = new CANNON.Body({ mass: 20, shape: new CANNON.Sphere(0.8) });
ball.position.set(-12, 0.8, 0);
ball.velocity.set(9, 0, 0);
world.addBody(ball);

// The bodies' meshes, bound by body: the boxes as instances, the ball as a mesh.
function Bodies() {
  const boxMesh = useRef<InstancedMesh>(null);
  const ballMesh = useRef<Mesh>(null);
  useInstances(boxes, boxMesh);
  useBody(ball, ballMesh);
  return (
    <>
      <instancedMesh ref={boxMesh} args={[undefined, undefined, boxes.length]}>
        <boxGeometry args={[0.5, 0.5, 0.5]} />
        <meshStandardMaterial color={0xe07a3f} />
      </instancedMesh>
      <mesh ref={ballMesh}>
        <sphereGeometry args={[0.8]} />
        <meshStandardMaterial />
      </mesh>
    </>
  );
}

function App() {
  const [interpolate, setInterpolate] = useState(true);
  return (
    <>
      <Canvas camera={{ position: [5, 6, 16], fov: 50 }} style={{ height: '100vh' }}>
        <color attach="background" args={[0xdde3ea]} />
        <hemisphereLight args={[0xffffff, 0x667788, 2.5]} />
        <mesh rotation-x={-Math.PI / 2}>
          <planeGeometry args={[60, 60]} />
          <meshStandardMaterial />
        </mesh>
        <FixedStepProvider world={world} hz={100} mode={interpolate ? 'interpolate' : 'none'}>
          <Bodies />
        </FixedStepProvider>
      </Canvas>
      <button
        style={{ position: 'absolute', top: 12, left: 12 }}
        onClick={() => setInterpolate(!interpolate)}
      >
        {`Interpolation: ${interpolate ? 'on' : 'off'}`}
      </button>
    </>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<App />);
