// avalanche: spheres and boxes released at the top of a walled slope, tumbling down through
// rows of posts and piling up in a walled basin at the foot.

import type { QuatTuple } from '../physics/index';
import { axisAngle, cos as exactCos, sin as exactSin } from '../util/exactMath';
import type { SceneDefinition } from './sceneTypes';

/** Slope angle: steep enough to pour, gentle enough that bodies slide rather than fly. */
const TILT = (35 * Math.PI) / 180;
/** Grid cell of the starting block, m: the largest body (a box of half size 0.45) fits with room. */
const CELL = 1.1;
/** Layers in the starting block: shallow enough that the side walls hold it. */
const LAYERS = 4;
/** Length of slope below the starting block, m, where the posts stand. */
const RUN = 20;
const SLAB = 0.25;
const WALL_HEIGHT = 2.5;
/**
 * Spin lost per second by the balls, standing in for rolling resistance: with cannon-es's
 * default (0.01) balls leave the slope at ~15 m/s and pinball round the basin for minutes;
 * at 0.4 they come to rest within a few seconds of arriving.
 */
const ROLLING_DAMPING = 0.4;
const POST = { half: 0.3, halfHeight: 1.1, rowSpacing: 6, spacing: 7 } as const;

export const avalancheScene: SceneDefinition = {
  id: 'avalanche',
  title: 'scene.avalanche',
  hint: 'hint.avalanche',
  // The default is the most bodies whose step stays within the overload governor's 7.5 ms on
  // the project's two-core machine (docs/performance.md, "Default counts").
  count: { default: 1300, min: 100, max: 5000 },
  view: { camera: [12, 22, 46], target: [9, 4, 0] },
  build(physics, rng, count) {
    // A starting block LAYERS deep, half again as wide as it is long.
    const perLayer = Math.ceil(count / LAYERS);
    const across = Math.max(6, Math.ceil(Math.sqrt(1.5 * perLayer)));
    const rows = Math.ceil(perLayer / across);
    const width = across * CELL + 1;
    const length = rows * CELL + RUN;
    const cos = exactCos(TILT);
    const sin = exactSin(TILT);
    // The slope descends toward +x from x = top to x = foot, its middle over the origin.
    const top = -(cos * length) / 2;
    const foot = (cos * length) / 2;
    const centreY = (sin * length) / 2;
    const slopeTurn: QuatTuple = [0, 0, -exactSin(TILT / 2), exactCos(TILT / 2)];
    const tan = sin / cos;
    /** Height of the slab's top face above horizontal position x. */
    const surfaceY = (x: number): number => centreY - tan * x + SLAB / cos;
    physics.addStaticBox({
      halfExtents: [length / 2, SLAB, width / 2],
      position: [0, centreY, 0],
      quaternion: slopeTurn,
      material: 'ice',
    });
    for (const side of [-1, 1]) {
      physics.addStaticBox({
        halfExtents: [length / 2, WALL_HEIGHT / 2, 0.2],
        position: [0, surfaceY(0) + WALL_HEIGHT / 2 / cos, side * (width / 2 + 0.2)],
        quaternion: slopeTurn,
        material: 'ice',
      });
    }
    // A back wall at the top so the starting block cannot spill over the upper edge.
    physics.addStaticBox({
      halfExtents: [0.25, 2.5, width / 2 + 0.4],
      position: [top - 0.25, surfaceY(top) + 1.5, 0],
    });
    // Rows of posts, every other row offset half a spacing so nothing runs straight down.
    const firstPost = top + cos * (rows * CELL + 3);
    const yaw = axisAngle(0, 1, 0, Math.PI / 4);
    for (let row = 0; firstPost + row * POST.rowSpacing * cos < foot - 3; row++) {
      const x = firstPost + row * POST.rowSpacing * cos;
      const offset = (row % 2) * 0.5 * POST.spacing;
      for (let z = -width / 2 + 1 + offset; z < width / 2 - 0.5; z += POST.spacing) {
        physics.addStaticBox({
          halfExtents: [POST.half, POST.halfHeight, POST.half],
          position: [x, surfaceY(x) + POST.halfHeight - 0.3, z],
          quaternion: yaw,
        });
      }
    }
    // A walled basin at the foot, twice the slope's width, where the flow piles up instead of
    // rolling away across the endless ground plane.
    const basin = { length: Math.max(12, width), halfWidth: width };
    physics.addStaticBox({
      halfExtents: [0.25, 1, basin.halfWidth + 0.5],
      position: [foot + basin.length + 0.25, 1, 0],
    });
    for (const side of [-1, 1]) {
      physics.addStaticBox({
        halfExtents: [basin.length / 2, 1, 0.25],
        position: [foot + basin.length / 2, 1, side * (basin.halfWidth + 0.25)],
      });
    }
    // The starting block: LAYERS of a grid in the slope's own frame (rows down the slope,
    // layers along its normal), so neighbours sit a whole CELL apart in both directions.
    const topY = surfaceY(top);
    for (let i = 0; i < count; i++) {
      const layer = Math.floor(i / (rows * across));
      const cell = i % (rows * across);
      const down = 0.5 + (Math.floor(cell / across) + 0.5) * CELL;
      const up = 0.55 + layer * CELL;
      const x = top + cos * down + sin * up;
      const y = topY - sin * down + cos * up;
      const z = ((cell % across) - (across - 1) / 2) * CELL;
      if (rng.next() < 0.5) {
        const r = rng.range(0.3, 0.5);
        physics.addBody({
          kind: 'sphere',
          scale: [r, r, r],
          position: [x, y, z],
          angularDamping: ROLLING_DAMPING,
        });
      } else {
        physics.addBody({
          kind: 'box',
          scale: [rng.range(0.25, 0.45), rng.range(0.25, 0.45), rng.range(0.25, 0.45)],
          position: [x, y, z],
          quaternion: slopeTurn,
        });
      }
    }
  },
};
