// The physics the page asks for is what it was: every baseline run (tests/baseline/scenarios.ts)
// gives the steps and state hashes recorded in tests/baseline/hashes.json, with physics on the
// main thread and in a worker thread (the browser's worker code over worker_threads), both under
// the tuning the baseline was recorded with, passed in one place.

import { readFileSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { Simulation } from '../../../src/app/simulation';
import { LocalHost } from '../../../src/physicsHost/host/localHost';
import type { PhysicsTuning } from '../../../src/physics/world/tuning';
import { SCENES } from '../../../src/scenes/registry';
import type { FromWorker, ToWorker } from '../../../src/physicsHost/wire/protocol';
import { WorkerHost } from '../../../src/physicsHost/workerHost/workerHost';
import { inputRun, SCENE_COUNTS, sceneRun, timelineRun } from '../../baseline/scenarios';
import type { BaselineFixture } from '../../baseline/scenarios';
import { baselineSim } from '../../baseline/simDriver';
import { startTsWorker } from '../../support/tsWorker';

const workers: Worker[] = [];
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.terminate();
});

/**
 * The tuning the baseline was recorded with: DEFAULT_TUNING at the commit the fixture names.
 * When the defaults change, this stays as it is (a new field gets the value that keeps the old
 * behaviour), so the test goes on pinning the page's path rather than the physics defaults.
 */
const BASELINE_TUNING: Readonly<PhysicsTuning> = Object.freeze({
  narrowphase: 'project',
  warmStart: 0,
  frictionWarmStart: 0,
  reuseMotion: 0,
  relaxIterations: 0,
  contactStiffness: 1e7,
  contactRelaxation: 3,
  broadphase: 'sap',
  sparseCollisionMatrix: true,
  fastLookups: true,
  solver: 'flat-gs',
  solverIterations: 10,
  solverTolerance: 1e-7,
  sleepSpeedLimit: 0.1,
  sleepTimeLimit: 1,
});

type Thread = 'main' | 'worker';

/** A Simulation of `scene` with physics on `thread` under BASELINE_TUNING, built. */
async function simulation(
  thread: Thread,
  scene: string,
  options: { count?: number; seed?: number },
): Promise<Simulation> {
  const sim = new Simulation(new LocalHost(scene, options, BASELINE_TUNING));
  if (thread === 'main') return sim;
  const worker = startTsWorker(
    new URL('../physicsHost/worker/serviceThread.ts', import.meta.url),
    null,
  );
  workers.push(worker);
  const host = new WorkerHost(
    { postMessage: (m: ToWorker, t) => worker.postMessage(m, t as ArrayBuffer[]) },
    { transport: 'shared', tuning: BASELINE_TUNING },
  );
  worker.on('message', (message: FromWorker) => host.receive(message));
  await sim.useHost(host, 'build');
  expect(sim.host.thread).toBe('worker');
  return sim;
}

const fixture = JSON.parse(
  readFileSync(new URL('../../baseline/hashes.json', import.meta.url), 'utf8'),
) as BaselineFixture;
const runs = fixture.runs;
/** The scenes the fixture has runs for: those at its commit (a scene added since has none). */
const BASELINE_SCENES = SCENES.map((scene) => scene.id).filter((id) => `scene ${id}` in runs);

it('the fixture covers every scene it was recorded with, and they are still listed', () => {
  const recorded = Object.keys(runs).filter((key) => key.startsWith('scene '));
  expect(BASELINE_SCENES.map((id) => `scene ${id}`).sort()).toEqual(recorded.sort());
  expect(BASELINE_SCENES.length).toBeGreaterThanOrEqual(11);
});

it('the tuning passed is the one the baseline was recorded with', () => {
  expect(BASELINE_TUNING).toMatchObject(fixture.tuning);
});

describe.each(['main', 'worker'] as const)(
  'baseline hashes, physics on the %s thread',
  (thread) => {
    it.each(BASELINE_SCENES)('%s from its load', async (scene) => {
      const sim = await simulation(thread, scene, {
        count: SCENE_COUNTS[scene],
        seed: fixture.seed,
      });
      expect(await sceneRun(baselineSim(sim), fixture.seed)).toEqual(runs[`scene ${scene}`]);
    });

    it('a session of drops, a throw, a removal, a drag and a pause', async () => {
      const sim = await simulation(thread, 'pile', { count: 40, seed: 8 });
      expect(await inputRun(baselineSim(sim))).toEqual(runs.inputs);
    });

    it('record, save, load, replay, seek and play on', async () => {
      const sim = await simulation(thread, 'stack', { seed: 2 });
      expect(await timelineRun(baselineSim(sim))).toEqual(runs.timeline);
    });
  },
);
