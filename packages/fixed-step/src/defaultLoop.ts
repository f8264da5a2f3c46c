// The package's FixedStepLoop: the app's accumulator with the article's limits as defaults, so
// `new FixedStepLoop(1 / 100)` is a whole, safe loop and a limit is given only to change it.

import { FixedStepLoop as AccumulatorLoop } from '../../../src/loop/fixedStepLoop';
import type { LoopLimits } from '../../../src/loop/fixedStepLoop';

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

/**
 * The "Fix Your Timestep!" accumulator (see the app's loop for every field), with defaults for
 * the limits: `new FixedStepLoop(1 / 100)` clamps frames to 0.25 s and takes at most a tenth of
 * a second of steps a frame, in real time.
 *
 * @example
 * ```ts
 * const loop = new FixedStepLoop(1 / 100);
 * const report = createFrameReport();
 * loop.frame(1 / 60, { step: (dt) => world.step(dt) }, report);
 * ```
 */
export class FixedStepLoop extends AccumulatorLoop {
  /**
   * @param dtSeconds - the fixed step (s).
   * @default 1 / 60
   * @param limits - the frame clamp, step cap and time scale to change; the rest keep their
   *   defaults (0.25 s, a tenth of a second of steps, 1).
   */
  constructor(dtSeconds = 1 / 60, limits: Partial<LoopLimits> = {}) {
    super(dtSeconds, loopLimits(dtSeconds, limits));
  }
}
