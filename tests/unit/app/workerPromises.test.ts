// Promises and messages at the worker's edge: a load or jump superseded by another settles as
// on the page's thread; a message the page cannot read is a failure handled like any other; a
// worker busy with a long build says it is alive, so only a dead one falls silent.

import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { Simulation } from '../../../src/app/simulation';
import type { Recording } from '../../../src/state/recording';
import type { SavedState } from '../../../src/state/stateSchema';
import { PhysicsService } from '../../../src/physicsHost/worker/physicsService';
import type { FromWorker, ToWorker } from '../../../src/physicsHost/wire/protocol';
import { HEARTBEAT_MS } from '../../../src/physicsHost/wire/protocol';
import { handHost, threadHost } from '../physicsHost/workerHost/harness';
import type { WorkerProblem } from '../../../src/physicsHost/workerHost/workerHost';
import { DEFAULT_TUNING } from '../../../src/physics/world/tuning';

const workers: Worker[] = [];
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.terminate();
});

/** A pile in a real worker thread with a state and a recording of it made on the page. */
async function pileInWorker(): Promise<{
  sim: Simulation;
  state: SavedState;
  recording: Recording;
}> {
  const page = new Simulation('pile', { count: 20, seed: 2 });
  await page.timeline.record({ hashEvery: 5 });
  for (let f = 0; f < 20; f++) page.frame(1 / 60);
  const recording = await page.timeline.stopRecording();
  const state = await page.timeline.saveState();
  const { host, worker } = threadHost();
  workers.push(worker);
  const sim = new Simulation('pile', { count: 20, seed: 2 });
  await sim.useHost(host, 'build');
  return { sim, state, recording };
}

type Call = 'load' | 'loadState' | 'replay';

/** Starts `call` on `sim` without waiting. */
function start(
  sim: Simulation,
  call: Call,
  state: SavedState,
  recording: Recording,
): Promise<void> {
  if (call === 'load') return sim.load('stack');
  if (call === 'loadState') return sim.timeline.loadState(state);
  return sim.timeline.replay(recording);
}

/** Whether `promise` settles within `ms` (a promise that never settles is the failure). */
async function settles(promise: Promise<unknown>, ms = 20_000): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = promise.then(
    () => true,
    () => true,
  );
  const result = await Promise.race([settled, timeout]);
  clearTimeout(timer);
  return result;
}

describe('a load or jump superseded by another, in a worker', () => {
  const pairs: [Call, Call][] = [
    ['load', 'load'],
    ['load', 'loadState'],
    ['load', 'replay'],
    ['loadState', 'load'],
    ['loadState', 'replay'],
    ['replay', 'load'],
    ['replay', 'loadState'],
  ];
  it.each(pairs)('%s then %s: both settle, the second wins', async (first, second) => {
    const { sim, state, recording } = await pileInWorker();
    const both = Promise.all([
      start(sim, first, state, recording),
      start(sim, second, state, recording),
    ]);
    expect(await settles(both)).toBe(true);
    const expected = new Simulation('pile', { count: 20, seed: 2 });
    await start(expected, second, state, recording);
    await sim.frameAndWait(1 / 60);
    expected.frame(1 / 60);
    expect(sim.host.bodies.hash()).toBe(expected.host.bodies.hash());
  });
});

describe('a message from the worker the page cannot read', () => {
  const malformed: unknown[] = [null, 7, 'stepped', [], {}, { type: 'bogus' }, { type: 42 }];
  it.each(malformed.map((m) => [JSON.stringify(m), m]))(
    '%s: the worker is given up on with a reason, nothing thrown',
    async (_, message) => {
      const { host, deliver } = handHost();
      const sim = new Simulation('pile', { count: 10, seed: 1 });
      const built = sim.useHost(host, 'build');
      deliver();
      await built;
      const problems: WorkerProblem[] = [];
      host.onFailed = (problem) => problems.push(problem);
      expect(() => host.receive(message as FromWorker)).not.toThrow();
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatchObject({ kind: 'failed', detail: expect.stringMatching(/\S/) });
    },
  );
});

describe('a worker busy with long work says it is alive', () => {
  it('while it builds a large scene: a word at least every HEARTBEAT_MS of its work', () => {
    const sent: FromWorker[] = [];
    // The heartbeat's clock: a millisecond passes between readings (one per body added).
    let nowMs = 0;
    const service = new PhysicsService(
      { postMessage: (message) => sent.push(message) },
      () => 0,
      () => nowMs++,
    );
    service.handle({ type: 'init', transport: 'transfer', slots: 8, tuning: DEFAULT_TUNING });
    const load: ToWorker = { type: 'load', generation: 1, sceneId: 'pile', count: 2000, seed: 1 };
    service.handle(load);
    const alive = sent.filter((message) => message.type === 'alive').length;
    // 2,000 bodies at a millisecond each, plus the scene's own statics.
    expect(alive).toBeGreaterThanOrEqual(Math.floor(2000 / HEARTBEAT_MS));
    expect(sent.at(-1)?.type).toBe('loaded');
  });
});
