// The energy gate judged per body: a body that, with everything it touches, has come to rest
// may not gain more energy than a fall of REST_RISE would give it — jitter, popping or a solver
// that pumps shows up on the one body it lifts, however heavy the rest of the scene is.

import type { Body } from 'cannon-es';
import { GRAVITY } from '../../src/physics/world/physicsWorld';
import type { PhysicsWorld } from '../../src/physics/world/physicsWorld';
import { buildScene } from './gateWorlds';
import type { TuningChoice } from './gateWorlds';
import { contactList } from '../../src/physics/narrowphase/manifoldNarrowphase';

const DT = 1 / 100;
/** Below this speed (m/s, its centre's plus its spin × its bounding radius) a body is at rest. */
export const REST_SPEED = 0.05;
/** The most a resting body may gain, as the height it would have to fall to gain it, m. */
export const REST_RISE = 0.005;
/**
 * Steps a body must have been quiet before its energy is judged: what the last impact pressed
 * it into its support is pushed back out meanwhile (a body raised out of 2 cm of penetration
 * gains the energy of a 2 cm fall once, which is recovery, not a pump), most of it within a
 * few steps of SPOOK relaxation.
 */
export const SETTLE_STEPS = 50;

export interface BodyEnergyGain {
  scene: string;
  count: number;
  /** Bodies in the scene. */
  bodies: number;
  /** Bodies that were quiet (at rest, touching only bodies at rest) past SETTLE_STEPS. */
  judged: number;
  /** The largest gain of one body within a quiet spell, as the fall that gives it, m. */
  worstRise: number;
  /** That body's dense index (−1: none judged). */
  worstBody: number;
}

function speedOf(body: Body): number {
  return body.velocity.length() + body.angularVelocity.length() * body.boundingRadius;
}

/** Kinetic (linear and angular) plus potential energy over the ground, J. */
export function bodyEnergy(body: Body): number {
  const v = body.velocity;
  // ½ωᵀIω in the body frame: the world angular velocity turned into the body frame.
  const local = body.quaternion.conjugate().vmult(body.angularVelocity);
  const I = body.inertia;
  return (
    0.5 * body.mass * (v.x * v.x + v.y * v.y + v.z * v.z) +
    0.5 * (I.x * local.x * local.x + I.y * local.y * local.y + I.z * local.z * local.z) -
    GRAVITY * body.mass * body.position.y
  );
}

/**
 * Runs a scene for `seconds`; from 1 s on, each body whose speed and whose touching
 * neighbours' speeds are all under REST_SPEED is quiet, and from SETTLE_STEPS into each quiet
 * spell its energy is measured against the lowest it had since.
 */
export function bodyEnergyGain(
  sceneId: string,
  count: number,
  tuning: TuningChoice,
  seconds = 12,
): BodyEnergyGain {
  const physics = buildScene(sceneId, count, tuning);
  const n = physics.count;
  const lowest = new Float64Array(n).fill(Number.NaN);
  const quietSteps = new Int32Array(n);
  const judged = new Uint8Array(n);
  const restless = new Uint8Array(n);
  const index = new Map<Body, number>(physics.bodies.map((b, i) => [b, i]));
  let worstRise = 0;
  let worstBody = -1;
  const steps = Math.round(seconds / DT);
  for (let s = 1; s <= steps; s++) {
    physics.step(DT);
    if (s < 1 / DT || physics.count !== n) continue;
    markRestless(physics, index, restless);
    for (let i = 0; i < n; i++) {
      const body = physics.bodies[i] as Body;
      if (body.mass === 0) continue;
      if (restless[i] === 1) {
        lowest[i] = Number.NaN;
        quietSteps[i] = 0;
        continue;
      }
      if (++quietSteps[i] <= SETTLE_STEPS) continue;
      const e = bodyEnergy(body);
      if (Number.isNaN(lowest[i] as number) || e < (lowest[i] as number)) lowest[i] = e;
      judged[i] = 1;
      const rise = (e - (lowest[i] as number)) / (-GRAVITY * body.mass);
      if (rise > worstRise) {
        worstRise = rise;
        worstBody = i;
      }
    }
  }
  const quiet = judged.reduce((a, b) => a + b, 0);
  return { scene: sceneId, count, bodies: n, judged: quiet, worstRise, worstBody };
}

/** restless[i] = 1 where body i, or a body it touches, moves at REST_SPEED or faster. */
function markRestless(physics: PhysicsWorld, index: Map<Body, number>, restless: Uint8Array): void {
  const bodies = physics.bodies;
  for (let i = 0; i < bodies.length; i++)
    restless[i] = speedOf(bodies[i] as Body) >= REST_SPEED ? 1 : 0;
  const fast = restless.slice();
  for (const c of contactList(physics.world)) {
    const i = index.get(c.bi);
    const j = index.get(c.bj);
    // A body outside the dense list (ground, wall, a kinematic mover) counts by its own speed.
    const fastI = i === undefined ? speedOf(c.bi) >= REST_SPEED : fast[i] === 1;
    const fastJ = j === undefined ? speedOf(c.bj) >= REST_SPEED : fast[j] === 1;
    if (i !== undefined && fastJ) restless[i] = 1;
    if (j !== undefined && fastI) restless[j] = 1;
  }
}

/** The scenes the energy gate runs. */
export const ENERGY_SCENES: readonly (readonly [string, number])[] = [
  ['stack', 36],
  ['tower', 100],
  ['dominoes', 90],
  ['rain', 100],
  ['avalanche', 100],
  ['pyramid', 7],
];
