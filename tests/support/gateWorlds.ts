// The worlds the quality gates measure: a PhysicsWorld under a tuning (over DEFAULT_TUNING), and
// a scene built in one with the seed every gate uses.

import { PhysicsWorld } from '../../src/physics/world/physicsWorld';
import { DEFAULT_TUNING } from '../../src/physics/world/tuning';
import type { PhysicsTuning, TuningFields } from '../../src/physics/world/tuning';
import { findScene } from '../../src/scenes/registry';
import { Rng } from '../../src/util/rng';

/** A whole configuration, or fields to change in DEFAULT_TUNING (its narrowphase and solver kept). */
export type TuningChoice = Readonly<PhysicsTuning> | Partial<TuningFields>;

/** An empty world (ground only) under `tuning`, the unset fields DEFAULT_TUNING's. */
export function world(tuning: TuningChoice): PhysicsWorld {
  return new PhysicsWorld({ ...DEFAULT_TUNING, ...tuning });
}

/** Scene `sceneId` at `count`, seed 1, built in a world under `tuning`. */
export function buildScene(sceneId: string, count: number, tuning: TuningChoice): PhysicsWorld {
  const scene = findScene(sceneId);
  if (!scene) throw new Error(`no scene ${sceneId}`);
  const physics = world(tuning);
  scene.build(physics, new Rng(1), count);
  return physics;
}
