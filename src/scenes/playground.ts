// playground: a little of everything to throw things at — a brick wall, a ramp, and mixed
// shapes scattered around.

import { SHAPE_KINDS } from '../shapes/shapeKinds';
import { axisAngle, cos, sin } from '../util/exactMath';
import { randomBody } from './mixedBodies';
import type { SceneDefinition } from './sceneTypes';

export const playgroundScene: SceneDefinition = {
  id: 'playground',
  title: 'scene.playground',
  hint: 'hint.playground',
  count: { default: 40, min: 0, max: 1000 },
  view: { camera: [9, 7, 12], target: [-1, 1, 0] },
  build(physics, rng, count) {
    // A ramp to roll things down.
    const tilt = 0.28;
    physics.addStaticBox({
      halfExtents: [3, 0.15, 2],
      position: [-7, 1.2, -3],
      quaternion: axisAngle(0, 0, 1, tilt),
    });
    // A low brick wall (part of `count` so the count is the number of bodies, exactly).
    const wallBricks = Math.min(count, 24);
    for (let i = 0; i < wallBricks; i++) {
      const row = Math.floor(i / 6);
      const col = (i % 6) - 2.5 + (row % 2 === 0 ? 0 : 0.5);
      physics.addBody({
        kind: 'box',
        scale: [0.5, 0.25, 0.25],
        position: [col * 1.02, 0.25 + row * 0.5, 4],
      });
    }
    // Mixed shapes in a loose ring: every kind appears at least once when count allows.
    for (let i = wallBricks; i < count; i++) {
      const kind = SHAPE_KINDS[(i - wallBricks) % SHAPE_KINDS.length] ?? 'box';
      const angle = rng.range(0, 2 * Math.PI);
      const radius = rng.range(1.5, 7);
      physics.addBody(
        randomBody(rng, [radius * cos(angle), rng.range(1, 6), radius * sin(angle)], kind),
      );
    }
  },
};
