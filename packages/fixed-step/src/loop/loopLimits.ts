// What bounds a frame of the loop, and the article's defaults for it: the 0.25 s frame clamp, a
// tenth of a second of steps a frame, real time. A limit is given only to change it.

/** The settings that bound a frame: the frame clamp, the step cap and simulated seconds per real one. */
export interface LoopLimits {
  /**
   * The frame clamp (s): a longer frame (a hitch, a tab back from the background) is cut to
   * this, and the cut reported as `clampedSeconds`. The article's choice is 0.25.
   */
  maxFrameSeconds: number;
  /** The step cap: at most this many steps a frame; steps owed past it are dropped, not carried. */
  maxStepsPerFrame: number;
  /** Simulated seconds per real second (1: real time; 0.5: slow motion). */
  timeScale: number;
}

/** The article's frame clamp (s): a longer frame (a hitch) is cut to this, not caught up. */
export const DEFAULT_MAX_FRAME_SECONDS = 0.25;

/**
 * Real seconds of steps one frame may take by default: a display down to 10 frames a second
 * keeps real time; a longer frame becomes slow motion instead of a burst of steps.
 */
const STEP_CAP_SECONDS = 0.1;

/**
 * The limits a loop of step `dtSeconds` gets for those not given: the 0.25 s clamp, a step cap
 * of a tenth of a second of steps (at least one), real time.
 * @param dtSeconds - the fixed step (s).
 * @param given - the limits the caller chose.
 * @returns every limit.
 */
export function loopLimits(dtSeconds: number, given: Partial<LoopLimits> = {}): LoopLimits {
  checkStep(dtSeconds);
  return {
    maxFrameSeconds: given.maxFrameSeconds ?? DEFAULT_MAX_FRAME_SECONDS,
    maxStepsPerFrame:
      given.maxStepsPerFrame ?? Math.max(1, Math.ceil(STEP_CAP_SECONDS / dtSeconds - 1e-9)),
    timeScale: given.timeScale ?? 1,
  };
}

function checkStep(dtSeconds: number): void {
  if (!(dtSeconds > 0 && dtSeconds < Infinity)) {
    throw new RangeError(
      `fixed-step: the step is ${String(dtSeconds)} s; it must be a number above 0 (1 / 60 is 60 Hz).`,
    );
  }
}
