// Turns requestAnimationFrame timestamps (ms) into frame durations (s) for the loop.
// The first tick after start, unpause, a hidden tab or a scene load yields 0: no catch-up burst.

/**
 * Frame durations from animation-frame timestamps. The first tick after start or `reset()` gives
 * a zero-length frame, so a hidden tab, an unpause or a scene load never arrives as one huge frame.
 */
export class FrameClock {
  /**
   * The last tick's frame: seconds since the tick before (a field, not a return value: a double
   * returned from a call V8 does not inline is boxed, 16 bytes a frame).
   * @default 0
   */
  frameSeconds = 0;
  private lastMs = 0;
  private fresh = true;

  /** The next tick starts a new timeline and reports a zero-length frame. */
  reset(): void {
    this.fresh = true;
  }

  /**
   * Sets `frameSeconds` to the seconds since the previous tick: never negative (a clock that jumps
   * back counts as zero), 0 for a timestamp that is not finite.
   * @param nowMs - the frame's timestamp (ms), as requestAnimationFrame hands it.
   */
  tick(nowMs: number): void {
    if (!Number.isFinite(nowMs)) {
      this.frameSeconds = 0;
    } else if (this.fresh) {
      this.fresh = false;
      this.lastMs = nowMs;
      this.frameSeconds = 0;
    } else {
      const deltaMs = nowMs - this.lastMs;
      this.lastMs = nowMs;
      this.frameSeconds = deltaMs > 0 ? deltaMs / 1000 : 0;
    }
  }
}
