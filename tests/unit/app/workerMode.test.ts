import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { bringBack } from './bringBack';
import { Simulation } from '../../../src/app/simulation';
import type { CommandAction } from '../../../src/physics/world/commands';
import { Rng } from '../../../src/util/rng';
import type { WorkerHost } from '../../../src/physicsHost/workerHost/workerHost';
import { handHost, threadHost } from '../physicsHost/workerHost/harness';

const workers: Worker[] = [];
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.terminate();
});

/** A Simulation whose physics runs in a real worker thread (the browser's worker code). */
async function workerSimulation(
  scene: string,
  options: { count?: number; seed?: number },
): Promise<{ sim: Simulation; host: WorkerHost }> {
  const { host, worker } = threadHost();
  workers.push(worker);
  const sim = new Simulation(scene, options);
  await sim.useHost(host, 'build');
  return { sim, host };
}

/** What the user does, by frame: a drop, a throw and a removal, named by what is drawn then. */
function inputsAt(frame: number, sim: Simulation): CommandAction | null {
  if (frame === 7)
    return {
      type: 'spawn',
      spec: { kind: 'box', scale: [0.4, 0.3, 0.3], position: [0.3, 7, -0.2] },
    };
  if (frame === 19)
    return {
      type: 'spawn',
      spec: {
        kind: 'sphere',
        scale: [0.35, 0.35, 0.35],
        position: [-6, 3, 0],
        velocity: [14, 3, 0.5],
      },
    };
  if (frame === 31) return { type: 'remove', id: sim.host.bodies.idAt(4) };
  return null;
}

function frameTimes(hz: number, jitter: boolean, seconds: number): number[] {
  const rng = new Rng(77);
  const n = Math.round(hz * seconds);
  return Array.from({ length: n }, () => (jitter ? (1 + 0.4 * (rng.next() - 0.5)) / hz : 1 / hz));
}

/** Every step's digest, by step, for a run of frames with the inputs above. */
async function digests(sim: Simulation, frames: number[]): Promise<string[]> {
  const out: string[] = [];
  sim.onStepHash = (step, high, low) => {
    out[step - 1] = `${(high >>> 0).toString(16)}:${(low >>> 0).toString(16)}`;
  };
  for (let f = 0; f < frames.length; f++) {
    const action = inputsAt(f, sim);
    if (action) sim.queue(action);
    await sim.frameAndWait(frames[f]);
  }
  return out;
}

describe('physics in a worker: the same physics as on the main thread', () => {
  it.each([
    [30, false],
    [60, false],
    [144, false],
    [60, true],
  ])('%i Hz frames (jittered: %s): the same digest at every step', async (hz, jitter) => {
    const frames = frameTimes(hz, jitter, 1.2);
    const main = await digests(new Simulation('pile', { count: 40, seed: 8 }), frames);
    const { sim: inWorker } = await workerSimulation('pile', { count: 40, seed: 8 });
    expect(inWorker.host.thread).toBe('worker');
    const remote = await digests(inWorker, frames);
    expect(main.length).toBeGreaterThan(100);
    expect(remote).toEqual(main);
    // What is drawn and reported matches too: the newest step, its digest, its bodies.
    expect(inWorker.host.stepping.publishedStep).toBe(main.length);
    expect(inWorker.drawn.snapshots.count).toBe(41);
  });
});

describe('physics in a worker: a worker that dies', () => {
  it('the page rebuilds the same world at the same step and carries on bit for bit', async () => {
    const frames = frameTimes(60, true, 1.5);
    const main = new Simulation('pile', { count: 40, seed: 8 });
    const { sim: inWorker, host } = await workerSimulation('pile', { count: 40, seed: 8 });
    const expected: string[] = [];
    const got: string[] = [];
    for (let f = 0; f < frames.length; f++) {
      for (const sim of [main, inWorker]) {
        const action = inputsAt(f, sim);
        if (action) sim.queue(action);
      }
      if (f === 40) for (const sim of [main, inWorker]) sim40(sim);
      if (f === 55) {
        // The worker dies with the drag target just sent and steps still owed to the page.
        await workers[0]?.terminate();
        await bringBack(inWorker, host);
      }
      await main.frameAndWait(frames[f]);
      await inWorker.frameAndWait(frames[f]);
      expected.push(main.host.bodies.hash());
      got.push(inWorker.host.bodies.hash());
    }
    expect(got).toEqual(expected);
    expect(inWorker.host.stepping.nextStep).toBe(main.host.stepping.nextStep);
    expect(inWorker.host.stepping.nextStep).toBeGreaterThan(100);
  });
});

/** A drag in the middle of the run: grab body 2 and pull it up, in either world alike. */
function sim40(sim: Simulation): void {
  sim.queue({ type: 'dragStart', id: sim.host.bodies.idAt(2), point: [0, 1, 0] });
  sim.host.input.setDragTarget([0.5, 4, 0.2]);
}

describe('physics in a worker: every scene', () => {
  it.each(['playground', 'stack', 'carousel', 'spring', 'tunnel', 'determinism'])(
    '%s builds and steps in the worker as on the main thread',
    async (scene) => {
      const frames = frameTimes(60, false, 0.5);
      const main = new Simulation(scene, { seed: 4 });
      const expected: string[] = [];
      for (const seconds of frames) {
        await main.frameAndWait(seconds);
        expected.push(main.host.bodies.hash());
      }
      const { sim: inWorker } = await workerSimulation(scene, { seed: 4 });
      const got: string[] = [];
      for (const seconds of frames) {
        await inWorker.frameAndWait(seconds);
        got.push(inWorker.host.bodies.hash());
      }
      expect(got).toEqual(expected);
      expect(inWorker.drawn.snapshots.count).toBe(main.drawn.snapshots.count);
    },
  );
});

describe('physics in a worker: what each frame draws', () => {
  it('a worker that finishes each frame before the next: one frame of latency, no repeats', async () => {
    const { host, deliver } = handHost();
    const sim = new Simulation('pile', { count: 30, seed: 2 });
    const loaded = sim.useHost(host, 'build');
    deliver();
    await loaded;
    const drawn: number[] = [];
    for (let f = 0; f < 120; f++) {
      sim.frame(1 / 60, true);
      deliver(); // the worker does this frame's steps before the next frame starts
      drawn.push(host.frames.drawnStep);
    }
    const settled = drawn.slice(40);
    // The display moves on every frame (1 or 2 steps, as the 60 Hz / 100 Hz beat asks) …
    for (let k = 1; k < settled.length; k++) {
      expect(settled[k] - settled[k - 1]).toBeGreaterThanOrEqual(1);
      expect(settled[k] - settled[k - 1]).toBeLessThanOrEqual(2);
    }
    // … exactly as many steps behind the requests as the frame before asked for, at most 2.
    expect(host.latencySteps).toBe(2);
  });

  it('paused: a spawn is applied and drawn at once, with no step taken', async () => {
    const { host, deliver } = handHost();
    const sim = new Simulation('pile', { count: 10, seed: 2 });
    const loaded = sim.useHost(host, 'build');
    deliver();
    await loaded;
    sim.set({ paused: true });
    sim.frame(1 / 60, true);
    deliver();
    sim.queue({
      type: 'spawn',
      spec: { kind: 'gem', scale: [0.3, 0.3, 0.3], position: [0, 5, 0] },
    });
    sim.frame(1 / 60, true);
    deliver();
    sim.frame(1 / 60, true);
    expect(sim.host.stepping.nextStep).toBe(0);
    expect(sim.drawn.snapshots.count).toBe(11);
    expect(sim.drawn.snapshots.bodies.kindAt(10)).toBe('gem');
  });
});
