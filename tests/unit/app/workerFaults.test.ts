// A physics worker that falls silent or dies in the middle of things — a recording under way, a
// replay playing — hands its world back to the page's thread, and the run goes on bit for bit as
// the same run on the main thread. Silence is measured on an injected clock: no real waiting.

import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { WORKER_SILENCE_MS } from '../../../src/app/physicsThreads';
import { Simulation } from '../../../src/app/simulation';
import { bringBack } from './bringBack';
import { CHECKPOINT_STEPS } from '../../../src/physicsHost/workerHost/checkpoints';
import { encodeRecording } from '../../../src/state/recording';
import type { Recording } from '../../../src/state/recording';
import type { WorkerHost } from '../../../src/physicsHost/workerHost/workerHost';
import { handHost, threadHost } from '../physicsHost/workerHost/harness';

const workers: Worker[] = [];
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.terminate();
});

const FRAME = 1 / 60;
const SCENE = { count: 30, seed: 5 };

/** A spawn at frame 8 and a throw at frame 20 of any run, the same in every world. */
function inputs(sim: Simulation, frame: number): void {
  if (frame === 8)
    sim.queue({
      type: 'spawn',
      spec: { kind: 'box', scale: [0.4, 0.4, 0.4], position: [0, 6, 0] },
    });
  if (frame === 20)
    sim.queue({
      type: 'spawn',
      spec: {
        kind: 'sphere',
        scale: [0.3, 0.3, 0.3],
        position: [-3, 2, 0],
        velocity: [6, 3, 0],
      },
    });
}

/** The pile in a real worker thread. */
async function inWorker(): Promise<{ sim: Simulation; host: WorkerHost; worker: Worker }> {
  const { host, worker } = threadHost();
  workers.push(worker);
  const sim = new Simulation('pile', SCENE);
  await sim.useHost(host, 'build');
  return { sim, host, worker };
}

/** What the page does when it gives up on a worker: its world rebuilt here, at the same step. */
async function fallBack(sim: Simulation, host: WorkerHost): Promise<number> {
  host.fail({ kind: 'silent', seconds: 2 });
  return bringBack(sim, host);
}

describe('a worker that falls silent (injected clock)', () => {
  it("is given up on a second past the work it owes; its world comes back at the step last shown, the main thread's hashes step for step", async () => {
    let nowMs = 0;
    const { host, deliver } = handHost('transfer', () => nowMs);
    const sim = new Simulation('pile', SCENE);
    const built = sim.useHost(host, 'build');
    deliver();
    await built;
    const main = new Simulation('pile', SCENE);
    const expected = new Map<number, string>();
    main.onStepHash = (step, high, low) => expected.set(step, `${high} ${low}`);
    const got = new Map<number, string>();
    sim.onStepHash = (step, high, low) => got.set(step, `${high} ${low}`);
    let shown = -1;
    for (let f = 0; f < 90; f++) {
      for (const world of [main, sim]) inputs(world, f);
      main.frame(FRAME);
      sim.frame(FRAME);
      nowMs += 1000 * FRAME;
      if (f < 30) {
        // Answering: the worker owes nothing once its messages are in.
        deliver();
        expect(host.silentMs()).toBe(0);
        // Owing nothing, it is never silent, however long the page goes without a frame.
        if (f === 15) nowMs += 60_000;
        expect(host.silentMs()).toBe(0);
        // Drawn at once, as a settled frame would: the step shown is the newest.
        sim.frame(0);
        shown = sim.host.stepping.nextStep;
      } else if (f === 30) {
        // From here on the worker never answers: the steps of frame 30 on are owed. A second
        // past what it owes, not yet given up on.
        nowMs += host.owedMs() + WORKER_SILENCE_MS - 1000 * FRAME - 1;
        expect(host.silentMs()).toBeLessThanOrEqual(host.owedMs() + WORKER_SILENCE_MS);
      } else if (f === 31) {
        expect(host.silentMs()).toBeGreaterThan(host.owedMs() + WORKER_SILENCE_MS);
        expect(sim.host.stepping.nextStep).toBeGreaterThan(shown);
        host.fail({ kind: 'silent', seconds: 15 });
        await bringBack(sim, host);
        // No jump ahead: the world goes on from the step the page last showed.
        expect(sim.host.stepping.nextStep).toBe(shown);
      }
    }
    expect(sim.host.stepping.nextStep).toBeGreaterThan(shown + 60);
    let compared = 0;
    for (const [step, hash] of got) {
      if (step <= shown) continue;
      expect(hash, `step ${step}`).toBe(expected.get(step));
      compared++;
    }
    expect(compared).toBe(sim.host.stepping.nextStep - shown);
  });
});

/** The same frames and inputs on `sim`, with a recording from frame 5 to 70; the hashes after each. */
async function recordRun(
  sim: Simulation,
  atFrame: (frame: number) => Promise<void> = async () => undefined,
): Promise<{ hashes: string[]; recording: Recording }> {
  const hashes: string[] = [];
  let recording: Recording | null = null;
  for (let f = 0; f < 80; f++) {
    if (f === 5) await sim.timeline.record({ hashEvery: 5 });
    if (f === 70) recording = await sim.timeline.stopRecording();
    inputs(sim, f);
    await atFrame(f);
    await sim.frameAndWait(FRAME);
    hashes.push(sim.host.bodies.hash());
  }
  if (!recording) throw new Error('no recording');
  return { hashes, recording };
}

describe('a worker that dies mid-run', () => {
  it('during a recording: the same hashes and the same recording as the main thread', async () => {
    const main = await recordRun(new Simulation('pile', SCENE));
    const { sim, host, worker } = await inWorker();
    const fell = await recordRun(sim, async (frame) => {
      if (frame !== 40) return;
      await worker.terminate();
      await fallBack(sim, host);
    });
    expect(fell.hashes).toEqual(main.hashes);
    expect(encodeRecording(fell.recording)).toEqual(encodeRecording(main.recording));
  });

  it('during a replay: every frame as the main thread replays it, every recorded hash met', async () => {
    const { recording } = await recordRun(new Simulation('pile', SCENE));
    const replayRun = async (
      sim: Simulation,
      atFrame: (frame: number) => Promise<void> = async () => undefined,
    ): Promise<string[]> => {
      await sim.timeline.replay(recording);
      const hashes: string[] = [];
      for (let f = 0; f < 80; f++) {
        await atFrame(f);
        await sim.frameAndWait(FRAME);
        hashes.push(sim.host.bodies.hash());
      }
      expect(sim.timeline.replayStatus()?.divergence).toBeNull();
      expect(sim.timeline.replayStatus()?.step).toBe(recording.length);
      return hashes;
    };
    const expected = await replayRun(new Simulation('pile', SCENE));
    const { sim, host, worker } = await inWorker();
    const got = await replayRun(sim, async (frame) => {
      if (frame !== 30) return;
      await worker.terminate();
      await fallBack(sim, host);
    });
    expect(got).toEqual(expected);
  });
});

describe('a worker that dies late in a long session', () => {
  // Past 6,000 steps a session is far longer than a second of the worker's work: only its
  // checkpoints keep the rebuild short.
  const FRAMES = 3700;
  const DIES_AT = 3600;

  /** A long run recording from frame 5, a spawn every 500 frames; hashes after each frame. */
  async function longRun(
    sim: Simulation,
    atFrame: (frame: number) => Promise<void> = async () => undefined,
  ): Promise<{ hashes: string[]; recording: Recording }> {
    const hashes: string[] = [];
    for (let f = 0; f < FRAMES; f++) {
      if (f === 5) await sim.timeline.record({ hashEvery: 5 });
      if (f % 500 === 250) inputs(sim, 8);
      await atFrame(f);
      await sim.frameAndWait(FRAME);
      hashes.push(sim.host.bodies.hash());
    }
    return { hashes, recording: await sim.timeline.stopRecording() };
  }

  it("during a recording: rebuilt from its newest checkpoint (at most CHECKPOINT_STEPS steps), the main thread's hashes and recording", async () => {
    const main = await longRun(new Simulation('pile', SCENE));
    const { sim, host, worker } = await inWorker();
    let rebuiltSteps = -1;
    const fell = await longRun(sim, async (frame) => {
      if (frame !== DIES_AT) return;
      expect(sim.host.stepping.nextStep).toBeGreaterThan(3 * CHECKPOINT_STEPS);
      await worker.terminate();
      rebuiltSteps = await fallBack(sim, host);
    });
    expect(rebuiltSteps).toBeGreaterThan(0);
    expect(rebuiltSteps).toBeLessThanOrEqual(CHECKPOINT_STEPS);
    expect(fell.hashes).toEqual(main.hashes);
    expect(encodeRecording(fell.recording)).toEqual(encodeRecording(main.recording));
  }, 120_000);

  it('during a replay of it: rebuilt from its newest checkpoint, every recorded hash met', async () => {
    const { recording } = await longRun(new Simulation('pile', SCENE));
    const replayRun = async (
      sim: Simulation,
      atFrame: (frame: number) => Promise<void> = async () => undefined,
    ): Promise<string[]> => {
      await sim.timeline.replay(recording);
      const hashes: string[] = [];
      for (let f = 0; f < FRAMES; f++) {
        await atFrame(f);
        await sim.frameAndWait(FRAME);
        hashes.push(sim.host.bodies.hash());
      }
      expect(sim.timeline.replayStatus()?.divergence).toBeNull();
      expect(sim.timeline.replayStatus()?.verifiedUpTo).toBe(recording.length);
      return hashes;
    };
    const expected = await replayRun(new Simulation('pile', SCENE));
    const { sim, host, worker } = await inWorker();
    let rebuiltSteps = -1;
    const got = await replayRun(sim, async (frame) => {
      if (frame !== DIES_AT) return;
      await worker.terminate();
      rebuiltSteps = await fallBack(sim, host);
    });
    expect(rebuiltSteps).toBeLessThanOrEqual(CHECKPOINT_STEPS);
    expect(got).toEqual(expected);
  }, 120_000);
});
