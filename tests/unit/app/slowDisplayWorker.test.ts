// A page that draws slowly with physics in a worker: the frames it spends and the worker's steps
// asked for them, through the real Simulation and WorkerHost (the worker's service on this
// thread, each step costing it 1 ms on a made-up clock, so the worker always has the budget).

import { describe, expect, it } from 'vitest';
import { Simulation } from '../../../src/app/simulation';
import type { WorkerHost } from '../../../src/physicsHost/workerHost/workerHost';
import { handHost } from '../physicsHost/workerHost/harness';
import { localSim } from '../physicsHost/host/localSim';
import { firstJudgedSlow, jitteryDisplay } from '../loop/slowFrames';

/** A worker-mode Simulation on the pile, built. */
async function workerPile(): Promise<{ sim: Simulation; host: WorkerHost; deliver: () => void }> {
  const { host, deliver } = handHost();
  const sim = new Simulation('pile', { count: 30, seed: 2 });
  const loaded = sim.useHost(host, 'build');
  deliver();
  await loaded;
  return { sim, host, deliver };
}

/** Real-time frames, the worker doing each frame's steps before the next; their sim ÷ real. */
function drive(sim: Simulation, frames: readonly number[], deliver = (): void => {}): number {
  const start = sim.displayTime();
  let real = 0;
  for (const seconds of frames) {
    sim.frame(seconds, true);
    deliver();
    real += seconds;
  }
  return (sim.displayTime() - start) / real;
}

/** Seconds given up since load: clamped, dropped, throttled. */
function givenUp(sim: Simulation): number[] {
  return [sim.stats.clampedSeconds, sim.stats.droppedSeconds, sim.stats.throttledSeconds];
}

describe('physics in a worker on a slow display whose frames jitter', () => {
  it('keeps real time over 8 s: nothing given up once the display is known to be slow', async () => {
    const { sim, host, deliver } = await workerPile();
    const frames = jitteryDisplay(8, 5);
    const known = firstJudgedSlow(frames);
    drive(sim, frames.slice(0, known), deliver);
    const before = givenUp(sim);
    const simOverReal = drive(sim, frames.slice(known), deliver);
    expect(givenUp(sim)).toEqual(before);
    expect(simOverReal).toBeGreaterThanOrEqual(0.95);
    // The worker did every step asked for.
    expect(host.stepping.publishedStep).toBe(sim.host.stepping.nextStep);
  });

  it('a 5 s stall still gives up all but a second', async () => {
    const { sim, deliver } = await workerPile();
    drive(sim, jitteryDisplay(3, 6), deliver);
    const clamped = sim.stats.clampedSeconds;
    sim.frame(5, true);
    deliver();
    expect(sim.stats.clampedSeconds - clamped).toBeGreaterThanOrEqual(4 - 1e-9);
  });

  it("on the main thread the same frames keep the article's clamp (0.25 s a frame)", () => {
    const { sim } = localSim('pile', { count: 30, seed: 2 });
    const frames = jitteryDisplay(8, 5);
    drive(sim, frames);
    const cut = frames.reduce((sum, f) => sum + Math.max(0, f - 0.25), 0);
    expect(sim.stats.clampedSeconds).toBeCloseTo(cut, 9);
  });
});
