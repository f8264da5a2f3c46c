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

/** Grows a recording while the simulation runs; allocates only as inputs, hashes and keyframes come. */
export class Recorder {
  /** Steps since the recording started. */
  step = 0;
  private readonly options: RecordOptions;
  private readonly inputs: RecordedInput[] = [];
  private readonly keyframes: Keyframe[];
  private hashes = new Uint32Array(256);
  private hashCount = 0;
  private lastDt = Number.NaN;
  /** The hash after the latest step (at the start: the start's). */
  private readonly endLanes = new Uint32Array(2);
  /** True once MAX_RECORDING_STEPS is reached: nothing more is recorded. */
  full = false;

  constructor(world: StateSource, options: RecordOptions) {
    this.options = options;
    this.keyframes = [{ step: 0, state: world.saveState() }];
    this.endLanes.set(world.hashLanes());
    this.pushHash(this.endLanes);
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
    if (2 * this.hashCount + 2 > this.hashes.length) {
      const grown = new Uint32Array(2 * this.hashes.length);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes[2 * this.hashCount] = lanes[0] ?? 0;
    this.hashes[2 * this.hashCount + 1] = lanes[1] ?? 0;
    this.hashCount++;
  }
}
