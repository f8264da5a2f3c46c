// The HUD's numbers, kept in fixed-size rings so recording them allocates nothing per frame.

import type { FrameReport } from '../loop/fixedStepLoop';
import type { StutterReport } from './stutterMeter';
import type { TwinReport } from './twinLab';

/** Frames remembered for rates: a second at up to 240 Hz displays. */
const WINDOW = 256;
/** Rates (fps, simulated ÷ real) are taken over the most recent second of frames. */
const RATE_WINDOW_SECONDS = 1;
/** Weight of the newest sample in the smoothed costs: about the last 20 samples count. */
const SMOOTHING = 0.05;

export interface StatsSnapshot {
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
  simOverReal: number;
  droppedSeconds: number;
  step: number;
  simTime: number;
  timeScale: number;
  paused: boolean;
  /** The stutter meter on the tracked body (frames 0 when none is tracked). */
  stutter: StutterReport;
  /** Index of the body the stutter meter tracks, −1 for none. */
  tracked: number;
  /** The determinism lab's comparison, when the scene has two worlds. */
  twin: TwinReport | null;
  /** Bodies the state guard removed since the scene was loaded (NaN, infinite, out of the world). */
  removedBodies: number;
  /** True while the WebGL context is lost (nothing is drawn; the simulation runs on). */
  contextLost: boolean;
  /** False when the browser offers no WebGL 2: nothing is drawn; everything else runs. */
  webgl: boolean;
  /** Geometries, textures and shader programs three.js holds on the GPU (flat across loads). */
  geometries: number;
  textures: number;
  programs: number;
}

export class FrameStats {
  private readonly realSeconds = new Float64Array(WINDOW);
  private readonly simSeconds = new Float64Array(WINDOW);
  private head = 0;
  private filled = 0;
  private lastSimTime = 0;
  stepsThisFrame = 0;
  alpha = 0;
  physicsMsPerStep = 0;
  physicsMsThisFrame = 0;
  physicsMsLastStep = 0;
  private physicsMsSoFar = 0;
  interpolationUs = 0;
  droppedSeconds = 0;
  private stepsRecorded = 0;

  reset(): void {
    this.realSeconds.fill(0);
    this.simSeconds.fill(0);
    this.head = 0;
    this.filled = 0;
    this.lastSimTime = 0;
    this.droppedSeconds = 0;
    this.stepsRecorded = 0;
    this.physicsMsPerStep = 0;
    this.physicsMsThisFrame = 0;
    this.physicsMsLastStep = 0;
    this.physicsMsSoFar = 0;
  }

  recordStep(stepMs: number): void {
    this.physicsMsSoFar += stepMs;
    this.physicsMsLastStep = stepMs;
    this.physicsMsPerStep =
      this.stepsRecorded === 0
        ? stepMs
        : this.physicsMsPerStep + SMOOTHING * (stepMs - this.physicsMsPerStep);
    this.stepsRecorded++;
  }

  endFrame(frameSeconds: number, report: FrameReport, interpolationMs: number): void {
    const real = frameSeconds > 0 && frameSeconds < Infinity ? frameSeconds : 0;
    this.realSeconds[this.head] = real;
    this.simSeconds[this.head] = report.simTime - this.lastSimTime;
    this.lastSimTime = report.simTime;
    this.head = (this.head + 1) % WINDOW;
    if (this.filled < WINDOW) this.filled++;
    this.stepsThisFrame = report.steps;
    this.physicsMsThisFrame = this.physicsMsSoFar;
    this.physicsMsSoFar = 0;
    this.alpha = report.alpha;
    // Time lost to the clamp and the throttle counts too: all are why the simulation runs slower
    // than real time.
    this.droppedSeconds += report.droppedSeconds + report.clampedSeconds + report.throttledSeconds;
    const us = interpolationMs * 1000;
    this.interpolationUs =
      this.interpolationUs === 0
        ? us
        : this.interpolationUs + SMOOTHING * (us - this.interpolationUs);
  }

  private windowReal = 0;
  private windowSim = 0;
  private windowFrames = 0;

  /** Sums the newest frames back to one second of real time. */
  private sumRecent(): void {
    let real = 0;
    let sim = 0;
    let frames = 0;
    for (let k = 1; k <= this.filled && real < RATE_WINDOW_SECONDS; k++) {
      const at = (this.head - k + WINDOW) % WINDOW;
      real += this.realSeconds[at] as number;
      sim += this.simSeconds[at] as number;
      frames++;
    }
    this.windowReal = real;
    this.windowSim = sim;
    this.windowFrames = frames;
  }

  fps(): number {
    this.sumRecent();
    return this.windowReal > 0 ? this.windowFrames / this.windowReal : 0;
  }

  /** Simulated ÷ real seconds over the last second: 1 is real time, 0.62 is slow motion. */
  simOverReal(): number {
    this.sumRecent();
    return this.windowReal > 0 ? this.windowSim / this.windowReal : 0;
  }
}
