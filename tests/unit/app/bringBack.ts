// What the page does when a worker's world comes to its own thread, for tests: the worker
// stopped, its world rebuilt from the session log a slice at a time, the rebuilt host handed over.

import { expect } from 'vitest';
import type { Simulation } from '../../../src/app/simulation';
import { rebuildInSlices } from '../../../src/physicsHost/workerHost/logReplay';
import type { WorkerHost } from '../../../src/physicsHost/workerHost/workerHost';

/**
 * Brings `host`'s world to `sim`'s page thread; resolves once the rebuilt host has taken over,
 * with the number of steps the rebuild took.
 */
export async function bringBack(sim: Simulation, host: WorkerHost): Promise<number> {
  const rebuild = host.recover();
  const failure = await rebuildInSlices([rebuild], 40);
  expect(failure).toBeNull();
  await sim.useHost(host.recovered(), host.stepsDropped > 0 ? 'rewind' : 'resume');
  expect(sim.host.thread).toBe('main');
  return rebuild.stepsTaken;
}
