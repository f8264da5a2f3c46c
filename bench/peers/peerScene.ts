// The scenes the peers bench builds in every engine: the project's own scene (its build, its
// count) read out of a PhysicsWorld as plain boxes and balls — size, mass, pose, velocity and
// whether it starts asleep — so each engine gets the same bodies on the same ground (y = 0).

import { Body } from 'cannon-es';
import { GRAVITY } from '../../src/physics/world/physicsWorld';
import { pyramidBoxes } from '../../src/scenes/pyramid';
import { findScene } from '../../src/scenes/registry';
import { buildScene, DT } from '../../tests/support/sceneWorlds';

export { DT, GRAVITY };

/** The scenes: JoltPhysics.js's stress test (`?scene=pyramid&count=11`) and the tower. */
export const PEER_SCENES = ['pyramid', 'tower'] as const;
export type PeerSceneId = (typeof PEER_SCENES)[number];

/** One body, as every engine builds it. */
export interface PeerBody {
  kind: 'box' | 'sphere';
  /** Half extents of a box; a sphere's radius is half[0]. */
  half: [number, number, number];
  /** kg (the project's density × volume: 600 kg/m³, the tower's ball 3000). */
  mass: number;
  density: number;
  position: [number, number, number];
  quaternion: [number, number, number, number];
  velocity: [number, number, number];
  asleep: boolean;
}

export interface PeerScene {
  id: PeerSceneId;
  /** The scene's count: the pyramid's layers, the tower's bodies. */
  count: number;
  bodies: PeerBody[];
  /** The bodies whose creep counts: the pyramid's boxes (not the block); none for the tower. */
  creepBodies: number;
  /** Index of the pyramid's block (−1: none). */
  block: number;
}

/** The count each scene runs at: 11 layers (1,771 boxes), and the tower's own default. */
export function peerCount(id: PeerSceneId): number {
  if (id === 'pyramid') return 11;
  return findScene('tower')?.count?.default ?? 1300;
}

/** The project's scene `id` at its peer count, read out as plain bodies. */
export function peerScene(id: PeerSceneId): PeerScene {
  const count = peerCount(id);
  const { physics } = buildScene(id, count);
  const bodies = physics.bodies.map((body, i): PeerBody => {
    const kind = physics.kinds[i];
    const make = physics.makes[i];
    if ((kind !== 'box' && kind !== 'sphere') || !make) {
      throw new Error(`peers: ${id} has a ${String(kind)}, which the peers bench does not build`);
    }
    const [sx, sy, sz] = make.scale;
    const { position: p, quaternion: q, velocity: v } = body;
    return {
      kind,
      half: kind === 'box' ? [sx, sy, sz] : [sx, sx, sx],
      mass: body.mass,
      density: make.density,
      position: [p.x, p.y, p.z],
      quaternion: [q.x, q.y, q.z, q.w],
      velocity: [v.x, v.y, v.z],
      asleep: body.sleepState === Body.SLEEPING,
    };
  });
  const pyramid = id === 'pyramid';
  return {
    id,
    count,
    bodies,
    creepBodies: pyramid ? pyramidBoxes(count) : 0,
    block: pyramid ? bodies.length - 1 : -1,
  };
}
