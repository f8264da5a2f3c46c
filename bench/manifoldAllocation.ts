// Bytes the persistent manifolds allocate per step, apart from the rest of cannon-es's
// world.step: the manifold narrowphase with its cache (plan, generate or reuse, merge, swap)
// and the flat solver's warm-started solve over the manifolds, on a resting pyramid.

import type { ContactEquation, FrictionEquation } from 'cannon-es';
import { DEFAULT_TUNING } from '../src/physics/tuning';
import type { AllocationResult } from './heapMeasure';
import { sampledBytesPerCall } from './heapMeasure';
import { buildScene, DT } from './physicsBench';
import { useSecondThread } from './twoThreads';

/**
 * Calls before measuring, so the measured ones run optimised code (code still running
 * unoptimised boxes its doubles): sampled, as the page path is, since a heap delta over a few
 * hundred calls still sees the optimiser's own garbage.
 */
const WARM_UP = 4000;

/** The narrowphase with its cache, then the warm-started solve, on pyramid × 6 at rest. */
export async function benchManifoldAllocation(): Promise<AllocationResult[]> {
  // Six layers: enough pairs and manifolds that the second thread takes its share of each pass.
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
  const rows: AllocationResult[] = [
    {
      label: `manifold narrowphase and cache, per step (pyramid × ${layers}: ${boxes} boxes, ${result.length} pairs)`,
      bytes: await sampledBytesPerCall(narrowphase, 2000),
      per: 'step',
    },
    {
      label: `warm-started solve over the manifolds, per step (pyramid × ${layers})`,
      bytes: await sampledBytesPerCall(solve, 2000),
      per: 'step',
    },
  ];
  // The same with a helper thread taking half of the plan, the set-up and each sweep
  // (bench/twoThreads.ts): the kernel calls and meetings on the stepping thread, which this
  // isolate's profiler sees.
  const second = await useSecondThread(physics);
  try {
    for (let w = 0; w < WARM_UP; w++) {
      narrowphase();
      solve();
    }
    const narrowphaseBytes = await sampledBytesPerCall(narrowphase, 2000);
    const solveBytes = await sampledBytesPerCall(solve, 2000);
    const share = Math.round((100 * second.team.handedOver) / second.team.swept);
    rows.push(
      {
        label: `the same narrowphase on two threads, stepping thread, per step`,
        bytes: narrowphaseBytes,
        per: 'step',
      },
      {
        label: `the same solve on two threads, stepping thread, per step (helper's share of the sweeps ${share}%)`,
        bytes: solveBytes,
        per: 'step',
      },
    );
  } finally {
    await second.close();
  }
  return rows;
}
