// When physics costs more than real time allows: how much simulated time the loop may keep
// (its throttle) and whether a frame may take another step, from measured step costs.
// Pure numbers in, numbers out: no DOM, no physics.

/**
 * Physics may use up to this share of real time; the rest is left for interpolation, drawing
 * and input. At time scale 1, a step costing 7.5 ms at 100 Hz still runs in real time, and a
 * 40 ms step (a 500-body pile on the reference machine) runs at 0.75 × 10 / 40 = ×0.19, the page
 * still drawing between steps instead of freezing for whole 25-step frames.
 */
export const PHYSICS_SHARE = 0.75;

/**
 * The share when physics runs in a worker: it has a core of its own, so nearly all of real time,
 * less a tenth kept back so the worker's own jitter on a busy machine does not leave it behind.
 */
export const WORKER_PHYSICS_SHARE = 0.9;

/**
 * A frame stops stepping once its steps have cost this much (the first step always runs):
 * a guard for cost spikes the throttle has not caught up with yet — the first steps after a
 * 5000-body scene loads, or a pile landing all at once. Two 60 Hz frames.
 */
export const FRAME_PHYSICS_BUDGET_MS = 33;

/**
 * Step-cost estimate weights. A rising cost is believed at once (half weight: two steps to get
 * most of the way) so a cost spike slows the simulation before it freezes the page; a falling
 * cost is believed over ~20 steps so one cheap step does not bring back a burst of dear ones.
 */
const RISE_WEIGHT = 0.5;
const FALL_WEIGHT = 0.05;

/** What the governor reads and sets on the loop (FixedStepLoop has all three). */
export interface ThrottledLoop {
  /** Step length (s). */
  readonly dt: number;
  /** Simulated seconds per real one. */
  readonly timeScale: number;
  /** Share of each frame's scaled time the loop keeps, in (0, 1]. */
  throttle: number;
}

/**
 * Decides how much simulated time a real-time frame may keep and when it must stop stepping,
 * from the step costs it is fed (`recordStep`): it reads no clock itself, so tests feed it
 * exact costs. When physics costs more than real time allows, the simulation slows down evenly
 * (visible slow motion) instead of spiralling.
 *
 * @example
 * ```ts
 * const governor = new OverloadGovernor();
 * const stepper = {
 *   step(dt: number) {
 *     const start = performance.now();
 *     world.step(dt);
 *     governor.recordStep(performance.now() - start);
 *   },
 *   stepAllowed: () => governor.stepAllowed(),
 * };
 * // each frame, before loop.frame(...):
 * governor.beginFrame();
 * governor.throttle(loop);
 * ```
 * @see https://gafferongames.com/post/fix_your_timestep/ — "Fix Your Timestep!", on the spiral of death.
 */
export class OverloadGovernor {
  /**
   * Estimated ms per step; 0 until a step has been measured.
   * @default 0
   */
  estimateMs = 0;
  /**
   * Share of real time physics may use: PHYSICS_SHARE when physics shares the thread with
   * drawing; up to 0.9 when it has a thread of its own.
   * @default PHYSICS_SHARE
   */
  share = PHYSICS_SHARE;
  private frameMs = 0;
  /** Real time of the frames since the last `recordSteps` (ms; see beginFrame). */
  private realMs = 0;

  /** Scene load: the old scene's cost says nothing about the new one. */
  reset(): void {
    this.estimateMs = 0;
    this.frameMs = 0;
    this.realMs = 0;
  }

  /**
   * Starts a frame's count of step costs (for `stepAllowed`): call before the frame's steps.
   * @param realMs - the frame's real time where physics runs on a thread of its own (a worker:
   * see recordSteps), else 0 (on the page's thread the frame's time goes to drawing too).
   */
  beginFrame(realMs = 0): void {
    this.frameMs = 0;
    this.realMs += realMs;
  }

  /**
   * Feeds one step's measured cost into the frame's total and the running estimate.
   * @param stepMs - what the step took (ms).
   */
  recordStep(stepMs: number): void {
    this.frameMs += stepMs;
    if (this.estimateMs === 0) this.estimateMs = stepMs;
    else {
      const weight = stepMs > this.estimateMs ? RISE_WEIGHT : FALL_WEIGHT;
      this.estimateMs += weight * (stepMs - this.estimateMs);
    }
  }

  /**
   * Steps' cost: the mean (`meanMs`) of `steps` steps. On the page's thread each step is fed as
   * it is taken (one at a time). Physics in a worker: once a drawn frame the page learns the mean
   * cost of the `steps` the worker took since the frame before. A rise is believed as one step's
   * would be (half of it: a frame of slow steps slows the simulation, one descheduled step among
   * 25 hardly), a fall as far as `steps` cheap steps would move it, so the estimate follows the
   * worker's steps, not the page's frames: fed like one step a frame, at five frames a second a
   * cost that fell tenfold took ~9 s to be believed, the throttle holding the worker back.
   * And a fall at least as far as the steps the frames' real time since the last report (given
   * to beginFrame) would have held at that cost: a worker that took two 41 ms steps in a 333 ms
   * frame sat idle most of it, held back by an estimate from the cold first steps of a
   * 1,771-box pyramid (hundreds of milliseconds each) — counted by steps alone, at three frames
   * a second that took about 20 s to be believed.
   * @param meanMs - the mean cost of those steps (ms).
   * @param steps - how many steps the mean is over.
   */
  recordSteps(meanMs: number, steps: number): void {
    const held = meanMs > 0 ? Math.floor(this.realMs / meanMs) : 0;
    const count = held > steps ? held : steps;
    this.realMs = 0;
    if (count <= 1 || this.estimateMs === 0 || meanMs > this.estimateMs) {
      this.recordStep(meanMs);
      return;
    }
    // The share of the gap left after `count` falls: (1 − FALL_WEIGHT)^count, by multiplication
    // (the loop stays free of engine-rounded Math), stopping once it no longer matters.
    let left = 1;
    for (let k = 0; k < count && left > 1e-6; k++) left *= 1 - FALL_WEIGHT;
    this.estimateMs += (1 - left) * (meanMs - this.estimateMs);
  }

  /**
   * Sets the loop's throttle: the share of each frame's scaled time it may keep. At time scale s the
   * loop asks for s / dt steps per real second, which cost s × estimate / dt ms of physics per
   * real second; keeping the share `share × dt / (s × estimate)` brings that down to `share`
   * (PHYSICS_SHARE on the main thread) of real time, at any time scale. So at ×2 the loop asks for no more steps than
   * can be paid for (they come evenly, and the per-frame guard is left for spikes), and at ×0.5
   * nothing is throttled until a step costs more than PHYSICS_SHARE × dt ÷ 0.5 (1.5 dt). 1 while
   * steps fit, and before any step was measured.
   * @param loop - the loop whose `throttle` is set (a FixedStepLoop).
   */
  throttle(loop: ThrottledLoop): void {
    // Written into the loop, not returned: a double returned from a call V8 does not inline is
    // boxed, 16 bytes a frame.
    const affordableMs = this.share * loop.dt * 1000;
    const askedMs = loop.timeScale * this.estimateMs;
    loop.throttle = askedMs <= affordableMs ? 1 : affordableMs / askedMs;
  }

  /**
   * Whether this frame may take another step (asked after its first): false once the frame's
   * steps have cost FRAME_PHYSICS_BUDGET_MS.
   * @returns true while the frame's steps cost less than the budget.
   */
  stepAllowed(): boolean {
    return this.frameMs < FRAME_PHYSICS_BUDGET_MS;
  }
}
