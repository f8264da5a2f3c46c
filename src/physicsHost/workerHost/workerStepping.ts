// A worker's steps as the page sees them: asked for each frame, measured in the worker, and the
// step drawn copied into the page's own snapshot pair; each step's digest, when asked for, comes
// back in the worker's messages.

import type {
  GovernorView,
  HostListener,
  HostStepping,
  StepHashListener,
} from '../host/physicsHost';
import { SceneSnapshots } from '../../snapshot/snapshots';
import type { WorkerChannel } from './workerChannel';
import type { WorkerFrames } from './workerFrames';

/** Before a simulation attaches: no clock is read, no cost reported. */
const UNATTACHED: HostListener = { nowMs: () => 0, stepsCost: () => undefined };

export class WorkerStepping implements HostStepping {
  /** The drawn step's snapshot pair. */
  readonly drawnPair = new SceneSnapshots();
  private listener = UNATTACHED;
  private stepHashListener: StepHashListener | null = null;
  private readonly channel: WorkerChannel;
  private readonly frames: WorkerFrames;
  /** Whether the worker was stopped (its last step shown stays drawn). */
  private readonly stopped: () => boolean;

  constructor(channel: WorkerChannel, frames: WorkerFrames, stopped: () => boolean) {
    this.channel = channel;
    this.frames = frames;
    this.stopped = stopped;
  }

  attach(listener: HostListener): void {
    this.listener = listener;
  }

  get nextStep(): number {
    return this.frames.requestedStep;
  }

  get publishedStep(): number {
    return this.channel.newestStep();
  }

  get time(): number {
    return this.channel.published.lastTime;
  }

  beginSteps(): void {}

  step(dtSeconds: number): void {
    // Asked for at the end of the frame, and measured in the worker.
    this.frames.noteStep(dtSeconds);
  }

  hasRoom(governor: GovernorView, frameBudgetMs: number): boolean {
    return this.frames.hasRoom(governor.estimateMs, frameBudgetMs);
  }

  endSteps(stepsTaken: number): void {
    const commandsSent = this.channel.outbox.hasPending;
    this.frames.sendFrame();
    // Paused (or between steps): the worker applies them now and publishes the same step.
    if (commandsSent && stepsTaken === 0) this.channel.applyNow();
  }

  drawn(settled: boolean): SceneSnapshots {
    // A stopped worker's last step shown stays in the picture until its world is rebuilt.
    if (this.stopped()) return this.drawnPair;
    const meanMs = this.frames.draw(this.drawnPair, settled);
    if (meanMs >= 0) this.listener.stepsCost(meanMs, this.frames.stepsSinceCost);
    this.channel.shown(this.frames.drawnStep);
    return this.drawnPair;
  }

  whenCaughtUp(): Promise<void> {
    return this.channel.whenCaughtUp();
  }

  setStepHashListener(listener: StepHashListener | null): void {
    this.stepHashListener = listener;
    this.channel.setHashSteps(listener !== null);
  }

  /** The worker's digests of steps `first` …, two lanes each: told to the listener, if any. */
  stepHashes(first: number, hashes: Uint32Array): void {
    const listener = this.stepHashListener;
    if (!listener) return;
    for (let k = 0; k < hashes.length / 2; k++)
      listener(first + k, hashes[2 * k], hashes[2 * k + 1]);
  }

  /** A new generation asked for (from step `fromStep`): nothing of the old one is drawn. */
  restart(fromStep: number): void {
    this.frames.reset(fromStep);
    const drawn = this.drawnPair;
    drawn.resize(0);
    drawn.bodies.count = 0;
    drawn.bodies.version = -1;
  }
}
