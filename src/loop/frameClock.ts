// Turns requestAnimationFrame timestamps (ms) into frame durations (s) for the loop.
// The first tick after start, unpause, a hidden tab or a scene load yields 0: no catch-up burst.

export class FrameClock {
  private lastMs = 0;
  private fresh = true;

  /** The next tick starts a new timeline and reports a zero-length frame. */
  reset(): void {
    this.fresh = true;
  }

  /** Seconds since the previous tick; never negative (a clock that jumps back counts as zero). */
  tick(nowMs: number): number {
    if (!Number.isFinite(nowMs)) return 0;
    if (this.fresh) {
      this.fresh = false;
      this.lastMs = nowMs;
      return 0;
    }
    const deltaMs = nowMs - this.lastMs;
    this.lastMs = nowMs;
    return deltaMs > 0 ? deltaMs / 1000 : 0;
  }
}
