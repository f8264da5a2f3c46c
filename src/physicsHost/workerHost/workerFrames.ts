// The page's side of stepping in a worker: which step to draw each frame, how far behind the
// requests it runs (the extra latency, in steps), and whether the worker has room for more.
// The loop still decides how many steps each frame owes; this only ever asks, never waits.

import type { SceneSnapshots } from '../../snapshot/snapshots';
import type { PublishedSteps } from './publishedSteps';
import type { WorkerChannel } from './workerChannel';

/** What the frames ask of the worker's channel. */
export type FrameChannel = Pick<
  WorkerChannel,
  'ringSlots' | 'newestStep' | 'copyStep' | 'flush' | 'requestSteps'
> & { readonly published: Pick<PublishedSteps, 'lastStepMs' | 'lastBusyMs'> };

/**
 * Frames in a row the worker must be a step ahead of the drawn step before the latency drops by
 * one. Latency grows at once (else the display would have no step to draw), but shrinks only
 * when the worker is steadily early: at 60 Hz frames and 100 Hz steps a frame asks for 1, 2, 2,
 * … steps, and dropping on every one-step frame would draw 1, 3, 2, 1, 3 … steps apart.
 * Half a second of 60 Hz frames.
 */
const SHRINK_AFTER_FRAMES = 30;

export class WorkerFrames {
  private readonly channel: FrameChannel;
  /** Steps between the newest step asked for and the one drawn (beyond the main thread's). */
  latencySteps = 0;
  /** The step drawn now (its snapshot pair is in `snapshots`), −1 before the first. */
  drawnStep = -1;
  /** How many steps the cost `draw` last returned is the mean of (at least 1). */
  stepsSinceCost = 1;
  /** The step drawn, and the worker's busy milliseconds then, when `draw` last returned a cost. */
  private costStep = -1;
  private costBusyMs = 0;
  private drawnSeq = -1;
  private earlyFrames = 0;
  /** The step index asked for: the core's when built, plus every step asked for since. */
  private requested = 0;
  /** The step index the load or jump being drawn starts at. */
  private startStep = 0;
  /** The length of the frame's steps; NaN before its first. */
  private frameDt = Number.NaN;
  /** Each step's length, when a frame's steps differ (semi-fixed); null while they agree. */
  private mixedDt: number[] | null = null;
  private stepsThisFrame = 0;
  /** Steps the last frame sent asked for. */
  private lastFrameSteps = 0;

  /**
   * How many steps behind the newest published one the ring surely still holds: all its slots
   * but the one the worker may be writing and one of slack.
   */
  private readonly ringReach: number;

  constructor(channel: FrameChannel) {
    this.channel = channel;
    this.ringReach = channel.ringSlots - 2;
  }

  /**
   * A new load or jump, whose step index starts at `fromStep`: nothing more asked for, nothing
   * drawn.
   */
  reset(fromStep: number): void {
    this.latencySteps = 0;
    this.drawnStep = -1;
    this.drawnSeq = -1;
    this.costStep = -1;
    this.stepsSinceCost = 1;
    this.earlyFrames = 0;
    this.requested = fromStep;
    this.startStep = fromStep;
    this.stepsThisFrame = 0;
    this.frameDt = Number.NaN;
    this.mixedDt = null;
  }

  /** The loop took a step of `dtSeconds`: noted, and sent with the frame's request. */
  noteStep(dtSeconds: number): void {
    const frameDt = this.frameDt;
    if (Number.isNaN(frameDt)) this.frameDt = dtSeconds;
    else if (dtSeconds !== frameDt || this.mixedDt) {
      // Semi-fixed frames end with a shorter step: send each step's length.
      if (!this.mixedDt) this.mixedDt = new Array<number>(this.stepsThisFrame).fill(frameDt);
      this.mixedDt.push(dtSeconds);
    }
    this.stepsThisFrame++;
    this.requested++;
  }

  /** The step index asked for (the index of the next step). */
  get requestedStep(): number {
    return this.requested;
  }

  /** The last step the page showed of the current load: its start until one was drawn. */
  get shownStep(): number {
    return this.drawnStep >= 0 ? this.drawnStep : this.startStep;
  }

  /** Steps asked for past `step` are given up (the worker stopped): asking goes on from it. */
  rewindTo(step: number): void {
    this.requested = step;
    this.latencySteps = 0;
    this.stepsThisFrame = 0;
    this.frameDt = Number.NaN;
    this.mixedDt = null;
  }

  /**
   * Whether the worker may be asked for one more step this frame: only while what it has not
   * yet done would take it less than `budgetMs` at `estimateMs` a step. Keeps the backlog to
   * about a frame's worth, so a slow worker means slow motion, not a growing queue.
   */
  hasRoom(estimateMs: number, budgetMs: number): boolean {
    const backlog = this.requested - this.channel.newestStep();
    return backlog * estimateMs < budgetMs;
  }

  /** Sends the frame's commands and its step request (if it took steps). */
  sendFrame(): void {
    this.channel.flush();
    if (this.stepsThisFrame > 0) {
      this.channel.requestSteps(this.requested, this.mixedDt ?? this.frameDt);
    }
    this.lastFrameSteps = this.stepsThisFrame;
    this.stepsThisFrame = 0;
    this.frameDt = Number.NaN;
    this.mixedDt = null;
  }

  /**
   * Picks the step to draw and copies it into `out` if it is not already there. The drawn
   * step is the newest asked for less the latency; when the worker has not published it yet
   * the latency grows to what it has; when it is steadily early the latency shrinks by one.
   * `settled`: no step was asked for and none is owed (paused, or scripted frames that waited),
   * so the newest step is drawn at once. When a new step is drawn, returns the mean cost (ms) of
   * the worker's steps since the step drawn before (one slow step among a frame's 25 weighs a
   * 25th), and `stepsSinceCost` says how many; otherwise −1.
   */
  draw(out: SceneSnapshots, settled: boolean): number {
    const newest = this.channel.newestStep();
    if (newest < 0) return -1;
    if (settled && newest >= this.requested) this.latencySteps = 0;
    let target = this.requested - this.latencySteps;
    const oldestHeld = newest - this.ringReach;
    if (target > newest) {
      this.latencySteps = this.requested - newest;
      this.earlyFrames = 0;
      target = newest;
    } else if (target < oldestHeld) {
      // Frames asking for more steps than the ring holds (a slow display spending its frames in
      // full): the ring may no longer have the step a frame behind, so draw the oldest it surely
      // has. Between frames that far apart the picture jumps anyway.
      this.latencySteps = this.requested - oldestHeld;
      this.earlyFrames = 0;
      target = oldestHeld;
    } else if (target < newest && this.latencySteps > 0) {
      this.earlyFrames++;
      const catchUp = this.lastFrameSteps >> 2;
      if (catchUp >= 2) {
        // A slow display (eight steps a frame or more): one step a half-second would take
        // minutes to win back a frame's latency, and the picture jumps between such frames
        // anyway; catch up by up to a quarter of a frame's steps per frame.
        const shrink = Math.min(catchUp, this.latencySteps, newest - target);
        this.latencySteps -= shrink;
        target += shrink;
        this.earlyFrames = 0;
      } else if (this.earlyFrames >= SHRINK_AFTER_FRAMES) {
        this.latencySteps--;
        this.earlyFrames = 0;
        target++;
      }
    } else this.earlyFrames = 0;
    const seq = this.channel.copyStep(target, out, this.drawnStep === target ? this.drawnSeq : -1);
    if (seq < 0) return -1;
    const fresh = target !== this.drawnStep;
    this.drawnStep = target;
    this.drawnSeq = seq;
    if (!fresh) return -1;
    const busyMs = this.channel.published.lastBusyMs;
    const steps = this.costStep >= 0 && target > this.costStep ? target - this.costStep : 0;
    const meanMs =
      steps > 0 ? (busyMs - this.costBusyMs) / steps : this.channel.published.lastStepMs;
    this.stepsSinceCost = steps > 0 ? steps : 1;
    this.costStep = target;
    this.costBusyMs = busyMs;
    return meanMs;
  }
}
