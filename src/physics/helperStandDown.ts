// When the second physics thread stops paying: while the helper has a core of its own the two
// threads meet within a spin; when its meetings keep having to sleep (a helper the OS does not
// schedule), it is sent off for a while, longer each time. Who does the work never changes a bit.

/**
 * How a stand-down is judged and how long it lasts (see HelperStandDown). Its steps are solves:
 * a step with no contacts to solve is not judged and does not count.
 */
export interface StandDownRule {
  /** Steps judged together. */
  windowSteps: number;
  /** Times a window's meetings may sleep, waiting on the helper, and go on sharing. */
  sleepsLimit: number;
  /** Steps after the start that are not judged: both threads run cold code at first. */
  graceSteps: number;
  /** Steps the first stand-down lasts; one that follows a failed retry lasts twice as long. */
  firstSteps: number;
  /** The longest stand-down, in steps. */
  lastSteps: number;
}

/**
 * The app's rule. Pyramid × 5–11 in Node on this 2-core machine, quiet: after its first dozen
 * steps a step's meetings sleep 0–5 times (most none); with one busy process beside them, 3–460
 * times, and a step on two threads costs 1.7× one on one thread.
 */
export const STAND_DOWN_RULE: Readonly<StandDownRule> = Object.freeze({
  windowSteps: 8,
  sleepsLimit: 16,
  graceSteps: 16,
  firstSteps: 50,
  lastSteps: 3200,
});

/**
 * The stepping thread's judge of its helper: the meetings report the times they slept waiting
 * on it (`slept`), `judge` runs once a solve, and while `sharing` is false the passes are this
 * thread's alone (ThreadTeam). Only counters: it reads no clock.
 */
export class HelperStandDown {
  /** Steps whose sweeps the helper sat out (a counter: nothing reads it back into a step). */
  stoodDown = 0;
  /** Stand-downs so far (a counter). */
  standDowns = 0;
  private left = 0;
  private next: number;
  private grace: number;
  private sleeps = 0;
  private judged = 0;

  constructor(private readonly rule: Readonly<StandDownRule> = STAND_DOWN_RULE) {
    const { windowSteps, sleepsLimit, graceSteps, firstSteps, lastSteps } = rule;
    if (
      !(windowSteps >= 1 && sleepsLimit >= 0 && graceSteps >= 0) ||
      !(firstSteps >= 1 && lastSteps >= firstSteps)
    ) {
      throw new RangeError(
        `A stand-down rule needs windowSteps ≥ 1, sleepsLimit ≥ 0, graceSteps ≥ 0 and lastSteps ≥ firstSteps ≥ 1 (got ${windowSteps}, ${sleepsLimit}, ${graceSteps}, ${firstSteps}, ${lastSteps}).`,
      );
    }
    this.next = firstSteps;
    this.grace = graceSteps;
  }

  /** Judges afresh, grace steps first (a new world's steps may cost anything); counters kept. */
  restart(): void {
    this.left = 0;
    this.next = this.rule.firstSteps;
    this.grace = this.rule.graceSteps;
    this.sleeps = 0;
    this.judged = 0;
  }

  /** Whether the helper takes its share of the passes until the next judgement. */
  get sharing(): boolean {
    return this.left === 0;
  }

  /** A meeting slept `times` times waiting on the helper. */
  slept(times: number): void {
    this.sleeps += times;
  }

  /**
   * Once a step, before its sweeps; returns whether they are shared. A window whose meetings
   * slept more than the rule allows starts a stand-down at once (this step's sweeps sat out);
   * a whole window within it ends the doubling; a step sat out counts the stand-down down.
   */
  judge(): boolean {
    if (this.left > 0) {
      this.left--;
      this.stoodDown++;
      this.sleeps = 0;
      return false;
    }
    if (this.grace > 0) {
      this.grace--;
      this.sleeps = 0;
      return true;
    }
    if (this.sleeps > this.rule.sleepsLimit) {
      this.standDowns++;
      this.stoodDown++;
      this.left = this.next - 1;
      this.next = Math.min(2 * this.next, this.rule.lastSteps);
      this.sleeps = 0;
      this.judged = 0;
      return false;
    }
    if (++this.judged === this.rule.windowSteps) {
      this.next = this.rule.firstSteps;
      this.sleeps = 0;
      this.judged = 0;
    }
    return true;
  }
}
