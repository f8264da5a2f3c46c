// Turns requestAnimationFrame timestamps (ms) into frame durations (s) for the loop.
// The first tick after start, unpause, a hidden tab or a scene load yields 0: no catch-up burst.

export class FrameClock {
  /**
   * The last tick's frame: seconds since the tick before (a field, not a return value: a double
   * returned from a call V8 does not inline is boxed, 16 bytes a frame).
   */
  seconds = 0;
  private lastMs = 0;
  private fresh = true;

  /** The next tick starts a new timeline and reports a zero-length frame. */
  reset(): void {
    this.fresh = true;
  }

  /** Sets `seconds` to the seconds since the previous tick: never negative (a clock that jumps back counts as zero). */
  tick(nowMs: number): void {
    if (!Number.isFinite(nowMs)) {
      this.seconds = 0;
    } else if (this.fresh) {
      this.fresh = false;
      this.lastMs = nowMs;
      this.seconds = 0;
    } else {
      const deltaMs = nowMs - this.lastMs;
      this.lastMs = nowMs;
      this.seconds = deltaMs > 0 ? deltaMs / 1000 : 0;
    }
  }
}
