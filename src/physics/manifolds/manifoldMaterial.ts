// A manifold's material numbers and its part in World.step's contact loop: once the pair kernels
// (planTasks.ts) have filled this step's manifolds, each gets the numbers its solver rows are set
// up from, the loop's bookkeeping, and a cannon-es ContactEquation only where something reads one.

import { Body, ContactEquation } from 'cannon-es';
import type { ContactMaterial, Narrowphase, Shape } from 'cannon-es';
import {
  MATERIAL_A,
  MATERIAL_B,
  MATERIAL_EPS,
  MATERIAL_FRICTION_B,
  MATERIAL_FRICTION_BOUND,
  MATERIAL_FRICTION_EPS,
  MATERIAL_RESTITUTION,
  MATERIAL_WIDTH,
  POINTS_PER_MANIFOLD,
} from './manifoldStore';
import type { ManifoldBuffer } from './manifoldStore';

const P = POINTS_PER_MANIFOLD;

/**
 * This step's dt and |g|, set once a step for every manifold's setMaterial: in a typed array,
 * since a double handed to a call that is not inlined is boxed, 16 bytes a call.
 */
const stepNumbers = new Float64Array(2);
const STEP_DT = 0;
const STEP_GRAVITY = 1;

/** The SPOOK spring of every contact's normal rows: stiffness (N/m) and relaxation (steps). */
export interface ContactSpring {
  stiffness: number;
  relaxation: number;
}

/**
 * Manifold m's material numbers for the solver, between shape `si` of body `bi` (A) and `sj` of
 * `bj` (B) under contact material `cm`, as cannon-es's createContactEquation and
 * createFrictionEquationsFromContact would make them: restitution is the contact material's (or
 * both surfaces' product where both name one); the normal rows' a, b and ε are
 * Equation.setSpookParams of `spring`; friction is the contact material's coefficient (or both
 * surfaces' product) times |g| (the length of world.frictionGravity or else world.gravity) and
 * the reduced mass, as the bound, with the contact material's friction spring; the pair
 * responds where all four have collisionResponse. The step and |g| come in stepNumbers.
 */
function setMaterial(
  next: ManifoldBuffer,
  m: number,
  bi: Body,
  bj: Body,
  si: Shape,
  sj: Shape,
  cm: ContactMaterial,
  spring: ContactSpring,
): void {
  const material = next.material;
  const at = MATERIAL_WIDTH * m;
  const h = stepNumbers[STEP_DT];
  const gravity = stepNumbers[STEP_GRAVITY];
  const matA = si.material || bi.material;
  const matB = sj.material || bj.material;
  let restitution = cm.restitution;
  if (matA && matB && matA.restitution >= 0 && matB.restitution >= 0) {
    restitution = matA.restitution * matB.restitution;
  }
  material[at + MATERIAL_RESTITUTION] = restitution;
  const d = spring.relaxation;
  material[at + MATERIAL_A] = 4.0 / (h * (1 + 4 * d));
  material[at + MATERIAL_B] = (4.0 * d) / (1 + 4 * d);
  material[at + MATERIAL_EPS] = 4.0 / (h * h * spring.stiffness * (1 + 4 * d));
  let friction = cm.friction;
  if (matA && matB && matA.friction >= 0 && matB.friction >= 0) {
    friction = matA.friction * matB.friction;
  }
  let bound = 0;
  if (friction > 0) {
    let reducedMass = bi.invMass + bj.invMass;
    if (reducedMass > 0) reducedMass = 1 / reducedMass;
    bound = friction * gravity * reducedMass;
  }
  material[at + MATERIAL_FRICTION_BOUND] = bound;
  const df = cm.frictionEquationRelaxation;
  material[at + MATERIAL_FRICTION_B] = (4.0 * df) / (1 + 4 * df);
  material[at + MATERIAL_FRICTION_EPS] =
    4.0 / (h * h * cm.frictionEquationStiffness * (1 + 4 * df));
  next.responds[m] =
    bi.collisionResponse && bj.collisionResponse && si.collisionResponse && sj.collisionResponse
      ? 1
      : 0;
}

/**
 * For every manifold of `next`, in order, under contact material `materials[m]`: its material
 * numbers (setMaterial), and the wake-up flags, collision matrix entry and overlap keys
 * World.step's contact loop would give a contact of its pair. Where the pair touches for the
 * first time and either body listens for 'collide', a stand-in (a disabled ContactEquation at the
 * deepest point, made by `narrowphase`) is appended to `result`: World.step's loop dispatches the
 * event with it, after cannon-es's own handlers' contacts, as it always did. Nothing else reads
 * one during a step, so no other manifold gets one (contactList makes them for later readers).
 */
export function touchPairs(
  narrowphase: Narrowphase,
  next: ManifoldBuffer,
  materials: readonly ContactMaterial[],
  spring: ContactSpring,
  result: ContactEquation[],
): void {
  const world = narrowphase.world;
  const bodies = world.bodies;
  const matrix = world.collisionMatrix;
  stepNumbers[STEP_DT] = world.dt;
  // One length a step: every pair's friction bound reads the same vector.
  stepNumbers[STEP_GRAVITY] = (world.frictionGravity || world.gravity).length();
  for (let m = 0; m < next.count; m++) {
    const material = materials[m];
    const bi = bodies[next.bodyA[m]];
    const bj = bodies[next.bodyB[m]];
    const shapes = next.shapes[m];
    const si = bi.shapes[shapes & 255];
    const sj = bj.shapes[shapes >> 8];
    setMaterial(next, m, bi, bj, si, sj, material, spring);
    wakeUps(bi, bj);
    matrix.set(bi, bj, true);
    world.bodyOverlapKeeper.set(bi.id, bj.id);
    world.shapeOverlapKeeper.set(si.id, sj.id);
    if ((listens(bi) || listens(bj)) && !world.collisionMatrixPrevious.get(bi, bj)) {
      narrowphase.currentContactMaterial = material;
      const c = narrowphase.createContactEquation(bi, bj, si, sj, null, null);
      c.enabled = false;
      deepestPoint(next, m, c);
      result.push(c);
    }
  }
}

/**
 * One disabled stand-in per manifold of `buffer` (a step's, its bodies still at their indices),
 * appended to `out`, reusing `pool`'s equations (grown as needed): what cannon-es's contact
 * list held after a step, for a reader outside the step.
 */
export function standInsOf(
  buffer: ManifoldBuffer,
  bodies: readonly Body[],
  pool: ContactEquation[],
  out: ContactEquation[],
): void {
  for (let m = 0; m < buffer.count; m++) {
    const bi = bodies[buffer.bodyA[m]];
    const bj = bodies[buffer.bodyB[m]];
    if (m === pool.length) pool.push(new ContactEquation(bi, bj));
    const c = pool[m];
    const shapes = buffer.shapes[m];
    c.bi = bi;
    c.bj = bj;
    c.si = bi.shapes[shapes & 255];
    c.sj = bj.shapes[shapes >> 8];
    c.restitution = buffer.material[MATERIAL_WIDTH * m + MATERIAL_RESTITUTION];
    c.enabled = false;
    deepestPoint(buffer, m, c);
    out.push(c);
  }
}

/** Whether `body` has a 'collide' listener, the one reader of a stand-in during a step. */
function listens(body: Body): boolean {
  return body.hasAnyEventListener('collide');
}

/**
 * World.step's wake-up rule for a contact between bi and bj: a sleeping dynamic body is woken
 * after the narrowphase when the other, awake and not static, moves at least √2 × its own
 * sleep speed limit (cannon-es writes the square as `limit ** 2`; here a product, as the lint asks).
 */
function wakeUps(bi: Body, bj: Body): void {
  if (
    bi.allowSleep &&
    bi.type === Body.DYNAMIC &&
    bi.sleepState === Body.SLEEPING &&
    bj.sleepState === Body.AWAKE &&
    bj.type !== Body.STATIC
  ) {
    const speedSquaredB = bj.velocity.lengthSquared() + bj.angularVelocity.lengthSquared();
    const limitB = bj.sleepSpeedLimit;
    if (speedSquaredB >= limitB * limitB * 2) bi.wakeUpAfterNarrowphase = true;
  }
  if (
    bj.allowSleep &&
    bj.type === Body.DYNAMIC &&
    bj.sleepState === Body.SLEEPING &&
    bi.sleepState === Body.AWAKE &&
    bi.type !== Body.STATIC
  ) {
    const speedSquaredA = bi.velocity.lengthSquared() + bi.angularVelocity.lengthSquared();
    const limitA = bi.sleepSpeedLimit;
    if (speedSquaredA >= limitA * limitA * 2) bj.wakeUpAfterNarrowphase = true;
  }
}

/** Sets a stand-in equation's normal and lever arms to the manifold's deepest point. */
function deepestPoint(next: ManifoldBuffer, m: number, c: ContactEquation): void {
  const nx = next.worldNormal[3 * m];
  const ny = next.worldNormal[3 * m + 1];
  const nz = next.worldNormal[3 * m + 2];
  const pa = c.bi.position;
  const pb = c.bj.position;
  let deepest = P * m;
  let lowest = Infinity;
  for (let k = 0; k < next.points[m]; k++) {
    const q = 3 * (P * m + k);
    const gap =
      nx * (pb.x + next.rj[q] - pa.x - next.ri[q]) +
      ny * (pb.y + next.rj[q + 1] - pa.y - next.ri[q + 1]) +
      nz * (pb.z + next.rj[q + 2] - pa.z - next.ri[q + 2]);
    if (gap < lowest) {
      lowest = gap;
      deepest = P * m + k;
    }
  }
  c.ni.set(nx, ny, nz);
  c.ri.set(next.ri[3 * deepest], next.ri[3 * deepest + 1], next.ri[3 * deepest + 2]);
  c.rj.set(next.rj[3 * deepest], next.rj[3 * deepest + 1], next.rj[3 * deepest + 2]);
}
