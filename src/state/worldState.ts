// Capture and restore of everything the next physics step depends on, at the level of the physics
// world and its command queue (no DOM, no loop): plain data out, plain data in, so it works the
// same on the main thread or inside a worker.
//
// What carries over between cannon-es steps, and where it goes (read from World.internalStep,
// Body.integrate/sleepTick, SAPBroadphase, Narrowphase and GSSolver of cannon-es 0.20):
// - per body: pose, velocities, force and torque, sleep state and timer, world inertia when
//   stale (exactState.ts), and what it was made from (PhysicsWorld.makes) and its id;
// - per world: time (sleep timers), stepnumber, the order of the body list and the broadphase's
//   sorted list (exactState.ts), the id counter, statics, springs, the drag and its anchor,
//   commands still queued, the scene's step hooks (rebuilt with the scene: they keep no state of
//   their own) and the physics rate and tuning;
// - per world with persistent contacts: every manifold of the last step (manifoldState.ts) — its
//   points, anchors, features and impulses, which the next step keeps or starts from;
// - not carried: the collision matrices and overlap keepers feed only cannon-es's contact events,
//   which nothing here listens to; pooled equations and contacts have every field rewritten
//   before use; the solvers' own arrays are rebuilt every solve; bounding boxes are recomputed
//   from the pose.

import {
  readClock,
  readContacts,
  readMotion,
  readOrder,
  writeClock,
  writeContacts,
  writeMotion,
  writeOrder,
} from '../physics/index';
import type { CommandQueue, PhysicsWorld } from '../physics/index';
import { findScene } from '../scenes/registry';
import { Rng } from '../util/rng';
import { PHYSICS_VERSION } from './physicsVersion';
import { MAX_STATE_BODIES, STATE_FORMAT, STATE_VERSION } from './stateSchema';
import type { SavedBody, SavedState } from './stateSchema';
import { t } from '../i18n/language';

/** What the world cannot say about itself: its scene and the physics rate the loop steps at. */
export interface StateContext {
  scene: SavedState['scene'];
  physicsHz: number;
}

/**
 * The world's exact state now, between steps. Throws only for a world past `maxBodies` (what a
 * file may hold; a checkpoint kept in memory passes Infinity).
 */
export function captureState(
  physics: PhysicsWorld,
  commands: CommandQueue,
  context: StateContext,
  maxBodies = MAX_STATE_BODIES,
): SavedState {
  if (physics.count > maxBodies) {
    throw new Error(t('state.tooManyBodies', { count: physics.count, max: MAX_STATE_BODIES }));
  }
  const bodies: SavedBody[] = [];
  for (let i = 0; i < physics.count; i++) {
    const make = physics.makes[i];
    const body = physics.bodies[i];
    if (!make || !body) continue;
    bodies.push({ id: physics.idAt(i), ...make, scale: [...make.scale], ...readMotion(body) });
  }
  const clock = readClock(physics);
  const order = readOrder(physics, commands.anchorBody());
  const statics = physics.staticBodyList.length;
  const contacts = readContacts(physics.world, (key) =>
    key < 0 ? key >= -statics : physics.indexOf(key) >= 0,
  );
  return {
    format: STATE_FORMAT,
    version: STATE_VERSION,
    physics: PHYSICS_VERSION,
    scene: { ...context.scene },
    physicsHz: context.physicsHz,
    tuning: { ...physics.tuning },
    step: clock.step,
    time: clock.time,
    stepnumber: clock.stepnumber,
    nextId: physics.nextBodyId,
    statics: structuredClone(physics.statics),
    bodies,
    springs: physics.savedSprings(),
    drag: commands.heldBody(),
    dragAnchor: commands.anchorMotion(),
    worldOrder: order.world,
    broadphaseOrder: order.broadphase,
    commands: commands.pendingCommands(),
    ...(contacts === null ? {} : { contacts }),
  };
}

/**
 * Replaces the world's contents with a validated state (see stateSchema.parseState). The scene is
 * built first for its step hooks, then everything else is replaced by the saved contents.
 * `withCommands: false` leaves the queue empty (a replay feeds its own log of applied commands).
 */
export function restoreState(
  physics: PhysicsWorld,
  commands: CommandQueue,
  state: SavedState,
  withCommands = true,
): void {
  const parts = restoreInParts(physics, commands, state, withCommands);
  while (!parts.next().done);
}

/**
 * `restoreState` a part at a time: it yields after each body added, so a caller that must keep
 * its tasks short (a dead worker's world rebuilt on the page) can stop between any two.
 */
export function* restoreInParts(
  physics: PhysicsWorld,
  commands: CommandQueue,
  state: SavedState,
  withCommands = true,
): Generator<void, void, void> {
  const definition = findScene(state.scene.id);
  if (!definition) throw new Error(`restoreState: unknown scene ${state.scene.id}.`);
  commands.clear();
  physics.clear();
  // Built for its step hooks alone: its bodies, statics and springs are replaced below. A scene
  // that takes a count is built at its smallest, unless it has hooks (which may depend on it).
  const count = state.scene.count;
  const smallest = definition.count ? Math.min(definition.count.min, count) : count;
  definition.build(physics, new Rng(state.scene.seed), smallest);
  if (smallest !== count && physics.hasStepHooks) {
    physics.clear();
    definition.build(physics, new Rng(state.scene.seed), count);
  }
  physics.clearContents();
  for (const spec of state.statics) physics.addStaticBox(structuredClone(spec));
  for (const saved of state.bodies) {
    physics.addBodyWithId(
      {
        kind: saved.kind,
        scale: [...saved.scale],
        position: [...saved.position],
        density: saved.density,
        material: saved.material,
        kinematic: saved.kinematic,
        angularDamping: saved.angularDamping,
      },
      saved.id,
    );
    yield;
  }
  physics.setNextBodyId(state.nextId);
  for (const spring of state.springs) {
    const { a, b, anchor, restLength, stiffness, damping } = spring;
    physics.addSpring(a, b < 0 ? [...anchor] : b, { restLength, stiffness, damping });
  }
  for (let i = 0; i < state.bodies.length; i++) {
    const body = physics.bodies[i];
    const saved = state.bodies[i];
    if (body && saved) writeMotion(body, saved);
  }
  commands.restoreDrag(state.drag, state.dragAnchor);
  writeOrder(physics, commands.anchorBody(), {
    world: state.worldOrder,
    broadphase: state.broadphaseOrder,
  });
  writeClock(physics, state);
  writeContacts(physics.world, state.contacts ?? null);
  if (withCommands) for (const command of state.commands) commands.push(structuredClone(command));
}
