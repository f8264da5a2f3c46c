// The pyramid on one physics thread and on two (the contact solver's sweeps split with a
// worker_threads helper, bench/twoThreads.ts), in wall-clock ms per world.step: CPU time would
// count both threads. The two runs give the same bits (tests/unit/physics/twoThreads.test.ts).

import { pyramidBoxes } from '../src/scenes/pyramid';
import { buildScene, DT, REAL_TIME_BUDGET_MS } from './physicsBench';
import { PYRAMID_FIRST } from './pyramidBench';
import { fixed, formatTable, median } from './report';
import { useSecondThread } from './twoThreads';

export interface ThreadsResult {
  layers: number;
  boxes: number;
  /** One thread, then two: mean and median wall ms per world.step over the window. */
  meanMs: [number, number];
  medianMs: [number, number];
  /** The share of manifold sweeps the helper took, 0 … 1. */
  helperShare: number;
}

async function stepTimes(layers: number, two: boolean, last: number) {
  const { physics } = buildScene('pyramid', layers);
  const thread = two ? await useSecondThread(physics) : null;
  const times: number[] = [];
  for (let s = 0; s < last; s++) {
    const started = performance.now();
    physics.step(DT);
    if (s >= PYRAMID_FIRST) times.push(performance.now() - started);
  }
  const share = thread === null ? 0 : thread.team.handedOver / thread.team.swept;
  await thread?.close();
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  return { mean, median: median(times), share };
}

/** The pyramid of `layers` layers on one thread, then on two, in this run. */
export async function benchThreads(layers: number, last: number): Promise<ThreadsResult> {
  const one = await stepTimes(layers, false, last);
  const two = await stepTimes(layers, true, last);
  return {
    layers,
    boxes: pyramidBoxes(layers),
    meanMs: [one.mean, two.mean],
    medianMs: [one.median, two.median],
    helperShare: two.share,
  };
}

export function threadsTable(results: readonly ThreadsResult[]): string {
  return formatTable(
    [
      'pyramid layers × boxes',
      'one thread wall ms/step (median)',
      'two threads wall ms/step (median)',
      'one ÷ two',
      'helper’s share of the sweeps',
      `two threads real time (≤ ${REAL_TIME_BUDGET_MS} ms)`,
    ],
    results.map((r) => [
      `${r.layers} × ${r.boxes}`,
      `${fixed(r.meanMs[0], 1)} (${fixed(r.medianMs[0], 1)})`,
      `${fixed(r.meanMs[1], 1)} (${fixed(r.medianMs[1], 1)})`,
      `${fixed(r.meanMs[0] / r.meanMs[1], 2)}×`,
      `${fixed(100 * r.helperShare, 0)}%`,
      `${fixed((1000 * DT) / r.meanMs[1], 2)}×`,
    ]),
  );
}
