// A recording: a starting keyframe (a saved state), every input that changed the physics with the
// step it applied at, the state hash every N steps and a keyframe every K steps. Steps count from
// the start of the recording. The Recorder builds one as the simulation runs.

import type { CommandAction } from '../physics/world/commands';
import { toHex } from './stateHasher';
import { encodeFloats } from './fields';
import { PHYSICS_VERSION } from './physicsVersion';
import type { SavedState } from './stateSchema';

export const RECORDING_FORMAT = 'fixed-step-sandbox/recording';
export const RECORDING_VERSION = 1;

/**
 * A hash every 10 steps (0.1 s at 100 Hz): a divergence is placed to within 10 steps, and a
 * minute costs 600 hashes (11 KB). `record({ hashEvery: 1 })` places it to the step.
 */
export const DEFAULT_HASH_EVERY = 10;
/**
 * A keyframe every 250 steps (2.5 s at 100 Hz): a seek re-simulates at most that many steps
 * (about a second for a 500-body pile on a desktop), and a minute holds 24 keyframes.
 */
export const DEFAULT_KEYFRAME_EVERY = 250;
/** An hour at 240 Hz; a recording stops growing there. */
export const MAX_RECORDING_STEPS = 864_000;
/** A drag moving every step for an hour at 240 Hz, and then some. */
export const MAX_RECORDING_INPUTS = 1_000_000;
export const MAX_RECORDING_KEYFRAMES = 10_000;
/** Text longer than this is refused before parsing. */
export const MAX_RECORDING_CHARS = 64 * 2 ** 20;

/**
 * One input with the step it applied at: a command; `dt`, the length of every step from here
 * on; `load`, a scene built afresh; `state`, a saved state loaded.
 */
export type InputAction =
  | CommandAction
  | { type: 'dt'; seconds: number }
  | { type: 'load'; scene: string; count: number; seed: number }
  | { type: 'state'; state: SavedState };

export type RecordedInput = InputAction & { step: number };

export interface Keyframe {
  step: number;
  state: SavedState;
}

export interface Recording {
  format: typeof RECORDING_FORMAT;
  version: typeof RECORDING_VERSION;
  /** The physics that recorded it (physicsVersion.ts; 1 for files that carry none). */
  physics: number;
  /** Steps recorded. */
  length: number;
  hashEvery: number;
  keyframeEvery: number;
  /** State hash (16 hex digits) at steps 0, N, 2N, … ≤ length (N = hashEvery). */
  hashes: string[];
  /** State hash at the last step. */
  endHash: string;
  inputs: RecordedInput[];
  /** The first at step 0 (the state the recording starts from); then every K steps, if kept. */
  keyframes: Keyframe[];
}

/** A recording as JSON-ready data, every −0 written "-0": what `stopRecording()` hands out. */
export interface EncodedRecording {
  format: typeof RECORDING_FORMAT;
  version: typeof RECORDING_VERSION;
  length: number;
  [field: string]: unknown;
}

export function encodeRecording(recording: Recording): EncodedRecording {
  return encodeFloats(recording) as EncodedRecording;
}

export interface RecordOptions {
  hashEvery: number;
  keyframeEvery: number;
}

/** What recording and replaying read of the simulation: its hash and its whole state now. */
export interface StateSource {
  hashLanes(): Uint32Array;
  saveState(): SavedState;
}

/** How much of a recorder's lists a copy already holds (see `Recorder.progress`). */
export interface RecorderMark {
  /** Which recording (`Recorder.serial`). */
  serial: number;
  inputs: number;
  keyframes: number;
  /** Hashes held (each two lanes). */
  hashes: number;
}

/**
 * A recorder's state as plain data: its scalars whole, its lists from `from` on (what a copy
 * holding `from` lacks). Merged with `mergeProgress`, it rebuilds the recorder exactly
 * (`Recorder.resume`): how a recording under way survives a physics worker that dies.
 */
export interface RecorderProgress {
  serial: number;
  options: RecordOptions;
  step: number;
  lastDt: number;
  full: boolean;
  endLanes: [number, number];
  from: RecorderMark;
  inputs: RecordedInput[];
  keyframes: Keyframe[];
  /** Two lanes per hash. */
  hashes: number[];
}

/** Numbers the recorders made in a thread, so a copy knows which recording it holds. */
let nextSerial = 1;

/** Grows a recording while the simulation runs; allocates only as inputs, hashes and keyframes come. */
export class Recorder {
  /** Steps since the recording started. */
  step = 0;
  /** Which recording this is (see RecorderMark). */
  readonly serial: number;
  private readonly options: RecordOptions;
  private readonly inputs: RecordedInput[];
  private readonly keyframes: Keyframe[];
  private hashes = new Uint32Array(256);
  private hashCount = 0;
  private lastDt = Number.NaN;
  /** The hash after the latest step (at the start: the start's). */
  private readonly endLanes = new Uint32Array(2);
  /** True once MAX_RECORDING_STEPS is reached: nothing more is recorded. */
  full = false;

  /** Starts recording `world` now; or, given a whole progress, carries that recording on. */
  constructor(world: StateSource, options: RecordOptions);
  constructor(progress: RecorderProgress);
  constructor(source: StateSource | RecorderProgress, options?: RecordOptions) {
    if ('serial' in source) {
      this.serial = source.serial;
      nextSerial = Math.max(nextSerial, source.serial + 1);
      this.options = { ...source.options };
      this.inputs = source.inputs.slice();
      this.keyframes = source.keyframes.slice();
      this.step = source.step;
      this.lastDt = source.lastDt;
      this.full = source.full;
      this.endLanes.set(source.endLanes);
      for (let k = 0; k + 1 < source.hashes.length; k += 2) {
        this.pushLanes(source.hashes[k], source.hashes[k + 1]);
      }
      return;
    }
    if (!options) throw new Error('Recorder: options are missing.');
    this.serial = nextSerial++;
    this.options = options;
    this.inputs = [];
    this.keyframes = [{ step: 0, state: source.saveState() }];
    this.endLanes.set(source.hashLanes());
    this.pushHash(this.endLanes);
  }

  /**
   * The recorder's state for a copy that holds `have` of it (null, or another recording's mark:
   * nothing): its scalars, and its lists past what the copy holds. Shares the list items.
   */
  progress(have: RecorderMark | null): RecorderProgress {
    const mine = have !== null && have.serial === this.serial;
    const from: RecorderMark = {
      serial: this.serial,
      inputs: mine ? Math.min(have.inputs, this.inputs.length) : 0,
      keyframes: mine ? Math.min(have.keyframes, this.keyframes.length) : 0,
      hashes: mine ? Math.min(have.hashes, this.hashCount) : 0,
    };
    return {
      serial: this.serial,
      options: { ...this.options },
      step: this.step,
      lastDt: this.lastDt,
      full: this.full,
      endLanes: [this.endLanes[0] ?? 0, this.endLanes[1] ?? 0],
      from,
      inputs: this.inputs.slice(from.inputs),
      keyframes: this.keyframes.slice(from.keyframes),
      hashes: Array.from(this.hashes.subarray(2 * from.hashes, 2 * this.hashCount)),
    };
  }

  /** Inputs recorded so far. */
  get inputCount(): number {
    return this.inputs.length;
  }

  /** A command applied at this boundary (a copy: the recording must not change with the caller's objects). */
  command(action: CommandAction): void {
    if (this.full || this.inputs.length >= MAX_RECORDING_INPUTS) return;
    const copy = structuredClone(action) as CommandAction & { atStep?: number };
    delete copy.atStep;
    this.inputs.push({ ...copy, step: this.step });
  }

  /** A scene load or a loaded state at this boundary. */
  input(input: RecordedInput): void {
    if (!this.full && this.inputs.length < MAX_RECORDING_INPUTS) this.inputs.push(input);
  }

  /** The coming step's length: logged when it differs from the last step's. */
  stepDt(dtSeconds: number): void {
    if (this.full || Object.is(dtSeconds, this.lastDt)) return;
    this.lastDt = dtSeconds;
    this.input({ step: this.step, type: 'dt', seconds: dtSeconds });
  }

  afterStep(world: StateSource): void {
    if (this.full) return;
    this.step++;
    // Every step's hash, kept for the end: inputs applied after the last step (a spawn made
    // while paused, then the recording stopped) must not change the hash the replay ends on.
    this.endLanes.set(world.hashLanes());
    if (this.step % this.options.hashEvery === 0) this.pushHash(this.endLanes);
    if (this.step % this.options.keyframeEvery === 0)
      this.keyframes.push({ step: this.step, state: world.saveState() });
    if (this.step >= MAX_RECORDING_STEPS) this.full = true;
  }

  /**
   * The recording so far (sharing its keyframes: encode it before handing it out); `keyframes:
   * 'first'` keeps only the start.
   */
  finish(keyframes: 'all' | 'first'): Recording {
    const end = this.endLanes;
    const hashes: string[] = [];
    for (let k = 0; k < this.hashCount; k++) {
      hashes.push(toHex(this.hashes[2 * k] ?? 0, this.hashes[2 * k + 1] ?? 0));
    }
    const recording: Recording = {
      format: RECORDING_FORMAT,
      version: RECORDING_VERSION,
      physics: PHYSICS_VERSION,
      length: this.step,
      hashEvery: this.options.hashEvery,
      keyframeEvery: this.options.keyframeEvery,
      hashes,
      endHash: toHex(end[0] ?? 0, end[1] ?? 0),
      inputs: this.inputs,
      keyframes: keyframes === 'all' ? this.keyframes : this.keyframes.slice(0, 1),
    };
    return recording;
  }

  private pushHash(lanes: Uint32Array): void {
    this.pushLanes(lanes[0] ?? 0, lanes[1] ?? 0);
  }

  private pushLanes(lane0: number, lane1: number): void {
    if (2 * this.hashCount + 2 > this.hashes.length) {
      const grown = new Uint32Array(2 * this.hashes.length);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes[2 * this.hashCount] = lane0;
    this.hashes[2 * this.hashCount + 1] = lane1;
    this.hashCount++;
  }
}
