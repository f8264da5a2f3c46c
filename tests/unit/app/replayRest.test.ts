// A replay rests (pauses) at its end, and the rest is the replay's: it ends with the replay — a
// scene loaded, a state loaded, another replay started, a recording begun — so none of those
// opens paused or plays nothing. A pause the user set stays theirs. The same on either thread.

import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { Simulation } from '../../../src/app/simulation';
import type { Recording } from '../../../src/state/recording';
import { threadHost } from '../physicsHost/workerHost/harness';

const workers: Worker[] = [];
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.terminate();
});

const FRAME = 1 / 60;

async function frames(sim: Simulation, count: number): Promise<void> {
  for (let f = 0; f < count; f++) await sim.frameAndWait(FRAME);
}

/** `stack`, on `thread`, with a recording of its first 40 frames (a spawn among them) made. */
async function withRecording(
  thread: 'main' | 'worker',
): Promise<{ sim: Simulation; recording: Recording }> {
  const sim = new Simulation('stack', { seed: 3 });
  if (thread === 'worker') {
    const { host, worker } = threadHost();
    workers.push(worker);
    await sim.useHost(host, 'build');
  }
  await sim.timeline.record({ hashEvery: 5 });
  for (let f = 0; f < 40; f++) {
    if (f === 10)
      sim.queue({
        type: 'spawn',
        spec: { kind: 'sphere', scale: [0.3, 0.3, 0.3], position: [0, 6, 0] },
      });
    await sim.frameAndWait(FRAME);
  }
  return { sim, recording: await sim.timeline.stopRecording() };
}

/** Replays `recording` from its start and plays it to its end, where it rests. */
async function replayToRest(sim: Simulation, recording: Recording): Promise<void> {
  await sim.timeline.replay(recording);
  await frames(sim, 60);
  expect(sim.timeline.replayStatus()?.step).toBe(recording.length);
  expect(sim.settings.paused).toBe(true);
}

/** How many steps `count` more frames take. */
async function stepsOver(sim: Simulation, count: number): Promise<number> {
  const before = sim.host.stepping.nextStep;
  await frames(sim, count);
  return sim.host.stepping.nextStep - before;
}

describe.each(['main', 'worker'] as const)('a replay rests at its end (%s thread)', (thread) => {
  it('and stays there: frames take no step, the end still checks', async () => {
    const { sim, recording } = await withRecording(thread);
    await replayToRest(sim, recording);
    expect(await stepsOver(sim, 30)).toBe(0);
    expect(sim.timeline.replayStatus()?.divergence).toBeNull();
  });

  it('a scene loaded after it does not open paused', async () => {
    const { sim, recording } = await withRecording(thread);
    await replayToRest(sim, recording);
    await sim.load('stack', { seed: 3 });
    expect(sim.settings.paused).toBe(false);
    expect(await stepsOver(sim, 60)).toBe(100);
  });

  it('another replay after it plays, from the first frame on', async () => {
    const { sim, recording } = await withRecording(thread);
    await replayToRest(sim, recording);
    await sim.load('stack', { seed: 3 });
    await sim.timeline.replay(recording);
    expect(sim.settings.paused).toBe(false);
    expect(await stepsOver(sim, 12)).toBe(20);
    // And it rests at its end again.
    await frames(sim, 60);
    expect(sim.settings.paused).toBe(true);
    expect(sim.timeline.replayStatus()?.step).toBe(recording.length);
  });

  it('a state loaded or a recording begun after it does not stay paused', async () => {
    const { sim, recording } = await withRecording(thread);
    const state = await sim.timeline.saveState();
    await replayToRest(sim, recording);
    await sim.timeline.loadState(state);
    expect(sim.settings.paused).toBe(false);
    await replayToRest(sim, recording);
    await sim.timeline.record();
    expect(sim.settings.paused).toBe(false);
    expect(await stepsOver(sim, 6)).toBe(10);
  });

  it('resuming plays on past the end, live', async () => {
    const { sim, recording } = await withRecording(thread);
    await replayToRest(sim, recording);
    sim.set({ paused: false });
    expect(await stepsOver(sim, 6)).toBe(10);
  });

  it("a pause the user set stays theirs: through a replay's end, a load and a new replay", async () => {
    const { sim, recording } = await withRecording(thread);
    await replayToRest(sim, recording);
    // Paused by the user while resting: the pause is theirs now.
    sim.set({ paused: true });
    await sim.load('stack', { seed: 3 });
    expect(sim.settings.paused).toBe(true);
    await sim.timeline.replay(recording);
    expect(sim.settings.paused).toBe(true);
    expect(await stepsOver(sim, 12)).toBe(0);
    // Paused before the replay reached its end: it does not play, and stays paused after it.
    sim.set({ paused: false });
    await frames(sim, 5);
    sim.set({ paused: true });
    await sim.timeline.replay(recording);
    expect(sim.settings.paused).toBe(true);
    expect(await stepsOver(sim, 12)).toBe(0);
  });
});
