// stack: a tower of boxes, each course turned 90° like brickwork, to knock over with a throw.

import type { SceneDefinition } from './sceneTypes';

export const stackScene: SceneDefinition = {
  id: 'stack',
  title: 'scene.stack',
  hint: 'hint.stack',
  count: { default: 36, min: 1, max: 600 },
  view: { camera: [12, 8, 14], target: [0, 3, 0] },
  build(physics, _rng, count) {
    // Three bricks a course, alternating direction: stable enough to stand, easy to topple.
    const brick = { long: 0.75, high: 0.25, deep: 0.25 };
    for (let i = 0; i < count; i++) {
      const course = Math.floor(i / 3);
      const k = (i % 3) - 1;
      const y = brick.high + course * 2 * brick.high + 0.001 * course;
      const along = course % 2 === 0;
      const offset = k * 2 * brick.deep;
      physics.addBody({
        kind: 'box',
        scale: along ? [brick.long, brick.high, brick.deep] : [brick.deep, brick.high, brick.long],
        position: along ? [0, y, offset] : [offset, y, 0],
      });
    }
  },
};
