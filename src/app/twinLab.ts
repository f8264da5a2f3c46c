// The determinism lab: a second Simulation of the same scene, seed and settings. Real frame time
// is handed to each world as frames of its own emulated display rate (60 Hz left, 144 Hz right),
// both get every command at the same step, and every step's state is compared once both worlds
// have it: the first that differs is named down to the body and field.

import type { FrameReport } from 'fixed-step/loop';
import type { TwinReport } from '../stats/statsSnapshot';
import type { Command, CommandAction } from '../physics/index';
import { firstBodyDifference } from '../state/divergence';
import type { Divergence } from '../state/divergence';
import type { SavedState } from '../state/stateSchema';
import { LocalHost } from '../physicsHost/host/localHost';
import { Simulation } from './simulation';
import { StepHistory } from './stepHistory';

/**
 * A frame owed to within a nanosecond is due: `advance` hands over exactly 1/60 s frames, and
 * summing them must not leave 1/60 − 1e-18 owed and skip a frame (as the loop's own epsilon).
 */
const DUE_EPSILON_SECONDS = 1e-9;

export type { TwinReport };

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
    const options = { count: loaded.count, seed: loaded.seed };
    this.twin = new Simulation(new LocalHost(loaded.definition.id, options, main.host.tuning));
    this.twin.set({ ...main.settings });
    main.onStepHash = (step, high, low) =>
      this.recorded(step, high, low, main, this.leftHistory, this.rightHistory);
    this.twin.onStepHash = (step, high, low) =>
      this.recorded(step, high, low, this.twin, this.rightHistory, this.leftHistory);
  }

  /** Rebuilds the twin from the main world's scene (after a load or reset); resolves once built. */
  reload(): Promise<void> {
    const loaded = this.main.scene;
    const built = this.twin.load(loaded.definition.id, { count: loaded.count, seed: loaded.seed });
    this.leftHistory.reset();
    this.rightHistory.reset();
    this.leftOwed = 0;
    this.rightOwed = 0;
    this.divergence = null;
    return built;
  }

  /**
   * The twin continues from the same saved state as the main world, checked once for both (see
   * ActionLayer.loadState); a copy of its own, as the main world's host may keep the one it got.
   * Resolves once it has.
   */
  loadState(state: SavedState): Promise<void> {
    const loaded = this.twin.timeline.loadChecked(structuredClone(state));
    this.leftHistory.reset();
    this.rightHistory.reset();
    this.leftOwed = 0;
    this.rightOwed = 0;
    this.divergence = null;
    return loaded;
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
    const atStep = Math.max(this.main.host.stepping.nextStep, this.twin.host.stepping.nextStep);
    this.twin.queue(action, atStep);
    return this.main.queue(action, atStep);
  }

  detach(): void {
    this.main.onStepHash = null;
  }

  /**
   * Spends `frameSeconds` of real time as whole frames of each emulated display rate, exactly
   * 1/60 s and 1/144 s long, so the comparison does not depend on how steady rAF happens to be.
   * Returns the main world's last report (a frame of 0 s when no 60 Hz frame fell due).
   */
  frame(frameSeconds: number, realTime = false): FrameReport {
    this.schedule(frameSeconds);
    let report: FrameReport | null = null;
    for (let k = 0; k < this.leftFrames; k++) report = this.main.frame(1 / this.leftHz, realTime);
    for (let k = 0; k < this.rightFrames; k++) this.twin.frame(1 / this.rightHz, realTime);
    return report ?? this.main.frame(0, realTime);
  }

  /** As `frame`, for scripted frames: each emulated frame waits for its steps (worker mode). */
  async frameAndWait(frameSeconds: number): Promise<FrameReport> {
    this.schedule(frameSeconds);
    const left = this.leftFrames;
    const right = this.rightFrames;
    let report: FrameReport | null = null;
    for (let k = 0; k < left; k++) report = await this.main.frameAndWait(1 / this.leftHz);
    for (let k = 0; k < right; k++) await this.twin.frameAndWait(1 / this.rightHz);
    return report ?? (await this.main.frameAndWait(0));
  }

  /** Emulated frames each world runs in the coming real frame (set by `schedule`). */
  private leftFrames = 0;
  private rightFrames = 0;

  /**
   * Spends `frameSeconds` of real time as whole emulated frames of each world's rate: how many
   * fall due now on each side, at most a quarter second's worth (like the loop's frame clamp).
   */
  private schedule(frameSeconds: number): void {
    if (!this.main.settings.paused) {
      this.leftOwed += frameSeconds;
      this.rightOwed += frameSeconds;
    }
    const leftPeriod = 1 / this.leftHz;
    const rightPeriod = 1 / this.rightHz;
    this.leftFrames = 0;
    while (this.leftOwed >= leftPeriod - DUE_EPSILON_SECONDS && this.leftFrames < this.leftHz / 4) {
      this.leftOwed -= leftPeriod;
      this.leftFrames++;
    }
    this.rightFrames = 0;
    while (
      this.rightOwed >= rightPeriod - DUE_EPSILON_SECONDS &&
      this.rightFrames < this.rightHz / 4
    ) {
      this.rightOwed -= rightPeriod;
      this.rightFrames++;
    }
    if (this.leftOwed >= leftPeriod) this.leftOwed = 0;
    if (this.rightOwed >= rightPeriod) this.rightOwed = 0;
    if (this.leftOwed < 0) this.leftOwed = 0;
    if (this.rightOwed < 0) this.rightOwed = 0;
  }

  /**
   * After one world's step: once both worlds have it, compare their hashes there — every step,
   * exactly once, when the second world reaches it — and name the first that differs down to the
   * body and field while both worlds' poses at that step are still kept.
   */
  private recorded(
    step: number,
    high: number,
    low: number,
    sim: Simulation,
    own: StepHistory,
    other: StepHistory,
  ): void {
    own.record(step, high, low, sim.host.bodies.posesAt(step));
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
    const leftStep = this.main.host.stepping.publishedStep;
    const rightStep = this.twin.host.stepping.publishedStep;
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
