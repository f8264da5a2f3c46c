// pile: `count` mixed bodies dropped from a tall grid of columns into a walled pit — the scene
// for watching cost grow with body count.

import type { ShapeKind } from '../shapes/shapeKinds';
import { randomBody } from './mixedBodies';
import type { SceneDefinition } from './sceneTypes';

const SPACING = 1.3;

/**
 * Mostly boxes, balls and dumbbells (a compound of balls and a box): cannon-es collides those
 * with closed-form tests. Cylinders and gems are convex polyhedra, whose pairwise clipping costs
 * several times more, so they make up one body in ten — enough to see, not enough to dominate.
 */
const PILE_KINDS: readonly ShapeKind[] = [
  'box',
  'box',
  'box',
  'sphere',
  'sphere',
  'sphere',
  'dumbbell',
  'dumbbell',
  'box',
  'sphere',
  'box',
  'box',
  'box',
  'sphere',
  'sphere',
  'sphere',
  'dumbbell',
  'dumbbell',
  'cylinder',
  'gem',
];

export const pileScene: SceneDefinition = {
  id: 'pile',
  title: 'scene.pile',
  hint: 'hint.pile',
  count: { default: 300, min: 1, max: 5000 },
  view: { camera: [16, 14, 20], target: [0, 3, 0] },
  build(physics, rng, count) {
    // A square footprint that grows with the count keeps piles of any size roughly cube-shaped.
    const side = Math.max(3, Math.ceil(Math.sqrt(count / 6)));
    const half = (side * SPACING) / 2 + 0.6;
    const wallHeight = 1.5;
    for (const [x, z, hx, hz] of [
      [half + 0.25, 0, 0.25, half + 0.5],
      [-half - 0.25, 0, 0.25, half + 0.5],
      [0, half + 0.25, half, 0.25],
      [0, -half - 0.25, half, 0.25],
    ] as const) {
      physics.addStaticBox({ halfExtents: [hx, wallHeight, hz], position: [x, wallHeight, z] });
    }
    for (let i = 0; i < count; i++) {
      const layer = Math.floor(i / (side * side));
      const cell = i % (side * side);
      const x = ((cell % side) - (side - 1) / 2) * SPACING + rng.range(-0.1, 0.1);
      const z = (Math.floor(cell / side) - (side - 1) / 2) * SPACING + rng.range(-0.1, 0.1);
      physics.addBody(randomBody(rng, [x, 1 + layer * SPACING, z], rng.pick(PILE_KINDS)));
    }
  },
};
