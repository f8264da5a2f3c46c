// cannon-es's narrowphase with the project's own contact generators plugged in for box–box,
// sphere–box, sphere–plane, plane–box and the convex-hull pairs (box, sphere or hull against a
// cylinder or gem). cannon-es finds a pair's handler by shape-type bits (`this[Shape.types.BOX |
// Shape.types.BOX]` returns `this.boxBox`; cylinder pairs return `this.convexConvex` and
// friends), so overriding those methods is enough; the other pairs keep cannon-es's own code.

import { Narrowphase } from 'cannon-es';
import type {
  Body,
  Box,
  ConvexPolyhedron,
  Plane,
  Quaternion,
  Shape,
  Sphere,
  Vec3,
  World,
} from 'cannon-es';
import { collideBoxes } from '../contacts/boxBoxContacts';
import { ContactManifold } from '../contacts/contactManifold';
import { collideHulls } from '../contacts/hullContacts';
import { hullOf } from '../bodies/hullData';
import {
  collidePlaneBox,
  collideSphereBox,
  collideSphereHull,
  collideSpherePlane,
} from '../contacts/primitiveContacts';

/** One manifold for every pair: generators fill it, `emit` turns it into equations at once. */
const manifold = new ContactManifold();

/**
 * The handlers keep cannon-es's calling convention (shapes ordered by type, so the sphere or
 * plane is always `si` and the box `sj`; `xi`/`qi` are the shape's world pose; `justTest` asks
 * only "do they touch?" for pairs that never respond) and its bookkeeping: each point becomes a
 * pooled ContactEquation plus two pooled FrictionEquations, exactly as cannon-es's own handlers
 * make them, so materials, restitution and friction behave the same. Nothing is kept between
 * calls or steps: the same poses always give the same contacts.
 */
export class ProjectNarrowphase extends Narrowphase {
  constructor(world: World) {
    super(world);
  }

  override boxBox(
    si: Box,
    sj: Box,
    xi: Vec3,
    xj: Vec3,
    qi: Quaternion,
    qj: Quaternion,
    bi: Body,
    bj: Body,
    _rsi?: Shape | null,
    _rsj?: Shape | null,
    justTest?: boolean,
  ): true | void {
    if (collideBoxes(si.halfExtents, xi, qi, sj.halfExtents, xj, qj, manifold) === 0) return;
    if (justTest) return true;
    // cannon-es's boxBox names the boxes themselves on the equation, not the caller's shapes.
    this.emit(bi, bj, si, sj, null, null);
  }

  /**
   * cannon-es's spherePlane takes a ContactEquation from the pool before it knows the ball
   * touches, and drops it when it does not: every ball near the ground or a wall that is not
   * on it costs a new equation (about 250 a step in avalanche × 250, most of what that step
   * allocated). This one takes an equation only for a contact.
   */
  override spherePlane(
    si: Sphere,
    sj: Plane,
    xi: Vec3,
    xj: Vec3,
    _qi: Quaternion,
    qj: Quaternion,
    bi: Body,
    bj: Body,
    rsi?: Shape | null,
    rsj?: Shape | null,
    justTest?: boolean,
  ): true | void {
    if (collideSpherePlane(si, xi, xj, qj, manifold) === 0) return;
    if (justTest) return true;
    this.emit(bi, bj, si, sj, rsi, rsj);
  }

  override sphereBox(
    si: Sphere,
    sj: Box,
    xi: Vec3,
    xj: Vec3,
    _qi: Quaternion,
    qj: Quaternion,
    bi: Body,
    bj: Body,
    rsi?: Shape | null,
    rsj?: Shape | null,
    justTest?: boolean,
  ): true | void {
    if (collideSphereBox(si, xi, sj.halfExtents, xj, qj, manifold) === 0) return;
    if (justTest) return true;
    this.emit(bi, bj, si, sj, rsi, rsj);
  }

  override planeBox(
    si: Plane,
    sj: Box,
    xi: Vec3,
    xj: Vec3,
    qi: Quaternion,
    qj: Quaternion,
    bi: Body,
    bj: Body,
    _rsi?: Shape | null,
    _rsj?: Shape | null,
    justTest?: boolean,
  ): true | void {
    if (collidePlaneBox(xi, qi, sj.halfExtents, xj, qj, manifold) === 0) return;
    if (justTest) return true;
    this.emit(bi, bj, si, sj, null, null);
  }

  override boxConvex(
    si: Box,
    sj: ConvexPolyhedron,
    xi: Vec3,
    xj: Vec3,
    qi: Quaternion,
    qj: Quaternion,
    bi: Body,
    bj: Body,
    _rsi?: Shape | null,
    _rsj?: Shape | null,
    justTest?: boolean,
  ): true | void {
    const box = si.convexPolyhedronRepresentation;
    if (collideHulls(hullOf(box), xi, qi, hullOf(sj), xj, qj, manifold) === 0) return;
    if (justTest) return true;
    // As cannon-es's boxConvex: the equation names the box, not its polyhedron.
    this.emit(bi, bj, si, sj, null, null);
  }

  override convexConvex(
    si: ConvexPolyhedron,
    sj: ConvexPolyhedron,
    xi: Vec3,
    xj: Vec3,
    qi: Quaternion,
    qj: Quaternion,
    bi: Body,
    bj: Body,
    rsi?: Shape | null,
    rsj?: Shape | null,
    justTest?: boolean,
    faceListA?: number[] | null,
    faceListB?: number[] | null,
  ): true | void {
    // Face lists restrict the test to some faces (cannon-es's heightfield code asks for that).
    if (faceListA || faceListB) {
      return super.convexConvex(
        si,
        sj,
        xi,
        xj,
        qi,
        qj,
        bi,
        bj,
        rsi,
        rsj,
        justTest,
        faceListA,
        faceListB,
      );
    }
    if (collideHulls(hullOf(si), xi, qi, hullOf(sj), xj, qj, manifold) === 0) return;
    if (justTest) return true;
    this.emit(bi, bj, si, sj, rsi, rsj);
  }

  override sphereConvex(
    si: Sphere,
    sj: ConvexPolyhedron,
    xi: Vec3,
    xj: Vec3,
    _qi: Quaternion,
    qj: Quaternion,
    bi: Body,
    bj: Body,
    rsi?: Shape | null,
    rsj?: Shape | null,
    justTest?: boolean,
  ): true | void {
    if (collideSphereHull(si, xi, hullOf(sj), xj, qj, manifold) === 0) return;
    if (justTest) return true;
    this.emit(bi, bj, si, sj, rsi, rsj);
  }

  /** The manifold's points as contact equations between `bi` (shape A) and `bj` (shape B). */
  private emit(
    bi: Body,
    bj: Body,
    si: Shape,
    sj: Shape,
    rsi: Shape | null | undefined,
    rsj: Shape | null | undefined,
  ): void {
    const count = manifold.count;
    const normal = manifold.normal;
    const onA = manifold.onA;
    const onB = manifold.onB;
    const pi = bi.position;
    const pj = bj.position;
    const reduceFriction = this.enableFrictionReduction;
    for (let k = 0; k < count; k++) {
      const c = this.createContactEquation(bi, bj, si, sj, rsi, rsj);
      const k3 = 3 * k;
      c.ni.set(normal[0], normal[1], normal[2]);
      c.ri.set(onA[k3] - pi.x, onA[k3 + 1] - pi.y, onA[k3 + 2] - pi.z);
      c.rj.set(onB[k3] - pj.x, onB[k3 + 1] - pj.y, onB[k3 + 2] - pj.z);
      this.result.push(c);
      if (!reduceFriction) this.createFrictionEquationsFromContact(c, this.frictionResult);
    }
    if (reduceFriction && count > 0) this.createFrictionFromAverage(count);
  }
}
