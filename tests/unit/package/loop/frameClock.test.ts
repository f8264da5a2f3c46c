import { describe, expect, it } from 'vitest';
import { FrameClock } from '../../../../packages/fixed-step/src/loop/frameClock';

/** Ticks `clock` at `nowMs` and returns the frame's seconds. */
function secondsAt(clock: FrameClock, nowMs: number): number {
  clock.tick(nowMs);
  return clock.frameSeconds;
}

describe('FrameClock', () => {
  it('reports 0 on the first tick, then ms deltas as seconds', () => {
    const clock = new FrameClock();
    expect(secondsAt(clock, 1000)).toBe(0);
    expect(secondsAt(clock, 1016)).toBeCloseTo(0.016, 12);
    expect(secondsAt(clock, 1050)).toBeCloseTo(0.034, 12);
  });

  it('after reset (unpause, visible tab, scene load) the next tick is 0: no catch-up burst', () => {
    const clock = new FrameClock();
    clock.tick(0);
    clock.tick(16);
    clock.reset();
    expect(secondsAt(clock, 10_016)).toBe(0);
    expect(secondsAt(clock, 10_032)).toBeCloseTo(0.016, 12);
  });

  it('a clock that jumps backwards counts as zero and resumes from the new time', () => {
    const clock = new FrameClock();
    clock.tick(5000);
    expect(secondsAt(clock, 4000)).toBe(0);
    expect(secondsAt(clock, 4016)).toBeCloseTo(0.016, 12);
  });

  it('non-finite timestamps count as zero', () => {
    const clock = new FrameClock();
    clock.tick(100);
    expect(secondsAt(clock, Number.NaN)).toBe(0);
    expect(secondsAt(clock, 116)).toBeCloseTo(0.016, 12);
  });
});
