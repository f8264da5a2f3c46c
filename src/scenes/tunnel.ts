// tunnel: small balls ping-ponging at 9 m/s between two thin walls. Every fixed 10 ms step
// lands the ball inside a wall's reach; one long `variable` step carries it straight through.

import type { SceneDefinition } from './sceneTypes';

export const TUNNEL = { speed: 9, wallX: 1, wallHalfThickness: 0.05, ballRadius: 0.12 } as const;

export const tunnelScene: SceneDefinition = {
  id: 'tunnel',
  title: 'scene.tunnel',
  hint: 'hint.tunnel',
  view: { camera: [0, 5, 8], target: [0, 1.6, 0] },
  build(physics) {
    // A step may move a ball at most 0.17 m (ball radius + half the wall): then some step lands
    // it overlapping the near half of the wall, before its centre crosses the wall's midplane
    // (past that, the contact would push it out the far side). At 9 m/s that holds for fixed
    // 10 ms steps (0.09 m) and even for variable steps at 60 Hz (0.15 m), not at 30 Hz (0.3 m).
    // A 0.25 s hitch step moves 2.25 m: more than the 2 m between the walls, so it always
    // lands the ball outside.
    for (const x of [-TUNNEL.wallX, TUNNEL.wallX]) {
      physics.addStaticBox({
        halfExtents: [TUNNEL.wallHalfThickness, 2, 1.5],
        position: [x, 2, 0],
      });
    }
    const balls: number[] = [];
    for (let k = 0; k < 3; k++) {
      const r = TUNNEL.ballRadius;
      balls.push(
        physics.addBody({
          kind: 'sphere',
          scale: [r, r, r],
          position: [-0.6 + 0.6 * k, 1 + k, -0.8 + 0.8 * k],
          velocity: [k % 2 === 0 ? TUNNEL.speed : -TUNNEL.speed, 0, 0],
          material: 'bouncy',
        }),
      );
    }
    // Before each step: cancel gravity and hold the speed at exactly 9 m/s along x, so the
    // balls ping-pong forever instead of losing energy to the solver's soft contacts. The balls
    // are held by id: a removed ball is skipped, and no other body is ever driven in its place.
    physics.addStepHook((_step, _dt, world) => {
      for (let k = 0; k < balls.length; k++) {
        const body = world.bodyById(balls[k]);
        if (!body) continue;
        body.force.y -= body.mass * world.world.gravity.y;
        body.velocity.set(body.velocity.x >= 0 ? TUNNEL.speed : -TUNNEL.speed, 0, 0);
        body.angularVelocity.setZero();
      }
    });
  },
};
