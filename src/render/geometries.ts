// One unit geometry per shape kind, matching the collision shapes in physics/world/bodyFactory.ts;
// each instance stretches it by its body's scale.

import {
  BoxGeometry,
  BufferGeometry,
  CylinderGeometry,
  Float32BufferAttribute,
  SphereGeometry,
} from 'three';
import { mergeGeometries } from 'three/addons/utils/BufferGeometryUtils.js';
import { DUMBBELL, GEM_FACES, GEM_VERTICES } from '../shapes/shapeKinds';
import type { ShapeKind } from '../shapes/shapeKinds';
import { assertNever } from '../util/assertNever';

/** `low` detail is for wireframe overlays, where every extra segment is another dark line. */
export type GeometryDetail = 'full' | 'low';

export function createKindGeometry(
  kind: ShapeKind,
  detail: GeometryDetail = 'full',
): BufferGeometry {
  const low = detail === 'low';
  switch (kind) {
    case 'box':
      return new BoxGeometry(2, 2, 2);
    case 'sphere':
      return low ? new SphereGeometry(1, 10, 6) : new SphereGeometry(1, 24, 16);
    case 'cylinder':
      return new CylinderGeometry(1, 1, 2, low ? 10 : 24);
    case 'dumbbell':
      return createDumbbellGeometry();
    case 'gem':
      return createGemGeometry();
    default:
      return assertNever(kind, 'shape kind');
  }
}

function createDumbbellGeometry(): BufferGeometry {
  const left = new SphereGeometry(DUMBBELL.ballRadius, 20, 14).translate(
    -DUMBBELL.ballOffset,
    0,
    0,
  );
  const right = new SphereGeometry(DUMBBELL.ballRadius, 20, 14).translate(
    DUMBBELL.ballOffset,
    0,
    0,
  );
  const bar = new CylinderGeometry(
    DUMBBELL.barRadius,
    DUMBBELL.barRadius,
    2 * DUMBBELL.ballOffset,
    12,
  ).rotateZ(Math.PI / 2);
  const merged = mergeGeometries([left, right, bar]);
  left.dispose();
  right.dispose();
  bar.dispose();
  if (!merged) throw new Error('Could not merge the dumbbell geometry.');
  return merged;
}

/** Flat-shaded icosahedron from the same vertex and face lists the physics uses. */
function createGemGeometry(): BufferGeometry {
  const positions: number[] = [];
  for (const face of GEM_FACES) {
    for (const v of face) {
      const vertex = GEM_VERTICES[v];
      if (vertex) positions.push(vertex[0], vertex[1], vertex[2]);
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new Float32BufferAttribute(positions, 3));
  geometry.computeVertexNormals();
  return geometry;
}
