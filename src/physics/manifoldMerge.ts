// Filling this step's manifolds, pair by pair in order: a pair that barely moved keeps last
// step's points (turned with its bodies: Bullet's btPersistentManifold refresh), a remade one
// takes its generator's points and, point by point, the impulses of last step's point with the
// same feature id (Box2D's b2Manifold matching); then the cannon-es equation that stands for it.

import type { Body, ContactEquation, ContactMaterial, Quaternion, World } from 'cannon-es';
import type { ContactJobs } from './contactJobs';
import { POINT_SLOP } from './faceClipping';
import type { PairTasks } from './pairTasks';
import {
  FRAME_WIDTH,
  IMPULSE_WIDTH,
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
 * v = q · src[at..] (turn = 1) or conj(q) · src[at..] (turn = −1), into dst[to..]: a body-frame
 * vector in world axes, or back. Products and sums only.
 */
function turn(
  q: Quaternion,
  sense: number,
  src: Float64Array,
  at: number,
  dst: Float64Array,
  to: number,
): void {
  const x = sense * q.x;
  const y = sense * q.y;
  const z = sense * q.z;
  const w = q.w;
  const vx = src[at];
  const vy = src[at + 1];
  const vz = src[at + 2];
  const cx = 2 * (y * vz - z * vy);
  const cy = 2 * (z * vx - x * vz);
  const cz = 2 * (x * vy - y * vx);
  dst[to] = vx + w * cx + (y * cz - z * cy);
  dst[to + 1] = vy + w * cy + (z * cx - x * cz);
  dst[to + 2] = vz + w * cz + (x * cy - y * cx);
}

/** A kept manifold's normal and lever arms this step, world axes, before they are stored. */
const keptNormal = new Float64Array(3);
const keptRi = new Float64Array(3 * P);
const keptRj = new Float64Array(3 * P);
/** Which of the old manifold's points a kept manifold keeps, in order. */
const keptFrom = new Int32Array(P);

/**
 * Keeps last step's manifold `from` (of `previous`) for a pair that barely moved: the same
 * anchors, features and impulses, this step's normal and lever arms turned from the anchors
 * with the bodies — less the points that have come apart by more than the generators' slack
 * (Bullet's refreshContactPoints drops them the same way), which the generators would no longer
 * make. Returns its number in `next`, or −1 when no point is left (the pair is made afresh
 * next step: without a manifold it has nothing to keep).
 */
export function mergeReused(
  previous: ManifoldBuffer,
  from: number,
  next: ManifoldBuffer,
  bodyA: Body,
  bodyB: Body,
): number {
  const n = previous.points[from];
  turn(bodyA.quaternion, 1, previous.normal, 3 * from, keptNormal, 0);
  const nx = keptNormal[0];
  const ny = keptNormal[1];
  const nz = keptNormal[2];
  const dx = bodyB.position.x - bodyA.position.x;
  const dy = bodyB.position.y - bodyA.position.y;
  const dz = bodyB.position.z - bodyA.position.z;
  let kept = 0;
  for (let k = 0; k < n; k++) {
    const p = P * from + k;
    turn(bodyA.quaternion, 1, previous.localA, 3 * p, keptRi, 3 * kept);
    turn(bodyB.quaternion, 1, previous.localB, 3 * p, keptRj, 3 * kept);
    const c = 3 * kept;
    const gap =
      nx * (dx + keptRj[c] - keptRi[c]) +
      ny * (dy + keptRj[c + 1] - keptRi[c + 1]) +
      nz * (dz + keptRj[c + 2] - keptRi[c + 2]);
    if (gap <= POINT_SLOP) keptFrom[kept++] = k;
  }
  if (kept === 0) return -1;
  const m = next.add(previous.keyA[from], previous.keyB[from], previous.shapes[from], kept);
  next.bodyA[m] = bodyA.index;
  next.bodyB[m] = bodyB.index;
  for (let c = 0; c < FRAME_WIDTH; c++) {
    next.frame[FRAME_WIDTH * m + c] = previous.frame[FRAME_WIDTH * from + c];
  }
  for (let c = 0; c < 3; c++) {
    next.normal[3 * m + c] = previous.normal[3 * from + c];
    next.worldNormal[3 * m + c] = keptNormal[c];
  }
  for (let k = 0; k < kept; k++) {
    const p = P * from + keptFrom[k];
    const q = P * m + k;
    for (let c = 0; c < 3; c++) {
      next.localA[3 * q + c] = previous.localA[3 * p + c];
      next.localB[3 * q + c] = previous.localB[3 * p + c];
      next.ri[3 * q + c] = keptRi[3 * k + c];
      next.rj[3 * q + c] = keptRj[3 * k + c];
    }
    for (let c = 0; c < IMPULSE_WIDTH; c++) {
      next.impulse[IMPULSE_WIDTH * q + c] = previous.impulse[IMPULSE_WIDTH * p + c];
    }
    next.feature[q] = previous.feature[p];
  }
  return m;
}

/**
 * Stores task t's generated points (job `job`) as a manifold of `next`, each point starting
 * from the impulses of last step's point with its feature id (none: zero). Returns its number,
 * or −1 when the shapes do not touch (the pair then has no manifold).
 */
export function mergeGenerated(
  jobs: ContactJobs,
  job: number,
  previous: ManifoldBuffer,
  tasks: PairTasks,
  t: number,
  next: ManifoldBuffer,
): number {
  const n = jobs.points[job];
  if (n === 0) return -1;
  const bodyA = tasks.bodyA[t];
  const bodyB = tasks.bodyB[t];
  const m = next.add(tasks.keyA[t], tasks.keyB[t], tasks.shapes[t], n);
  next.bodyA[m] = bodyA.index;
  next.bodyB[m] = bodyB.index;
  for (let c = 0; c < FRAME_WIDTH; c++)
    next.frame[FRAME_WIDTH * m + c] = tasks.frame[FRAME_WIDTH * t + c];
  for (let c = 0; c < 3; c++) next.worldNormal[3 * m + c] = jobs.normal[3 * job + c];
  turn(bodyA.quaternion, -1, next.worldNormal, 3 * m, next.normal, 3 * m);
  const pa = bodyA.position;
  const pb = bodyB.position;
  for (let k = 0; k < n; k++) {
    const p = P * job + k;
    const q = P * m + k;
    next.ri[3 * q] = jobs.onA[3 * p] - pa.x;
    next.ri[3 * q + 1] = jobs.onA[3 * p + 1] - pa.y;
    next.ri[3 * q + 2] = jobs.onA[3 * p + 2] - pa.z;
    next.rj[3 * q] = jobs.onB[3 * p] - pb.x;
    next.rj[3 * q + 1] = jobs.onB[3 * p + 1] - pb.y;
    next.rj[3 * q + 2] = jobs.onB[3 * p + 2] - pb.z;
    turn(bodyA.quaternion, -1, next.ri, 3 * q, next.localA, 3 * q);
    turn(bodyB.quaternion, -1, next.rj, 3 * q, next.localB, 3 * q);
    next.feature[q] = jobs.feature[p];
  }
  carryImpulses(previous, tasks.previous[t], next, m);
  return m;
}

/**
 * Old points within this distance of a new point (m, on body A) may hand it their impulses when
 * no old point has its feature id: Jolt's rule (1 cm) behind Box2D's, for the ids that change
 * where two edges lie along each other (aligned bricks: a corner of one on an edge of the other
 * is a vertex one step and a clipped point the next).
 */
const MATCH_DISTANCE = 0.01;

/** Which of last step's points have handed on their impulses (by their index in the manifold). */
const taken = new Uint8Array(POINTS_PER_MANIFOLD);
/** Which of this step's points have impulses. */
const given = new Uint8Array(POINTS_PER_MANIFOLD);

/**
 * Gives each new point of manifold m the impulses of last step's point `from` (−1: none) with its
 * feature id, then the points left unmatched the impulses of the nearest unmatched old point
 * within MATCH_DISTANCE on body A; the rest start from zero.
 */
function carryImpulses(
  previous: ManifoldBuffer,
  from: number,
  next: ManifoldBuffer,
  m: number,
): void {
  const n = next.points[m];
  const impulse = next.impulse;
  impulse.fill(0, IMPULSE_WIDTH * P * m, IMPULSE_WIDTH * (P * m + n));
  if (from < 0) return;
  const old = previous.points[from];
  taken.fill(0);
  given.fill(0);
  for (let k = 0; k < n; k++) {
    const feature = next.feature[P * m + k];
    for (let o = 0; o < old; o++) {
      if (taken[o] === 0 && previous.feature[P * from + o] === feature) {
        copyImpulse(previous, P * from + o, next, P * m + k);
        taken[o] = 1;
        given[k] = 1;
        break;
      }
    }
  }
  for (let k = 0; k < n; k++) {
    if (given[k] === 1) continue;
    const q = 3 * (P * m + k);
    let nearest = -1;
    let best = MATCH_DISTANCE * MATCH_DISTANCE;
    for (let o = 0; o < old; o++) {
      if (taken[o] === 1) continue;
      const r = 3 * (P * from + o);
      const dx = previous.localA[r] - next.localA[q];
      const dy = previous.localA[r + 1] - next.localA[q + 1];
      const dz = previous.localA[r + 2] - next.localA[q + 2];
      const d2 = dx * dx + dy * dy + dz * dz;
      if (d2 <= best) {
        best = d2;
        nearest = o;
      }
    }
    if (nearest < 0) continue;
    copyImpulse(previous, P * from + nearest, next, P * m + k);
    taken[nearest] = 1;
  }
}

function copyImpulse(from: ManifoldBuffer, p: number, to: ManifoldBuffer, q: number): void {
  for (let c = 0; c < IMPULSE_WIDTH; c++) {
    to.impulse[IMPULSE_WIDTH * q + c] = from.impulse[IMPULSE_WIDTH * p + c];
  }
}

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
