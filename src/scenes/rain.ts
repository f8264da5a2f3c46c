// rain: `count` mixed shapes poured from a loose column into a walled bin — a stress scene where
// the cost climbs as the bodies land and pile up, then falls as the pile goes to sleep.

import type { QuatTuple } from '../physics/index';
import type { ShapeKind } from '../shapes/shapeKinds';
import { cos, sin } from '../util/exactMath';
import type { Rng } from '../util/rng';
import { randomBody } from './mixedBodies';
import type { SceneDefinition } from './sceneTypes';

/**
 * Share of each kind in the downpour. Every kind appears, but the cheap ones dominate: cannon-es
 * tests convex hulls by separating axes, and a resting contact costs (CPU µs per contact per
 * step, 250-body single-kind piles, `npm run bench -- --tuning`) about 17 for spheres, 18 for
 * boxes, 35 for dumbbells (two balls and a bar), 93 for 12-sided cylinders and 186 for gems (an
 * icosahedron: 20 faces and 15 edge directions give 245 axes per gem–gem pair). By those costs
 * an even mix would cost ~1.6× this one.
 */
const MIX: readonly (readonly [ShapeKind, number])[] = [
  ['box', 0.32],
  ['sphere', 0.32],
  ['dumbbell', 0.16],
  ['cylinder', 0.12],
  ['gem', 0.08],
];

/**
 * A dumbbell's turn: its bar along the same cell diagonal as every other dumbbell's (either way
 * round), tilted at most 14° out of level, spun about the bar at random. Any turn at all would let
 * two neighbours overlap; crossing diagonals would let the ends of side-by-side dumbbells meet.
 */
function diagonalTurn(rng: Rng): QuatTuple {
  const yaw = (rng.next() < 0.5 ? 0.25 : 1.25) * Math.PI;
  const tilt = rng.range(-0.25, 0.25);
  const spin = rng.range(0, 2 * Math.PI);
  // yaw about Y, then tilt about Z, then spin about the bar (X): q = qy · qz · qx.
  const [ys, yc] = [sin(yaw / 2), cos(yaw / 2)];
  const [zs, zc] = [sin(tilt / 2), cos(tilt / 2)];
  const [xs, xc] = [sin(spin / 2), cos(spin / 2)];
  // qy · qz = (ys·zs, ys·zc, yc·zs, yc·zc) as (x, y, z, w).
  const ax = ys * zs;
  const ay = ys * zc;
  const az = yc * zs;
  const aw = yc * zc;
  // (a) · qx with qx = (xs, 0, 0, xc).
  return [aw * xs + ax * xc, ay * xc + az * xs, az * xc - ay * xs, aw * xc - ax * xs];
}

function pickKind(rng: Rng): ShapeKind {
  let u = rng.next();
  for (const [kind, share] of MIX) {
    if (u < share) return kind;
    u -= share;
  }
  return 'box';
}

/**
 * Cell size of the falling column: no two bodies start touching (the unit test checks the first
 * step's contacts). The largest box reaches 1.04 m from its centre; the longest body, a
 * dumbbell, 1.375 m, so dumbbells lie along a cell diagonal (2.83 m to the next centre there).
 */
const CELL = 2;
/** Floor area per body, m²: a body averages ~0.45 m³, so the settled pile is about 2 m deep. */
const AREA_PER_BODY = 0.45;
const WALL_HEIGHT = 2.4;
/** Lowest layer of the column, m above the floor: the first bodies land after about a second. */
const COLUMN_BASE = 5;

export const rainScene: SceneDefinition = {
  id: 'rain',
  title: 'scene.rain',
  hint: 'hint.rain',
  // The default is the most bodies whose step stays within the overload governor's 7.5 ms on
  // the project's two-core machine (docs/performance.md, "Default counts").
  count: { default: 900, min: 100, max: 5000 },
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
      const x = ((cell % side) - (side - 1) / 2) * CELL + rng.range(-0.08, 0.08);
      const z = (Math.floor(cell / side) - (side - 1) / 2) * CELL + rng.range(-0.08, 0.08);
      const spec = randomBody(rng, [x, COLUMN_BASE + layer * CELL, z], pickKind(rng));
      if (spec.kind === 'dumbbell') spec.quaternion = diagonalTurn(rng);
      physics.addBody(spec);
    }
  },
};
