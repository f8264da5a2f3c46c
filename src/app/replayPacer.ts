// The page's side of a replay: where it ends and which step length it asks for, by the step
// index (the physics core's, which the page counts by), so that the loop paces it (animation frames at any rate and time scale, or
// `advance`) and rests at its end in either physics thread. The inputs themselves are played by
// the physics core's Timeline, wherever the core runs.

import type { Recording } from '../state/recording';

export class ReplayPacer {
  /** The step index at the recording's step 0. */
  readonly baseStep: number;
  /** The recording's length in steps. */
  readonly length: number;
  /** The recording's `dt` inputs: step (from its start) and length, in order. */
  private readonly dtSteps: number[] = [];
  private readonly dtSeconds: number[] = [];
  /** True once the loop stepped past the end (the user played on): the pacer lets go. */
  live = false;
  /** True once the replay has rested at its end (the loop was paused there once). */
  rested = false;

  constructor(recording: Recording, baseStep: number) {
    this.baseStep = baseStep;
    this.length = recording.length;
    for (const input of recording.inputs) {
      if (input.type !== 'dt') continue;
      this.dtSteps.push(input.step);
      this.dtSeconds.push(input.seconds);
    }
  }

  /** The step index at the recording's end. */
  get endStep(): number {
    return this.baseStep + this.length;
  }

  /** Whether the loop, at step index `step`, may take another step (not at an unplayed end). */
  allowsStep(step: number): boolean {
    return this.live || this.rested || step < this.endStep;
  }

  /** Whether the loop at `step` has reached the end and should rest there now. */
  shouldRest(step: number): boolean {
    return !this.live && !this.rested && step >= this.endStep;
  }

  /** The recorded step length in force at step index `step`, NaN before any. */
  stepSecondsAt(step: number): number {
    const at = step - this.baseStep;
    let seconds = Number.NaN;
    const steps = this.dtSteps;
    for (let k = 0; k < steps.length && steps[k] <= at; k++) {
      seconds = this.dtSeconds[k];
    }
    return seconds;
  }

  /** After a seek: play (and rest) from here again. */
  rewound(): void {
    this.live = false;
    this.rested = false;
  }
}
