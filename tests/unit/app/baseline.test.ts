// The physics the page asks for is what it was: every baseline run (tests/baseline/scenarios.ts)
// gives the steps and state hashes recorded in tests/baseline/hashes.json, with physics on the
// main thread and in a worker thread (the browser's worker code over worker_threads).

import { readFileSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { Simulation } from '../../../src/app/simulation';
import { SCENES } from '../../../src/scenes/registry';
import type { FromWorker, ToWorker } from '../../../src/wire/protocol';
import { WorkerPhysics } from '../../../src/workerHost/workerPhysics';
import { inputRun, SCENE_COUNTS, sceneRun, timelineRun } from '../../baseline/scenarios';
import type { BaselineFixture } from '../../baseline/scenarios';
import { baselineSim } from '../../baseline/simDriver';
import { startTsWorker } from '../workerThread/tsWorker';

const workers: Worker[] = [];
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.terminate();
});

type Thread = 'main' | 'worker';

/** A Simulation of `scene` with physics on `thread`, built. */
async function simulation(
  thread: Thread,
  scene: string,
  options: { count?: number; seed?: number },
): Promise<Simulation> {
  const sim = new Simulation(scene, options);
  if (thread === 'main') return sim;
  const worker = startTsWorker(new URL('../workerThread/serviceThread.ts', import.meta.url), null);
  workers.push(worker);
  const physics = new WorkerPhysics(
    { postMessage: (m: ToWorker, t) => worker.postMessage(m, t as ArrayBuffer[]) },
    { transport: 'shared', slots: 32 },
    {},
  );
  worker.on('message', (message: FromWorker) => physics.receive(message));
  await sim.useWorker(physics);
  expect(sim.thread).toBe('worker');
  return sim;
}

const fixture = JSON.parse(
  readFileSync(new URL('../../baseline/hashes.json', import.meta.url), 'utf8'),
) as BaselineFixture;
const runs = fixture.runs;

describe.each(['main', 'worker'] as const)(
  'baseline hashes, physics on the %s thread',
  (thread) => {
    it.each(SCENES.map((scene) => scene.id))('%s from its load', async (scene) => {
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
