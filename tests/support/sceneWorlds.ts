// A sandbox scene built into a fresh world under a tuning, with the snapshots the app keeps
// beside it, at the fixed step the benches and the tests that measure worlds share.

import { PhysicsWorld } from '../../src/physics/world/physicsWorld';
import { DEFAULT_TUNING } from '../../src/physics/world/tuning';
import type { PhysicsTuning } from '../../src/physics/world/tuning';
import { findScene } from '../../src/scenes/registry';
import { WorldSnapshots } from '../../src/snapshot/snapshots';
import { Rng } from '../../src/util/rng';

/** The sandbox's physics step, s. */
export const DT = 1 / 100;

/** A scene built into a fresh world, with the snapshots the app keeps beside it. */
export function buildScene(
  sceneId: string,
  count: number,
  tuning: Readonly<PhysicsTuning> = DEFAULT_TUNING,
): { physics: PhysicsWorld; snapshots: WorldSnapshots } {
  const scene = findScene(sceneId);
  if (!scene) throw new Error(`no scene ${sceneId}`);
  const physics = new PhysicsWorld(tuning);
  scene.build(physics, new Rng(1), count);
  const snapshots = new WorldSnapshots(physics);
  snapshots.captureFresh();
  return { physics, snapshots };
}
