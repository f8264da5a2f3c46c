// Bytes allocated per frame and per step in steady state, from heap deltas with forced GC
// (node --expose-gc): the project's frame path, its per-step path, world.step today and with
// the chosen tuning, and the project's contact generators call by call.

import { Scene } from 'three';
import { Simulation } from '../src/app/simulation';
import { BodyInstances } from '../src/render/bodyInstances';
import { DEFAULT_TUNING, TODAY_TUNING } from '../src/physics/tuning';
import { benchGeneratorAllocation } from './generatorAllocation';
import { buildScene, DT } from './physicsBench';
import { fixed, formatTable, median } from './report';

type Gc = () => void;

function requireGc(): Gc {
  const gc = (globalThis as { gc?: Gc }).gc;
  if (!gc) throw new Error('Run with node --expose-gc (npm run bench does).');
  return gc;
}

/**
 * Heap growth per call of `work`, median over `windows` windows of `calls` calls, each window
 * starting right after a full GC. A window allocates far less than V8's young generation holds
 * (16 MB) unless the work allocates ≥ 16 MB / calls, so no collection hides what was allocated;
 * an empty window's delta (the measuring itself) is subtracted.
 */
export function bytesPerCall(work: () => void, calls: number, windows: number): number {
  const gc = requireGc();
  const deltas: number[] = [];
  const empty: number[] = [];
  for (let w = 0; w < windows; w++) {
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let c = 0; c < calls; c++) work();
    deltas.push(process.memoryUsage().heapUsed - before);
    gc();
    const idle = process.memoryUsage().heapUsed;
    empty.push(process.memoryUsage().heapUsed - idle);
  }
  return Math.max(0, (median(deltas) - median(empty)) / calls);
}

export interface AllocationResult {
  label: string;
  bytes: number;
  per: 'frame' | 'step' | 'call';
}

/**
 * The project's display frame between steps (loop, interpolation of 1000 moving bodies,
 * instance matrices), its per-step wrapper around world.step (capture, loop, stats, governor)
 * measured on a world with no bodies, and — per stress scene in its busy phase — the snapshot
 * capture and cannon-es's own world.step.
 */
export function benchAllocation(sceneCount: number): AllocationResult[] {
  const results: AllocationResult[] = [];
  const sim = new Simulation('rain', { count: 1000 });
  const instances = new BodyInstances(new Scene());
  instances.sync(sim.snapshots.bodies);
  for (let s = 0; s < 150; s++) sim.frame(1 / 60);
  const alphas = [0.13, 0.37, 0.61, 0.89];
  const frame = { k: 0 };
  const drawFrame = (): void => {
    // A display frame that takes no step: the accumulator holds less than dt.
    sim.loop.accumulator = (alphas[frame.k++ & 3] as number) * sim.loop.dt;
    sim.frame(0, true);
    instances.write(sim.draw, sim.snapshots.bodies.scales);
  };
  for (let w = 0; w < 2000; w++) drawFrame();
  results.push({
    label: 'project frame, no step (rain × 1000, all moving)',
    bytes: bytesPerCall(drawFrame, 2000, 5),
    per: 'frame',
  });

  // With no bodies world.step does next to nothing; the difference is the project's wrapper.
  const empty = new Simulation('playground', { count: 0 });
  const wrapped = (): void => empty.step(DT);
  const bare = (): void => empty.physics.step(DT);
  for (let w = 0; w < 2000; w++) wrapped();
  const wrappedBytes = bytesPerCall(wrapped, 3000, 5);
  const bareBytes = bytesPerCall(bare, 3000, 5);
  results.push({
    label: 'project step wrapper (capture, loop, stats, governor)',
    bytes: Math.max(0, wrappedBytes - bareBytes),
    per: 'step',
  });

  for (const scene of ['rain', 'tower', 'avalanche']) {
    for (const [name, tuning] of [
      ['today', TODAY_TUNING],
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
  return results;
}

export function allocationTable(results: readonly AllocationResult[]): string {
  return formatTable(
    ['what', 'bytes allocated', 'per'],
    results.map((r) => [r.label, fixed(r.bytes, 0), r.per]),
  );
}
