import { describe, expect, it } from 'vitest';
import { FrameClock } from '../../../src/loop/frameClock';

describe('FrameClock', () => {
  it('reports 0 on the first tick, then ms deltas as seconds', () => {
    const clock = new FrameClock();
    expect(clock.tick(1000)).toBe(0);
    expect(clock.tick(1016)).toBeCloseTo(0.016, 12);
    expect(clock.tick(1050)).toBeCloseTo(0.034, 12);
  });

  it('after reset (unpause, visible tab, scene load) the next tick is 0: no catch-up burst', () => {
    const clock = new FrameClock();
    clock.tick(0);
    clock.tick(16);
    clock.reset();
    expect(clock.tick(10_016)).toBe(0);
    expect(clock.tick(10_032)).toBeCloseTo(0.016, 12);
  });

  it('a clock that jumps backwards counts as zero and resumes from the new time', () => {
    const clock = new FrameClock();
    clock.tick(5000);
    expect(clock.tick(4000)).toBe(0);
    expect(clock.tick(4016)).toBeCloseTo(0.016, 12);
  });

  it('non-finite timestamps count as zero', () => {
    const clock = new FrameClock();
    clock.tick(100);
    expect(clock.tick(Number.NaN)).toBe(0);
    expect(clock.tick(116)).toBeCloseTo(0.016, 12);
  });
});
