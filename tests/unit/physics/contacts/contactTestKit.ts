// Shared by the contact-generator tests: seeded random box poses, cannon-es's own answers for
// the same poses (its real narrowphase handlers and projections), and overlap measurements.

import { Body, Box, Narrowphase, Quaternion, Vec3, World } from 'cannon-es';
import type { ContactEquation, ConvexPolyhedron, Shape } from 'cannon-es';
import type { ContactManifold } from '../../../../src/physics/contacts/contactManifold';
import { PhysicsWorld } from '../../../../src/physics/world/physicsWorld';
import { randomScale } from '../../../../src/scenes/mixedBodies';
import type { Rng } from '../../../../src/util/rng';

export interface BoxPose {
  half: Vec3;
  pos: Vec3;
  quat: Quaternion;
}

export function randomQuat(rng: Rng): Quaternion {
  const [x, y, z, w] = rng.quaternion();
  return new Quaternion(x, y, z, w);
}

/** A box of half extents 0.1–1 m, turned at random, its centre within `reach` of the origin. */
export function randomBox(rng: Rng, reach: number): BoxPose {
  return {
    half: new Vec3(rng.range(0.1, 1), rng.range(0.1, 1), rng.range(0.1, 1)),
    pos: new Vec3(rng.range(-reach, reach), rng.range(-reach, reach), rng.range(-reach, reach)),
    quat: randomQuat(rng),
  };
}

/** How far a point lies outside a box, m (negative: inside, by that much from the nearest face). */
export function outsideBox(p: Vec3, box: BoxPose): number {
  const local = box.quat.conjugate().vmult(p.vsub(box.pos));
  return Math.max(
    Math.abs(local.x) - box.half.x,
    Math.abs(local.y) - box.half.y,
    Math.abs(local.z) - box.half.z,
  );
}

export function manifoldPoint(array: Float64Array, k: number): Vec3 {
  return new Vec3(array[3 * k], array[3 * k + 1], array[3 * k + 2]);
}

export function manifoldNormal(m: ContactManifold): Vec3 {
  return new Vec3(m.normal[0], m.normal[1], m.normal[2]);
}

/** cannon-es's stock narrowphase, driven directly: its handlers fill `result`. */
const stock = new Narrowphase(new World());

type Handler =
  'boxBox' | 'sphereBox' | 'spherePlane' | 'planeBox' | 'convexConvex' | 'sphereConvex';

/**
 * cannon-es's contacts for shapes `si` (pose xi, qi) and `sj`, through its own handler and
 * the argument order its getContacts uses (lower shape type first).
 */
export function cannonContacts(
  handler: Handler,
  si: Shape,
  xi: Vec3,
  qi: Quaternion,
  sj: Shape,
  xj: Vec3,
  qj: Quaternion,
): ContactEquation[] {
  const bi = new Body({ mass: 1 });
  const bj = new Body({ mass: 1 });
  bi.position.copy(xi);
  bi.quaternion.copy(qi);
  bj.position.copy(xj);
  bj.quaternion.copy(qj);
  stock.result = [];
  stock.frictionResult = [];
  // The handlers are typed per pair; each test passes the shapes its handler expects.
  (stock[handler] as (...args: unknown[]) => void).call(stock, si, sj, xi, xj, qi, qj, bi, bj);
  return stock.result;
}

/** Penetration depth cannon-es's solver sees for a contact: −n · (xj + rj − xi − ri). */
export function cannonDepth(c: ContactEquation): number {
  return -c.ni.dot(c.bj.position.vadd(c.rj).vsub(c.bi.position.vadd(c.ri)));
}

/** The overlap of two boxes' projections on a world axis, by cannon-es's own projection (false: apart). */
export function cannonOverlap(a: BoxPose, b: BoxPose, axis: Vec3): number | false {
  const hullA = new Box(a.half).convexPolyhedronRepresentation as ConvexPolyhedron;
  const hullB = new Box(b.half).convexPolyhedronRepresentation as ConvexPolyhedron;
  return hullA.testSepAxis(axis, hullB, a.pos, a.quat, b.pos, b.quat);
}

/** The 15 candidate separating axes of two boxes (fewer where two edges are parallel). */
export function candidateAxes(a: BoxPose, b: BoxPose): Vec3[] {
  const unit = [new Vec3(1, 0, 0), new Vec3(0, 1, 0), new Vec3(0, 0, 1)];
  const axesA = unit.map((u) => a.quat.vmult(u));
  const axesB = unit.map((u) => b.quat.vmult(u));
  const axes = [...axesA, ...axesB];
  for (const ea of axesA) {
    for (const eb of axesB) {
      const c = ea.cross(eb);
      if (c.length() > 1e-6) axes.push(c.unit());
    }
  }
  return axes;
}

const shapeWorld = new PhysicsWorld();

/** The project's own collision shape for a body kind (as bodyFactory builds it), at a random size. */
export function projectShape(kind: 'box' | 'cylinder' | 'gem' | 'sphere', rng: Rng): Shape {
  // One world lends its body factory to every call: the shape outlives the body, and a world
  // per shape (its contact cache and solver made up front) cost more than the contacts tested.
  const physics = shapeWorld;
  physics.clear();
  physics.addBody({ kind, scale: randomScale(kind, rng), position: [0, 0, 0] });
  const shape = physics.bodies[0]?.shapes[0];
  if (!shape) throw new Error(`no ${kind} shape`);
  return shape;
}

/** A box, cylinder or gem as a convex polyhedron (a box through cannon-es's own stand-in). */
export function asHull(shape: Shape): ConvexPolyhedron {
  return shape instanceof Box
    ? (shape.convexPolyhedronRepresentation as ConvexPolyhedron)
    : (shape as ConvexPolyhedron);
}

/** How far a world point lies outside a hull at a pose, by its face planes (negative: inside). */
export function outsideHull(p: Vec3, hull: ConvexPolyhedron, pos: Vec3, quat: Quaternion): number {
  const local = quat.conjugate().vmult(p.vsub(pos));
  let worst = -Infinity;
  hull.faces.forEach((face, f) => {
    const n = hull.faceNormals[f] as Vec3;
    const v = hull.vertices[face[0] as number] as Vec3;
    worst = Math.max(worst, n.dot(local.vsub(v)));
  });
  return worst;
}
