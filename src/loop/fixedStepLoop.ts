// The article's accumulator: real frame seconds in, whole fixed steps and an alpha out.
// Knows nothing of physics or the DOM; it calls `stepper.step(dt)` and reports what it did.

/** Whatever advances the simulation by exactly `dt` seconds. */
export interface Stepper {
  step(dtSeconds: number): void;
  /**
   * Asked before every step after a frame's first: false stops this frame's stepping and the
   * steps still owed are dropped like the cap's (the overload governor's per-frame time guard).
   */
  stepAllowed?(): boolean;
}

/** What one frame did. Reused by the caller: the loop writes into it, never allocates one. */
export interface FrameReport {
  /** Physics steps taken this frame. */
  steps: number;
  /** accumulator / dt after stepping, in [0, 1): how far the display is past the current step. */
  alpha: number;
  /** Simulated seconds thrown away because the step cap was hit (slow motion, not a spiral). */
  droppedSeconds: number;
  /** Simulated seconds lost this frame to the frame clamp (a hitch longer than maxFrameSeconds). */
  clampedSeconds: number;
  /** Simulated seconds given up this frame by the throttle (physics slower than real time). */
  throttledSeconds: number;
  /** Simulated seconds since the scene was loaded. */
  simTime: number;
  /** Steps since the scene was loaded. */
  step: number;
}

export function createFrameReport(): FrameReport {
  return {
    steps: 0,
    alpha: 0,
    droppedSeconds: 0,
    clampedSeconds: 0,
    throttledSeconds: 0,
    simTime: 0,
    step: 0,
  };
}

/**
 * Leftover time within a nanosecond of a whole step counts as a whole step. Without it 60 Hz
 * frames (1/60 s) at 100 Hz can land a hair under 0.01 s after rounding and take 1,2,1,… instead
 * of 1,2,2 — the total drifts by a step every few thousand frames. A nanosecond is far below any
 * frame time a browser reports (rAF timestamps are quantised to 5–100 µs).
 */
const STEP_EPSILON_SECONDS = 1e-9;

export interface LoopLimits {
  maxFrameSeconds: number;
  maxStepsPerFrame: number;
  timeScale: number;
}

export class FixedStepLoop {
  dt: number;
  accumulator = 0;
  stepCount = 0;
  simTime = 0;
  paused = false;
  maxFrameSeconds: number;
  maxStepsPerFrame: number;
  timeScale: number;
  /**
   * Share of each frame's (scaled) time the simulation keeps, in (0, 1]; the rest is given up
   * and reported. Below 1 when physics costs more than real time allows: the accumulator then
   * fills at the rate steps can be paid for, so steps come evenly and alpha still sweeps
   * smoothly from one snapshot to the next — slow motion, not a stutter. Set by the app's
   * overload governor; 1 (never throttle) by default.
   */
  throttle = 1;

  constructor(dtSeconds: number, limits: LoopLimits) {
    this.dt = dtSeconds;
    this.maxFrameSeconds = limits.maxFrameSeconds;
    this.maxStepsPerFrame = limits.maxStepsPerFrame;
    this.timeScale = limits.timeScale;
  }

  /** Back to step 0 with an empty accumulator (scene load / reset). */
  reset(): void {
    this.accumulator = 0;
    this.stepCount = 0;
    this.simTime = 0;
  }

  /**
   * Changes the step size without a jump: the accumulator keeps its seconds, so no time is lost
   * or invented; if it now holds a step or more, the next frame takes them.
   */
  setDt(dtSeconds: number): void {
    this.dt = dtSeconds;
  }

  /** Advances by one real frame. Negative, NaN or infinite frame times count as zero. */
  frame(frameSeconds: number, stepper: Stepper, out: FrameReport): FrameReport {
    let steps = 0;
    let dropped = 0;
    let clamped = 0;
    let throttled = 0;
    if (!this.paused) {
      let seconds = frameSeconds > 0 && frameSeconds < Infinity ? frameSeconds : 0;
      if (seconds > this.maxFrameSeconds) {
        clamped = (seconds - this.maxFrameSeconds) * this.timeScale;
        seconds = this.maxFrameSeconds;
      }
      const scaled = seconds * this.timeScale;
      const kept = this.throttle < 1 ? scaled * this.throttle : scaled;
      throttled = scaled - kept;
      this.accumulator += kept;
      const dt = this.dt;
      const threshold = dt - STEP_EPSILON_SECONDS;
      while (
        this.accumulator >= threshold &&
        steps < this.maxStepsPerFrame &&
        (steps === 0 || stepper.stepAllowed === undefined || stepper.stepAllowed())
      ) {
        stepper.step(dt);
        this.accumulator -= dt;
        this.stepCount++;
        this.simTime += dt;
        steps++;
      }
      if (this.accumulator >= threshold) {
        // Cap (or time guard) hit: drop the whole steps still owed and keep only the fraction, so the next frame
        // starts fresh instead of inheriting a backlog it can never pay (the spiral of death).
        const owed = Math.floor((this.accumulator + STEP_EPSILON_SECONDS) / dt);
        dropped = owed * dt;
        this.accumulator -= dropped;
      }
      if (this.accumulator < 0) this.accumulator = 0;
    }
    out.steps = steps;
    out.droppedSeconds = dropped;
    out.clampedSeconds = clamped;
    out.throttledSeconds = throttled;
    out.alpha = this.alpha();
    out.simTime = this.simTime;
    out.step = this.stepCount;
    return out;
  }

  /** Runs exactly one step whatever the accumulator holds (the panel's single-step button). */
  singleStep(stepper: Stepper): void {
    stepper.step(this.dt);
    this.stepCount++;
    this.simTime += this.dt;
  }

  alpha(): number {
    const a = this.accumulator / this.dt;
    // After a rate change the accumulator may briefly hold more than one new step; alpha stays
    // in [0, 1) so the picture never extrapolates past the current snapshot.
    return a < 0 ? 0 : a < 1 ? a : 1 - Number.EPSILON;
  }
}
