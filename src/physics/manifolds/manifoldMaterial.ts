// A manifold's stand-in among cannon-es's contacts and its material numbers: once the pair
// kernels (planTasks.ts) have filled this step's manifolds, each gets the ContactEquation
// cannon-es made for its pair (its events, collision matrix and wake-ups go on as always) and
// the numbers its solver rows are set up from.

import type { ContactEquation, ContactMaterial, World } from 'cannon-es';
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

/** The SPOOK spring of every contact's normal rows: stiffness (N/m) and relaxation (steps). */
export interface ContactSpring {
  stiffness: number;
  relaxation: number;
}

/**
 * Manifold m's material numbers for the solver, and `c` (the equation cannon-es's
 * createContactEquation made for the pair) made its stand-in in world.contacts: its deepest
 * point, and disabled, since the solver works the manifold itself. Restitution is c's; the
 * normal rows' a, b and ε are Equation.setSpookParams of `spring`; friction is what
 * createFrictionEquationsFromContact would make: the contact material's coefficient (or both
 * surfaces' product where both name one) times |g| and the reduced mass, as the bound, with the
 * contact material's friction spring.
 */
export function setMaterial(
  next: ManifoldBuffer,
  m: number,
  c: ContactEquation,
  cm: ContactMaterial,
  world: World,
  spring: ContactSpring,
): void {
  const material = next.material;
  const at = MATERIAL_WIDTH * m;
  const h = world.dt;
  material[at + MATERIAL_RESTITUTION] = c.restitution;
  const d = spring.relaxation;
  material[at + MATERIAL_A] = 4.0 / (h * (1 + 4 * d));
  material[at + MATERIAL_B] = (4.0 * d) / (1 + 4 * d);
  material[at + MATERIAL_EPS] = 4.0 / (h * h * spring.stiffness * (1 + 4 * d));
  let friction = cm.friction;
  const matA = c.si.material || c.bi.material;
  const matB = c.sj.material || c.bj.material;
  if (matA && matB && matA.friction >= 0 && matB.friction >= 0) {
    friction = matA.friction * matB.friction;
  }
  let bound = 0;
  if (friction > 0) {
    let reducedMass = c.bi.invMass + c.bj.invMass;
    if (reducedMass > 0) reducedMass = 1 / reducedMass;
    bound = friction * (world.frictionGravity || world.gravity).length() * reducedMass;
  }
  material[at + MATERIAL_FRICTION_BOUND] = bound;
  const df = cm.frictionEquationRelaxation;
  material[at + MATERIAL_FRICTION_B] = (4.0 * df) / (1 + 4 * df);
  material[at + MATERIAL_FRICTION_EPS] =
    4.0 / (h * h * cm.frictionEquationStiffness * (1 + 4 * df));
  next.responds[m] = c.enabled ? 1 : 0;
  c.enabled = false;
  standIn(next, m, c);
}

/** Sets the stand-in equation's normal and lever arms to the manifold's deepest point. */
function standIn(next: ManifoldBuffer, m: number, c: ContactEquation): void {
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
