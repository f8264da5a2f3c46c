// The engine interface: all the front door asks of a physics engine (a step, whether a body is
// in the world, whether it sleeps, its state read into flat arrays), and cannon-es written in it.

import type { QuatLike, Vec3Like } from '../snapshot/bodyPoses';

/**
 * Flat per-body state the front door keeps: 3 numbers per vector and 4 per quaternion, body i's
 * at 3i and 4i. An engine's {@link FixedStepEngine.read} writes one body into it.
 */
export interface BodyStates {
  /** Centre of mass in world space (m), body i at 3i. */
  readonly position: Float64Array;
  /** Orientation as a unit quaternion x, y, z, w, body i at 4i. */
  readonly quaternion: Float64Array;
  /** Linear velocity (m/s), body i at 3i: read by the 'extrapolate' draw mode. */
  readonly velocity: Float64Array;
  /** Angular velocity in world space (rad/s), body i at 3i: read by 'extrapolate'. */
  readonly angularVelocity: Float64Array;
}

/**
 * What the front door needs of a physics engine, for worlds of type `World` holding bodies of
 * type `Body`. Stateless: one engine object serves every world. Every method but `watch` is on
 * a hot path (once per bound body per step, or per frame), so none may allocate.
 */
export interface FixedStepEngine<World, Body> {
  /** Advances `world` by exactly `dtSeconds` (one fixed step; the front door keeps the time). */
  step(world: World, dtSeconds: number): void;
  /**
   * Whether `body` is in `world`. Binding a body that is not throws; a bound body that leaves is
   * unbound before its state would be read again.
   */
  contains(world: World, body: Body): boolean;
  /** Whether `body` sleeps: one asleep at two steps in a row is neither read nor redrawn. */
  sleeping(body: Body): boolean;
  /**
   * Writes `body`'s position, quaternion and velocities into `out` at slot `i` (3i, 4i). Also
   * read between steps to notice a body the app moved by hand.
   */
  read(body: Body, out: BodyStates, i: number): void;
  /**
   * Optional: writes only `body`'s position and quaternion into `out` at slot `i`, as `read`
   * does. Between steps the front door only compares poses, once per body per stepping frame:
   * without this it calls `read`, whose velocities it then ignores.
   */
  readPose?(body: Body, out: BodyStates, i: number): void;
  /**
   * Optional: calls `removed(body)` whenever a body leaves `world`, so its binding ends at once
   * (without it, at the next frame); returns a function that stops listening.
   */
  watch?(world: World, removed: (body: Body) => void): () => void;
  /**
   * Optional: what a body of this engine is, as errors say it: "a cannon-es Body added with
   * world.addBody(body)". Left out: "a body in this world".
   */
  readonly expectedBody?: string;
}

/** A body the cannon-es engine reads: cannon-es's `Body` is one. */
export interface FixedStepBody {
  /** The world the body is in; null once removed (cannon-es sets it in addBody and removeBody). */
  readonly world: object | null;
  /** Centre of mass in world space (m). */
  readonly position: Readonly<Vec3Like>;
  /** Orientation, a unit quaternion. */
  readonly quaternion: Readonly<QuatLike>;
  /** Linear velocity (m/s). */
  readonly velocity: Readonly<Vec3Like>;
  /** Angular velocity in world space (rad/s). */
  readonly angularVelocity: Readonly<Vec3Like>;
  /** 2 (cannon-es's `Body.SLEEPING`) while asleep. */
  readonly sleepState: number;
}

/** A world the cannon-es engine steps: cannon-es's `World` is one. */
export interface FixedStepWorld {
  /** One fixed step of `dtSeconds` (the one-argument form: the front door owns the accumulator). */
  step(dtSeconds: number): void;
  /** Adds a listener; the front door listens for 'removeBody' to unbind a removed body at once. */
  addEventListener(type: string, listener: (event: { body?: unknown }) => void): unknown;
  /** Removes a listener added with addEventListener (on dispose). */
  removeEventListener(type: string, listener: (event: { body?: unknown }) => void): unknown;
}

/** cannon-es's `Body.SLEEPING`. */
const SLEEPING = 2;

/** A cannon-es body's position and quaternion into slot `i` of `out`. */
function readCannonPose(body: FixedStepBody, out: BodyStates, i: number): void {
  const i3 = 3 * i;
  const i4 = 4 * i;
  const p = body.position;
  const q = body.quaternion;
  out.position[i3] = p.x;
  out.position[i3 + 1] = p.y;
  out.position[i3 + 2] = p.z;
  out.quaternion[i4] = q.x;
  out.quaternion[i4 + 1] = q.y;
  out.quaternion[i4 + 2] = q.z;
  out.quaternion[i4 + 3] = q.w;
}

/**
 * cannon-es in the engine interface: `world.step(dt)`, `body.world`, `body.sleepState`, and the
 * body's fields read as they are. Imports nothing from cannon-es, so any copy of it works.
 */
export const cannonEngine: FixedStepEngine<FixedStepWorld, FixedStepBody> = {
  step: (world, dtSeconds) => world.step(dtSeconds),
  contains: (world, body) => (body as Partial<FixedStepBody> | null)?.world === world,
  sleeping: (body) => body.sleepState === SLEEPING,
  read(body, out, i) {
    readCannonPose(body, out, i);
    const i3 = 3 * i;
    const v = body.velocity;
    const w = body.angularVelocity;
    out.velocity[i3] = v.x;
    out.velocity[i3 + 1] = v.y;
    out.velocity[i3 + 2] = v.z;
    out.angularVelocity[i3] = w.x;
    out.angularVelocity[i3 + 1] = w.y;
    out.angularVelocity[i3 + 2] = w.z;
  },
  readPose: readCannonPose,
  watch(world, removed) {
    const listener = (event: { body?: unknown }): void => removed(event.body as FixedStepBody);
    world.addEventListener('removeBody', listener);
    return () => world.removeEventListener('removeBody', listener);
  },
  expectedBody: 'a cannon-es Body added with world.addBody(body)',
};

/** `engine` if it has the interface's methods; throws naming the first missing otherwise. */
export function checkEngine<World, Body>(
  engine: FixedStepEngine<World, Body>,
): FixedStepEngine<World, Body> {
  for (const method of ['step', 'contains', 'sleeping', 'read'] as const) {
    if (typeof engine?.[method] !== 'function') {
      throw new TypeError(
        `fixed-step: the engine has no ${method}() method (see FixedStepEngine in the README).`,
      );
    }
  }
  return engine;
}
