// fixed-step/rapier: the front door for @dimforge/rapier3d-compat worlds, bound by RigidBody.
// Imports Rapier's types only: the app's own copy of Rapier (and its WebAssembly) does the work.

import type { RigidBody, World } from '@dimforge/rapier3d-compat';
import { FixedStep } from './core';
import { described } from './frontDoor/checks';
import type { BodyStates, FixedStepEngine, FixedStepOptions } from './core';

// The front door's class and options, so a Rapier app's types need nothing from the root entry
// (whose declarations reach cannon-es's for the drop-in).
export { FixedStep } from './core';
export type {
  BindInstancesOptions,
  BindOptions,
  DrawMode,
  FixedStepOptions,
  StepInfo,
} from './core';

/** Rapier writes each read into these (its getters' `target`), so a read allocates nothing. */
const vector = { x: 0, y: 0, z: 0 };
const rotation = { x: 0, y: 0, z: 0, w: 1 };

function write3(out: Float64Array, i3: number, v: { x: number; y: number; z: number }): void {
  out[i3] = v.x;
  out[i3 + 1] = v.y;
  out[i3 + 2] = v.z;
}

/** A RigidBody's translation and rotation into slot `i` of `out`. */
function readRapierPose(body: RigidBody, out: BodyStates, i: number): void {
  const i4 = 4 * i;
  write3(out.position, 3 * i, body.translation(vector));
  const q = body.rotation(rotation);
  out.quaternion[i4] = q.x;
  out.quaternion[i4 + 1] = q.y;
  out.quaternion[i4 + 2] = q.z;
  out.quaternion[i4 + 3] = q.w;
}

/**
 * Rapier in the engine interface: `world.timestep = dt; world.step()`; a body is in the world
 * while `world.getRigidBody(body.handle)` is that body (a removed body's handle finds nothing);
 * `isSleeping()`; `translation`, `rotation`, `linvel` and `angvel` read into reused objects.
 */
export const rapierEngine: FixedStepEngine<World, RigidBody> = {
  step(world, dtSeconds) {
    // Rapier steps by its own timestep; the front door's is the one that counts.
    world.timestep = dtSeconds;
    world.step();
  },
  // A handle is a number: anything else (a cannon-es body, a string) is no RigidBody of this world.
  contains: (world, body) =>
    typeof (body as Partial<RigidBody> | null)?.handle === 'number' &&
    world.getRigidBody(body.handle) === body,
  sleeping: (body) => body.isSleeping(),
  read(body: RigidBody, out: BodyStates, i: number): void {
    readRapierPose(body, out, i);
    const i3 = 3 * i;
    write3(out.velocity, i3, body.linvel(vector));
    write3(out.angularVelocity, i3, body.angvel(vector));
  },
  readPose: readRapierPose,
  expectedBody: 'a Rapier RigidBody made with world.createRigidBody(desc)',
};

/**
 * The front door for a Rapier world: stepped at `hz` fixed steps a second (`world.step()` with
 * `world.timestep` set to the fixed step), its RigidBodies drawn between steps into the
 * three.js objects bound to them. Sleeping bodies are not read or redrawn; a body moved with
 * `setTranslation`/`setRotation` between steps is drawn from its new pose; a body removed with
 * `world.removeRigidBody` is unbound before it would be read again (the next step).
 *
 * @example
 * ```ts
 * await RAPIER.init();
 * const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
 * const physics = fixedStep(world, { hz: 100 });
 * physics.bind(ball, ballMesh);
 * renderer.setAnimationLoop((t) => {
 *   physics.frame(t);
 *   renderer.render(scene, camera);
 * });
 * ```
 * @param world - a Rapier `World` (after `await RAPIER.init()`).
 * @param options - rate, limits, mode, hooks; all have defaults (60 Hz, a 0.25 s clamp).
 * @returns the front door.
 */
export function fixedStep(
  world: World,
  options: FixedStepOptions = {},
): FixedStep<World, RigidBody> {
  if (typeof (world as Partial<World> | null)?.getRigidBody !== 'function') {
    throw new TypeError(
      `fixedStep (fixed-step/rapier): world is ${described(world)}, not a Rapier World; for a cannon-es World import fixedStep from 'fixed-step'.`,
    );
  }
  return new FixedStep(world, options, rapierEngine);
}
