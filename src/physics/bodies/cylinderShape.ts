// The cylinder's collision shape: cannon-es's Cylinder layout (a prism of `segments` sides),
// with its vertices from util/exactMath so every browser engine builds the same bits.

import { ConvexPolyhedron, Shape, Vec3 } from 'cannon-es';
import { cos, sin } from '../../util/exactMath';

/**
 * A convex prism standing on Y, as `new Cylinder(radius, radius, 2 · halfHeight, segments)`
 * builds it — same vertex order, faces, winding and separating axes, and the CYLINDER type so
 * the narrowphase dispatches its pairs as before — but with exact sin and cos: cannon-es's
 * Cylinder calls Math.sin and Math.cos, whose last bit differs between engines.
 *
 * Layout: vertex 2i is on the bottom rim and 2i + 1 above it, at angle 2π·i/segments measured
 * from +Z towards −X; side face i joins rim points i and i + 1; then the bottom face, then the
 * top face wound the other way. The axes are the side normals (half of them when the count is
 * even: opposite sides share an axis) and Y.
 */
export function createCylinderShape(
  radius: number,
  halfHeight: number,
  segments: number,
): ConvexPolyhedron {
  const vertices: Vec3[] = [];
  const faces: number[][] = [];
  const bottom: number[] = [];
  const top: number[] = [];
  const axes: Vec3[] = [];
  const step = (2 * Math.PI) / segments;
  for (let i = 0; i < segments; i++) {
    const angle = step * i;
    const x = -radius * sin(angle);
    const z = radius * cos(angle);
    vertices.push(new Vec3(x, -halfHeight, z), new Vec3(x, halfHeight, z));
    bottom.push(2 * i);
    top.unshift(2 * i + 1);
    const next = (i + 1) % segments;
    faces.push([2 * i, 2 * i + 1, 2 * next + 1, 2 * next]);
    if (segments % 2 === 1 || i < segments / 2) {
      const middle = step * (i + 0.5);
      axes.push(new Vec3(-sin(middle), 0, cos(middle)));
    }
  }
  faces.push(bottom, top);
  axes.push(new Vec3(0, 1, 0));
  const shape = new ConvexPolyhedron({ vertices, faces, axes });
  shape.type = Shape.types.CYLINDER;
  return shape;
}
