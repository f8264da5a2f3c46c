// What the manifold narrowphase needs of cannon-es's shapes and narrowphase beyond the contact
// generators: each shape's geometry as a generator reads it, cannon-es's own handler for a pair
// the project does not generate, and the overlap bookkeeping of pairs that only test.

import { Box, ConvexPolyhedron } from 'cannon-es';
import type { Body, Narrowphase, Shape, Sphere, World } from 'cannon-es';
import { JOB_KINDS } from './contactJobs';
import type { ShapeGeometry } from './contactJobs';
import { hullOf } from '../bodies/hullData';

/** cannon-es's handlers all take these arguments (shapes, poses, bodies, shapes, justTest). */
type Resolver = (...args: unknown[]) => boolean | void;

/** What the generator of job `kind` reads of `shape` (see ShapeGeometry). */
export function geometryOf(shape: Shape, kind: number): ShapeGeometry {
  if (shape instanceof Box) {
    return JOB_KINDS[kind] === 'box-hull'
      ? hullOf(shape.convexPolyhedronRepresentation)
      : shape.halfExtents;
  }
  if (shape instanceof ConvexPolyhedron) return hullOf(shape);
  if (shape.type === 1) return shape as Sphere;
  return null;
}

/** cannon-es's handler for a pair of type bits, as its getContacts finds it, or undefined. */
export function resolverOf(narrowphase: Narrowphase, types: number): Resolver | undefined {
  return (narrowphase as unknown as Record<number, Resolver | undefined>)[types];
}

/** Registers a touching pair that makes no contacts, as cannon-es does for `justTest` pairs. */
export function registerOverlap(world: World, si: Shape, sj: Shape, bi: Body, bj: Body): void {
  world.shapeOverlapKeeper.set(si.id, sj.id);
  world.bodyOverlapKeeper.set(bi.id, bj.id);
}
