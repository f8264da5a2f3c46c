// The page's choice of step to draw in worker mode: latency grows at once when the worker is
// behind; on a slow display it is won back within a few frames, at 60 Hz one step at a time.

import { describe, expect, it } from 'vitest';
import { WorkerFrames } from '../../../../src/physicsHost/workerHost/workerFrames';
import type { SceneSnapshots } from '../../../../src/snapshot/snapshots';

/** A worker that has published every step up to `newest`, and a ring of 32 slots. */
class FakeWorker {
  newest = -1;
  readonly ringSlots = 32;
  /** What the newest step copied cost the worker, and its busy time in all (ms). */
  readonly published = { lastStepMs: 1, lastBusyMs: 0 };
  newestStep(): number {
    return this.newest;
  }
  copyStep(step: number): number {
    return step <= this.newest ? step + 1 : -1;
  }
  flush(): void {}
  requestSteps(): void {}
}

const pair = null as unknown as SceneSnapshots;

/** One frame: `steps` asked for, the worker then at `published`, the step drawn. */
function frame(link: WorkerFrames, worker: FakeWorker, steps: number, published: number): number {
  for (let k = 0; k < steps; k++) link.noteStep(0.01);
  link.sendFrame();
  worker.newest = published;
  link.draw(pair, false);
  return link.drawnStep;
}

describe('WorkerFrames latency', () => {
  it('a slow display (25 steps a frame): a frame of latency is won back in a few frames', () => {
    const worker = new FakeWorker();
    const link = new WorkerFrames(worker);
    // The first frame draws what the worker has: nothing of this frame's 25 steps yet.
    frame(link, worker, 25, 0);
    expect(link.latencySteps).toBe(25);
    // From then on the worker is always done with a frame's steps by the next frame's draw.
    let drawn = 0;
    for (let k = 2; k <= 8; k++) drawn = frame(link, worker, 25, 25 * k);
    expect(link.latencySteps).toBe(0);
    expect(drawn).toBe(200);
  });

  it('at 60 Hz (1–2 steps a frame) it drops one step after 30 frames ahead, no sooner', () => {
    const worker = new FakeWorker();
    const link = new WorkerFrames(worker);
    let requested = 0;
    requested += 2;
    frame(link, worker, 2, 0);
    expect(link.latencySteps).toBe(2);
    const latencies: number[] = [];
    for (let k = 0; k < 31; k++) {
      const steps = k % 3 === 0 ? 1 : 2;
      requested += steps;
      frame(link, worker, steps, requested);
      latencies.push(link.latencySteps);
    }
    expect(latencies.slice(0, 29).every((l) => l === 2)).toBe(true);
    expect(latencies[29]).toBe(1);
  });
});

describe('WorkerFrames step cost', () => {
  it('is the mean of the steps since the step drawn before: one slow step among 25 weighs a 25th', () => {
    const worker = new FakeWorker();
    const link = new WorkerFrames(worker);
    worker.published.lastStepMs = 2;
    worker.published.lastBusyMs = 50;
    for (let k = 0; k < 25; k++) link.noteStep(0.01);
    link.sendFrame();
    worker.newest = 25;
    // The first drawn step has nothing before it: its own cost.
    expect(link.draw(pair, true)).toBe(2);
    for (let k = 0; k < 25; k++) link.noteStep(0.01);
    link.sendFrame();
    worker.newest = 50;
    // 24 steps of 1 ms and one of 301 ms; the newest step alone cost 301.
    worker.published.lastStepMs = 301;
    worker.published.lastBusyMs = 50 + 24 + 301;
    expect(link.draw(pair, true)).toBe(13);
    expect(link.stepsSinceCost).toBe(25);
  });
});
