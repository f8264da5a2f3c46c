// When the page asks its physics worker for a checkpoint, and what it keeps of the answers: a
// checkpoint starts the session log afresh once the page has shown its step, so a worker that
// dies costs at most the work since (LogReplay), however long the session ran.

import type { CoreCheckpoint } from '../core/physicsCore';
import { markOf, mergeProgress } from '../../state/recorderProgress';
import type { RecorderMark, RecorderProgress } from '../../state/recorderProgress';
import type { SessionLog } from './sessionLog';

/**
 * The worker's stepping between checkpoints (ms of its measured work): a dead worker's world is
 * rebuilt from about this much work — half a second's — whatever the scene.
 */
export const CHECKPOINT_WORK_MS = 500;

/** At most this many steps between checkpoints (10 s at 100 Hz), however cheap the steps. */
export const CHECKPOINT_STEPS = 1000;

/**
 * Checkpoints are at least this many times their own cost apart in work, so making them (a
 * large world's state copied and sent) costs the worker at most 1/20 of its time.
 */
const COST_RATIO = 20;

export class CheckpointPolicy {
  private nextId = 1;
  /** The request in flight, −1 for none (one at a time). */
  private outstanding = -1;
  /** The worker's busy ms and the step when the last checkpoint was asked for. */
  private busyAtLast = 0;
  private stepAtLast = 0;
  /** What the last checkpoint cost the worker (ms). */
  private costMs = 0;
  /** The page's copy of a recording under way, merged from every checkpoint's progress. */
  private recorder: RecorderProgress | null = null;
  /**
   * Checkpoints heard but not yet shown, oldest first: each is adopted once the page has drawn
   * its step (a slow display draws a frame's worth of steps behind the newest).
   */
  private held: { id: number; checkpoint: CoreCheckpoint }[] = [];

  /**
   * A new load or jump: what was held belongs to the old one. The first checkpoint is asked for
   * with the first steps, so a rebuild restores a state a body at a time (in slices) rather
   * than building the scene whole in one task.
   */
  restart(busyMs: number): void {
    this.held.length = 0;
    this.stepAtLast = Number.NaN;
    this.busyAtLast = busyMs;
  }

  /**
   * After a step request up to `step`, the worker having worked `busyMs` in all: the id of a
   * checkpoint to ask for now, or −1.
   */
  due(step: number, busyMs: number): number {
    if (this.outstanding >= 0) return -1;
    const work = busyMs - this.busyAtLast;
    const first = Number.isNaN(this.stepAtLast);
    const enough = work >= CHECKPOINT_WORK_MS || step - this.stepAtLast >= CHECKPOINT_STEPS;
    if (!first && (!enough || work < COST_RATIO * this.costMs)) return -1;
    this.busyAtLast = busyMs;
    this.stepAtLast = step;
    this.outstanding = this.nextId++;
    return this.outstanding;
  }

  /** What to tell the worker the page holds of a recording under way. */
  get have(): RecorderMark | null {
    return markOf(this.recorder);
  }

  /**
   * The worker's answer to request `id`. `current`: it was made for the load the page is on
   * (else it is dropped, and the next request asks again from what the page holds).
   */
  received(id: number, checkpoint: CoreCheckpoint | null, costMs: number, current: boolean): void {
    if (id === this.outstanding) this.outstanding = -1;
    this.costMs = costMs;
    if (!current || !checkpoint) return;
    const progress = checkpoint.timeline.recorder;
    if (progress) {
      const merged = mergeProgress(this.recorder, progress);
      this.recorder = merged;
      // A copy that does not fit is dropped: the next request asks for the whole recording.
      if (!merged) return;
      checkpoint.timeline.recorder = merged;
    } else this.recorder = null;
    // Two are plenty: one a frame behind the drawn step, one ahead of it.
    if (this.held.push({ id, checkpoint }) > 2) this.held.shift();
  }

  /** The page has drawn step `step`: the newest checkpoint held at or before it starts the log. */
  shown(step: number, log: SessionLog): void {
    const held = this.held;
    let newest = -1;
    for (let k = 0; k < held.length; k++) if (held[k].checkpoint.stepIndex <= step) newest = k;
    if (newest < 0) return;
    const { id, checkpoint } = held[newest];
    held.splice(0, newest + 1);
    log.adopt(id, checkpoint);
  }
}
