// The determinism lab: a second Simulation of the same scene, seed and settings. Real frame time
// is handed to each world as frames of its own emulated display rate (60 Hz left, 144 Hz right),
// both get every command at the same step, and both worlds' state hashes are kept per step so
// they can be compared at the same step.

import type { FrameReport } from '../loop/fixedStepLoop';
import type { TwinReport } from './frameStats';
import type { Command, CommandAction } from '../physics/commands';
import { toHex } from './stateHasher';
import { Simulation } from './simulation';

/**
 * A frame owed to within a nanosecond is due: `advance` hands over exactly 1/60 s frames, and
 * summing them must not leave 1/60 − 1e-18 owed and skip a frame (as the loop's own epsilon).
 */
const DUE_EPSILON_SECONDS = 1e-9;

/** Steps of hash history kept per world: 10 s at 100 Hz, far more than the two ever drift apart. */
const HISTORY = 1024;

export type { TwinReport };

class HashHistory {
  private readonly high = new Uint32Array(HISTORY);
  private readonly low = new Uint32Array(HISTORY);
  private readonly steps = new Int32Array(HISTORY).fill(-1);

  reset(): void {
    this.steps.fill(-1);
  }

  record(step: number, high: number, low: number): void {
    const at = step % HISTORY;
    this.steps[at] = step;
    this.high[at] = high;
    this.low[at] = low;
  }

  has(step: number): boolean {
    return step >= 0 && this.steps[step % HISTORY] === step;
  }

  equals(other: HashHistory, step: number): boolean {
    const at = step % HISTORY;
    return this.high[at] === other.high[at] && this.low[at] === other.low[at];
  }

  hex(step: number): string {
    const at = step % HISTORY;
    return this.has(step) ? toHex(this.high[at] ?? 0, this.low[at] ?? 0) : '';
  }
}

export class TwinLab {
  readonly twin: Simulation;
  readonly leftHz: number;
  readonly rightHz: number;
  readonly offsetX: number;
  private readonly main: Simulation;
  private readonly leftHistory = new HashHistory();
  private readonly rightHistory = new HashHistory();
  private leftOwed = 0;
  private rightOwed = 0;
  private divergedAt = -1;

  constructor(main: Simulation, leftHz: number, rightHz: number, offsetX: number) {
    this.main = main;
    this.leftHz = leftHz;
    this.rightHz = rightHz;
    this.offsetX = offsetX;
    const loaded = main.scene;
    this.twin = new Simulation(loaded.definition.id, { count: loaded.count, seed: loaded.seed });
    this.twin.set({ ...main.settings });
    main.onStepHash = (step, high, low) => this.leftHistory.record(step, high, low);
    this.twin.onStepHash = (step, high, low) => this.rightHistory.record(step, high, low);
  }

  /** Rebuilds the twin from the main world's scene (after a load or reset); resolves once built. */
  reload(): Promise<void> {
    const loaded = this.main.scene;
    const built = this.twin.load(loaded.definition.id, { count: loaded.count, seed: loaded.seed });
    this.leftHistory.reset();
    this.rightHistory.reset();
    this.leftOwed = 0;
    this.rightOwed = 0;
    this.divergedAt = -1;
    return built;
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
    const atStep = Math.max(this.main.nextStep, this.twin.nextStep);
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

  report(): TwinReport {
    const leftStep = this.main.publishedStep;
    const rightStep = this.twin.publishedStep;
    let compared = Math.min(leftStep, rightStep);
    while (compared > 0 && !(this.leftHistory.has(compared) && this.rightHistory.has(compared)))
      compared--;
    const known = compared > 0;
    const agree = known && this.leftHistory.equals(this.rightHistory, compared);
    if (known && !agree && (this.divergedAt < 0 || compared < this.divergedAt))
      this.divergedAt = compared;
    return {
      leftHz: this.leftHz,
      rightHz: this.rightHz,
      leftStep,
      rightStep,
      comparedStep: known ? compared : -1,
      leftHash: known ? this.leftHistory.hex(compared) : '',
      rightHash: known ? this.rightHistory.hex(compared) : '',
      agree,
      divergedAt: this.divergedAt,
    };
  }
}
