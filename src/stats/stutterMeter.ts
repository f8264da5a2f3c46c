// The stutter meter: for one tracked body, compares each drawn frame's on-screen displacement
// with the displacement the body truly had over that display interval, and how far the drawn
// position is from where the body truly is at display time.

import type { FrameReport } from 'fixed-step/loop';
import { vec3 } from 'gl-matrix';
import type { TruePath } from '../scenes/sceneTypes';

/** Drawn frames the live numbers are taken over: two seconds of a 60 Hz display. */
export const STUTTER_WINDOW = 120;
/** Frames the time chart keeps. */
export const CHART_FRAMES = 240;

/** The stutter meter's reading over its window (STUTTER_WINDOW drawn frames). */
export interface StutterReport {
  /** Coefficient of variation of (drawn ÷ true displacement) per frame: 0 is perfectly even motion. */
  jitter: number;
  /** Mean distance (m) between the drawn and the true position at display time. */
  error: number;
  /** Frames the numbers are taken over (0 until a moving body is tracked). */
  frames: number;
}

/** What the meter reads each frame; the Simulation passes itself. */
export interface MeterSource {
  /** The frame's report: what it did and the simulated time the display shows. */
  readonly report: FrameReport;
  /** The dense index of body `id` now, −1 once it has been removed. */
  bodyIndex(id: number): number;
  /** The poses drawn this frame (positions by dense index). */
  readonly draw: { readonly position: Float64Array };
  /** The current snapshot: position and velocity, for bodies without a known path. */
  readonly snapshots: {
    readonly current: { readonly position: Float64Array; readonly velocity: Float64Array };
  };
}

/**
 * Tracks a body by id, so a removal that moves another body into its slot never switches the
 * measurement to that body: when the tracked body itself is removed (by anything, the state
 * guard inside a step included) the meter stops and says so.
 */
export class StutterMeter {
  /** Id of the tracked body, −1 for none. */
  trackedId = -1;
  /** True once the tracked body was removed; cleared by the next `track`. */
  trackedRemoved = false;
  private path: TruePath | null = null;
  private readonly ratios = new Float64Array(STUTTER_WINDOW);
  private readonly errors = new Float64Array(STUTTER_WINDOW);
  private head = 0;
  private filled = 0;
  private hasLast = false;
  private readonly drawn = [0, 0, 0];
  private readonly truth = [0, 0, 0];
  private readonly velocity = [0, 0, 0];
  private readonly lastDrawn = [0, 0, 0];
  private readonly lastTruth = [0, 0, 0];
  /** Chart rings, oldest first from `chartHead`: steps, alpha, frame ms, drawn displacement (mm). */
  readonly chart = {
    steps: new Float64Array(CHART_FRAMES),
    alpha: new Float64Array(CHART_FRAMES),
    frameMs: new Float64Array(CHART_FRAMES),
    displacementMm: new Float64Array(CHART_FRAMES),
  };
  chartHead = 0;

  /** Tracks body `id` (−1 for none), with its exact path if the scene knows it. */
  track(id: number, path: TruePath | null = null): void {
    this.trackedId = id;
    this.trackedRemoved = false;
    this.path = path;
    this.reset();
  }

  /**
   * Notes that the tracked body has left what is drawn (removed by anything, the state guard
   * inside a step included): read from the drawn bodies each time they change, in either thread.
   */
  checkTracked(source: Pick<MeterSource, 'bodyIndex'>): void {
    if (this.trackedId >= 0 && source.bodyIndex(this.trackedId) < 0) this.lose();
  }

  /** Empties the window (a setting that changes what is measured, a new body). */
  reset(): void {
    this.head = 0;
    this.filled = 0;
    this.hasLast = false;
  }

  /** Records one drawn frame. Allocates nothing. */
  record(source: MeterSource): void {
    const r = source.report;
    const c = this.chartHead;
    this.chart.steps[c] = r.steps;
    this.chart.alpha[c] = r.alpha;
    this.chart.frameMs[c] = r.frameSeconds * 1000;
    this.chart.displacementMm[c] = 0;
    this.chartHead = (c + 1) % CHART_FRAMES;
    if (this.trackedId < 0) return;
    const index = source.bodyIndex(this.trackedId);
    // Gone since it was last checked: reading its old slot would measure whichever body now sits
    // there.
    if (index < 0) {
      this.lose();
      return;
    }

    const time = r.displayTime;
    const at = 3 * index;
    const drawn = source.draw.position;
    vec3.set(this.drawn, drawn[at], drawn[at + 1], drawn[at + 2]);
    if (this.path) this.path(time, this.truth);
    else {
      // No known path: the truth at display time is the current state carried forward by its
      // velocity over the time still in the accumulator.
      const { position: p, velocity: v } = source.snapshots.current;
      vec3.set(this.truth, p[at], p[at + 1], p[at + 2]);
      vec3.set(this.velocity, v[at], v[at + 1], v[at + 2]);
      vec3.scaleAndAdd(this.truth, this.truth, this.velocity, time - r.simTime);
    }
    if (this.hasLast) {
      const drawnStep = vec3.distance(this.drawn, this.lastDrawn);
      const trueStep = vec3.distance(this.truth, this.lastTruth);
      this.chart.displacementMm[c] = drawnStep * 1000;
      // A frame in which the body truly did not move (paused, asleep) says nothing about stutter.
      if (trueStep > 1e-9) {
        this.ratios[this.head] = drawnStep / trueStep;
        this.errors[this.head] = vec3.distance(this.drawn, this.truth);
        this.head = (this.head + 1) % STUTTER_WINDOW;
        if (this.filled < STUTTER_WINDOW) this.filled++;
      }
    }
    vec3.copy(this.lastDrawn, this.drawn);
    vec3.copy(this.lastTruth, this.truth);
    this.hasLast = true;
  }

  private lose(): void {
    this.trackedId = -1;
    this.trackedRemoved = true;
    this.path = null;
    this.reset();
  }

  /** @returns the window's jitter and error now, as a new object (for `stats()`). */
  result(): StutterReport {
    const n = this.filled;
    if (n === 0) return { jitter: 0, error: 0, frames: 0 };
    let sum = 0;
    let errorSum = 0;
    for (let k = 0; k < n; k++) {
      sum += this.ratios[k];
      errorSum += this.errors[k];
    }
    const mean = sum / n;
    let squares = 0;
    for (let k = 0; k < n; k++) squares += (this.ratios[k] - mean) ** 2;
    const jitter = mean > 0 ? Math.sqrt(squares / n) / mean : 0;
    return { jitter, error: errorSum / n, frames: n };
  }
}
