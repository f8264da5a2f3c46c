// The front door's small parts: the step hooks (the app's code at every fixed step), the running
// totals it reports and the page it listens to.

import type { FixedStepLoop, FrameReport } from '../loop/fixedStepLoop';

/** What a step hook is told: the same object every step, refilled (nothing allocated). */
export interface StepInfo {
  /** The step's length (s): 1 / hz. */
  readonly dt: number;
  /** Simulated seconds at the start of the step (beforeStep) or its end (afterStep). */
  readonly simTime: number;
  /** Steps taken before this one since the front door was made. */
  readonly step: number;
}

/** Code run at every fixed step. */
export type StepListener = (step: StepInfo) => void;

/** Where the page says it was hidden or shown again: the browser's `document` is one. */
export interface VisibilityDocument {
  /** Listens for 'visibilitychange'. */
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  /** Stops listening (on dispose). */
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/** Running totals since the front door was made. */
export interface FixedStepStats {
  /** Frames drawn. */
  readonly frames: number;
  /** Fixed steps taken. */
  readonly steps: number;
  /** Simulated seconds the step cap dropped (slow motion instead of a burst). */
  readonly droppedSeconds: number;
  /** Real seconds the 0.25 s clamp cut from long frames (hitches). */
  readonly clampedSeconds: number;
  /** Bodies drawn afresh: moved by hand between steps (noticed), or `teleport()`ed. */
  readonly restarts: number;
}

/** The totals, written by the front door. */
export class StepTotals implements FixedStepStats {
  frames = 0;
  steps = 0;
  droppedSeconds = 0;
  clampedSeconds = 0;
  restarts = 0;

  /** Adds one frame's report. */
  count(report: FrameReport): void {
    this.frames++;
    this.droppedSeconds += report.droppedSeconds;
    this.clampedSeconds += report.clampedSeconds;
  }
}

type HookType = 'beforeStep' | 'afterStep';

/**
 * The listeners of each hook. Adding or removing one makes a new list (copy on write), so a
 * listener that removes itself mid-step does not skip the next, and running them allocates nothing.
 */
export class StepHooks {
  private lists: Record<HookType, readonly StepListener[]> = { beforeStep: [], afterStep: [] };
  private readonly info = { dt: 0, simTime: 0, step: 0 };

  /**
   * @param loop - read for the simulated time.
   * @param stats - its step total is the step index.
   */
  constructor(
    private readonly loop: FixedStepLoop,
    private readonly stats: StepTotals,
  ) {}

  /** Adds `listener` to `type`; the returned function removes it. */
  on(type: HookType, listener: StepListener): () => void {
    if (type !== 'beforeStep' && type !== 'afterStep') {
      throw new RangeError(`on: '${String(type)}' is not a hook; use 'beforeStep' or 'afterStep'.`);
    }
    if (typeof listener !== 'function')
      throw new TypeError(`on: the ${type} listener is not a function.`);
    this.lists[type] = [...this.lists[type], listener];
    return () => {
      this.lists[type] = this.lists[type].filter((l) => l !== listener);
    };
  }

  /** Runs `type`'s listeners for a step of `dt` (afterStep also counts the step). */
  run(type: HookType, dt: number): void {
    const info = this.info;
    info.dt = dt;
    if (type === 'afterStep') {
      info.simTime = this.loop.simTime + dt;
      this.stats.steps++;
    } else {
      info.simTime = this.loop.simTime;
      info.step = this.stats.steps;
    }
    const list = this.lists[type];
    for (let k = 0; k < list.length; k++) list[k](info);
  }

  /** Removes every listener. */
  clear(): void {
    this.lists = { beforeStep: [], afterStep: [] };
  }
}
