// Record, replay and seek for one physics core (on the page's thread or in the worker): starts
// and stops the Recorder, plays a loaded recording's inputs at their steps as the core steps, and
// seeks through keyframes. The core calls its hooks at every step boundary and after every step;
// how fast a replay plays and where it rests is the page's (see replayPacer.ts).

import type { CommandAction, CommandQueue } from '../physics/world/commands';
import { readChoice, readFields, readInteger } from './fields';
import {
  DEFAULT_HASH_EVERY,
  DEFAULT_KEYFRAME_EVERY,
  MAX_RECORDING_STEPS,
  Recorder,
} from './recording';
import type { RecordedInput, Recording, RecordOptions, StateSource } from './recording';
import { ReplayPlayer } from './replay';
import type { ReplayPosition, ReplayStatus } from './replay';
import type { RecorderMark, RecorderProgress } from './recorderProgress';
import type { SavedState } from './stateSchema';
import { assertNever } from '../util/assertNever';

/** What the timeline drives: a physics core. */
export interface TimelineHost extends StateSource {
  readonly commands: CommandQueue;
  /** The world's own step index (the boundary a command queued now applies at). */
  readonly worldStep: number;
  /** Restores a validated state; `withCommands: false` leaves its queued commands out. */
  restore(state: SavedState, withCommands: boolean): void;
  /** Builds a scene afresh, as a recorded input (so not recorded again). */
  loadScene(sceneId: string, count: number, seed: number): void;
  /** Takes `count` steps at once through the full step path (a seek's re-simulation). */
  runSteps(count: number): void;
}

/** What `stopRecording` keeps of the keyframes: all of them, or only the start (small to share). */
export type KeyframeChoice = 'all' | 'first';

/**
 * Checks `record` options (`hashEvery` N, `keyframeEvery` K steps) and fills in the defaults;
 * throws naming the option on a bad one. On the page, before anything is sent to a worker.
 */
export function parseRecordOptions(options: unknown = {}): RecordOptions {
  const what = 'record options';
  const f = readFields(what, options, 'options', [], ['hashEvery', 'keyframeEvery']);
  return {
    hashEvery:
      f.hashEvery === undefined
        ? DEFAULT_HASH_EVERY
        : readInteger(what, f.hashEvery, 'hashEvery', 1, 1000),
    keyframeEvery:
      f.keyframeEvery === undefined
        ? DEFAULT_KEYFRAME_EVERY
        : readInteger(what, f.keyframeEvery, 'keyframeEvery', 1, MAX_RECORDING_STEPS),
  };
}

/** Checks `stopRecording` options (`keyframes`: 'all', the default, or 'first'). */
export function parseStopOptions(options: unknown = {}): KeyframeChoice {
  const what = 'stopRecording options';
  const f = readFields(what, options, 'options', [], ['keyframes']);
  return f.keyframes === undefined
    ? 'all'
    : readChoice(what, f.keyframes, 'keyframes', ['all', 'first'] as const);
}

/** A jump: a state loaded, a recording replayed from its start, or a seek in the loaded replay. */
export type TimelineJump =
  | { type: 'loadState'; state: SavedState }
  | { type: 'replay'; recording: Recording }
  | { type: 'seek'; target: number };

/**
 * The step index a jump lands on: a loaded state's own step; a replay's first keyframe's (so
 * the index at the replay's step k is its start plus k); a seek's, the replay's start (`replayStart`)
 * plus the target. The physics core keeps its index by this rule, and the page's end of a worker
 * counts by it while the worker builds the jump.
 */
export function landingStep(jump: TimelineJump, replayStart: number): number {
  switch (jump.type) {
    case 'loadState':
      return jump.state.step;
    case 'replay':
      return jump.recording.keyframes[0]?.state.step ?? 0;
    case 'seek':
      return replayStart + jump.target;
    default:
      return assertNever(jump, 'jump');
  }
}

/** A timeline's state as plain data (see `Timeline.checkpoint`); the replay's recording aside. */
export interface TimelineCheckpoint {
  recorder: RecorderProgress | null;
  replay: ReplayPosition | null;
}

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
   * (recording from a replayed moment continues it live).
   */
  record(options: RecordOptions): void {
    if (this.recorder) throw new Error('Already recording: call stopRecording() first.');
    this.player = null;
    this.recorder = new Recorder(this.host, options);
    this.host.commands.onApplied = this.logCommand;
  }

  /** Ends the recording and returns it (plain data; encode it for JSON). */
  stopRecording(keyframes: KeyframeChoice): Recording {
    const recorder = this.recorder;
    if (!recorder) throw new Error('Not recording: call record() first.');
    this.recorder = null;
    this.host.commands.onApplied = null;
    return recorder.finish(keyframes);
  }

  /**
   * Plays a validated recording (see recordingSchema.parseRecording) from its first keyframe:
   * its inputs apply at their steps as the core steps. If the keyframe cannot be restored after
   * all, the world is put back as it was and the error thrown.
   */
  replay(recording: Recording): void {
    if (this.recorder)
      throw new Error(
        'Recording: call stopRecording() first (a replay would discard the recording).',
      );
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
  }

  /**
   * Moves the loaded replay to `target` (counted from the recording's start, checked by the
   * caller): the latest keyframe at or before it, then the steps from there re-simulated (at
   * most K once the replay has been there, or the recording keeps its keyframes).
   */
  seek(target: number): void {
    const player = this.player;
    if (!player) throw new Error('seek needs a replay: call replay(recording) first.');
    const keyframe = player.keyframeAtOrBefore(target);
    this.host.restore(keyframe.state, false);
    player.rewind(keyframe.step);
    player.check(this.host);
    this.host.runSteps(target - keyframe.step);
  }

  /**
   * What is under way, as plain data: the recording (its lists past `have`, what a copy holds)
   * and the replay's position. See `resumeFrom`.
   */
  checkpoint(have: RecorderMark | null): TimelineCheckpoint {
    return {
      recorder: this.recorder ? this.recorder.progress(have) : null,
      replay: this.player ? this.player.position() : null,
    };
  }

  /**
   * Carries on what a checkpoint had under way, in a core just restored to the checkpoint's
   * state: the whole recording (merged progress), the replay of `recording` at its position.
   */
  resumeFrom(checkpoint: TimelineCheckpoint, recording: Recording | null): void {
    this.recorder = checkpoint.recorder ? new Recorder(checkpoint.recorder) : null;
    this.host.commands.onApplied = this.recorder ? this.logCommand : null;
    this.player = null;
    if (checkpoint.replay) {
      if (!recording) throw new Error("Timeline.resumeFrom: the replay's recording is missing.");
      const player = new ReplayPlayer(recording);
      player.resume(checkpoint.replay);
      this.player = player;
    }
  }

  /** Whether a replay sets the coming step's length (`replayDt`), not the caller. */
  get replaying(): boolean {
    const player = this.player;
    return player !== null && !player.passedEnd;
  }

  /** The step length the replay asks for now (see `replaying`); NaN when none. */
  get replayDt(): number {
    return this.replaying ? (this.player as ReplayPlayer).dt : Number.NaN;
  }

  /** True while a replay rests at its end (nothing stepped past it yet). */
  get replayAtEnd(): boolean {
    const player = this.player;
    return player !== null && player.ended && !player.passedEnd;
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

  /** A step of the caller's own length `dtSeconds` is coming (no replay): recorded if recording. */
  noteStep(dtSeconds: number): void {
    this.recorder?.stepDt(dtSeconds);
  }

  afterStep(): void {
    this.recorder?.afterStep(this.host);
    const player = this.player;
    if (player && !player.passedEnd) player.afterStep(this.host);
  }

  private apply(input: RecordedInput): void {
    const host = this.host;
    switch (input.type) {
      case 'dt':
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
        host.commands.push({ ...command, atStep: host.worldStep });
      }
    }
  }
}
