// What the page measures, as data: `stats()`'s snapshot, the determinism lab's report and the
// figures the HUD shows (a part of the snapshot, filled in place at each refresh).

import type { Divergence } from '../state/divergence';
import type { ReplayStatus } from '../state/replay';
import type { FrameReport } from 'fixed-step/loop';
import type { RateWindow } from './frameStats';
import type { StutterReport } from './stutterMeter';

/** The determinism lab's comparison of its two worlds (TwinLab.report). */
export interface TwinReport {
  leftHz: number;
  rightHz: number;
  leftStep: number;
  rightStep: number;
  /** The latest step both worlds have reached and whose hashes are compared (−1: none yet). */
  comparedStep: number;
  leftHash: string;
  rightHash: string;
  /** Whether the two hashes at `comparedStep` are equal. */
  agree: boolean;
  /** First step at which they differed since load (−1: never). Every step is compared. */
  divergedAt: number;
  /** That step, with the first body (by id) and field that differed there; null: never. */
  divergence: Divergence | null;
}

/** Everything the page measures, as `stats()` returns it and the HUD shows part of it. */
export interface StatsSnapshot {
  /** Frames ÷ real seconds over the rate window. */
  fps: number;
  stepsThisFrame: number;
  alpha: number;
  accumulatorMs: number;
  physicsMsPerStep: number;
  /** Physics time spent in the latest frame, all its steps together. */
  physicsMsThisFrame: number;
  /** What the latest frame's last step cost (so the rest is what came before it). */
  physicsMsLastStep: number;
  /** Share of the dt budget one step costs (1 = a step takes as long as it simulates). */
  physicsBudgetUse: number;
  interpolationUs: number;
  bodies: number;
  awake: number;
  sleeping: number;
  /**
   * Simulated ÷ real seconds over the rate window: 1 is real time at time scale 1, 0.62 slow
   * motion. Simulated time is the display's (steps plus accumulator), so a time scale of 0.05
   * reads 0.05 every frame rather than 0.04–0.06 by whole steps.
   */
  simOverReal: number;
  /** The frames `fps` and `simOverReal` are taken over. */
  rateWindow: RateWindow;
  /** Since load: simulated seconds dropped by the step cap and the governor's per-frame guard. */
  droppedSeconds: number;
  /** Since load: simulated seconds cut by the frame clamp. */
  clampedSeconds: number;
  /**
   * The last frame's clamp: the longest real frame it would spend in full (0.25 s, or up to a
   * second in a worker on a steadily slow display: docs/threads.md's "A slow display").
   */
  frameClampSeconds: number;
  /** Since load: simulated seconds kept back by the overload governor's throttle. */
  throttledSeconds: number;
  /** The latest frame's report (what `advance` returns per frame). */
  frame: FrameReport;
  step: number;
  simTime: number;
  /** Simulated seconds the display has reached: `simTime` plus what waits in the accumulator. */
  displayTime: number;
  timeScale: number;
  paused: boolean;
  /** The stutter meter on the tracked body (frames 0 when none is tracked). */
  stutter: StutterReport;
  /** Index of the body the stutter meter tracks, −1 for none. */
  tracked: number;
  /** True when the tracked body was removed (by anything) since it was chosen; nothing is tracked. */
  trackedRemoved: boolean;
  /** The loaded replay's progress and checks (steps since the recording's start); null: none. */
  replay: ReplayStatus | null;
  /** Steps and inputs recorded so far while recording; null: not recording. */
  recording: { step: number; inputs: number } | null;
  /** The determinism lab's comparison, when the scene has two worlds. */
  twin: TwinReport | null;
  /** Bodies the state guard removed since the scene was loaded (NaN, infinite, out of the world). */
  removedBodies: number;
  /** True while the WebGL context is lost (nothing is drawn; the simulation runs on). */
  contextLost: boolean;
  /** Where physics steps: 'worker' (its own thread) or 'main' (the page's). */
  thread: 'worker' | 'main';
  /**
   * How steps reach the page: 'shared' (a SharedArrayBuffer ring; the page is cross-origin
   * isolated), 'transfer' (each step's buffer transferred), or 'direct' (the main thread).
   */
  transport: 'shared' | 'transfer' | 'direct';
  /** Steps the drawn state lags the newest step asked for, beyond the main thread's (worker). */
  latencySteps: number;
  /**
   * Where the contact kernels run: 'webassembly', or 'typescript' where WebAssembly is refused
   * (a Content-Security-Policy without 'wasm-unsafe-eval'); the same bits either way.
   */
  kernels: 'webassembly' | 'typescript';
  /** False when the browser offers no WebGL 2: nothing is drawn; everything else runs. */
  webgl: boolean;
  /** Geometries, textures and shader programs three.js holds on the GPU (flat across loads). */
  geometries: number;
  textures: number;
  programs: number;
}

/** The figures the HUD shows: a StatsSnapshot's, filled in place at each refresh. */
export type HudFigures = Pick<
  StatsSnapshot,
  | 'thread'
  | 'transport'
  | 'latencySteps'
  | 'fps'
  | 'stepsThisFrame'
  | 'alpha'
  | 'accumulatorMs'
  | 'physicsMsPerStep'
  | 'physicsBudgetUse'
  | 'interpolationUs'
  | 'bodies'
  | 'awake'
  | 'sleeping'
  | 'simOverReal'
  | 'rateWindow'
  | 'droppedSeconds'
  | 'clampedSeconds'
  | 'throttledSeconds'
  | 'timeScale'
  | 'paused'
>;

/** Fresh figures, all zero: what `HudSource.readHudFigures` fills. */
export function createHudFigures(): HudFigures {
  return {
    thread: 'main',
    transport: 'direct',
    latencySteps: 0,
    fps: 0,
    stepsThisFrame: 0,
    alpha: 0,
    accumulatorMs: 0,
    physicsMsPerStep: 0,
    physicsBudgetUse: 0,
    interpolationUs: 0,
    bodies: 0,
    awake: 0,
    sleeping: 0,
    simOverReal: 0,
    rateWindow: { frames: 0, seconds: 0, simSeconds: 0, givenUpSeconds: 0 },
    droppedSeconds: 0,
    clampedSeconds: 0,
    throttledSeconds: 0,
    timeScale: 1,
    paused: false,
  };
}
