import { describe, expect, it } from 'vitest';
import { DisplayEmulator, REAL_FRAME } from '../../../src/loop/displayEmulator';
import type { DisplayRate } from '../../../src/config/settings';

type Emulated = Exclude<DisplayRate, 'native'>;

/**
 * What the emulator hands over when real rAF ticks at `nativeHz` (with ±0.2 ms timestamp
 * wobble) for `seconds`: frames a second, and real frames drawn (those with any frame due) a
 * second. The first tick starts the schedule and is not counted.
 */
function emulate(
  rate: Emulated,
  nativeHz: number,
  seconds = 10,
): { frames: number; drawn: number } {
  const emulator = new DisplayEmulator();
  let frames = 0;
  let drawn = 0;
  const ticks = Math.round(seconds * nativeHz);
  for (let k = 0; k <= ticks; k++) {
    const wobble = ((k * 7919) % 5) * 0.1 - 0.2;
    const due = emulator.framesDue((1000 * k) / nativeHz + wobble, rate);
    if (k === 0) {
      expect(due).toBe(REAL_FRAME);
      continue;
    }
    expect(due).toBeGreaterThanOrEqual(0);
    frames += due;
    if (due > 0) drawn++;
  }
  return { frames: frames / seconds, drawn: drawn / seconds };
}

describe('DisplayEmulator: a steady display of the chosen rate', () => {
  it('30 Hz on a 60 Hz display: one frame on every other real frame', () => {
    expect(emulate('30', 60)).toEqual({ frames: 30, drawn: 30 });
  });
  it('60 Hz on a 60 Hz display skips nothing despite timestamp wobble', () => {
    expect(emulate('60', 60)).toEqual({ frames: 60, drawn: 60 });
  });
  it('50 Hz on a 60 Hz display: 50 frames a second, five real frames in six', () => {
    expect(emulate('50', 60)).toEqual({ frames: 50, drawn: 50 });
  });
  it('144 Hz on a 240 Hz display: 144 frames a second', () => {
    expect(emulate('144', 240)).toEqual({ frames: 144, drawn: 144 });
  });
  it('above the real rate: 144 Hz on 60 Hz hands over 144 frames a second, 2 or 3 each real frame', () => {
    const emulator = new DisplayEmulator();
    emulator.framesDue(0, '144');
    const counts = new Set<number>();
    for (let k = 1; k <= 60; k++) counts.add(emulator.framesDue((1000 * k) / 60, '144'));
    expect(counts).toEqual(new Set([2, 3]));
    expect(emulate('144', 60)).toEqual({ frames: 144, drawn: 60 });
  });
  it('a stall past the frame clamp is the machine’s: the real frame is handed over, the schedule restarts', () => {
    const emulator = new DisplayEmulator();
    expect(emulator.framesDue(0, '144')).toBe(REAL_FRAME);
    // 0.2 s on: still the emulated display's frames, one period each — the 29th falls due at
    // 201.4 ms, within the 2 ms of slack.
    expect(emulator.framesDue(200, '144')).toBe(29);
    expect(emulator.framesDue(700, '144')).toBe(REAL_FRAME);
    expect(emulator.framesDue(700 + 1000 / 144, '144')).toBe(1);
  });
  it('reset starts a new schedule', () => {
    const emulator = new DisplayEmulator();
    emulator.framesDue(0, '30');
    emulator.reset();
    expect(emulator.framesDue(10, '30')).toBe(REAL_FRAME);
  });
});
