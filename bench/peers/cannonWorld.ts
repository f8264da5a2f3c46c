// Stock cannon-es (this folder's own copy, with none of the project's parts) building a peer
// scene: cannon-es's World as it comes — GSSolver, NaiveBroadphase, its default contact
// material — on a ground plane; with sleeping, `allowSleep` on and each body's default limits.

import type * as Cannon from 'cannon-es';
import type { PeerBody, PeerScene } from './peerScene';
import { DT, GRAVITY } from './peerScene';
import { loadPeer } from './peerWorld';
import type { PeerSetting, PeerWorld } from './peerWorld';

type CannonApi = typeof Cannon;

function addBody(
  C: CannonApi,
  world: Cannon.World,
  b: PeerBody,
  setting: PeerSetting,
): Cannon.Body {
  const shape =
    b.kind === 'box'
      ? new C.Box(new C.Vec3(b.half[0], b.half[1], b.half[2]))
      : new C.Sphere(b.half[0]);
  const body = new C.Body({ mass: b.mass, shape });
  body.position.set(b.position[0], b.position[1], b.position[2]);
  body.quaternion.set(b.quaternion[0], b.quaternion[1], b.quaternion[2], b.quaternion[3]);
  body.velocity.set(b.velocity[0], b.velocity[1], b.velocity[2]);
  world.addBody(body);
  if (setting === 'sleeping' && b.asleep) body.sleep();
  return body;
}

/** The scene in stock cannon-es: its bodies in order, on a plane at y = 0. */
export async function cannonWorld(scene: PeerScene, setting: PeerSetting): Promise<PeerWorld> {
  const C = (await loadPeer('cannon-es')) as CannonApi;
  const world = new C.World({ gravity: new C.Vec3(0, GRAVITY, 0) });
  world.allowSleep = setting === 'sleeping';
  const ground = new C.Body({ mass: 0, shape: new C.Plane() });
  ground.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
  world.addBody(ground);
  const bodies = scene.bodies.map((b) => addBody(C, world, b, setting));
  const solver = world.solver as Cannon.GSSolver;
  const contact = world.defaultContactMaterial;
  const first = bodies[0];
  const notes =
    `GSSolver ${solver.iterations} iterations, ${world.broadphase.constructor.name}, friction ` +
    `${contact.friction}, restitution ${contact.restitution}, stiffness ` +
    `${contact.contactEquationStiffness}; sleeping (when on) below ${first?.sleepSpeedLimit} m/s ` +
    `for ${first?.sleepTimeLimit} s`;
  return {
    step: () => world.step(DT),
    position(i, out) {
      const p = (bodies[i] as Cannon.Body).position;
      out[0] = p.x;
      out[1] = p.y;
      out[2] = p.z;
    },
    asleep: (i) => (bodies[i] as Cannon.Body).sleepState === C.Body.SLEEPING,
    notes,
  };
}
