// rain: `count` mixed shapes poured from a loose column into a walled bin — a stress scene where
// the cost climbs as the bodies land and pile up, then falls as the pile goes to sleep.

import type { ShapeKind } from '../shapes/shapeKinds';
import type { Rng } from '../util/rng';
import { randomBody } from './mixedBodies';
import type { SceneDefinition } from './sceneTypes';

/**
 * Share of each kind in the downpour. Every kind appears, but the cheap ones dominate: cannon-es
 * tests convex hulls by separating axes, and a resting contact costs (CPU µs per contact per
 * step, 250-body single-kind piles, `npm run bench -- --tuning`) about 25 for spheres, 27 for
 * boxes, 36 for dumbbells (two balls and a bar), 70 for 12-sided cylinders and 160 for gems (an
 * icosahedron: 20 faces and 15 edge directions give 245 axes per gem–gem pair). An even mix
 * costs about 1.6× this one.
 */
const MIX: readonly (readonly [ShapeKind, number])[] = [
  ['box', 0.32],
  ['sphere', 0.32],
  ['dumbbell', 0.16],
  ['cylinder', 0.12],
  ['gem', 0.08],
];

function pickKind(rng: Rng): ShapeKind {
  let u = rng.next();
  for (const [kind, share] of MIX) {
    if (u < share) return kind;
    u -= share;
  }
  return 'box';
}

/**
 * Cell size of the falling column. The longest body (a dumbbell at the top of its size range)
 * is 2.75 m end to end, but jitter and random turns keep neighbours apart at 1.75 m: the unit
 * test checks that the first step finds no body touching another.
 */
const CELL = 1.75;
/** Floor area per body, m²: a body averages ~0.45 m³, so the settled pile is about 2 m deep. */
const AREA_PER_BODY = 0.45;
const WALL_HEIGHT = 2.4;
/** Lowest layer of the column, m above the floor: the first bodies land after about a second. */
const COLUMN_BASE = 5;

export const rainScene: SceneDefinition = {
  id: 'rain',
  title: 'Rain (stress)',
  hint: 'A downpour of mixed shapes: watch physics / step climb as they land, then fall as they sleep.',
  count: { default: 500, min: 100, max: 5000 },
  view: { camera: [20, 17, 24], target: [0, 4, 0] },
  build(physics, rng, count) {
    const binHalf = Math.sqrt(count * AREA_PER_BODY) / 2 + 1;
    for (const [x, z, hx, hz] of [
      [binHalf + 0.25, 0, 0.25, binHalf + 0.5],
      [-binHalf - 0.25, 0, 0.25, binHalf + 0.5],
      [0, binHalf + 0.25, binHalf, 0.25],
      [0, -binHalf - 0.25, binHalf, 0.25],
    ] as const) {
      physics.addStaticBox({ halfExtents: [hx, WALL_HEIGHT, hz], position: [x, WALL_HEIGHT, z] });
    }
    // The column is narrower than the bin (a pour, not a lid), so it spreads as it lands.
    const side = Math.max(3, Math.floor((1.2 * binHalf) / CELL));
    const perLayer = side * side;
    for (let i = 0; i < count; i++) {
      const layer = Math.floor(i / perLayer);
      const cell = i % perLayer;
      const x = ((cell % side) - (side - 1) / 2) * CELL + rng.range(-0.12, 0.12);
      const z = (Math.floor(cell / side) - (side - 1) / 2) * CELL + rng.range(-0.12, 0.12);
      physics.addBody(randomBody(rng, [x, COLUMN_BASE + layer * CELL, z], pickKind(rng)));
    }
  },
};
