// determinism: the same seeded heap built twice, side by side, each world driven by its own
// emulated display (60 Hz on the left, 144 Hz on the right). Under the accumulator both reach the
// same state hash at every step; under variable or semi-fixed they drift apart.

import { cos, sin } from '../util/exactMath';
import { randomBody } from './mixedBodies';
import type { SceneDefinition } from './sceneTypes';

export const determinismScene: SceneDefinition = {
  id: 'determinism',
  title: 'scene.determinism',
  hint: 'hint.determinism',
  count: { default: 40, min: 1, max: 300 },
  view: { camera: [0, 10, 25], target: [0, 1.5, 0] },
  twin: { leftHz: 60, rightHz: 144, offsetX: 7 },
  build(physics, rng, count) {
    for (let i = 0; i < count; i++) {
      const ring = 1 + Math.floor(i / 8);
      const angle = (i % 8) * (Math.PI / 4) + ring * 0.3;
      physics.addBody(
        randomBody(rng, [
          1.2 * ring * cos(angle) * 0.5,
          1 + i * 0.35,
          1.2 * ring * sin(angle) * 0.5,
        ]),
      );
    }
  },
};
