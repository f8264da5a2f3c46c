// What cannon-es carries from one step to the next, beyond what a body was made from: each body's
// motion, force accumulators, sleep state and timer and (when stale) world inertia; the world's
// clock; and the order of its body lists. Read out as plain data and written back bit for bit.

import { Body, SAPBroadphase } from 'cannon-es';
import type { BodySleepState } from 'cannon-es';
import type { PhysicsWorld, QuatTuple, Vec3Tuple } from './physicsWorld';

export const SLEEP_STATES = ['awake', 'sleepy', 'sleeping'] as const;
export type SleepStateName = (typeof SLEEP_STATES)[number];

/** One body's state between two steps, as plain numbers. */
export interface BodyMotion {
  position: Vec3Tuple;
  quaternion: QuatTuple;
  velocity: Vec3Tuple;
  angularVelocity: Vec3Tuple;
  /** Force and torque accumulators (zero between steps unless something pushed since). */
  force: Vec3Tuple;
  torque: Vec3Tuple;
  sleepState: SleepStateName;
  /** World time when the body last became sleepy: it falls asleep sleepTimeLimit later. */
  timeLastSleepy: number;
  /**
   * The inverse inertia in world axes, row by row — only when it is not what the body's
   * orientation gives. cannon-es refreshes it at the end of each integration, so it is stale
   * for a body built or teleported since (a brick built asleep keeps its build-time value until
   * woken); and for a round body (equal principal inertia) it keeps its build-time value for good.
   */
  invInertiaWorld?: number[];
}

/** The world's clock between steps. */
export interface WorldClock {
  /** Steps since the scene was built (the index of the next step). */
  step: number;
  /** cannon-es `world.time`: the sum of every step's dt; sleep timers are measured on it. */
  time: number;
  /** cannon-es `world.stepnumber` (quaternion normalisation runs every `quatNormalizeSkip + 1`). */
  stepnumber: number;
}

const scratchInertia = new Float64Array(9);

/** Reads body's state. Leaves the body exactly as it was. */
export function readMotion(body: Body): BodyMotion {
  const p = body.position;
  const q = body.quaternion;
  const v = body.velocity;
  const w = body.angularVelocity;
  const f = body.force;
  const t = body.torque;
  const motion: BodyMotion = {
    position: [p.x, p.y, p.z],
    quaternion: [q.x, q.y, q.z, q.w],
    velocity: [v.x, v.y, v.z],
    angularVelocity: [w.x, w.y, w.z],
    force: [f.x, f.y, f.z],
    torque: [t.x, t.y, t.z],
    sleepState: sleepStateName(body.sleepState),
    timeLastSleepy: body.timeLastSleepy,
  };
  // Is the world inertia what a restore gets from the orientation? Ask cannon-es itself (its
  // unforced update, exactly as integration runs it), then put the original back.
  const e = body.invInertiaWorld.elements;
  scratchInertia.set(e);
  body.updateInertiaWorld();
  let stale = false;
  for (let k = 0; k < 9; k++) if (!Object.is(e[k], scratchInertia[k])) stale = true;
  if (stale) {
    for (let k = 0; k < 9; k++) e[k] = scratchInertia[k];
    motion.invInertiaWorld = Array.from(scratchInertia);
  }
  return motion;
}

/**
 * Writes a saved state into a body freshly built from its make (whose world inertia is its
 * build-time value). Marks its bounding box for recomputation: the broadphase recomputes a
 * marked box from the pose, and an unmarked one always matches the pose it was computed from.
 */
export function writeMotion(body: Body, motion: BodyMotion): void {
  const [px, py, pz] = motion.position;
  const [qx, qy, qz, qw] = motion.quaternion;
  body.position.set(px, py, pz);
  body.quaternion.set(qx, qy, qz, qw);
  body.velocity.set(motion.velocity[0], motion.velocity[1], motion.velocity[2]);
  const w = motion.angularVelocity;
  body.angularVelocity.set(w[0], w[1], w[2]);
  body.force.set(motion.force[0], motion.force[1], motion.force[2]);
  body.torque.set(motion.torque[0], motion.torque[1], motion.torque[2]);
  body.sleepState = sleepStateValue(motion.sleepState);
  body.timeLastSleepy = motion.timeLastSleepy;
  body.wakeUpAfterNarrowphase = false;
  body.previousPosition.copy(body.position);
  body.previousQuaternion.copy(body.quaternion);
  body.updateInertiaWorld();
  const saved = motion.invInertiaWorld;
  if (saved) {
    const e = body.invInertiaWorld.elements;
    for (let k = 0; k < 9; k++) e[k] = saved[k];
  }
  body.aabbNeedsUpdate = true;
}

function sleepStateName(state: number): SleepStateName {
  if (state === Body.SLEEPING) return 'sleeping';
  return state === Body.SLEEPY ? 'sleepy' : 'awake';
}

function sleepStateValue(name: SleepStateName): BodySleepState {
  if (name === 'sleeping') return Body.SLEEPING;
  return name === 'sleepy' ? Body.SLEEPY : Body.AWAKE;
}

export function readClock(physics: PhysicsWorld): WorldClock {
  return {
    step: physics.stepIndex,
    time: physics.world.time,
    stepnumber: physics.world.stepnumber,
  };
}

export function writeClock(physics: PhysicsWorld, clock: WorldClock): void {
  physics.stepIndex = clock.step;
  physics.world.time = clock.time;
  physics.world.stepnumber = clock.stepnumber;
}

/**
 * The order of the world's body list and of the broadphase's sorted list, as positions in the
 * canonical list of `worldMembers`. The
 * sweep-and-prune list is sorted between steps by insertion sort, which keeps the previous order
 * among equal bounds: that order decides the order of contact pairs, hence of the solver's
 * equations, hence the result. The world list's order decides nothing with the default
 * broadphase but is kept too (the naive broadphase pairs in it). cannon-es's `Body.id` comes from
 * a page-wide counter and is never compared by these parts, so a rebuilt world with other ids
 * and the same orders steps the same.
 */
export interface BodyOrder {
  world: number[];
  /** Empty when the broadphase keeps no list between steps. */
  broadphase: number[];
}

/**
 * Every cannon-es body in the world, in a canonical order that a rebuilt world reproduces: the
 * ground and the static scenery as added, the springs' fixed points in spring order, the drag
 * anchor once it has joined the world, then the bodies by dense index.
 */
export function worldMembers(physics: PhysicsWorld, dragAnchor: Body | null): Body[] {
  const members = [...physics.staticBodyList, ...physics.springAnchorBodies()];
  if (dragAnchor) members.push(dragAnchor);
  for (const body of physics.bodies) members.push(body);
  return members;
}

export function readOrder(physics: PhysicsWorld, dragAnchor: Body | null): BodyOrder {
  const members = worldMembers(physics, dragAnchor);
  const position = new Map<Body, number>();
  for (let k = 0; k < members.length; k++) position.set(members[k], k);
  const list = broadphaseList(physics);
  return {
    world: positionsIn(physics.world.bodies, position, 'world'),
    broadphase: list ? positionsIn(list, position, 'broadphase') : [],
  };
}

/** Reorders both lists as saved (permutations of `worldMembers`, validated before). */
export function writeOrder(physics: PhysicsWorld, dragAnchor: Body | null, order: BodyOrder): void {
  const members = worldMembers(physics, dragAnchor);
  const world = physics.world;
  if (order.world.length !== world.bodies.length || order.world.length !== members.length) {
    throw new Error(
      `writeOrder: the saved order names ${order.world.length} bodies; the world has ${world.bodies.length}.`,
    );
  }
  for (let k = 0; k < order.world.length; k++) {
    const body = members[order.world[k]];
    world.bodies[k] = body;
    body.index = k;
  }
  const list = broadphaseList(physics);
  if (list) {
    for (let k = 0; k < order.broadphase.length; k++) list[k] = members[order.broadphase[k]];
    world.broadphase.dirty = true;
  }
}

/** The sweep-and-prune list, or null for a broadphase that keeps none between steps. */
function broadphaseList(physics: PhysicsWorld): Body[] | null {
  const broadphase = physics.world.broadphase;
  return broadphase instanceof SAPBroadphase ? broadphase.axisList : null;
}

function positionsIn(list: readonly Body[], position: Map<Body, number>, name: string): number[] {
  const out: number[] = [];
  for (const body of list) {
    const at = position.get(body);
    if (at === undefined)
      throw new Error(`The ${name} body list holds a body the state does not know.`);
    out.push(at);
  }
  if (out.length !== position.size) {
    throw new Error(
      `The ${name} body list holds ${out.length} bodies; the state knows ${position.size}.`,
    );
  }
  return out;
}
