// The pyramid (the JoltPhysics.js stress test's layout) per step under the three named tunings in
// one run: CANNON_PARTS (cannon-es's parts), STATELESS_TUNING (the project's generators made
// afresh every step, solved from zero) and DEFAULT_TUNING (persistent manifolds, warm-started).

import { DEFAULT_TUNING, STATELESS_TUNING } from '../src/physics/world/tuning';
import { CANNON_PARTS } from './cannonParts';
import type { PhysicsTuning } from '../src/physics/world/tuning';
import { pyramidBoxes } from '../src/scenes/pyramid';
import { buildScene, DT } from '../tests/support/sceneWorlds';
import { REAL_TIME_BUDGET_MS } from './physicsBench';
import { fixed, formatTable, median } from './report';

/** The window timed: steps 20–300 from load (the block lands on 11 layers after ~130 steps). */
export const PYRAMID_FIRST = 20;
export const PYRAMID_LAST = 300;

const TUNINGS: readonly (readonly [string, Readonly<PhysicsTuning>])[] = [
  ['today', CANNON_PARTS],
  ['stateless', STATELESS_TUNING],
  ['default', DEFAULT_TUNING],
];

export interface PyramidResult {
  layers: number;
  boxes: number;
  /** Per tuning (TUNINGS' order): mean and median CPU ms per world.step over the window. */
  meanMs: number[];
  medianMs: number[];
}

/** CPU ms of each world.step over the window, one fresh pyramid under `tuning`. */
function stepTimes(layers: number, tuning: Readonly<PhysicsTuning>, last: number): number[] {
  const { physics } = buildScene('pyramid', layers, tuning);
  const times: number[] = [];
  for (let s = 0; s < last; s++) {
    const cpu = process.cpuUsage();
    physics.step(DT);
    const used = process.cpuUsage(cpu);
    if (s >= PYRAMID_FIRST) times.push((used.user + used.system) / 1000);
  }
  return times;
}

/** Each tuning on a pyramid of `layers` layers, one after the other, in this run. */
export function benchPyramid(layers: number, last = PYRAMID_LAST): PyramidResult {
  const meanMs: number[] = [];
  const medianMs: number[] = [];
  for (const [, tuning] of TUNINGS) {
    const times = stepTimes(layers, tuning, last);
    meanMs.push(times.reduce((sum, t) => sum + t, 0) / times.length);
    medianMs.push(median(times));
  }
  return { layers, boxes: pyramidBoxes(layers), meanMs, medianMs };
}

export function pyramidTable(results: readonly PyramidResult[]): string {
  return formatTable(
    [
      'pyramid layers × boxes',
      ...TUNINGS.map(([name]) => `${name} ms/step (median)`),
      'today ÷ default',
      'stateless ÷ default',
      `default real time (≤ ${REAL_TIME_BUDGET_MS} ms)`,
    ],
    results.map((r) => {
      const [today = NaN, stateless = NaN, chosen = NaN] = r.meanMs;
      return [
        `${r.layers} × ${r.boxes}`,
        ...r.meanMs.map((ms, k) => `${fixed(ms, 1)} (${fixed(r.medianMs[k] ?? NaN, 1)})`),
        `${fixed(today / chosen, 2)}×`,
        `${fixed(stateless / chosen, 2)}×`,
        `${fixed((1000 * DT) / chosen, 2)}×`,
      ];
    }),
  );
}
