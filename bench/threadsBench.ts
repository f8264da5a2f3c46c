// The pyramid on one physics thread and on two (a worker_threads helper taking half of the pair
// plan, the row set-up and every sweep, bench/twoThreads.ts), in wall-clock ms per world.step:
// CPU time would count both threads; and beside them the stateless configuration (the one before
// persistent contacts) on one. The two give the same bits (tests/unit/physics/twoThreads.test.ts).

import { DEFAULT_TUNING, STATELESS_TUNING } from '../src/physics/tuning';
import type { PhysicsTuning } from '../src/physics/tuning';
import { pyramidBoxes } from '../src/scenes/pyramid';
import { buildScene, DT, REAL_TIME_BUDGET_MS } from './physicsBench';
import { PYRAMID_FIRST } from './pyramidBench';
import { fixed, formatTable, median } from './report';
import { useSecondThread } from './twoThreads';

export interface ThreadsResult {
  layers: number;
  boxes: number;
  /**
   * Stateless on one thread, the default on one, the default on two: mean and median wall ms
   * per world.step over the window.
   */
  meanMs: [number, number, number];
  medianMs: [number, number, number];
  /** The share of manifold sweeps the helper took, 0 … 1. */
  helperShare: number;
  /** Kernel calls (plan, set-up) the helper ran, per step. */
  callsPerStep: number;
  /** Steps the helper sat out, stood down for keeping the stepping thread waiting. */
  stoodDown: number;
}

async function stepTimes(
  layers: number,
  tuning: Readonly<PhysicsTuning>,
  two: boolean,
  last: number,
) {
  const { physics } = buildScene('pyramid', layers, tuning);
  const thread = two ? await useSecondThread(physics) : null;
  const times: number[] = [];
  for (let s = 0; s < last; s++) {
    const started = performance.now();
    physics.step(DT);
    if (s >= PYRAMID_FIRST) times.push(performance.now() - started);
  }
  const share = thread === null ? 0 : thread.team.handedOver / thread.team.swept;
  const calls = thread === null ? 0 : thread.team.calls / last;
  const stoodDown = thread === null ? 0 : thread.team.standDown.stoodDown;
  await thread?.close();
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  return { mean, median: median(times), share, calls, stoodDown };
}

/** The pyramid of `layers` layers: stateless on one thread, the default on one and on two. */
export async function benchThreads(layers: number, last: number): Promise<ThreadsResult> {
  const stateless = await stepTimes(layers, STATELESS_TUNING, false, last);
  const one = await stepTimes(layers, DEFAULT_TUNING, false, last);
  const two = await stepTimes(layers, DEFAULT_TUNING, true, last);
  return {
    layers,
    boxes: pyramidBoxes(layers),
    meanMs: [stateless.mean, one.mean, two.mean],
    medianMs: [stateless.median, one.median, two.median],
    helperShare: two.share,
    callsPerStep: two.calls,
    stoodDown: two.stoodDown,
  };
}

export function threadsTable(results: readonly ThreadsResult[]): string {
  return formatTable(
    [
      'pyramid layers × boxes',
      'stateless, one thread wall ms/step (median)',
      'default, one thread (median)',
      'default, two threads (median)',
      'one ÷ two',
      'stateless ÷ two',
      'helper’s share of the sweeps',
      'helper’s kernel calls a step',
      'steps the helper sat out',
      `two threads real time (≤ ${REAL_TIME_BUDGET_MS} ms)`,
    ],
    results.map((r) => [
      `${r.layers} × ${r.boxes}`,
      ...r.meanMs.map((ms, k) => `${fixed(ms, 1)} (${fixed(r.medianMs[k] ?? NaN, 1)})`),
      `${fixed(r.meanMs[1] / r.meanMs[2], 2)}×`,
      `${fixed(r.meanMs[0] / r.meanMs[2], 2)}×`,
      `${fixed(100 * r.helperShare, 0)}%`,
      fixed(r.callsPerStep, 1),
      String(r.stoodDown),
      `${fixed((1000 * DT) / r.meanMs[2], 2)}×`,
    ]),
  );
}
