// A random body of any kind at a given spot, sized like something you could pick up: shared by
// the scenes that scatter mixed shapes and by the panel's spawn button.

import type { BodySpec, Vec3Tuple } from '../physics/index';
import type { ShapeKind } from '../shapes/shapeKinds';
import { SHAPE_KINDS } from '../shapes/shapeKinds';
import { assertNever } from '../util/assertNever';
import type { Rng } from '../util/rng';

export function randomScale(kind: ShapeKind, rng: Rng, size = 1): Vec3Tuple {
  switch (kind) {
    case 'box':
      return [
        rng.range(0.25, 0.6) * size,
        rng.range(0.25, 0.6) * size,
        rng.range(0.25, 0.6) * size,
      ];
    case 'sphere': {
      const r = rng.range(0.25, 0.55) * size;
      return [r, r, r];
    }
    case 'cylinder': {
      const r = rng.range(0.25, 0.45) * size;
      return [r, rng.range(0.25, 0.6) * size, r];
    }
    case 'dumbbell': {
      const s = rng.range(0.9, 1.25) * size;
      return [s, s, s];
    }
    case 'gem': {
      const s = rng.range(0.4, 0.65) * size;
      return [s, s, s];
    }
    default:
      return assertNever(kind, 'shape kind');
  }
}

export function randomBody(
  rng: Rng,
  position: Vec3Tuple,
  kind: ShapeKind = rng.pick(SHAPE_KINDS),
  size = 1,
): BodySpec {
  return { kind, scale: randomScale(kind, rng, size), position, quaternion: rng.quaternion() };
}
