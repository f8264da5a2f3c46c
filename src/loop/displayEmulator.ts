// Emulates a steady display of another rate on whatever the real one is: the loop is handed the
// frames that display would give it, each exactly one period long, as many as real time makes due.

import type { DisplayRate } from '../config/settings';

/**
 * A frame up to 2 ms early counts as due: rAF timestamps wobble by a fraction of a millisecond,
 * and without slack a 60 Hz emulation on a 60 Hz display would skip every other frame.
 */
const EARLY_SLACK_MS = 2;

/**
 * Real time past the schedule beyond which the machine (not the emulated display) stalled:
 * the frame clamp's 0.25 s. Up to it, the frames a steady display would have shown in that time
 * are handed over one period each (36 at 144 Hz); past it, the stall is the machine's own long
 * frame, handed over as it was (the loop clamps it like any hitch) and the schedule restarts.
 */
const STALL_MS = 250;

/** What `framesDue` returns when the schedule (re)starts: hand the loop the real frame time. */
export const REAL_FRAME = -1;

export class DisplayEmulator {
  private nextDueMs = Number.NaN;

  reset(): void {
    this.nextDueMs = Number.NaN;
  }

  /**
   * How many frames of the emulated display fall due at the real frame at `nowMs`: 0 (this real
   * frame is skipped), n ≥ 1 (n frames of exactly one period each: more than one when the
   * emulated rate is above the real one), or REAL_FRAME on the first frame and after a stall.
   * Due times advance by exactly one period, so a rate the real display cannot match (50 Hz on
   * 60 Hz, 144 Hz on 60 Hz) hands over exactly that many frames a second, no time invented or
   * lost, with the beat a real presentation would have.
   * @param nowMs the real frame's timestamp (ms).
   * @param rate an emulated rate (never 'native': the real frames are then used as they are).
   */
  framesDue(nowMs: number, rate: Exclude<DisplayRate, 'native'>): number {
    const periodMs = 1000 / Number(rate);
    if (Number.isNaN(this.nextDueMs) || nowMs - this.nextDueMs > Math.max(STALL_MS, 4 * periodMs)) {
      this.nextDueMs = nowMs + periodMs;
      return REAL_FRAME;
    }
    let due = 0;
    while (nowMs >= this.nextDueMs - EARLY_SLACK_MS) {
      this.nextDueMs += periodMs;
      due++;
    }
    return due;
  }
}
