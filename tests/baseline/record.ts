// Writes tests/baseline/hashes.json: every baseline run (scenarios.ts) on the main thread, with
// the physics tuning it ran under. Run it only to pin a new baseline on purpose:
//   node --import tsx tests/baseline/record.ts <commit>

import { writeFileSync } from 'node:fs';
import { Simulation } from '../../src/app/simulation';
import { LocalHost } from '../../src/physicsHost/host/localHost';
import { DEFAULT_TUNING } from '../../src/physics/world/tuning';
import { SCENES } from '../../src/scenes/registry';
import { inputRun, SCENE_COUNTS, sceneRun, timelineRun } from './scenarios';
import type { Checkpoint } from './scenarios';
import { baselineSim } from './simDriver';

const SEED = 3;
const runs: Record<string, Checkpoint[]> = {};
/** A Simulation on this thread under the tuning recorded with the runs. */
function simulation(scene: string, options: { count?: number; seed?: number }): Simulation {
  return new Simulation(new LocalHost(scene, options, DEFAULT_TUNING));
}

for (const scene of SCENES) {
  const sim = simulation(scene.id, { count: SCENE_COUNTS[scene.id], seed: SEED });
  runs[`scene ${scene.id}`] = await sceneRun(baselineSim(sim), SEED);
}
runs.inputs = await inputRun(baselineSim(simulation('pile', { count: 40, seed: 8 })));
runs.timeline = await timelineRun(baselineSim(simulation('stack', { seed: 2 })));
const fixture = {
  commit: process.argv[2] ?? 'unknown',
  tuning: DEFAULT_TUNING,
  seed: SEED,
  counts: SCENE_COUNTS,
  runs,
};
writeFileSync(new URL('./hashes.json', import.meta.url), `${JSON.stringify(fixture, null, 1)}\n`);
