// The contact generators, one row a shape pair: what a generator reads of each shape, how it is
// called, and which cannon-es handler it replaces in the drop-in. A row's job kind is its place.
// The rest derives from this table: the kernels' jobKind and kind numbers (jobKinds.ts, written by
// `npm run build:kernel`), the jobs' dispatch (contactJobs.ts) and the drop-in's handlers
// (projectNarrowphase.ts). A pair no row takes keeps cannon-es's own handler (resolverOf).

import { Box, ConvexPolyhedron, Shape } from 'cannon-es';
import type { Body, Narrowphase, Sphere, World } from 'cannon-es';
import { hullOf } from '../bodies/hullData';
import type { HullData } from '../bodies/hullData';
import { collideBoxes } from '../contacts/boxBoxContacts';
import type { ContactManifold, QuatLike, Vec3Like } from '../contacts/contactManifold';
import { collideHulls, collidePlaneHull } from '../contacts/hullContacts';
import {
  collidePlaneBox,
  collideSphereBox,
  collideSphereHull,
  collideSpherePlane,
  collideSphereSphere,
} from '../contacts/primitiveContacts';
import type { SphereLike } from '../contacts/primitiveContacts';

/** The shapes a row may name, as cannon-es's Shape.types bits: a hull is a polyhedron or a cylinder. */
export const SHAPE_TYPES = {
  sphere: [Shape.types.SPHERE],
  plane: [Shape.types.PLANE],
  box: [Shape.types.BOX],
  hull: [Shape.types.CONVEXPOLYHEDRON, Shape.types.CYLINDER],
} as const;
export type ShapeName = keyof typeof SHAPE_TYPES;

/** What a generator reads of a shape, by name (geometryOf reads it). */
interface Geometries {
  /** The sphere itself (its radius). */
  radius: SphereLike;
  /** A box's half extents. */
  extents: Vec3Like;
  /** A hull's flat geometry (a box's: its polyhedron's). */
  hull: HullData;
  /** Nothing (a plane). */
  none: null;
}
export type Geometry = keyof Geometries;
export type ShapeGeometry = Geometries[Geometry];

/** cannon-es's handlers for the pairs the rows name (its Narrowphase finds one by type bits). */
type CannonHandler =
  | 'sphereSphere'
  | 'spherePlane'
  | 'sphereBox'
  | 'sphereConvex'
  | 'planeBox'
  | 'planeConvex'
  | 'boxBox'
  | 'boxConvex'
  | 'convexConvex';

/** One contact generator: a row of CONTACT_GENERATORS. */
export interface ContactGenerator {
  /** Its two shapes, A of the lower cannon-es type (cannon-es's order, which its handlers keep). */
  readonly pair: readonly [ShapeName, ShapeName];
  /** What it reads of A and of B. */
  readonly reads: readonly [Geometry, Geometry];
  /**
   * Makes the pair's points into `out` from A's and B's geometry and world poses; returns how
   * many. `margin`: how far apart a point may be and still be made (the manifolds' CONTACT_MARGIN,
   * the drop-in's 0); plane–box alone reads it (the manifolds keep a resting box's corners).
   */
  collide(
    a: ShapeGeometry,
    posA: Vec3Like,
    quatA: QuatLike,
    b: ShapeGeometry,
    posB: Vec3Like,
    quatB: QuatLike,
    out: ContactManifold,
    margin: number,
  ): number;
  /** The cannon-es handler the drop-in replaces with it, or null: the drop-in keeps cannon-es's. */
  readonly dropIn: CannonHandler | null;
}

/** A row, its `collide` typed by what the row reads (a row that reads one thing and takes another fails tsc). */
function row<A extends Geometry, B extends Geometry>(generator: {
  pair: readonly [ShapeName, ShapeName];
  reads: readonly [A, B];
  collide: (
    a: Geometries[A],
    posA: Vec3Like,
    quatA: QuatLike,
    b: Geometries[B],
    posB: Vec3Like,
    quatB: QuatLike,
    out: ContactManifold,
    margin: number,
  ) => number;
  dropIn: CannonHandler | null;
}): ContactGenerator {
  return generator;
}

/**
 * The generators. To add one: a row here (its shapes in cannon-es's type order), then `npm run
 * build:kernel`; contactGenerators.test.ts checks every row against what derives from it.
 */
export const CONTACT_GENERATORS: readonly ContactGenerator[] = [
  row({
    pair: ['sphere', 'sphere'],
    reads: ['radius', 'radius'],
    collide: (a, posA, _qa, b, posB, _qb, out) => collideSphereSphere(a, posA, b, posB, out),
    dropIn: null,
  }),
  row({
    pair: ['sphere', 'plane'],
    reads: ['radius', 'none'],
    collide: (a, posA, _qa, _b, posB, quatB, out) => collideSpherePlane(a, posA, posB, quatB, out),
    // cannon-es's spherePlane pools an equation before it knows the ball touches; this does not.
    dropIn: 'spherePlane',
  }),
  row({
    pair: ['sphere', 'box'],
    reads: ['radius', 'extents'],
    collide: (a, posA, _qa, b, posB, quatB, out) => collideSphereBox(a, posA, b, posB, quatB, out),
    dropIn: 'sphereBox',
  }),
  row({
    pair: ['sphere', 'hull'],
    reads: ['radius', 'hull'],
    collide: (a, posA, _qa, b, posB, quatB, out) => collideSphereHull(a, posA, b, posB, quatB, out),
    dropIn: 'sphereConvex',
  }),
  row({
    pair: ['plane', 'box'],
    reads: ['none', 'extents'],
    collide: (_a, posA, quatA, b, posB, quatB, out, margin) =>
      collidePlaneBox(posA, quatA, b, posB, quatB, out, margin),
    dropIn: 'planeBox',
  }),
  row({
    pair: ['plane', 'hull'],
    reads: ['none', 'hull'],
    collide: (_a, posA, quatA, b, posB, quatB, out) =>
      collidePlaneHull(posA, quatA, b, posB, quatB, out),
    dropIn: null,
  }),
  row({
    pair: ['box', 'box'],
    reads: ['extents', 'extents'],
    collide: (a, posA, quatA, b, posB, quatB, out) =>
      collideBoxes(a, posA, quatA, b, posB, quatB, out),
    dropIn: 'boxBox',
  }),
  row({
    pair: ['box', 'hull'],
    reads: ['hull', 'hull'],
    collide: collideHulls,
    dropIn: 'boxConvex',
  }),
  row({
    pair: ['hull', 'hull'],
    reads: ['hull', 'hull'],
    collide: collideHulls,
    dropIn: 'convexConvex',
  }),
];

/** What generator `kind` reads of its shape A (`side` 0) or B (1). */
export function geometryOf(shape: Shape, kind: number, side: 0 | 1): ShapeGeometry {
  switch (CONTACT_GENERATORS[kind].reads[side]) {
    case 'radius':
      return shape as Sphere;
    case 'extents':
      return (shape as Box).halfExtents;
    case 'hull':
      return hullOf(
        shape instanceof Box ? shape.convexPolyhedronRepresentation : (shape as ConvexPolyhedron),
      );
    case 'none':
      return null;
  }
}

/** cannon-es's handlers all take these arguments (shapes, poses, bodies, shapes, justTest). */
type Resolver = (...args: unknown[]) => boolean | void;

/** cannon-es's handler for a pair of type bits, as its getContacts finds it, or undefined. */
export function resolverOf(narrowphase: Narrowphase, types: number): Resolver | undefined {
  return (narrowphase as unknown as Record<number, Resolver | undefined>)[types];
}

/**
 * Marks a hull's (a box's hull's) world vertices and face normals for recomputing, before
 * cannon-es's own handler reads them: its convexParticle reads them cached, and their NeedsUpdate
 * flags nothing but the constructor sets.
 */
export function staleWorldData(shape: Shape): void {
  const hull = shape instanceof Box ? shape.convexPolyhedronRepresentation : shape;
  if (hull instanceof ConvexPolyhedron) {
    hull.worldVerticesNeedsUpdate = true;
    hull.worldFaceNormalsNeedsUpdate = true;
  }
}

/** Registers a touching pair that makes no contacts, as cannon-es does for `justTest` pairs. */
export function registerOverlap(world: World, si: Shape, sj: Shape, bi: Body, bj: Body): void {
  world.shapeOverlapKeeper.set(si.id, sj.id);
  world.bodyOverlapKeeper.set(bi.id, bj.id);
}
