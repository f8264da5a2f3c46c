// Frame times of a page that draws slowly, for the slow-display tests of the loop and the
// simulation: seeded, so every run sees the same frames.

import { Rng } from '../../../src/util/rng';

/**
 * `seconds` of frames as a page drawing slowly in SwiftShader gives them: 0.3–0.6 s each, and
 * after about one in three a frame of 1/30 s (the browser's next vsync after a long task).
 */
export function jitteryDisplay(seconds: number, seed: number): number[] {
  const rng = new Rng(seed);
  const frames: number[] = [];
  let total = 0;
  while (total < seconds) {
    const long = 0.3 + 0.3 * rng.next();
    frames.push(long);
    total += long;
    if (rng.next() < 0.35) {
      frames.push(1 / 30);
      total += 1 / 30;
    }
  }
  return frames;
}

/**
 * The index of the first frame judged on a display known to be slow: the one after the second
 * frame of 0.1 s or more (two slow frames among the last four make a display slow).
 */
export function firstJudgedSlow(frames: readonly number[]): number {
  let slow = 0;
  for (let k = 0; k < frames.length; k++) {
    if ((frames[k] as number) >= 0.1) slow++;
    if (slow === 2) return k + 1;
  }
  return frames.length;
}
