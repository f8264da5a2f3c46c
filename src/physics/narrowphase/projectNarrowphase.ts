// cannon-es's narrowphase with the project's contact generators plugged in: each row of
// CONTACT_GENERATORS that names a cannon-es handler replaces that handler (cannon-es finds a
// pair's handler by shape-type bits, `this[Shape.types.BOX | Shape.types.BOX]` returning
// `this.boxBox`, cylinder pairs the convex ones, so replacing the method is enough); every other
// pair keeps cannon-es's own code.

import { Narrowphase } from 'cannon-es';
import type { Body, Quaternion, Shape, Vec3, World } from 'cannon-es';
import { ContactManifold } from '../contacts/contactManifold';
import { CONTACT_GENERATORS, geometryOf } from './contactGenerators';

/** One manifold for every pair: generators fill it, `emit` turns it into equations at once. */
const manifold = new ContactManifold();

/**
 * cannon-es's handlers whose equations name the shapes themselves, not the caller's: its boxBox,
 * planeBox and boxConvex hand the box on to a convex handler as the shape to name.
 */
const NAMES_ITS_SHAPES: ReadonlySet<string> = new Set(['boxBox', 'planeBox', 'boxConvex']);

/**
 * The handlers keep cannon-es's calling convention (shapes ordered by type, so the sphere or
 * plane is always `si` and the box `sj`; `xi`/`qi` are the shape's world pose; `justTest` asks
 * only "do they touch?" for pairs that never respond) and its bookkeeping: each point becomes a
 * pooled ContactEquation plus two pooled FrictionEquations, exactly as cannon-es's own handlers
 * make them, so materials, restitution and friction behave the same. Nothing is kept between
 * calls or steps: the same poses always give the same contacts. (cannon-es's spherePlane, for
 * one, takes an equation from the pool before it knows the ball touches; these take one only
 * for a contact.)
 */
export class ProjectNarrowphase extends Narrowphase {
  constructor(world: World) {
    super(world);
  }

  /** The manifold's points as contact equations between `bi` (shape A) and `bj` (shape B). */
  emit(
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

/** A cannon-es handler: shapes, world poses, bodies, the shapes to name, justTest, face lists. */
type Handler = (
  this: ProjectNarrowphase,
  si: Shape,
  sj: Shape,
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
) => true | void;

CONTACT_GENERATORS.forEach((generator, kind) => {
  const name = generator.dropIn;
  if (name === null) return;
  const own = Narrowphase.prototype[name] as unknown as Handler;
  const namesItsShapes = NAMES_ITS_SHAPES.has(name);
  const handler: Handler = function (si, sj, xi, xj, qi, qj, bi, bj, rsi, rsj, justTest, fa, fb) {
    // Face lists restrict the test to some faces (cannon-es's heightfield code asks for that).
    if (fa || fb) return own.call(this, si, sj, xi, xj, qi, qj, bi, bj, rsi, rsj, justTest, fa, fb);
    const a = geometryOf(si, kind, 0);
    const b = geometryOf(sj, kind, 1);
    if (generator.collide(a, xi, qi, b, xj, qj, manifold, 0) === 0) return;
    if (justTest) return true;
    this.emit(bi, bj, si, sj, namesItsShapes ? null : rsi, namesItsShapes ? null : rsj);
  };
  Object.defineProperty(ProjectNarrowphase.prototype, name, { value: handler, writable: true });
});
