// dominoes: a run along a spiral that the first domino, nudged over, topples end to end.

import { cos, sin } from '../util/exactMath';
import type { SceneDefinition } from './sceneTypes';

const HALF = { thick: 0.08, tall: 0.6, wide: 0.3 } as const;
const NUDGE = 2;

export const dominoesScene: SceneDefinition = {
  id: 'dominoes',
  title: 'scene.dominoes',
  hint: 'hint.dominoes',
  count: { default: 90, min: 2, max: 500 },
  view: { camera: [0, 14, 18], target: [0, 0, 0] },
  build(physics, _rng, count) {
    // An Archimedean spiral walked at a fixed arc length per domino. Spacing 0.6 × height: each
    // falling domino strikes the next well above its balance point; loops sit 2.8 m apart, more than a domino's
    // height, so a toppled loop never reaches the next one.
    const spacing = 0.6 * 2 * HALF.tall;
    let angle = 0;
    const radiusAt = (a: number): number => 2.2 + 0.45 * a;
    for (let i = 0; i < count; i++) {
      const r = radiusAt(angle);
      const c = cos(angle);
      const s = sin(angle);
      const x = r * c;
      const z = r * s;
      // Turn about Y so the thin local X axis points along the tangent (−sin a, 0, cos a).
      const heading = -angle - Math.PI / 2;
      const qy = sin(heading / 2);
      const qw = cos(heading / 2);
      physics.addBody({
        kind: 'box',
        scale: [HALF.thick, HALF.tall, HALF.wide],
        position: [x, HALF.tall, z],
        quaternion: [0, qy, 0, qw],
        material: 'slick',
        // The first domino is nudged: it starts pivoting on its leading bottom edge at
        // NUDGE rad/s, spinning about up × tangent, its centre moving with the pivot motion.
        angularVelocity: i === 0 ? [NUDGE * c, 0, NUDGE * s] : undefined,
        velocity:
          i === 0 ? [-NUDGE * HALF.tall * s, NUDGE * HALF.thick, NUDGE * HALF.tall * c] : undefined,
      });
      angle += spacing / radiusAt(angle);
    }
  },
};
