import { describe, expect, it } from 'vitest';
import { DisplayEmulator } from '../../../src/loop/displayEmulator';
import type { DisplayRate } from '../../../src/config/settings';

/** Drawn frames per second when real rAF ticks at `nativeHz` (with ±0.2 ms timestamp wobble). */
function drawnPerSecond(rate: DisplayRate, nativeHz: number, seconds = 10): number {
  const emulator = new DisplayEmulator();
  let drawn = 0;
  const ticks = Math.round(seconds * nativeHz);
  for (let k = 0; k < ticks; k++) {
    const wobble = ((k * 7919) % 5) * 0.1 - 0.2;
    if (emulator.due((1000 * k) / nativeHz + wobble, rate)) drawn++;
  }
  return drawn / seconds;
}

describe('DisplayEmulator', () => {
  it('native draws every real frame', () => {
    expect(drawnPerSecond('native', 60)).toBe(60);
  });
  it('30 Hz on a 60 Hz display draws every other frame', () => {
    expect(drawnPerSecond('30', 60)).toBeCloseTo(30, 0);
  });
  it('60 Hz on a 60 Hz display skips nothing despite timestamp wobble', () => {
    expect(drawnPerSecond('60', 60)).toBeCloseTo(60, 0);
  });
  it('50 Hz on a 60 Hz display averages 50 Hz', () => {
    expect(drawnPerSecond('50', 60)).toBeCloseTo(50, 0);
  });
  it('144 Hz on a 240 Hz display averages 144 Hz', () => {
    expect(drawnPerSecond('144', 240)).toBeCloseTo(144, 0);
  });
  it('cannot exceed the real display: 144 Hz on 60 Hz draws every real frame', () => {
    expect(drawnPerSecond('144', 60)).toBe(60);
  });
});
