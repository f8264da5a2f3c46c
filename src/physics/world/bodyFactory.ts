// Builds a cannon-es Body from a BodySpec: the collision shape(s) for its kind, its mass from
// density × volume, and its initial pose and velocities.

import { Body, Box, ConvexPolyhedron, Quaternion, Sphere, Vec3 } from 'cannon-es';
import { DUMBBELL, GEM_FACES, GEM_VERTICES, shapeVolume } from '../../shapes/shapeKinds';
import type { ShapeKind } from '../../shapes/shapeKinds';
import { assertNever } from '../../util/assertNever';
import { createCylinderShape } from '../bodies/cylinderShape';
import { DampedBody } from '../bodies/damping';
import { prepareHull } from '../bodies/hullData';
import type { MaterialName, Materials } from '../bodies/materials';
import type { PhysicsTuning } from './tuning';

/** A vector as plain data (x, y, z): what commands, specs and messages carry. */
export type Vec3Tuple = [number, number, number];
/** A quaternion as plain data (x, y, z, w). */
export type QuatTuple = [number, number, number, number];

/** Everything needed to make one drawn body; scenes, spawns and the API all speak this. */
export interface BodySpec {
  kind: ShapeKind;
  /** See shapeKinds.ts for what the scale means per kind. */
  scale: Vec3Tuple;
  position: Vec3Tuple;
  quaternion?: QuatTuple;
  velocity?: Vec3Tuple;
  angularVelocity?: Vec3Tuple;
  /** kg/m³; the default gives wood-like bodies. Ignored when `kinematic`. */
  density?: number;
  /** Moved by a scene's per-step hook, not by forces (carousel mover). */
  kinematic?: boolean;
  /**
   * Starts asleep: a built structure at rest costs nothing to step until something moving
   * touches it (cannon-es wakes a sleeping body when an awake one hits it faster than √2 × its
   * sleep speed limit), and it does not sag or jitter while it waits.
   */
  asleep?: boolean;
  /**
   * Fraction of spin lost per second; 0.01 unless set. cannon-es has no rolling resistance, so a
   * ball on flat ground rolls for minutes; a scene full of balls can ask for more.
   */
  angularDamping?: number;
  /** Surface; 'body' unless a scene needs frictionless contact between its pieces. */
  material?: MaterialName;
}

/** Cylinder facets: 12 keeps contact cost near a box's while rolling visibly round. */
const CYLINDER_SEGMENTS = 12;

/** Fraction of spin lost per second unless a body asks for more (see BodySpec.angularDamping). */
export const DEFAULT_ANGULAR_DAMPING = 0.01;

/**
 * Makes the cannon-es body a spec describes (not yet added to any world).
 * @param spec what to make: kind, scale, pose, velocities, density, flags.
 * @param materials the world's contact materials (`spec.material`, 'body' by default).
 * @param density kg/m³ when the spec gives none.
 * @param tuning the world's physics settings (sleep limits; hull data for the project's narrowphase).
 * @returns the body, asleep if the spec asks and it has mass.
 */
export function createShapeBody(
  spec: BodySpec,
  materials: Materials,
  density: number,
  tuning: Readonly<PhysicsTuning>,
): Body {
  const [sx, sy, sz] = spec.scale;
  const mass = spec.kinematic ? 0 : (spec.density ?? density) * shapeVolume(spec.kind, sx, sy, sz);
  const body = new DampedBody(
    {
      mass,
      type: spec.kinematic ? Body.KINEMATIC : mass > 0 ? Body.DYNAMIC : Body.STATIC,
      material: materials[spec.material ?? 'body'],
      // See tuning.ts for why bodies sleep when and how they do.
      allowSleep: true,
      sleepSpeedLimit: tuning.sleepSpeedLimit,
      sleepTimeLimit: tuning.sleepTimeLimit,
    },
    0.01,
    spec.angularDamping ?? DEFAULT_ANGULAR_DAMPING,
  );
  addShapes(body, spec, sx, sy, sz);
  if (tuning.narrowphase !== 'cannon') for (const shape of body.shapes) prepareHull(shape);
  const [px, py, pz] = spec.position;
  body.position.set(px, py, pz);
  if (spec.quaternion) {
    const [qx, qy, qz, qw] = spec.quaternion;
    body.quaternion.set(qx, qy, qz, qw);
    body.quaternion.normalize();
  }
  if (spec.velocity) body.velocity.set(spec.velocity[0], spec.velocity[1], spec.velocity[2]);
  if (spec.angularVelocity) {
    body.angularVelocity.set(
      spec.angularVelocity[0],
      spec.angularVelocity[1],
      spec.angularVelocity[2],
    );
  }
  if (spec.asleep && mass > 0 && !spec.kinematic) body.sleep();
  body.previousPosition.copy(body.position);
  body.interpolatedPosition.copy(body.position);
  body.interpolatedQuaternion.copy(body.quaternion);
  return body;
}

function addShapes(body: Body, spec: BodySpec, sx: number, sy: number, sz: number): void {
  switch (spec.kind) {
    case 'box':
      body.addShape(new Box(new Vec3(sx, sy, sz)));
      return;
    case 'sphere':
      body.addShape(new Sphere(sx));
      return;
    case 'cylinder':
      body.addShape(createCylinderShape(sx, sy, CYLINDER_SEGMENTS));
      return;
    case 'dumbbell': {
      const s = sx;
      const ball = new Sphere(DUMBBELL.ballRadius * s);
      body.addShape(ball, new Vec3(-DUMBBELL.ballOffset * s, 0, 0));
      body.addShape(new Sphere(DUMBBELL.ballRadius * s), new Vec3(DUMBBELL.ballOffset * s, 0, 0));
      // A box bar is far cheaper to collide than a cylinder and, hidden between the balls, looks the same.
      const bar = new Box(
        new Vec3(DUMBBELL.ballOffset * s, DUMBBELL.barRadius * s, DUMBBELL.barRadius * s),
      );
      body.addShape(bar, new Vec3(0, 0, 0), new Quaternion());
      return;
    }
    case 'gem': {
      const s = sx;
      const vertices = GEM_VERTICES.map(([x, y, z]) => new Vec3(x * s, y * s, z * s));
      const faces = GEM_FACES.map((f) => [f[0], f[1], f[2]]);
      body.addShape(new ConvexPolyhedron({ vertices, faces }));
      return;
    }
    default:
      assertNever(spec.kind, 'shape kind');
  }
}
