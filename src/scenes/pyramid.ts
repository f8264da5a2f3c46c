// pyramid: the JoltPhysics.js stress test's layout (Examples/stress_test.html): unit boxes packed
// edge to edge in square layers of 21², 19², …, 1² (1,771 boxes at 11 layers), and a 2 m block
// dropped on top from y = 20. The boxes start awake: the pyramid stands on its own solver.

import type { SceneDefinition } from './sceneTypes';

/** A unit box: half extents 0.5 m. */
const HALF = 0.5;
/** The block: a 2 m cube whose centre starts at y = 20 m, above the apex, as in Jolt's demo. */
const BLOCK = { half: 1, height: 20 } as const;

/** Boxes in a pyramid of `layers` layers: 1² + 3² + … + (2·layers − 1)² = L(4L² − 1)/3. */
export function pyramidBoxes(layers: number): number {
  return (layers * (4 * layers * layers - 1)) / 3;
}

export const pyramidScene: SceneDefinition = {
  id: 'pyramid',
  title: 'scene.pyramid',
  hint: 'hint.pyramid',
  // The count is the layers. 7 layers (455 boxes) hold real time on a 2-core machine; 11 (1,771)
  // do not yet (docs/contacts.md). 15 layers are 4,495 boxes; the block still starts above the apex.
  count: { default: 7, min: 1, max: 15, counts: 'layers' },
  view: { camera: [24, 16, 28], target: [0, 4, 0] },
  build(physics, _rng, layers) {
    for (let y = 0; y < layers; y++) {
      // Layer y is a square of side 2·(layers − 1 − y) + 1, each box on the one below it.
      const reach = layers - 1 - y;
      for (let x = -reach; x <= reach; x++) {
        for (let z = -reach; z <= reach; z++) {
          physics.addBody({ kind: 'box', scale: [HALF, HALF, HALF], position: [x, y + HALF, z] });
        }
      }
    }
    physics.addBody({
      kind: 'box',
      scale: [BLOCK.half, BLOCK.half, BLOCK.half],
      position: [0, BLOCK.height, 0],
    });
  },
};
