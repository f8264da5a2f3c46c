// Save, load, record, replay and seek for a Simulation: checks what it is given, asks the physics
// host to make the jump, and paces the page's loop along a loaded replay by the step index (its
// step lengths, and its rest at the end: a pause that is the replay's and ends with it).

import type { Settings } from '../config/settings';
import { t } from '../i18n/language';
import type { PhysicsHost } from '../physicsHost/host/physicsHost';
import type { PhysicsTuning } from '../physics/index';
import { readInteger } from '../state/fields';
import type { Recording } from '../state/recording';
import { parseRecording } from '../state/recordingSchema';
import type { ReplayStatus } from '../state/replay';
import { PHYSICS_VERSION } from '../state/physicsVersion';
import { parseState } from '../state/stateSchema';
import type { SavedState } from '../state/stateSchema';
import { parseRecordOptions, parseStopOptions } from '../state/timeline';
import { ReplayPacer } from './replayPacer';

/**
 * What the page says when a file from other physics is loaded, or null when it is this build's:
 * it loads, and its steps from here on may differ from the ones it was made with.
 */
function otherPhysicsNotice(
  key: 'message.otherPhysicsState' | 'message.otherPhysicsRecording',
  version: number,
): string | null {
  return version === PHYSICS_VERSION ? null : t(key, { version, current: PHYSICS_VERSION });
}

/** What the controls read and ask of the simulation they belong to. */
export interface TimelineSide {
  /** The physics host now (the thread may change between calls). */
  host(): PhysicsHost;
  settings(): Readonly<Settings>;
  /**
   * A jump was made or asked for (`made` resolves once the host has built it): the page's side
   * follows, with the rate of `state` where one was loaded.
   */
  jumped(made: Promise<void>, state: SavedState | null): Promise<void>;
  /** A physics rate a state or replay asks for (ignored when out of the settings' range). */
  setRate(physicsHz: number): void;
  /** The replay rests at its end: a pause that is the replay's (unless the user's already). */
  rest(): void;
  /** The replay ended: its rest, if still in force, ends with it. */
  endRest(): void;
}

export class TimelineControls {
  /** The loaded replay's pacing, or null when none is loaded. */
  private pacer: ReplayPacer | null = null;
  /** Whether a recording is under way (the host's core, here or in the worker, holds it). */
  private recordingNow = false;
  private readonly sim: TimelineSide;
  /** What the last load has to tell the user (a file from other physics), until taken. */
  private notice: string | null = null;

  constructor(sim: TimelineSide) {
    this.sim = sim;
  }

  /** The last load's notice for the user (see physicsVersion.ts), once; null when none. */
  takeNotice(): string | null {
    const notice = this.notice;
    this.notice = null;
    return notice;
  }

  /** No replay and no recording: a scene was loaded (`keepRecording`: it goes on recording). */
  clear(keepRecording = true): void {
    this.endReplay();
    if (!keepRecording) this.recordingNow = false;
  }

  /** The physics tuning saved states and recordings must match (the host's). */
  get tuning(): Readonly<PhysicsTuning> {
    return this.sim.host().tuning;
  }

  /**
   * The world's exact state (see state/worldState.ts): on this thread now; in worker mode once
   * the worker has taken every step and command asked for so far.
   */
  saveState(): Promise<SavedState> {
    const host = this.sim.host();
    host.input.setRate(this.sim.settings().physicsHz);
    return host.timeline.saveState();
  }

  /**
   * Continues from a saved state (an object or its JSON text): the same hash at every later step
   * as the run it was saved from. Checks all of it here first and throws, changing nothing, if
   * any field is bad. In worker mode resolves once the worker has restored it.
   */
  loadState(input: unknown): Promise<void> {
    return this.loadChecked(this.checkState(input));
  }

  /**
   * The saved state `input` holds, checked field by field and copied into plain data: the one
   * reading of the caller's object (its getters run once), or an Error naming the bad field.
   */
  checkState(input: unknown): SavedState {
    return parseState(input, this.tuning);
  }

  /** Continues from a state `checkState` returned (see loadState). */
  loadChecked(state: SavedState): Promise<void> {
    this.notice = otherPhysicsNotice('message.otherPhysicsState', state.physics);
    const made = this.sim.host().timeline.loadState(state);
    this.endReplay();
    return this.sim.jumped(made, state);
  }

  /**
   * Starts recording at the current step (options checked here: `hashEvery` N, `keyframeEvery`
   * K). It ends a replay. In worker mode resolves once the worker has started it.
   */
  record(options: unknown = {}): Promise<void> {
    if (this.recordingNow) throw new Error(t('api.alreadyRecording'));
    const parsed = parseRecordOptions(options);
    this.recordingNow = true;
    this.endReplay();
    const host = this.sim.host();
    host.input.setRate(this.sim.settings().physicsHz);
    return host.timeline.record(parsed);
  }

  /** Ends the recording and returns it (`keyframes: 'first'` keeps only the start). */
  stopRecording(options: unknown = {}): Promise<Recording> {
    if (!this.recordingNow) throw new Error(t('api.notRecording'));
    const keyframes = parseStopOptions(options);
    this.recordingNow = false;
    return this.sim.host().timeline.stopRecording(keyframes);
  }

  /**
   * Loads a recording (an object or its JSON text) and plays it from its first keyframe as the
   * loop advances, from whichever door it is asked (a replay that rested before lets go of its
   * rest; a pause the user set stays); it rests at its end. Checks it completely first and
   * throws, changing nothing, if any of it is bad.
   */
  replay(input: unknown): Promise<void> {
    if (this.recordingNow) throw new Error(t('api.replayWhileRecording'));
    const recording = parseRecording(input, this.tuning);
    this.notice = otherPhysicsNotice('message.otherPhysicsRecording', recording.physics);
    const start = recording.keyframes[0];
    if (!start) throw new Error('Recording: keyframes[0] is missing.');
    const host = this.sim.host();
    const made = host.timeline.replay(recording);
    this.endReplay();
    this.pacer = new ReplayPacer(recording, host.stepping.nextStep);
    return this.sim.jumped(made, start.state);
  }

  /**
   * Moves the loaded replay to `step` (counted from the recording's start): its latest keyframe
   * at or before it, then the steps from there re-simulated.
   */
  seek(step: unknown): Promise<void> {
    const pacer = this.pacer;
    if (!pacer) throw new Error(t('api.seekNoReplay'));
    const target = readInteger('seek', step, 'step', 0, pacer.length);
    const made = this.sim.host().timeline.seek(target);
    pacer.rewound();
    return this.sim.jumped(made, null);
  }

  /** The loaded replay's progress and checks (in worker mode as of the newest step); null: none. */
  replayStatus(): ReplayStatus | null {
    return this.pacer ? this.sim.host().timeline.replayStatus() : null;
  }

  /** Steps recorded so far (in worker mode as of the newest step); null when not recording. */
  get recordingStep(): number | null {
    return this.recordingNow ? (this.sim.host().timeline.recordingStatus()?.step ?? 0) : null;
  }

  /** Inputs recorded so far (in worker mode as of the newest step); null when not recording. */
  get recordingInputs(): number | null {
    return this.recordingNow ? (this.sim.host().timeline.recordingStatus()?.inputs ?? 0) : null;
  }

  /** Whether the loop may take another step: not past a loaded replay's unplayed end. */
  allowsStep(): boolean {
    return this.pacer === null || this.pacer.allowsStep(this.sim.host().stepping.nextStep);
  }

  /** At a frame's start: the replay's recorded step length at the step index, where it names one. */
  followReplay(): void {
    const pacer = this.pacer;
    if (!pacer || pacer.live) return;
    const seconds = pacer.stepSecondsAt(this.sim.host().stepping.nextStep);
    if (!Number.isNaN(seconds)) this.sim.setRate(1 / seconds);
  }

  /**
   * After the step index moved (a frame's steps, a single step, a jump): a replay rests at its
   * end, however it got there; stepping on past it plays live.
   */
  restIfEnded(): void {
    const pacer = this.pacer;
    if (!pacer) return;
    const step = this.sim.host().stepping.nextStep;
    if (step > pacer.endStep) pacer.live = true;
    else if (pacer.shouldRest(step)) {
      pacer.rested = true;
      this.sim.rest();
    }
  }

  /** The loaded replay (if any) is over: its pacing goes, and its rest with it. */
  private endReplay(): void {
    this.pacer = null;
    this.sim.endRest();
  }
}
