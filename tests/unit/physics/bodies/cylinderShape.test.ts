import { Body, Cylinder, Shape } from 'cannon-es';
import type { ConvexPolyhedron, Vec3 } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { createCylinderShape } from '../../../../src/physics/bodies/cylinderShape';
import { PhysicsWorld } from '../../../../src/physics/world/physicsWorld';

const coordinates = (list: Vec3[]): number[] => list.flatMap((v) => [v.x, v.y, v.z]);

function expectClose(actual: number[], expected: number[], tolerance: number): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) {
    expect(Math.abs((actual[i] ?? NaN) - (expected[i] ?? NaN)), `item ${i}`).toBeLessThanOrEqual(
      tolerance,
    );
  }
}

describe("the exact cylinder is cannon-es's Cylinder, built from exact sin and cos", () => {
  for (const [radius, halfHeight, segments] of [
    [0.35, 0.45, 12],
    [1, 1, 12],
    [0.25, 0.6, 7],
  ] as const) {
    it(`r ${radius}, half height ${halfHeight}, ${segments} segments: same layout`, () => {
      const ours: ConvexPolyhedron = createCylinderShape(radius, halfHeight, segments);
      const stock = new Cylinder(radius, radius, 2 * halfHeight, segments);
      expect(ours.type).toBe(Shape.types.CYLINDER);
      expect(ours.faces).toEqual(stock.faces);
      // Math.sin and exactMath.sin differ by at most an ulp, so coordinates agree to ~1e-16.
      expectClose(coordinates(ours.vertices), coordinates(stock.vertices), 2e-16);
      expectClose(coordinates(ours.faceNormals), coordinates(stock.faceNormals), 4e-16);
      expectClose(coordinates(ours.uniqueAxes ?? []), coordinates(stock.uniqueAxes ?? []), 2e-16);
      expect(ours.uniqueEdges.length).toBe(stock.uniqueEdges.length);
      expect(ours.boundingSphereRadius).toBeCloseTo(stock.boundingSphereRadius, 15);
    });
  }

  it('a cylinder body keeps its mass and inertia (to rounding)', () => {
    const physics = new PhysicsWorld();
    const ours = physics.bodies[
      physics.addBody({ kind: 'cylinder', scale: [0.35, 0.45, 0.35], position: [0, 1, 0] })
    ] as Body;
    const stock = new Body({ mass: ours.mass });
    stock.addShape(new Cylinder(0.35, 0.35, 0.9, 12));
    expect(ours.mass).toBeCloseTo(600 * Math.PI * 0.35 * 0.35 * 0.9, 10);
    const [a, b] = [ours.inertia, stock.inertia];
    expectClose([a.x, a.y, a.z], [b.x, b.y, b.z], 1e-12 * b.x);
  });
});
