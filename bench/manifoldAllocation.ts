// Bytes the persistent manifolds allocate per step, apart from the rest of cannon-es's
// world.step: the manifold narrowphase with its cache (plan, generate or reuse, merge, swap)
// and the flat solver's warm-started solve over the manifolds, on a resting pyramid.

import type { ContactEquation, FrictionEquation } from 'cannon-es';
import { DEFAULT_TUNING } from '../src/physics/world/tuning';
import type { AllocationResult } from './heapMeasure';
import { sampledBytesPerCall } from './heapMeasure';
import { buildScene, DT } from '../tests/support/sceneWorlds';
import { contactList } from '../src/physics/narrowphase/manifoldNarrowphase';

/**
 * Calls before measuring, so the measured ones run optimised code (code still running
 * unoptimised boxes its doubles): sampled, as the page path is, since a heap delta over a few
 * hundred calls still sees the optimiser's own garbage.
 */
const WARM_UP = 4000;

/** The narrowphase with its cache, then the warm-started solve, on pyramid × 6 at rest. */
export async function benchManifoldAllocation(): Promise<AllocationResult[]> {
  const layers = 6;
  const { physics } = buildScene('pyramid', layers, DEFAULT_TUNING);
  // The block taken out: the pyramid alone, standing, every pair touching every step.
  physics.removeBody(physics.count - 1);
  for (let s = 0; s < 100; s++) physics.step(DT);
  const world = physics.world;
  const p1: typeof world.bodies = [];
  const p2: typeof world.bodies = [];
  world.broadphase.collisionPairs(world, p1, p2);
  const result: ContactEquation[] = [];
  const pool: ContactEquation[] = [];
  const friction: FrictionEquation[] = [];
  const frictionPool: FrictionEquation[] = [];
  // As World.step hands them over: last step's equations back to the pool, then the pairs.
  const narrowphase = (): void => {
    for (let c = result.pop(); c !== undefined; c = result.pop()) pool.push(c);
    world.narrowphase.getContacts(p1, p2, world, result, pool, friction, frictionPool);
  };
  const solve = (): void => void world.solver.solve(DT, world);
  for (let w = 0; w < WARM_UP; w++) {
    narrowphase();
    solve();
  }
  const boxes = physics.count;
  const pairs = contactList(world).length;
  return [
    {
      label: `manifold narrowphase and cache, per step (pyramid × ${layers}: ${boxes} boxes, ${pairs} pairs)`,
      bytes: await sampledBytesPerCall(narrowphase, 2000),
      per: 'step',
    },
    {
      label: `warm-started solve over the manifolds, per step (pyramid × ${layers})`,
      bytes: await sampledBytesPerCall(solve, 2000),
      per: 'step',
    },
  ];
}
