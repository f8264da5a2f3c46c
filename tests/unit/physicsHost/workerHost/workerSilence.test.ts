// The worker's silence on an injected clock: timed only while an answer or a load is owed, and
// the page's own stalls not counted as the worker's.

import { describe, expect, it } from 'vitest';
import { WorkerSilence } from '../../../../src/physicsHost/workerHost/workerSilence';

describe('WorkerSilence', () => {
  it('times silence from the first answer owed, never while none is', () => {
    let nowMs = 1000;
    const silence = new WorkerSilence(() => nowMs);
    silence.heard();
    nowMs += 60_000;
    expect(silence.silentMs(true)).toBe(0);
    silence.expectAnswer(true);
    nowMs += 5000;
    silence.expectAnswer(true);
    nowMs += 5000;
    expect(silence.silentMs(true)).toBe(10_000);
    silence.answered();
    silence.answered();
    expect(silence.silentMs(true)).toBe(0);
    // A load not yet built is owed too, from when it was sent.
    silence.heard();
    nowMs += 3000;
    expect(silence.silentMs(false)).toBe(3000);
  });

  it("leaves out the page's own stall, and never runs its start past now", () => {
    let nowMs = 0;
    const silence = new WorkerSilence(() => nowMs);
    silence.expectAnswer(true);
    nowMs += 1000;
    // The page ran nothing for 19 s of the next 20: one second of it was the worker's.
    nowMs += 20_000;
    silence.pageStalled(19_000);
    expect(silence.silentMs(true)).toBe(2000);
    silence.pageStalled(60_000);
    expect(silence.silentMs(true)).toBe(0);
    nowMs += 15_001;
    expect(silence.silentMs(true)).toBe(15_001);
  });
});
