// The physics host for a physics worker, on the page's side: the worker's messages (channel), the
// steps asked for and the one drawn (frames), and its roles over them (stepping, timeline,
// bodies, faults). If the worker dies, its world is rebuilt on the page's thread from the session
// log (`recover`), up to the step the page showed, while this host keeps taking requests into it.

import { LocalHost } from '../host/localHost';
import type { HostInput, PhysicsHost } from '../host/physicsHost';
import { WORKER_PHYSICS_SHARE } from 'fixed-step/loop';
import type { KernelMode, PhysicsTuning } from '../../physics/index';
import type { FromWorker, MessageSink, ToWorker, Transport } from '../wire/protocol';
import { WorkerChannel } from './workerChannel';
import { WorkerFrames } from './workerFrames';
import { LogReplay } from './logReplay';
import { WorkerStepping } from './workerStepping';
import { WorkerTimeline } from './workerTimeline';
import { WorkerBodies, WorkerFaults } from './workerBodies';

/**
 * Ring slots: a frame asks for at most maxStepsPerFrame steps (25 by default) and the page draws
 * about a frame behind the newest, so a little more than that: at 5 fps a frame's 20 steps are
 * all still there when the next frame picks one.
 */
export const RING_SLOTS = 32;

export interface WorkerHostOptions {
  transport: Transport;
  tuning: Readonly<PhysicsTuning>;
  /** Ring slots (RING_SLOTS unless a test wants another). */
  slots?: number;
  /** The clock a silent worker's silence is measured with (ms). */
  clockMs?: () => number;
  /** Stops the worker itself (a browser Worker's `terminate`); nothing for a test's channel. */
  terminate?: () => void;
}

/**
 * Why the page gave up on its worker, as data: the page's language layer words it (a `detail`
 * is the browser's or the worker's own message, passed on as it came).
 */
export type WorkerProblem =
  | { kind: 'noWorkers' }
  | { kind: 'cannotStart'; detail: string }
  | { kind: 'blocked' }
  | { kind: 'failed'; detail: string }
  | { kind: 'unreadable' }
  | { kind: 'silent'; seconds: number };

export class WorkerHost implements PhysicsHost {
  readonly thread = 'worker';
  readonly physicsShare = WORKER_PHYSICS_SHARE;
  readonly keepsOwnPace = true;
  readonly tuning: Readonly<PhysicsTuning>;
  /** The worker's messages: loads, jumps, commands, requests, and the steps it published. */
  readonly channel: WorkerChannel;
  /** The steps asked for each frame, and which one is drawn. */
  readonly frames: WorkerFrames;
  readonly stepping: WorkerStepping;
  readonly input: HostInput;
  readonly timeline: WorkerTimeline;
  readonly bodies: WorkerBodies;
  readonly faults = new WorkerFaults();
  /** Told once when the worker fails (it threw, could not start, or the page gave up on it). */
  onFailed: ((problem: WorkerProblem) => void) | null = null;
  private readonly terminate: () => void;
  private failed = false;
  /** The world being rebuilt on the page's thread since the worker stopped (see `recover`). */
  private rebuild: LogReplay | null = null;
  /** Steps the page had asked for past the last one it showed when the worker stopped. */
  stepsDropped = 0;

  /** @param sink where messages to the worker go; its answers come in through `receive`. */
  constructor(sink: MessageSink<ToWorker>, options: WorkerHostOptions) {
    this.tuning = options.tuning;
    this.terminate = options.terminate ?? (() => undefined);
    this.channel = new WorkerChannel(
      sink,
      { transport: options.transport, slots: options.slots ?? RING_SLOTS, tuning: options.tuning },
      {
        onFaults: (report) => this.faults.note(report),
        onFailed: (message) => this.fail({ kind: 'failed', detail: message }),
        onStepHashes: (first, hashes) => this.stepping.stepHashes(first, hashes),
      },
      options.clockMs,
    );
    this.frames = new WorkerFrames(this.channel);
    const stopped = (): boolean => this.failed;
    this.stepping = new WorkerStepping(this.channel, this.frames, stopped);
    this.input = this.channel.outbox;
    this.timeline = new WorkerTimeline(this.channel, {
      stopped,
      nextStep: () => this.frames.requestedStep,
      restart: (fromStep) => this.restart(fromStep),
    });
    this.bodies = new WorkerBodies(this.channel, this.stepping.drawnPair);
  }

  /**
   * Handles one message from the worker (nothing once it has failed). One the page cannot read
   * is a failure like any other.
   */
  receive(message: FromWorker): void {
    if (this.failed) return;
    try {
      this.channel.receive(message);
    } catch (error) {
      this.fail({ kind: 'failed', detail: error instanceof Error ? error.message : String(error) });
    }
  }

  /**
   * The worker is given up on: it is stopped and `onFailed` told why (once). Requests go on
   * into the session log, and whoever waits on the worker waits for its world to be rebuilt on
   * the page's thread (see `recover`).
   */
  fail(problem: WorkerProblem): void {
    if (this.failed) return;
    this.stop();
    this.onFailed?.(problem);
  }

  /**
   * Stops the worker. Steps asked for past the last one the page showed are dropped (the
   * picture never jumps ahead); from here on the page's requests are only logged.
   */
  private stop(): void {
    if (this.failed) return;
    this.failed = true;
    this.terminate();
    this.channel.stopSending();
    const shown = this.frames.shownStep;
    this.stepsDropped = this.frames.requestedStep - shown;
    this.channel.log.freeze(shown);
    this.frames.rewindTo(shown);
  }

  /**
   * The worker's world rebuilt on the page's thread, a slice at a time: `run` it until it says
   * it is done, then `recovered` hands over the host to use. Stops the worker if it still runs
   * (physics moved to the page by choice).
   */
  recover(): LogReplay {
    this.stop();
    if (!this.rebuild)
      this.rebuild = new LogReplay(this.channel.log, this.tuning, this.channel.answer);
    return this.rebuild;
  }

  /**
   * The rebuilt world, as a host on the page's thread (after `recover` ran to the end): every
   * request the page made of the worker is done there, and whoever waited is let go.
   */
  recovered(): LocalHost {
    const core = this.rebuild?.core;
    if (!core) throw new Error("The physics worker's world has not been rebuilt.");
    this.channel.abandon();
    return new LocalHost(core);
  }

  /**
   * Milliseconds the worker has owed an answer without a word (0 while it owes none): a worker
   * the browser stopped fires no event the page always sees.
   */
  silentMs(): number {
    return this.channel.silence.silentMs(this.channel.ready);
  }

  /** Work the worker is known to owe that may keep it silent (ms; see WorkerSilence.owedMs). */
  owedMs(): number {
    return this.channel.silence.owedMs(this.channel.published.lastStepMs, this.channel.ready);
  }

  /** The page ran no tasks for `ms`: not counted as the worker's silence (see WorkerChannel). */
  pageStalled(ms: number): void {
    this.channel.silence.pageStalled(ms);
  }

  get transport(): Transport {
    return this.channel.transport;
  }

  get latencySteps(): number {
    return this.frames.latencySteps;
  }

  get kernels(): KernelMode {
    return this.channel.kernels;
  }

  dispose(): void {
    if (!this.failed) {
      this.failed = true;
      this.terminate();
    }
    this.channel.abandon();
  }

  /** A new generation asked for (from step `fromStep`): nothing of the old one is drawn. */
  private restart(fromStep: number): void {
    this.stepping.restart(fromStep);
    this.faults.clear();
  }
}
