// Record, replay and seek for one simulation: starts and stops the Recorder, loads a recording
// into a ReplayPlayer, feeds its inputs at their steps as whatever drives the loop advances, and
// seeks through keyframes. The simulation calls its hooks at every step boundary and step.

import type { CommandAction, CommandQueue } from '../physics/commands';
import type { PhysicsTuning } from '../physics/tuning';
import { readChoice, readFields, readInteger } from './fields';
import {
  DEFAULT_HASH_EVERY,
  DEFAULT_KEYFRAME_EVERY,
  MAX_RECORDING_STEPS,
  Recorder,
} from './recording';
import type { RecordedInput, Recording, StateSource } from './recording';
import { parseRecording } from './recordingSchema';
import { ReplayPlayer } from './replay';
import type { ReplayStatus } from './replay';
import type { SavedState } from './stateSchema';

/** What the timeline drives: the simulation (or, in a worker, its physics core). */
export interface TimelineHost extends StateSource {
  readonly commands: CommandQueue;
  readonly tuning: Readonly<PhysicsTuning>;
  /** The world's step index (the boundary a command queued now applies at). */
  readonly stepIndex: number;
  /** Restores a validated state; `withCommands: false` leaves its queued commands out. */
  restore(state: SavedState, withCommands: boolean): void;
  /** Builds a scene afresh, as a recorded input (so not recorded again). */
  loadScene(sceneId: string, count: number, seed: number): void;
  /** Takes `count` steps at once through the full step path (a seek's re-simulation). */
  runSteps(count: number): void;
  /** Paces the loop at a replayed step length (the physics uses the recorded one regardless). */
  followStepSeconds(seconds: number): void;
  /** Pauses at the end of a replay. */
  pause(): void;
}

const OPTIONS = 'record options';

export class Timeline {
  private readonly host: TimelineHost;
  private recorder: Recorder | null = null;
  private player: ReplayPlayer | null = null;
  /** Made once: the command queue calls it for every command applied while recording. */
  private readonly logCommand = (action: CommandAction): void => this.recorder?.command(action);

  constructor(host: TimelineHost) {
    this.host = host;
  }

  /** Steps recorded so far, or null when not recording. */
  get recordingStep(): number | null {
    return this.recorder ? this.recorder.step : null;
  }

  /** Inputs recorded so far, or null when not recording. */
  get recordingInputs(): number | null {
    return this.recorder ? this.recorder.inputCount : null;
  }

  /** The replay's progress and checks, or null when none is loaded. */
  status(): ReplayStatus | null {
    return this.player ? this.player.status() : null;
  }

  /**
   * Starts recording at the current step; its first keyframe is the state now. Ends a replay
   * (recording from a replayed moment continues it live). Options: `hashEvery` (N) and
   * `keyframeEvery` (K) steps.
   */
  record(options: unknown = {}): void {
    if (this.recorder) throw new Error('Already recording: call stopRecording() first.');
    const f = readFields(OPTIONS, options, 'options', [], ['hashEvery', 'keyframeEvery']);
    const hashEvery =
      f.hashEvery === undefined
        ? DEFAULT_HASH_EVERY
        : readInteger(OPTIONS, f.hashEvery, 'hashEvery', 1, 1000);
    const keyframeEvery =
      f.keyframeEvery === undefined
        ? DEFAULT_KEYFRAME_EVERY
        : readInteger(OPTIONS, f.keyframeEvery, 'keyframeEvery', 1, MAX_RECORDING_STEPS);
    this.player = null;
    this.recorder = new Recorder(this.host, { hashEvery, keyframeEvery });
    this.host.commands.onApplied = this.logCommand;
  }

  /**
   * Ends the recording and returns it (plain data; encode it for JSON). Option `keyframes`:
   * 'all' (default) or 'first' (only the start: small enough to share, and a replay makes the
   * others as it plays).
   */
  stopRecording(options: unknown = {}): Recording {
    const recorder = this.recorder;
    if (!recorder) throw new Error('Not recording: call record() first.');
    const f = readFields('stopRecording options', options, 'options', [], ['keyframes']);
    const keyframes =
      f.keyframes === undefined
        ? 'all'
        : readChoice('stopRecording options', f.keyframes, 'keyframes', ['all', 'first'] as const);
    this.recorder = null;
    this.host.commands.onApplied = null;
    return recorder.finish(keyframes);
  }

  /**
   * Loads a recording (an object or its JSON text) and plays it from its first keyframe: its
   * inputs apply at their steps as the loop advances. Checks it completely first and throws,
   * changing nothing, if any of it is bad.
   */
  replay(input: unknown): void {
    if (this.recorder)
      throw new Error(
        'Recording: call stopRecording() first (a replay would discard the recording).',
      );
    const recording = parseRecording(input, this.host.tuning);
    const start = recording.keyframes[0];
    if (!start) throw new Error('Recording: keyframes[0] is missing.');
    const before = this.host.saveState();
    try {
      this.host.restore(start.state, false);
    } catch (error) {
      this.host.restore(before, true);
      throw error;
    }
    const player = new ReplayPlayer(recording);
    this.player = player;
    player.check(this.host);
    this.restAtEnd(player);
  }

  /**
   * Moves a loaded replay to `step` (counted from the recording's start): the latest keyframe at
   * or before it, then the steps from there re-simulated (at most K once the replay has been
   * there, or the recording keeps its keyframes).
   */
  seek(step: unknown): void {
    const player = this.player;
    if (!player) throw new Error('seek needs a replay: call replay(recording) first.');
    const target = readInteger('seek', step, 'step', 0, player.recording.length);
    const keyframe = player.keyframeAtOrBefore(target);
    this.host.restore(keyframe.state, false);
    player.rewind(keyframe.step);
    player.check(this.host);
    this.host.runSteps(target - keyframe.step);
    this.restAtEnd(player);
  }

  /** A scene loaded by the user: recorded as an input; it ends a replay. */
  sceneLoaded(scene: string, count: number, seed: number): void {
    this.recorder?.input({ step: this.recorder.step, type: 'load', scene, count, seed });
    this.player = null;
  }

  /** A state loaded by the user: recorded as an input; it ends a replay. */
  stateLoaded(state: SavedState): void {
    this.recorder?.input({ step: this.recorder.step, type: 'state', state });
    this.player = null;
  }

  /** At every step boundary, before the commands due there: feeds the replay's inputs. */
  atBoundary(): void {
    const player = this.player;
    if (!player) return;
    for (let input = player.nextDue(); input !== null; input = player.nextDue()) this.apply(input);
  }

  /** The length of the coming step: a replay's recorded one, else the loop's (recorded). */
  stepDt(dtSeconds: number): number {
    const player = this.player;
    if (player && !player.passedEnd && !Number.isNaN(player.dt)) return player.dt;
    this.recorder?.stepDt(dtSeconds);
    return dtSeconds;
  }

  afterStep(): void {
    this.recorder?.afterStep(this.host);
    const player = this.player;
    if (!player || player.passedEnd) return;
    player.afterStep(this.host);
    this.restAtEnd(player);
  }

  /** False at the end of a replay, so a frame owed more steps stops there. */
  stepAllowed(): boolean {
    const player = this.player;
    return player === null || !player.ended || player.passedEnd;
  }

  /** A replay rests at its end, however it got there (play, a seek, an empty recording). */
  private restAtEnd(player: ReplayPlayer): void {
    if (player.ended && !player.passedEnd) this.host.pause();
  }

  private apply(input: RecordedInput): void {
    const host = this.host;
    switch (input.type) {
      case 'dt':
        host.followStepSeconds(input.seconds);
        return;
      case 'load':
        host.loadScene(input.scene, input.count, input.seed);
        return;
      case 'state':
        host.restore(input.state, false);
        return;
      default: {
        const command = structuredClone(input) as CommandAction & { step?: number };
        delete command.step;
        host.commands.push({ ...command, atStep: host.stepIndex });
      }
    }
  }
}
