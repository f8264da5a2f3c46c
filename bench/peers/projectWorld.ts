// This project's physics building a peer scene: the scene itself, built by the app's own code
// into a PhysicsWorld under DEFAULT_TUNING (cannon-es bodies, the project's contacts and solver),
// stepped as the app steps it. Kept awake: cannon-es's `allowSleep` off, every body woken.

import { Body } from 'cannon-es';
import { DEFAULT_TUNING } from '../../src/physics/world/tuning';
import { buildScene } from '../../tests/support/sceneWorlds';
import type { PeerScene } from './peerScene';
import { DT } from './peerScene';
import type { PeerSetting, PeerWorld } from './peerWorld';

/** The scene in the project's default configuration (its bodies are the scene's, in order). */
export function projectWorld(scene: PeerScene, setting: PeerSetting): Promise<PeerWorld> {
  const { physics } = buildScene(scene.id, scene.count, DEFAULT_TUNING);
  if (physics.count !== scene.bodies.length)
    throw new Error('peers: the scene was built otherwise');
  if (setting === 'awake') {
    physics.world.allowSleep = false;
    for (const body of physics.bodies) body.wakeUp();
  }
  const t = DEFAULT_TUNING;
  const notes =
    `DEFAULT_TUNING: ${t.solverIterations} + ${t.relaxIterations} relax sweeps, warm-started ` +
    `manifolds, contact stiffness ${t.contactStiffness} and relaxation ${t.contactRelaxation}, ` +
    `friction 0.4 (0.5 on the ground) bounded by μ·g·m, restitution 0.1 above 0.5 m/s; sleeps ` +
    `below ${t.sleepSpeedLimit} m/s for ${t.sleepTimeLimit} s`;
  return Promise.resolve({
    step: () => physics.step(DT),
    position(i, out) {
      const p = (physics.bodies[i] as Body).position;
      out[0] = p.x;
      out[1] = p.y;
      out[2] = p.z;
    },
    asleep: (i) => (physics.bodies[i] as Body).sleepState === Body.SLEEPING,
    notes,
  });
}
