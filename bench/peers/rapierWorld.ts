// Rapier building a peer scene, in either of its WebAssembly builds (the same API): the SIMD one
// and the cross-platform deterministic one, a 200 m static cuboid for the ground, Rapier's
// defaults otherwise.

import type { PeerBody, PeerScene } from './peerScene';
import { DT, GRAVITY } from './peerScene';
import { defaultOf, loadPeer } from './peerWorld';
import type { PeerSetting, PeerWorld } from './peerWorld';

interface Xyz {
  x: number;
  y: number;
  z: number;
}
interface RBody {
  translation(): Xyz;
  isSleeping(): boolean;
}
interface RBodyDesc {
  setTranslation(x: number, y: number, z: number): RBodyDesc;
  setRotation(q: Xyz & { w: number }): RBodyDesc;
  setLinvel(x: number, y: number, z: number): RBodyDesc;
  setCanSleep(can: boolean): RBodyDesc;
  setSleeping(sleeping: boolean): RBodyDesc;
}
interface RColliderDesc {
  setDensity(density: number): RColliderDesc;
}
interface RWorld {
  timestep: number;
  integrationParameters: { numSolverIterations: number; numInternalPgsIterations: number };
  createRigidBody(desc: RBodyDesc): RBody;
  createCollider(
    desc: RColliderDesc,
    parent?: RBody,
  ): { friction(): number; restitution(): number };
  step(): void;
}
interface RapierApi {
  init(): Promise<void>;
  World: new (gravity: Xyz) => RWorld;
  RigidBodyDesc: { dynamic(): RBodyDesc; fixed(): RBodyDesc };
  ColliderDesc: {
    cuboid(hx: number, hy: number, hz: number): RColliderDesc;
    ball(radius: number): RColliderDesc;
  };
}

/** The two builds the bench runs, by package. */
export const RAPIER_PACKAGES = {
  'rapier-simd': '@dimforge/rapier3d-simd-compat',
  'rapier-deterministic': '@dimforge/rapier3d-deterministic-compat',
} as const;

function addBody(R: RapierApi, world: RWorld, b: PeerBody, setting: PeerSetting): RBody {
  const [qx, qy, qz, qw] = b.quaternion;
  const desc = R.RigidBodyDesc.dynamic()
    .setTranslation(b.position[0], b.position[1], b.position[2])
    .setRotation({ x: qx, y: qy, z: qz, w: qw })
    .setLinvel(b.velocity[0], b.velocity[1], b.velocity[2]);
  if (setting === 'awake') desc.setCanSleep(false);
  else if (b.asleep) desc.setSleeping(true);
  const body = world.createRigidBody(desc);
  const shape =
    b.kind === 'box'
      ? R.ColliderDesc.cuboid(b.half[0], b.half[1], b.half[2])
      : R.ColliderDesc.ball(b.half[0]);
  world.createCollider(shape.setDensity(b.density), body);
  return body;
}

/** The scene in the Rapier build `name`: its bodies in order, on a cuboid whose top is y = 0. */
export async function rapierWorld(
  name: keyof typeof RAPIER_PACKAGES,
  scene: PeerScene,
  setting: PeerSetting,
): Promise<PeerWorld> {
  const R = defaultOf(await loadPeer(RAPIER_PACKAGES[name])) as RapierApi;
  await R.init();
  const world = new R.World({ x: 0, y: GRAVITY, z: 0 });
  world.timestep = DT;
  const groundBody = world.createRigidBody(R.RigidBodyDesc.fixed().setTranslation(0, -1, 0));
  const ground = world.createCollider(R.ColliderDesc.cuboid(100, 1, 100), groundBody);
  const bodies = scene.bodies.map((b) => addBody(R, world, b, setting));
  const p = world.integrationParameters;
  const notes =
    `${p.numSolverIterations} solver iterations × ${p.numInternalPgsIterations} PGS, friction ` +
    `${ground.friction()}, restitution ${ground.restitution()}, Rapier's sleep thresholds`;
  return {
    step: () => world.step(),
    position(i, out) {
      const t = (bodies[i] as RBody).translation();
      out[0] = t.x;
      out[1] = t.y;
      out[2] = t.z;
    },
    asleep: (i) => (bodies[i] as RBody).isSleeping(),
    notes,
  };
}
