// Whether the display is steadily slow, judged from its last few frames, and so how long a frame
// the loop may spend in full when physics keeps its own pace (FixedStepLoop.slowDisplay).

/**
 * The longest frame a steadily slow display may spend in full: a second. Past that the display
 * is not slow but stopped (a debugger, a sleeping laptop, a 5 s freeze): all but this is given up.
 */
export const SLOW_DISPLAY_MAX_SECONDS = 1;

/**
 * A frame this long or longer is a slow one: a tenth of a second (under 10 frames a second).
 * A display whose recent frames are not slow is not slow, whatever the frame clamp says. A clamp
 * set shorter than this (the lab's 10 ms, to show what a clamp does) asks for frames as long as a
 * slow display's to be cut: it is kept on any display, slow or not.
 */
export const SLOW_DISPLAY_MIN_SECONDS = 0.1;

/**
 * How far past the display's recent frames a frame may run before it counts as a hitch: twice
 * the longest of the last RECENT_FRAMES. A slow display's frames jitter, and the browser often
 * follows a long frame with a short one (the next vsync after a long task: 33 ms after 1.3 s on
 * a loaded machine). Judged against the shortest of the last three, such frames were cut as
 * hitches and a worker with budget to spare lost 7–18% of real time to the clamp (SwiftShader,
 * 300 bodies, 0.3–0.6 s frames). Judged against the longest, a jittering display spends its
 * frames in full; a frame more than twice its longest recent one is still a hitch.
 */
const SLOW_DISPLAY_SLACK = 2;

/** The frames a display is judged by: the last four. */
const RECENT_FRAMES = 4;

/**
 * Slow frames among the recent ones that make the display slow: two of four. One is not enough
 * (a hitch among 60 Hz frames stays a hitch, and so does a second one right after it); two is
 * what a slow display shows when each of its long frames is followed by a short vsync frame.
 */
const SLOW_FRAMES_NEEDED = 2;

/** The last few frames' real seconds, and the longest frame they let the loop spend. */
export class DisplayPace {
  private readonly recent = new Float64Array(RECENT_FRAMES);
  private head = 0;

  /** A new timeline (a load): the frames seen so far say nothing. */
  reset(): void {
    this.recent.fill(0);
  }

  /** Notes a frame's real seconds (after `clampSeconds` judged it). */
  note(realSeconds: number): void {
    this.recent[this.head] = realSeconds;
    this.head = (this.head + 1) % RECENT_FRAMES;
  }

  /**
   * The longest frame spent in full now: `maxFrameSeconds`, or, when two of the last four
   * frames were slow and the clamp is not shorter than a slow frame, up to twice the longest of
   * them (at most SLOW_DISPLAY_MAX_SECONDS).
   */
  clampSeconds(maxFrameSeconds: number): number {
    if (maxFrameSeconds < SLOW_DISPLAY_MIN_SECONDS) return maxFrameSeconds;
    let longest = 0;
    let slow = 0;
    for (let k = 0; k < RECENT_FRAMES; k++) {
      const frame = this.recent[k];
      if (frame >= SLOW_DISPLAY_MIN_SECONDS) slow++;
      if (frame > longest) longest = frame;
    }
    if (slow < SLOW_FRAMES_NEEDED) return maxFrameSeconds;
    const steady = Math.min(SLOW_DISPLAY_MAX_SECONDS, SLOW_DISPLAY_SLACK * longest);
    return steady > maxFrameSeconds ? steady : maxFrameSeconds;
  }
}
