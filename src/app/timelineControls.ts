// Save, load, record, replay and seek for a Simulation, with physics on this thread or in the
// worker: checks what it is given, makes the jump on the side that holds the world, and paces
// the page's loop along a loaded replay (its step lengths, its rest at the end).

import type { Settings } from '../config/settings';
import type { PhysicsCore } from '../core/physicsCore';
import type { FixedStepLoop } from '../loop/fixedStepLoop';
import { DEFAULT_TUNING } from '../physics/tuning';
import type { PhysicsTuning } from '../physics/tuning';
import { readInteger } from '../state/fields';
import type { Recording } from '../state/recording';
import { parseRecording } from '../state/recordingSchema';
import type { ReplayStatus } from '../state/replay';
import { parseState } from '../state/stateSchema';
import type { SavedState } from '../state/stateSchema';
import { parseRecordOptions, parseStopOptions } from '../state/timeline';
import { ReplayPacer } from './replayPacer';
import type { WorkerLink } from '../workerHost/workerLink';

/** What the controls read and ask of the simulation they belong to. */
export interface TimelineSide {
  /** The physics on this thread; null in worker mode. */
  local(): PhysicsCore | null;
  /** The worker; null with physics on this thread. */
  link(): WorkerLink | null;
  settings(): Readonly<Settings>;
  loop(): FixedStepLoop;
  /**
   * A jump was asked for (`asked`: the worker's promise, null on this thread): the page's side
   * now counts on from `driverStep`, with the scene, clock and rate of `state` where known here.
   * Resolves once the worker has built it.
   */
  jumped(driverStep: number, state: SavedState | null, asked: Promise<void> | null): Promise<void>;
  /** A physics rate a state or replay asks for (ignored when out of the settings' range). */
  setRate(physicsHz: number): void;
  /** Pauses the loop (a replay rests at its end). */
  pause(): void;
}

export class TimelineControls {
  /** The loaded replay's pacing, or null when none is loaded. */
  private pacer: ReplayPacer | null = null;
  /** Whether a recording is under way (the core, here or in the worker, holds it). */
  private recordingNow = false;
  private readonly sim: TimelineSide;

  constructor(sim: TimelineSide) {
    this.sim = sim;
  }

  /** No replay and no recording: a scene was loaded (`keepRecording`: it goes on recording). */
  clear(keepRecording = true): void {
    this.pacer = null;
    if (!keepRecording) this.recordingNow = false;
  }

  /** The physics tuning saved states and recordings must match (the worker's is the default). */
  get tuning(): Readonly<PhysicsTuning> {
    const local = this.sim.local();
    return local ? local.physics.tuning : DEFAULT_TUNING;
  }

  /**
   * The world's exact state (see state/worldState.ts): on this thread now; in worker mode once
   * the worker has taken every step and command asked for so far.
   */
  saveState(): Promise<SavedState> {
    const local = this.sim.local();
    if (local) {
      local.physicsHz = this.sim.settings().physicsHz;
      return Promise.resolve(local.saveState());
    }
    const physics = this.worker().physics;
    physics.setRate(this.sim.settings().physicsHz);
    return physics.request({ type: 'saveState' }) as Promise<SavedState>;
  }

  /**
   * Continues from a saved state (an object or its JSON text): the same hash at every later step
   * as the run it was saved from. Checks all of it here first and throws, changing nothing, if
   * any field is bad. In worker mode resolves once the worker has restored it.
   */
  loadState(input: unknown): Promise<void> {
    const state = parseState(input, this.tuning);
    return this.jump(state.step, state, null, (local) => {
      if (local) local.loadState(state, state.step);
      else return this.worker().physics.jump({ type: 'loadState', state, driverStep: state.step });
      return null;
    });
  }

  /**
   * Starts recording at the current step (options checked here: `hashEvery` N, `keyframeEvery`
   * K). It ends a replay. In worker mode resolves once the worker has started it.
   */
  record(options: unknown = {}): Promise<void> {
    if (this.recordingNow) throw new Error('Already recording: call stopRecording() first.');
    const parsed = parseRecordOptions(options);
    this.recordingNow = true;
    this.pacer = null;
    const local = this.sim.local();
    if (local) {
      local.physicsHz = this.sim.settings().physicsHz;
      local.record(parsed);
      return Promise.resolve();
    }
    const physics = this.worker().physics;
    physics.setRate(this.sim.settings().physicsHz);
    return physics.request({ type: 'record', options: parsed }).then(() => undefined);
  }

  /** Ends the recording and returns it (`keyframes: 'first'` keeps only the start). */
  stopRecording(options: unknown = {}): Promise<Recording> {
    if (!this.recordingNow) throw new Error('Not recording: call record() first.');
    const keyframes = parseStopOptions(options);
    this.recordingNow = false;
    const local = this.sim.local();
    if (local) return Promise.resolve(local.stopRecording(keyframes));
    return this.worker().physics.request({
      type: 'stopRecording',
      keyframes,
    }) as Promise<Recording>;
  }

  /**
   * Loads a recording (an object or its JSON text) and plays it from its first keyframe as the
   * loop advances; it rests (pauses) at its end. Checks it completely first and throws,
   * changing nothing, if any of it is bad.
   */
  replay(input: unknown): Promise<void> {
    if (this.recordingNow)
      throw new Error(
        'Recording: call stopRecording() first (a replay would discard the recording).',
      );
    const recording = parseRecording(input, this.tuning);
    const start = recording.keyframes[0];
    if (!start) throw new Error('Recording: keyframes[0] is missing.');
    const driverStep = start.state.step;
    const pacer = new ReplayPacer(recording, driverStep);
    return this.jump(driverStep, start.state, pacer, (local) => {
      if (local) local.replay(recording, driverStep);
      else return this.worker().physics.jump({ type: 'replay', recording, driverStep });
      return null;
    });
  }

  /**
   * Moves the loaded replay to `step` (counted from the recording's start): its latest keyframe
   * at or before it, then the steps from there re-simulated.
   */
  seek(step: unknown): Promise<void> {
    const pacer = this.pacer;
    if (!pacer) throw new Error('seek needs a replay: call replay(recording) first.');
    const target = readInteger('seek', step, 'step', 0, pacer.length);
    const driverStep = pacer.baseStep + target;
    pacer.rewound();
    return this.jump(driverStep, null, pacer, (local) => {
      if (local) local.seek(target, driverStep);
      else return this.worker().physics.jump({ type: 'seek', target, driverStep });
      return null;
    });
  }

  /** The loaded replay's progress and checks (in worker mode as of the newest step); null: none. */
  replayStatus(): ReplayStatus | null {
    if (!this.pacer) return null;
    const local = this.sim.local();
    return local ? local.timeline.status() : this.worker().physics.timeline.replay;
  }

  /** Steps recorded so far (in worker mode as of the newest step); null when not recording. */
  get recordingStep(): number | null {
    if (!this.recordingNow) return null;
    const local = this.sim.local();
    if (local) return local.timeline.recordingStep;
    return this.worker().physics.timeline.recordingStep ?? 0;
  }

  /** Inputs recorded so far (in worker mode as of the newest step); null when not recording. */
  get recordingInputs(): number | null {
    if (!this.recordingNow) return null;
    const local = this.sim.local();
    if (local) return local.timeline.recordingInputs;
    return this.worker().physics.timeline.recordingInputs ?? 0;
  }

  /** Whether the loop may take another step: not past a loaded replay's unplayed end. */
  allowsStep(): boolean {
    return this.pacer === null || this.pacer.allowsStep(this.sim.loop().stepCount);
  }

  /** Paces the loop at the replay's recorded step length, where it names one. */
  followReplay(): void {
    const pacer = this.pacer;
    if (!pacer || pacer.live) return;
    const seconds = pacer.stepSecondsAt(this.sim.loop().stepCount);
    if (!Number.isNaN(seconds)) this.sim.setRate(1 / seconds);
  }

  /** A replay rests (pauses) at its end, however it got there; stepping on past it plays live. */
  restIfEnded(): void {
    const pacer = this.pacer;
    if (!pacer) return;
    const step = this.sim.loop().stepCount;
    if (step > pacer.endStep) pacer.live = true;
    else if (pacer.shouldRest(step)) {
      pacer.rested = true;
      this.sim.pause();
    }
  }

  /**
   * A jump (a loaded state, a replay, a seek): `make` makes it on this thread (given the core),
   * or asks the worker and returns its promise; the page's side then follows.
   */
  private jump(
    driverStep: number,
    state: SavedState | null,
    pacer: ReplayPacer | null,
    make: (local: PhysicsCore | null) => Promise<void> | null,
  ): Promise<void> {
    const asked = make(this.sim.local());
    this.pacer = pacer;
    return this.sim.jumped(driverStep, state, asked);
  }

  private worker(): WorkerLink {
    const link = this.sim.link();
    if (!link) throw new Error('No physics: neither this thread nor a worker holds the world.');
    return link;
  }
}
