// tower: a round brick tower, each course turned half a brick like masonry, and a heavy ball
// lobbed at it so it topples — `count` is the bricks plus the ball.

import { GRAVITY } from '../physics/index';
import { cos, sin } from '../util/exactMath';
import type { SceneDefinition } from './sceneTypes';

/** Brick half extents: 1 m × 0.5 m × 0.5 m, a chunky brick that stacks 30+ courses in cannon-es. */
const BRICK = { halfLong: 0.5, halfHigh: 0.25, halfDeep: 0.25 } as const;
/** Gap between neighbouring bricks along a course, m, so they start out of contact. */
const GAP = 0.04;
const BALL = { radius: 1.1, density: 3000, flightSeconds: 1.6, range: 22 } as const;

/** Bricks per course: the ring grows with the count so the tower stays about 25–90 courses tall. */
export function bricksPerCourse(bricks: number): number {
  return Math.max(8, Math.round(0.8 * Math.sqrt(bricks)));
}

export const towerScene: SceneDefinition = {
  id: 'tower',
  title: 'scene.tower',
  hint: 'hint.tower',
  // The default is the most bodies whose step stays within the overload governor's 7.5 ms on
  // the project's two-core machine (docs/performance.md, "Default counts").
  count: { default: 1300, min: 100, max: 5000 },
  view: { camera: [22, 12, 26], target: [-2, 6, 0] },
  build(physics, _rng, count) {
    const bricks = count - 1;
    const perCourse = bricksPerCourse(bricks);
    // The ring radius that fits perCourse bricks (plus gaps) around its middle line.
    const radius = (perCourse * (2 * BRICK.halfLong + GAP)) / (2 * Math.PI);
    for (let i = 0; i < bricks; i++) {
      const course = Math.floor(i / perCourse);
      // Every other course turns half a brick so each joint sits on a brick below.
      const angle = ((i % perCourse) + (course % 2) * 0.5) * ((2 * Math.PI) / perCourse);
      // A millimetre between courses: bricks start just apart instead of just overlapping.
      const y = BRICK.halfHigh + course * (2 * BRICK.halfHigh + 0.001);
      // Turn about Y so the brick's long axis is tangent to the ring.
      const heading = -angle - Math.PI / 2;
      physics.addBody({
        kind: 'box',
        scale: [BRICK.halfLong, BRICK.halfHigh, BRICK.halfDeep],
        position: [radius * cos(angle), y, radius * sin(angle)],
        quaternion: [0, sin(heading / 2), 0, cos(heading / 2)],
        asleep: true,
      });
    }
    // A ballistic lob that meets the tower's wall a third of the way up after flightSeconds.
    const height = 2 * BRICK.halfHigh * Math.ceil(bricks / perCourse);
    const hitY = Math.max(BALL.radius, height / 3);
    const startX = -radius - BALL.range;
    const startY = 4;
    const t = BALL.flightSeconds;
    physics.addBody({
      kind: 'sphere',
      scale: [BALL.radius, BALL.radius, BALL.radius],
      position: [startX, startY, 0],
      velocity: [BALL.range / t, (hitY - startY - 0.5 * GRAVITY * t * t) / t, 0],
      density: BALL.density,
    });
  },
};
