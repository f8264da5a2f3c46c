// The HUD's numbers: step and frame costs, the seconds the loop gave up, and rates over a window
// of recent frames, kept in fixed-size rings so recording them allocates nothing per frame.

import { copyFrameReport, createFrameReport } from 'fixed-step/loop';
import type { FrameReport } from 'fixed-step/loop';

/**
 * Frames the rings hold: the rate window's second at displays up to 1024 Hz, and its sixteen
 * frames at any rate. 24 KiB in all.
 */
const RING = 1024;

/**
 * The rate window (fps, simulated ÷ real) covers at least this much real time: enough that a
 * 60 Hz display's 1,2,2 step beat and rAF's timestamp wobble average out.
 */
export const RATE_WINDOW_MIN_SECONDS = 1;

/**
 * ...and at least this many frames. At a few frames per second one second holds two to four
 * frames, and when each takes zero or one step a reading over them jumps by whole factors (7–9×
 * was seen at 4–5 fps). With sixteen, one frame coming in and one going out change the window's
 * sums by about a sixteenth each, so the reading moves by percents, not factors; at 4 fps the
 * window is then 4 s long, still short enough to follow a scene that gets dearer.
 */
export const RATE_WINDOW_MIN_FRAMES = 16;

/**
 * ...but never more than this much real time, once it holds RATE_WINDOW_MIN_SECONDS. At two or
 * three frames a second sixteen frames span 5–12 s, and where the rate changes meanwhile (rain
 * at 700 bodies, its step cost climbing as the pile forms and falling as it sleeps) a reading
 * that old sat 6–35% away from the rate over every trailing 1–5 s of the same frames. Capped
 * at 4 s the window is always one of those trailing windows itself; at 4 fps and above the
 * sixteen frames fit and nothing changes.
 */
export const RATE_WINDOW_MAX_SECONDS = 4;

/**
 * 60 frames of exactly 1/60 s add up to 1 − 1.1e-16 in float64; a window that short of a second
 * by less than this counts as a second, so it does not take a 61st frame.
 */
const WINDOW_EPSILON_SECONDS = 1e-9;

/** Weight of the newest sample in the smoothed costs: about the last 20 samples count. */
const SMOOTHING = 0.05;

/**
 * The frames the rates are taken over: the newest ones back until they hold at least
 * RATE_WINDOW_MIN_SECONDS of real time and RATE_WINDOW_MIN_FRAMES frames (fewer only while
 * fewer have been recorded since the scene was loaded), stopping short of a frame that would
 * take a window of a second or more past RATE_WINDOW_MAX_SECONDS.
 */
export interface RateWindow {
  /** Frames in the window. */
  frames: number;
  /** Real seconds they took (the frame times the loop was given). */
  seconds: number;
  /** Simulated seconds the display advanced over them (steps taken plus accumulator change). */
  simSeconds: number;
  /** Simulated seconds the loop gave up over them (dropped + clamped + throttled). */
  givenUpSeconds: number;
}

/** Records every frame and step of one Simulation; read by the HUD, the panel and `stats()`. */
export class FrameStats {
  private readonly realSeconds = new Float64Array(RING);
  private readonly simSeconds = new Float64Array(RING);
  private readonly givenUpSeconds = new Float64Array(RING);
  private head = 0;
  private filled = 0;
  private lastDisplayTime = 0;
  /** A copy of the latest frame's report. */
  readonly lastFrame: FrameReport = createFrameReport();
  physicsMsPerStep = 0;
  physicsMsThisFrame = 0;
  physicsMsLastStep = 0;
  private physicsMsSoFar = 0;
  interpolationUs = 0;
  /** Totals since load, in simulated seconds (see FrameReport for what each one counts). */
  droppedSeconds = 0;
  clampedSeconds = 0;
  throttledSeconds = 0;
  private stepsRecorded = 0;
  /** Filled by `measureWindow`. */
  readonly rateWindow: RateWindow = { frames: 0, seconds: 0, simSeconds: 0, givenUpSeconds: 0 };

  /** Forgets everything (a scene load): the rings, the totals and the smoothed costs. */
  reset(): void {
    this.realSeconds.fill(0);
    this.simSeconds.fill(0);
    this.givenUpSeconds.fill(0);
    this.head = 0;
    this.filled = 0;
    this.lastDisplayTime = 0;
    copyFrameReport(createFrameReport(), this.lastFrame);
    this.droppedSeconds = 0;
    this.clampedSeconds = 0;
    this.throttledSeconds = 0;
    this.stepsRecorded = 0;
    this.physicsMsPerStep = 0;
    this.physicsMsThisFrame = 0;
    this.physicsMsLastStep = 0;
    this.physicsMsSoFar = 0;
  }

  /**
   * Records one step's cost.
   * @param stepMs what the step took, wall clock (ms).
   */
  recordStep(stepMs: number): void {
    this.physicsMsSoFar += stepMs;
    this.physicsMsLastStep = stepMs;
    this.physicsMsPerStep =
      this.stepsRecorded === 0
        ? stepMs
        : this.physicsMsPerStep + SMOOTHING * (stepMs - this.physicsMsPerStep);
    this.stepsRecorded++;
  }

  /**
   * Records one frame from its report (the real seconds it was given, what it did, the simulated
   * time the display reached) and what interpolating it cost (ms).
   */
  endFrame(report: FrameReport, interpolationMs: number): void {
    const displayTime = report.displayTime;
    const real = report.frameSeconds;
    const givenUp = report.droppedSeconds + report.clampedSeconds + report.throttledSeconds;
    const head = this.head;
    this.realSeconds[head] = real;
    this.simSeconds[head] = displayTime - this.lastDisplayTime;
    this.givenUpSeconds[head] = givenUp;
    this.lastDisplayTime = displayTime;
    this.head = head + 1 === RING ? 0 : head + 1;
    if (this.filled < RING) this.filled++;
    copyFrameReport(report, this.lastFrame);
    this.physicsMsThisFrame = this.physicsMsSoFar;
    this.physicsMsSoFar = 0;
    this.droppedSeconds += report.droppedSeconds;
    this.clampedSeconds += report.clampedSeconds;
    this.throttledSeconds += report.throttledSeconds;
    const us = interpolationMs * 1000;
    this.interpolationUs =
      this.interpolationUs === 0
        ? us
        : this.interpolationUs + SMOOTHING * (us - this.interpolationUs);
  }

  /** Sums the rate window (see RateWindow) into `window` and returns it. */
  measureWindow(): RateWindow {
    const realSeconds = this.realSeconds;
    const simSeconds = this.simSeconds;
    const givenUpSeconds = this.givenUpSeconds;
    const filled = this.filled;
    const enoughSeconds = RATE_WINDOW_MIN_SECONDS - WINDOW_EPSILON_SECONDS;
    const mostSeconds = RATE_WINDOW_MAX_SECONDS + WINDOW_EPSILON_SECONDS;
    let real = 0;
    let sim = 0;
    let givenUp = 0;
    let frames = 0;
    let at = this.head;
    while (frames < filled && (frames < RATE_WINDOW_MIN_FRAMES || real < enoughSeconds)) {
      at = at === 0 ? RING - 1 : at - 1;
      if (real >= enoughSeconds && real + realSeconds[at] > mostSeconds) break;
      real += realSeconds[at];
      sim += simSeconds[at];
      givenUp += givenUpSeconds[at];
      frames++;
    }
    const rates = this.rateWindow;
    rates.frames = frames;
    rates.seconds = real;
    rates.simSeconds = sim;
    rates.givenUpSeconds = givenUp;
    return rates;
  }

  /** Frames per real second over the rate window (0 before any real time passed). */
  fps(): number {
    return windowFps(this.measureWindow());
  }

  /** Simulated ÷ real seconds over the rate window: 1 is real time, 0.62 is slow motion. */
  simOverReal(): number {
    return windowSimOverReal(this.measureWindow());
  }
}

/** Frames per real second over a rate window (0 when it holds no real time). */
export function windowFps(rates: Readonly<RateWindow>): number {
  return rates.seconds > 0 ? rates.frames / rates.seconds : 0;
}

/** Simulated ÷ real seconds over a rate window (0 when it holds no real time). */
export function windowSimOverReal(rates: Readonly<RateWindow>): number {
  return rates.seconds > 0 ? rates.simSeconds / rates.seconds : 0;
}
