// The HUD's numbers: step and frame costs, the seconds the loop gave up, and rates over a window
// of recent frames, kept in fixed-size rings so recording them allocates nothing per frame.

import { copyFrameReport, createFrameReport } from '../loop/fixedStepLoop';
import type { FrameReport } from '../loop/fixedStepLoop';
import type { StutterReport } from './stutterMeter';
import type { Divergence } from '../state/divergence';
import type { ReplayStatus } from '../state/replay';

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

/** The determinism lab's comparison of its two worlds (TwinLab.report). */
export interface TwinReport {
  leftHz: number;
  rightHz: number;
  leftStep: number;
  rightStep: number;
  /** The latest step both worlds have reached and whose hashes are compared (−1: none yet). */
  comparedStep: number;
  leftHash: string;
  rightHash: string;
  /** Whether the two hashes at `comparedStep` are equal. */
  agree: boolean;
  /** First step at which they differed since load (−1: never). Every step is compared. */
  divergedAt: number;
  /** That step, with the first body (by id) and field that differed there; null: never. */
  divergence: Divergence | null;
}

/** Everything the page measures, as `stats()` returns it and the HUD shows part of it. */
export interface StatsSnapshot {
  /** Frames ÷ real seconds over the rate window. */
  fps: number;
  stepsThisFrame: number;
  alpha: number;
  accumulatorMs: number;
  physicsMsPerStep: number;
  /** Physics time spent in the latest frame, all its steps together. */
  physicsMsThisFrame: number;
  /** What the latest frame's last step cost (so the rest is what came before it). */
  physicsMsLastStep: number;
  /** Share of the dt budget one step costs (1 = a step takes as long as it simulates). */
  physicsBudgetUse: number;
  interpolationUs: number;
  bodies: number;
  awake: number;
  sleeping: number;
  /**
   * Simulated ÷ real seconds over the rate window: 1 is real time at time scale 1, 0.62 slow
   * motion. Simulated time is the display's (steps plus accumulator), so a time scale of 0.05
   * reads 0.05 every frame rather than 0.04–0.06 by whole steps.
   */
  simOverReal: number;
  /** The frames `fps` and `simOverReal` are taken over. */
  rateWindow: RateWindow;
  /** Since load: simulated seconds dropped by the step cap and the governor's per-frame guard. */
  droppedSeconds: number;
  /** Since load: simulated seconds cut by the frame clamp. */
  clampedSeconds: number;
  /** Since load: simulated seconds kept back by the overload governor's throttle. */
  throttledSeconds: number;
  /** The latest frame's report (what `advance` returns per frame). */
  frame: FrameReport;
  step: number;
  simTime: number;
  /** Simulated seconds the display has reached: `simTime` plus what waits in the accumulator. */
  displayTime: number;
  timeScale: number;
  paused: boolean;
  /** The stutter meter on the tracked body (frames 0 when none is tracked). */
  stutter: StutterReport;
  /** Index of the body the stutter meter tracks, −1 for none. */
  tracked: number;
  /** True when the tracked body was removed (by anything) since it was chosen; nothing is tracked. */
  trackedRemoved: boolean;
  /** The loaded replay's progress and checks (steps since the recording's start); null: none. */
  replay: ReplayStatus | null;
  /** Steps and inputs recorded so far while recording; null: not recording. */
  recording: { step: number; inputs: number } | null;
  /** The determinism lab's comparison, when the scene has two worlds. */
  twin: TwinReport | null;
  /** Bodies the state guard removed since the scene was loaded (NaN, infinite, out of the world). */
  removedBodies: number;
  /** True while the WebGL context is lost (nothing is drawn; the simulation runs on). */
  contextLost: boolean;
  /** Where physics steps: 'worker' (its own thread) or 'main' (the page's). */
  thread: 'worker' | 'main';
  /**
   * How steps reach the page: 'shared' (a SharedArrayBuffer ring; the page is cross-origin
   * isolated), 'transfer' (each step's buffer transferred), or 'direct' (the main thread).
   */
  transport: 'shared' | 'transfer' | 'direct';
  /** Steps the drawn state lags the newest step asked for, beyond the main thread's (worker). */
  latencySteps: number;
  /** False when the browser offers no WebGL 2: nothing is drawn; everything else runs. */
  webgl: boolean;
  /** Geometries, textures and shader programs three.js holds on the GPU (flat across loads). */
  geometries: number;
  textures: number;
  programs: number;
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
   * time the display reached) and what interpolating it cost (two clock readings, passed
   * as read: a difference passed to a call V8 does not inline is boxed, 16 bytes a frame).
   */
  endFrame(report: FrameReport, interpolateStartMs: number, interpolateEndMs: number): void {
    const displayTime = report.displayTime;
    const interpolationMs = interpolateEndMs - interpolateStartMs;
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
