// Emulates a slower or faster display on whatever the real one is: a rAF frame is drawn only
// when it falls due at the chosen rate. It skips real frames; it never invents timestamps.

import type { DisplayRate } from '../config/settings';

/**
 * A frame up to 2 ms early counts as due: rAF timestamps wobble by a fraction of a millisecond,
 * and without slack a 60 Hz emulation on a 60 Hz display would skip every other frame.
 */
const EARLY_SLACK_MS = 2;

export class DisplayEmulator {
  private nextDueMs = Number.NaN;

  reset(): void {
    this.nextDueMs = Number.NaN;
  }

  /**
   * Whether the rAF frame at `nowMs` is drawn. Due times advance by exactly one period, so a rate
   * the real display cannot match (50 Hz on 60 Hz) still averages right, with the beat a real
   * 50 Hz-on-60 Hz presentation would have.
   */
  due(nowMs: number, rate: DisplayRate): boolean {
    if (rate === 'native') {
      this.nextDueMs = Number.NaN;
      return true;
    }
    const periodMs = 1000 / Number(rate);
    if (Number.isNaN(this.nextDueMs) || nowMs - this.nextDueMs > 4 * periodMs) {
      // First frame, or back from a stall or hidden tab: restart the schedule here.
      this.nextDueMs = nowMs + periodMs;
      return true;
    }
    if (nowMs < this.nextDueMs - EARLY_SLACK_MS) return false;
    this.nextDueMs += periodMs;
    return true;
  }
}
