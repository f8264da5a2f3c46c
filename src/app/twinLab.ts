// The determinism lab: a second Simulation of the same scene, seed and settings. Real frame time
// is handed to each world as frames of its own emulated display rate (60 Hz left, 144 Hz right),
// both get every command at the same step, and every step's state is compared once both worlds
// have reached it; the first that differs is named down to the body and field.

import type { FrameReport } from '../loop/fixedStepLoop';
import type { Command, CommandAction } from '../physics/commands';
import { firstBodyDifference } from '../state/divergence';
import type { Divergence } from '../state/divergence';
import { Simulation } from './simulation';
import { StepHistory } from './stepHistory';

/**
 * A frame owed to within a nanosecond is due: `advance` hands over exactly 1/60 s frames, and
 * summing them must not leave 1/60 − 1e-18 owed and skip a frame (as the loop's own epsilon).
 */
const DUE_EPSILON_SECONDS = 1e-9;

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

export class TwinLab {
  readonly twin: Simulation;
  readonly leftHz: number;
  readonly rightHz: number;
  readonly offsetX: number;
  private readonly main: Simulation;
  private readonly leftHistory = new StepHistory();
  private readonly rightHistory = new StepHistory();
  private leftOwed = 0;
  private rightOwed = 0;
  private divergence: Divergence | null = null;

  constructor(main: Simulation, leftHz: number, rightHz: number, offsetX: number) {
    this.main = main;
    this.leftHz = leftHz;
    this.rightHz = rightHz;
    this.offsetX = offsetX;
    const loaded = main.scene;
    this.twin = new Simulation(loaded.definition.id, { count: loaded.count, seed: loaded.seed });
    this.twin.set({ ...main.settings });
    main.onStep = (step) => this.recorded(step, main, this.leftHistory, this.rightHistory);
    this.twin.onStep = (step) =>
      this.recorded(step, this.twin, this.rightHistory, this.leftHistory);
  }

  /** Rebuilds the twin from the main world's scene (after a load or reset). */
  reload(): void {
    const loaded = this.main.scene;
    this.twin.load(loaded.definition.id, { count: loaded.count, seed: loaded.seed });
    this.leftHistory.reset();
    this.rightHistory.reset();
    this.leftOwed = 0;
    this.rightOwed = 0;
    this.divergence = null;
  }

  /** The twin continues from the same saved state as the main world (validated by it already). */
  load(state: unknown): void {
    this.twin.loadState(state);
    this.leftHistory.reset();
    this.rightHistory.reset();
    this.leftOwed = 0;
    this.rightOwed = 0;
    this.divergence = null;
  }

  /** Copies the main world's settings so both worlds always run the same strategy and rate. */
  syncSettings(): void {
    this.twin.set({ ...this.main.settings });
  }

  /**
   * Queues a world change (spawn, throw, remove) in both worlds for the same step: the later of
   * their next steps, which neither has run yet. The world that is behind applies it when it gets
   * there, so both change at the same step and keep agreeing. Bodies are named by id, which the
   * same scene and the same commands make the same in both worlds. Returns the main world's command.
   */
  queue(action: CommandAction): Command {
    const atStep = Math.max(this.main.physics.stepIndex, this.twin.physics.stepIndex);
    this.twin.queue(action, atStep);
    return this.main.queue(action, atStep);
  }

  detach(): void {
    this.main.onStep = null;
  }

  /**
   * Spends `frameSeconds` of real time as whole frames of each emulated display rate, exactly
   * 1/60 s and 1/144 s long, so the comparison does not depend on how steady rAF happens to be.
   * Returns the main world's last report (a frame of 0 s when no 60 Hz frame fell due).
   */
  frame(frameSeconds: number, realTime = false): FrameReport {
    if (!this.main.settings.paused) {
      this.leftOwed += frameSeconds;
      this.rightOwed += frameSeconds;
    }
    const leftPeriod = 1 / this.leftHz;
    const rightPeriod = 1 / this.rightHz;
    let report: FrameReport | null = null;
    // At most a quarter second of emulated frames at once, like the loop's own frame clamp.
    for (let k = 0; this.leftOwed >= leftPeriod - DUE_EPSILON_SECONDS && k < this.leftHz / 4; k++) {
      this.leftOwed -= leftPeriod;
      report = this.main.frame(leftPeriod, realTime);
    }
    for (
      let k = 0;
      this.rightOwed >= rightPeriod - DUE_EPSILON_SECONDS && k < this.rightHz / 4;
      k++
    ) {
      this.rightOwed -= rightPeriod;
      this.twin.frame(rightPeriod, realTime);
    }
    if (this.leftOwed >= leftPeriod) this.leftOwed = 0;
    if (this.rightOwed >= rightPeriod) this.rightOwed = 0;
    if (this.leftOwed < 0) this.leftOwed = 0;
    if (this.rightOwed < 0) this.rightOwed = 0;
    return report ?? this.main.frame(0, realTime);
  }

  /**
   * After one world's step: once both worlds have it, compare their hashes there — every step,
   * exactly once, when the second world reaches it — and name the first that differs down to the
   * body and field while both worlds' poses at that step are still kept.
   */
  private recorded(step: number, sim: Simulation, own: StepHistory, other: StepHistory): void {
    own.record(step, sim);
    if (this.divergence !== null || !other.has(step) || own.equals(other, step)) return;
    const left = this.leftHistory.bodiesAt(step);
    const right = this.rightHistory.bodiesAt(step);
    const difference = left && right ? firstBodyDifference(left, right) : null;
    this.divergence = {
      step,
      body: difference ? difference.body : null,
      field: difference ? difference.field : null,
    };
  }

  report(): TwinReport {
    const leftStep = this.main.physics.stepIndex;
    const rightStep = this.twin.physics.stepIndex;
    let compared = Math.min(leftStep, rightStep);
    while (compared > 0 && !(this.leftHistory.has(compared) && this.rightHistory.has(compared)))
      compared--;
    const known = compared > 0;
    const agree = known && this.leftHistory.equals(this.rightHistory, compared);
    return {
      leftHz: this.leftHz,
      rightHz: this.rightHz,
      leftStep,
      rightStep,
      comparedStep: known ? compared : -1,
      leftHash: known ? this.leftHistory.hex(compared) : '',
      rightHash: known ? this.rightHistory.hex(compared) : '',
      agree,
      divergedAt: this.divergence ? this.divergence.step : -1,
      divergence: this.divergence ? { ...this.divergence } : null,
    };
  }
}
