// Everything the page asks of physics, whichever thread it runs on, cut by role: stepping, input,
// timeline, bodies, faults. Two homes: LocalHost (the physics core on the page's own thread) and
// WorkerHost (../workerHost/). Switching threads swaps the one object a Simulation holds.

import type { PhysicsThreadSetting } from '../../config/settings';
import type { OverloadGovernor } from 'fixed-step/loop';
import type { Command, FaultReport, KernelMode, PhysicsTuning } from '../../physics/index';
import type { LoadedScene } from '../../scenes/registry';
import type { SceneDrawData } from '../../snapshot/sceneDrawData';
import type { SceneSnapshots } from '../../snapshot/snapshots';
import type { Recording, RecordOptions } from '../../state/recording';
import type { ReplayStatus } from '../../state/replay';
import type { SavedState } from '../../state/stateSchema';
import type { KeyframeChoice } from '../../state/timeline';

/** How published steps reach the page: 'direct' on its own thread, else the worker's transport. */
export type HostTransport = 'direct' | 'shared' | 'transfer';

/** Told a step's state digest (two 32-bit lanes). */
export type StepHashListener = (step: number, high: number, low: number) => void;

/** A recording under way: steps and inputs recorded so far. */
export interface RecordingStatus {
  step: number;
  inputs: number;
}

/** What a host reads of the overload governor to decide whether a frame has room for a step. */
export type GovernorView = Pick<OverloadGovernor, 'stepAllowed' | 'estimateMs'>;

/** What a host reads from and reports to the simulation that holds it. */
export interface HostListener {
  /** The clock step costs are measured with (ms); tests pass a made-up one. */
  nowMs(): number;
  /**
   * What steps cost: the mean (ms) of `steps` steps, once each step is taken on this thread, or
   * once a newly drawn worker step brings the mean of the worker's steps since the last one.
   * The one designed feedback edge: the step cost into the overload governor.
   */
  stepsCost(meanMs: number, steps: number): void;
}

/**
 * The frame's steps, and what they publish. The page's step index is the physics core's: steps
 * since the scene was loaded, running on across a replay's scene loads, set by a jump (a loaded
 * state's step; a replay's first keyframe's; a seek's: the replay's start plus the target).
 * `nextStep` is that index as far as the page has asked (a worker may still be stepping towards it).
 */
export interface HostStepping {
  /** Reads the clock and reports step costs to `listener` from now on. */
  attach(listener: HostListener): void;
  /** The index of the next step: commands queued now apply before it. */
  readonly nextStep: number;
  /** The newest step published (on the page's thread, the one taken last). */
  readonly publishedStep: number;
  /** Simulated seconds of the world at the newest step built or published. */
  readonly time: number;
  /** A frame's steps begin (their costs are measured from here on the page's thread). */
  beginSteps(): void;
  /** Takes (page's thread) or asks for (worker) one step of `dtSeconds`. */
  step(dtSeconds: number): void;
  /**
   * Whether a real-time frame has room for another step: on the page's thread while its steps
   * have cost less than the governor's frame budget; in a worker while the backlog asked for
   * would take it less than `frameBudgetMs` at the governor's estimate a step (slow motion,
   * never a growing queue).
   */
  hasRoom(governor: GovernorView, frameBudgetMs: number): boolean;
  /**
   * The frame's steps are done: a worker is sent them (and the commands queued); with no step
   * taken, the commands due are applied now (the simulation is paused or between steps).
   */
  endSteps(stepsTaken: number): void;
  /**
   * The snapshots to draw now. A worker's host picks the step (the newest asked for less its
   * latency, or the newest at once when `settled`) and copies it. The pair is the host's own,
   * rewritten by later calls.
   */
  drawn(settled: boolean): SceneSnapshots;
  /** Resolves once everything asked so far is done and published (at once on the page's thread). */
  whenCaughtUp(): Promise<void>;
  /** Told every step's digest while set (steps are hashed only then). */
  setStepHashListener(listener: StepHashListener | null): void;
}

/** What the page puts into the world between steps. */
export interface HostInput {
  /** Queues a command for the boundary before step `command.atStep`. */
  push(command: Command): void;
  /** Latches the mouse's drag target, applied at the next step boundary. */
  setDragTarget(point: ArrayLike<number>): void;
  /** The physics rate the page paces at (what saved states and keyframes record). */
  setRate(physicsHz: number): void;
}

/** The scene built, and the jumps through time: saved states, recordings, replays, seeks. */
export interface HostTimeline {
  /** Builds a scene (checked by the caller) into an empty world; resolves once it is built. */
  load(scene: LoadedScene): Promise<void>;
  /** True while a load or jump is being built (frames then pass no time). */
  readonly building: boolean;
  /** The scene built (or asked for): a replay may load another one at one of its steps. */
  readonly scene: LoadedScene;
  /** The scene's statics and springs; a new object (and version) whenever they change. */
  readonly sceneDraw: SceneDrawData;
  /** The world's exact state at `nextStep` (see state/worldState.ts). */
  saveState(): Promise<SavedState>;
  /** Continues from a validated state; rejects (or throws), changing nothing, if it cannot. */
  loadState(state: SavedState): Promise<void>;
  /** Starts recording at `nextStep` (options checked by the caller). */
  record(options: RecordOptions): Promise<void>;
  stopRecording(keyframes: KeyframeChoice): Promise<Recording>;
  /** Plays a validated recording from its first keyframe. */
  replay(recording: Recording): Promise<void>;
  /** Moves the loaded replay to step `target` of the recording. */
  seek(target: number): Promise<void>;
  /** The loaded replay's progress (in a worker as of the newest finished request); null: none. */
  replayStatus(): ReplayStatus | null;
  /** The recording under way (in a worker as of the newest finished request); null: none. */
  recordingStatus(): RecordingStatus | null;
}

/** The bodies published: who is where, by id, and the digest of their exact state. */
export interface HostBodies {
  /** Hex digest of the newest published step's exact state ('' before the first). */
  hash(): string;
  /** The snapshots right after step `step` while still held (a scratch pair), else null. */
  posesAt(step: number): SceneSnapshots | null;
  /** The dense index of body `id` in what is drawn, −1 if it is not there. */
  bodyIndex(id: number): number;
  /** The id of the body drawn at dense index `index`, or −1. */
  idAt(index: number): number;
}

/** Bodies the state guard removed (non-finite or runaway state). */
export interface HostFaults {
  /** Those removed since the last call, merged, or null. */
  take(): FaultReport | null;
  /** How many were removed since the scene was loaded. */
  readonly removed: number;
}

/** A physics host: where it runs and how it paces, and its parts by role. */
export interface PhysicsHost {
  /** Where the physics steps. */
  readonly thread: PhysicsThreadSetting;
  readonly transport: HostTransport;
  /**
   * Share of real time the physics may use (the overload governor's): most of a frame on the
   * page's thread, nearly all of it in a worker with a core of its own.
   */
  readonly physicsShare: number;
  /**
   * Whether the physics keeps its own pace, so a steadily slow display may spend its frames in
   * full (the loop's `slowDisplay`): true in a worker, false where physics shares the frame.
   */
  readonly keepsOwnPace: boolean;
  /** Steps the drawn state lags the newest step asked for, beyond the main thread's (0 there). */
  readonly latencySteps: number;
  /** The tuning every world this host builds uses (saved states and recordings must match it). */
  readonly tuning: Readonly<PhysicsTuning>;
  /** Where the world's contact kernels run: WebAssembly, or their TypeScript (the same bits). */
  readonly kernels: KernelMode;
  readonly stepping: HostStepping;
  readonly input: HostInput;
  readonly timeline: HostTimeline;
  readonly bodies: HostBodies;
  readonly faults: HostFaults;
  /** Lets go of the physics (a worker is stopped; whoever waits on it is let go). */
  dispose(): void;
}
