// The article's accumulator (and, to compare, its three other loops): real frame seconds in,
// steps and an alpha out. Knows nothing of physics or the DOM; it calls `stepper.step(dt)`.

import { unhandled } from '../unhandled';
import { DisplayPace } from './displayPace';
import { loopLimits } from './loopLimits';
import type { LoopLimits } from './loopLimits';
import type { Strategy } from './strategies';

/** Whatever advances the simulation by exactly `dt` seconds. */
export interface Stepper {
  /**
   * Advances the simulation by one step: for cannon-es, `world.step(dtSeconds)` (never the
   * three-argument form, whose own accumulator would fight this one), then a snapshot capture.
   * @param dtSeconds - the step length (s): the loop's `dt`, or less for semi-fixed's last step.
   */
  step(dtSeconds: number): void;
  /**
   * Asked before every step after a frame's first: false stops this frame's stepping and the
   * steps still owed are dropped like the cap's (the overload governor's per-frame time guard).
   */
  stepAllowed?(): boolean;
}

/**
 * Where the loop stands: how far the display is past the current step and what simulated time
 * it shows (written into an object the caller keeps, by `FixedStepLoop.timesInto`).
 */
export interface LoopTimes {
  /** accumulator / dt, in [0, 1): how far the display is past the current step. */
  alpha: number;
  /** Simulated time the display shows: the last step's plus what waits in the accumulator. */
  displayTime: number;
  /** Simulated seconds of the current step (the world's clock). */
  simTime: number;
}

/**
 * A zeroed LoopTimes to keep and refill.
 * @returns a new LoopTimes, every field 0.
 */
export function createLoopTimes(): LoopTimes {
  return { alpha: 0, displayTime: 0, simTime: 0 };
}

/**
 * What one frame did. Reused by the caller: the loop writes into it, never allocates one.
 *
 * Every figure is in simulated seconds. For the strategies that spend frame time (accumulator,
 * semi-fixed, variable) a frame's `frameSeconds × timeScale` is accounted for exactly:
 * simulated by its steps + left in the accumulator + `droppedSeconds` + `clampedSeconds` +
 * `throttledSeconds`. `fixed-per-frame` spends no frame time (one dt per displayed frame, by
 * design), so it gives none up and reports 0 for all three.
 */
export interface FrameReport extends LoopTimes {
  /** Real seconds the frame was given (negative, NaN or infinite: 0). */
  frameSeconds: number;
  /** Physics steps taken this frame. */
  steps: number;
  /**
   * Simulated seconds owed as steps but not taken: the step cap was hit, or the overload
   * governor's per-frame guard stopped the frame's stepping. Thrown away, not carried: slow
   * motion, not a spiral.
   */
  droppedSeconds: number;
  /** Simulated seconds cut by the frame clamp: a frame longer than maxFrameSeconds (a hitch). */
  clampedSeconds: number;
  /**
   * The longest real frame spent in full this frame: maxFrameSeconds, or more (up to a second)
   * where physics keeps its own pace and the display is steadily slow (`slowDisplay`).
   */
  clampSeconds: number;
  /** Simulated seconds the throttle kept back: physics costs more than real time allows. */
  throttledSeconds: number;
  /**
   * The index of the next step after the frame: the caller's to write (the loop leaves it
   * alone), for a caller that counts steps its own way (a physics thread's step index, say).
   */
  step: number;
}

/** A frame's real seconds as the loop counts them: negative, NaN or infinite are 0. */
export function realFrameSeconds(seconds: number): number {
  return seconds > 0 && seconds < Infinity ? seconds : 0;
}

/**
 * A zeroed report, for a caller to keep and hand to `frame` every frame.
 * @returns a new FrameReport, every field 0.
 */
export function createFrameReport(): FrameReport {
  return {
    frameSeconds: 0,
    steps: 0,
    alpha: 0,
    displayTime: 0,
    droppedSeconds: 0,
    clampedSeconds: 0,
    clampSeconds: 0,
    throttledSeconds: 0,
    simTime: 0,
    step: 0,
  };
}

/** Copies every field of `source` into `out` (one place that knows them all); returns `out`. */
export function copyFrameReport(source: Readonly<FrameReport>, out: FrameReport): FrameReport {
  out.frameSeconds = source.frameSeconds;
  out.steps = source.steps;
  out.alpha = source.alpha;
  out.displayTime = source.displayTime;
  out.droppedSeconds = source.droppedSeconds;
  out.clampedSeconds = source.clampedSeconds;
  out.clampSeconds = source.clampSeconds;
  out.throttledSeconds = source.throttledSeconds;
  out.simTime = source.simTime;
  out.step = source.step;
  return out;
}

/**
 * Leftover time within a nanosecond of a whole step counts as a whole step. Without it 60 Hz
 * frames (1/60 s) at 100 Hz can land a hair under 0.01 s after rounding and take 1,2,1,… instead
 * of 1,2,2 — the total drifts by a step every few thousand frames. A nanosecond is far below any
 * frame time a browser reports (rAF timestamps are quantised to 5–100 µs).
 */
const STEP_EPSILON_SECONDS = 1e-9;

/**
 * Turns real frame seconds into fixed steps and an alpha (or, to compare, runs the article's other
 * loops), and reports every simulated second a frame gave up (see FrameReport). The limits have
 * the article's defaults: `new FixedStepLoop(1 / 100)` clamps frames to 0.25 s and takes at most
 * a tenth of a second of steps a frame, in real time.
 *
 * @example
 * ```ts
 * const loop = new FixedStepLoop(1 / 100);
 * const report = createFrameReport();
 * const clock = new FrameClock();
 * renderer.setAnimationLoop((nowMs) => {
 *   clock.tick(nowMs);
 *   loop.frame(clock.frameSeconds, stepper, report); // steps, then report.alpha
 *   // draw between the previous and current snapshot at report.alpha
 * });
 * ```
 * @see https://gafferongames.com/post/fix_your_timestep/ — "Fix Your Timestep!" by Glenn
 * Fiedler: the accumulator, the spiral of death, and interpolating by alpha.
 */
export class FixedStepLoop {
  /** The fixed step (s): every step of the accumulator is exactly this long. */
  dt: number;
  /**
   * Simulated seconds owed but not yet stepped: less than one `dt` after every frame.
   * @default 0
   */
  accumulator = 0;
  /**
   * Simulated seconds of the current step: the sum of the steps' dt since construction or
   * `reset()` (or the time `reset` was given).
   * @default 0
   */
  simTime = 0;
  /**
   * While true a frame takes no steps and spends no time (`singleStep` still steps).
   * @default false
   */
  paused = false;
  /** The frame clamp (s): see LoopLimits.maxFrameSeconds. */
  maxFrameSeconds: number;
  /** The step cap: see LoopLimits.maxStepsPerFrame. */
  maxStepsPerFrame: number;
  /** Simulated seconds per real second. */
  timeScale: number;
  /**
   * Which of the article's four loops runs: 'accumulator' (the one to use), or, to compare,
   * 'semi-fixed', 'variable' or 'fixed-per-frame'.
   * @default 'accumulator'
   */
  strategy: Strategy = 'accumulator';
  /**
   * Share of each frame's (scaled) time the simulation keeps, in (0, 1]; the rest is given up
   * and reported. Below 1 when physics costs more than real time allows: the accumulator then
   * fills at the rate steps can be paid for, so steps come evenly and alpha still sweeps
   * smoothly from one snapshot to the next — slow motion, not a stutter. Set by an
   * OverloadGovernor; 1 (never throttle) by default.
   * @default 1
   */
  throttle = 1;
  /**
   * Whether a steadily slow display (judged from its last few frames) may spend its frames in
   * full, past maxFrameSeconds (up to a second, with the step cap raised to match). For physics
   * in a worker, driven by animation frames: the frame clamp is there so a hitch does not make
   * the simulation catch up (and, on the main thread, spiral), but when the page draws slowly
   * and the worker keeps up, clamping every frame would hold physics to the drawing's pace. A frame much longer than the
   * display's recent ones is still a hitch and still clamped. Off for scripted frames: the same
   * frames then step alike on either thread.
   * @default false
   */
  slowDisplay = false;
  /** The display's last few frames (for `slowDisplay`). */
  private readonly pace = new DisplayPace();
  /** Scratch for `alpha()` and `displayTime()`. */
  private readonly now = createLoopTimes();

  /**
   * @param dtSeconds - the fixed step (s), e.g. 1 / 100.
   * @default 1 / 60
   * @param given - the frame clamp, step cap and time scale to change; the rest keep their
   *   defaults (0.25 s, a tenth of a second of steps, 1).
   */
  constructor(dtSeconds = 1 / 60, given: Partial<LoopLimits> = {}) {
    const limits = loopLimits(dtSeconds, given);
    this.dt = dtSeconds;
    this.maxFrameSeconds = limits.maxFrameSeconds;
    this.maxStepsPerFrame = limits.maxStepsPerFrame;
    this.timeScale = limits.timeScale;
  }

  /**
   * A new timeline (a scene load, a loaded state, a replay or seek): an empty accumulator, at the
   * world's simulated time `simTime`.
   */
  reset(simTime = 0): void {
    this.pace.reset();
    this.accumulator = 0;
    this.simTime = simTime;
  }

  /**
   * Changes the step size without a jump: the accumulator keeps its seconds, so no time is lost
   * or invented; if it now holds a step or more, the next frame takes them.
   * @param dtSeconds - the new fixed step (s).
   */
  setDt(dtSeconds: number): void {
    this.dt = dtSeconds;
  }

  /**
   * Advances by one real frame with the current strategy. Negative, NaN or infinite frame times
   * count as zero. The three strategies that spend frame time clamp it to maxFrameSeconds, scale
   * it, throttle it and take at most maxStepsPerFrame steps, so they can be compared under the
   * same hitch; `fixed-per-frame` takes one dt whatever the frame.
   * @param frameSeconds - real seconds since the last frame (FrameClock.frameSeconds).
   * @param stepper - what each step calls.
   * @param out - the report to write (kept by the caller, reused every frame): all of it but
   *   `step`, which is the stepper's to know (a physics thread's step index, say).
   * @returns `out`, with the steps taken, alpha and every second given up.
   * @see https://gafferongames.com/post/fix_your_timestep/ — "Fix Your Timestep!", "Free the physics".
   */
  frame(frameSeconds: number, stepper: Stepper, out: FrameReport): FrameReport {
    const seconds = realFrameSeconds(frameSeconds);
    out.frameSeconds = seconds;
    out.clampSeconds = this.frameClampSeconds();
    this.steps = 0;
    this.dropped = 0;
    this.clamped = 0;
    this.throttled = 0;
    const strategy = this.strategy;
    if (!this.paused) {
      switch (strategy) {
        case 'fixed-per-frame':
          // The article's first loop: one dt per displayed frame, whatever its length (display
          // rate × dt of real speed). No frame time is spent: nothing is clamped, scaled,
          // throttled or given up (skipping frames for the throttle would no longer be the
          // article's loop); a dear step makes the frame longer and the display slows with it
          // (the article's "too slow" case), which sim ÷ real shows.
          if (seconds > 0) this.take(stepper, this.dt);
          break;
        case 'accumulator':
        case 'semi-fixed':
        case 'variable':
          this.spend(stepper, seconds, strategy);
          break;
        default:
          unhandled(strategy, 'strategy');
      }
    }
    out.steps = this.steps;
    out.droppedSeconds = this.dropped;
    out.clampedSeconds = this.clamped;
    out.throttledSeconds = this.throttled;
    this.timesInto(out);
    return out;
  }

  /** Clamp, scale and throttle the frame's real seconds, then step them with `strategy`. */
  private spend(
    stepper: Stepper,
    realSeconds: number,
    strategy: Exclude<Strategy, 'fixed-per-frame'>,
  ): void {
    let seconds = realSeconds;
    const clamp = this.frameClampSeconds();
    this.stepCap = this.maxStepsPerFrame;
    if (clamp > this.maxFrameSeconds) {
      this.stepCap = Math.max(this.stepCap, Math.ceil((clamp * this.timeScale) / this.dt) + 1);
    }
    this.pace.note(realSeconds);
    if (seconds > clamp) {
      this.clamped = (seconds - clamp) * this.timeScale;
      seconds = clamp;
    }
    const scaled = seconds * this.timeScale;
    const kept = this.throttle < 1 ? scaled * this.throttle : scaled;
    this.throttled = scaled - kept;
    switch (strategy) {
      case 'accumulator':
        this.accumulate(stepper, kept);
        break;
      case 'semi-fixed':
        this.semiFixed(stepper, kept);
        break;
      case 'variable':
        // The article's second loop: one step of whatever the frame took.
        if (kept > 0) this.take(stepper, kept);
        break;
      default:
        unhandled(strategy, 'strategy');
    }
  }

  /** The longest frame spent now: maxFrameSeconds, or more for a steadily slow display. */
  private frameClampSeconds(): number {
    return this.slowDisplay ? this.pace.clampSeconds(this.maxFrameSeconds) : this.maxFrameSeconds;
  }

  /** What the frame being run did so far (copied into its report at the end). */
  private steps = 0;
  /** This frame's step cap: maxStepsPerFrame, or more when a slow display's frame is longer. */
  private stepCap = 0;
  private dropped = 0;
  private clamped = 0;
  private throttled = 0;

  private take(stepper: Stepper, dtSeconds: number): void {
    stepper.step(dtSeconds);
    this.simTime += dtSeconds;
    this.steps++;
  }

  /** The article's final loop: whole fixed steps; the remainder waits in the accumulator. */
  private accumulate(stepper: Stepper, seconds: number): void {
    this.accumulator += seconds;
    const dt = this.dt;
    const threshold = dt - STEP_EPSILON_SECONDS;
    while (
      this.accumulator >= threshold &&
      this.steps < this.stepCap &&
      (this.steps === 0 || stepper.stepAllowed === undefined || stepper.stepAllowed())
    ) {
      this.take(stepper, dt);
      this.accumulator -= dt;
    }
    if (this.accumulator >= threshold) {
      // Cap (or the governor's time guard) hit: drop the whole steps still owed and keep only
      // the fraction, so the next frame starts fresh instead of inheriting a backlog it can
      // never pay (the spiral of death).
      const owed = Math.floor((this.accumulator + STEP_EPSILON_SECONDS) / dt);
      this.dropped = owed * dt;
      this.accumulator -= this.dropped;
    }
    if (this.accumulator < 0) this.accumulator = 0;
  }

  /**
   * The article's third loop: steps of at most dt until the frame is used up, the last one
   * partial (a 25 ms frame at 100 Hz steps 10, 10, 5 ms). Nothing is left over to draw with.
   */
  private semiFixed(stepper: Stepper, seconds: number): void {
    this.accumulator = 0;
    let left = seconds;
    while (left > STEP_EPSILON_SECONDS && this.steps < this.stepCap) {
      const dt = left < this.dt ? left : this.dt;
      this.take(stepper, dt);
      left -= dt;
    }
    if (left > STEP_EPSILON_SECONDS) this.dropped = left;
  }

  /** Runs exactly one step whatever the accumulator holds (a single-step button). */
  singleStep(stepper: Stepper): void {
    stepper.step(this.dt);
    this.simTime += this.dt;
  }

  /**
   * Writes where the loop stands now into `out` (as `frame` does into its report).
   * @param out - the object to write.
   * @returns `out`.
   */
  timesInto(out: LoopTimes): LoopTimes {
    const accumulating = this.strategy === 'accumulator';
    const a = accumulating ? this.accumulator / this.dt : 0;
    // After a rate change the accumulator may briefly hold more than one new step; alpha stays
    // in [0, 1) so the picture never extrapolates past the current snapshot.
    out.alpha = a < 0 ? 0 : a < 1 ? a : 1 - Number.EPSILON;
    out.displayTime = this.simTime + (accumulating ? this.accumulator : 0);
    out.simTime = this.simTime;
    return out;
  }

  /**
   * See LoopTimes.alpha.
   * @returns accumulator / dt, in [0, 1).
   */
  alpha(): number {
    return this.timesInto(this.now).alpha;
  }

  /**
   * See LoopTimes.displayTime.
   * @returns the simulated time the display shows (s).
   */
  displayTime(): number {
    return this.timesInto(this.now).displayTime;
  }
}
