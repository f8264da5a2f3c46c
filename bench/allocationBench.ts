// Bytes allocated per frame and per step in steady state (measured with heapMeasure.ts): the
// project's frame path, its per-step path, world.step today and with the chosen tuning, and the
// project's contact generators.

import { Scene } from 'three';
import { Simulation } from '../src/app/simulation';
import { LocalHost } from '../src/physicsHost/host/localHost';
import { BodyInstances } from '../src/render/bodyInstances';
import { DEFAULT_TUNING } from '../src/physics/world/tuning';
import { CANNON_PARTS } from './cannonParts';
import { benchGeneratorAllocation } from './generatorAllocation';
import { benchManifoldAllocation } from './manifoldAllocation';
import { buildScene, DT } from '../tests/support/sceneWorlds';
import { bytesPerCall, sampledBytesPerCall, stillClock, withoutCannonStep } from './heapMeasure';
import type { AllocationResult } from './heapMeasure';
import { fixed, formatTable } from './report';

/**
 * Calls before measuring: until V8 has optimised the whole path (code still running unoptimised
 * boxes its doubles; the 1000-body frame was not all optimised after 2000 calls).
 */
const WARM_UP_CALLS = 8000;

/**
 * The project's display frame between steps (loop, interpolation of 1000 moving bodies,
 * instance matrices), its per-step wrapper around world.step (capture, loop, stats, governor)
 * measured on a world with no bodies, and — per stress scene in its busy phase — the snapshot
 * capture and cannon-es's own world.step.
 */
export async function benchAllocation(sceneCount: number): Promise<AllocationResult[]> {
  const results: AllocationResult[] = [];
  const sim = new Simulation('rain', { count: 1000 });
  sim.nowMs = stillClock();
  const instances = new BodyInstances(new Scene());
  instances.sync(sim.drawn.snapshots.bodies);
  for (let s = 0; s < 150; s++) sim.frame(1 / 60);
  const alphas = [0.13, 0.37, 0.61, 0.89];
  const frame = { k: 0 };
  const drawFrame = (): void => {
    // A display frame that takes no step: the accumulator holds less than dt.
    sim.loop.accumulator = (alphas[frame.k++ & 3] as number) * sim.loop.dt;
    sim.frame(0, true);
    instances.write(sim.drawn.draw, sim.drawn.snapshots.bodies.scales);
  };
  for (let w = 0; w < WARM_UP_CALLS; w++) drawFrame();
  results.push({
    label: 'project frame, no step (rain × 1000, all moving)',
    bytes: await sampledBytesPerCall(drawFrame, 5000),
    per: 'frame',
  });

  // With no bodies world.step does next to nothing; the difference is the project's wrapper.
  const steppedHost = new LocalHost('playground');
  const stepped = new Simulation(steppedHost);
  stepped.nowMs = stillClock();
  const step = (): void => stepped.step(DT);
  const ownStepBytes = await withoutCannonStep(steppedHost.core.physics.world, async () => {
    for (let w = 0; w < WARM_UP_CALLS; w++) step();
    return sampledBytesPerCall(step, 20_000);
  });
  results.push({
    label: 'project step (commands, hooks, guard, capture, stats, governor; playground)',
    bytes: ownStepBytes,
    per: 'step',
  });

  for (const scene of ['rain', 'tower', 'avalanche']) {
    for (const [name, tuning] of [
      ['today', CANNON_PARTS],
      ['chosen', DEFAULT_TUNING],
    ] as const) {
      const { physics: world, snapshots } = buildScene(scene, sceneCount, tuning);
      // Into the busy part of each scene: landing, collapsing, sliding.
      for (let s = 0; s < 200; s++) world.step(DT);
      if (name === 'chosen') {
        results.push({
          label: `project snapshot capture (${scene} × ${sceneCount})`,
          bytes: bytesPerCall(() => snapshots.capture(DT), 2000, 5),
          per: 'step',
        });
      }
      results.push({
        label: `world.step, ${name} (${scene} × ${sceneCount}, busy)`,
        bytes: bytesPerCall(() => world.step(DT), 20, 5),
        per: 'step',
      });
    }
  }
  results.push(...benchGeneratorAllocation());
  results.push(...(await benchManifoldAllocation()));
  return results;
}

export function allocationTable(results: readonly AllocationResult[]): string {
  return formatTable(
    ['what', 'bytes allocated', 'per'],
    results.map((r) => [r.label, fixed(r.bytes, 0), r.per]),
  );
}
