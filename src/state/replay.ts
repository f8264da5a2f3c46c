// A loaded recording being played: which inputs are due at the coming boundary, the step length
// it asks for, what has been checked against its hashes and keyframes, the first divergence, and
// the keyframes a seek can start from (the recording's own, plus one made every K steps in play).

import { firstStateDifference } from './divergence';
import type { Divergence } from './divergence';
import type { RecordedInput, Recording, StateSource } from './recording';
import type { SavedState } from './stateSchema';

/** What `stats().replay` reports. */
export interface ReplayStatus {
  /** Steps since the recording's start that the replay has reached. */
  step: number;
  /** The recording's length in steps. */
  endStep: number;
  /** The last step up to which every check (hash, keyframe) has passed, −1 before the first. */
  verifiedUpTo: number;
  divergence: Divergence | null;
}

/**
 * Where a replay is and what it has checked, as plain data (the recording itself aside): with the
 * same recording, `ReplayPlayer.resume` carries the replay on exactly (a worker that died).
 */
export interface ReplayPosition {
  step: number;
  dt: number;
  passedEnd: boolean;
  cursor: number;
  divergence: Divergence | null;
  /** Per hash, 1 once it matched. */
  matched: Uint8Array;
  endMatched: boolean;
  /** The earliest failed check's step; null for none. */
  failedAt: number | null;
}

export class ReplayPlayer {
  readonly recording: Recording;
  /** Steps since the recording's start. */
  step = 0;
  /** The length of the coming steps (the last `dt` input), NaN before the first. */
  dt = Number.NaN;
  /** True once a step was taken past the end (the simulation runs on live). */
  passedEnd = false;
  divergence: Divergence | null = null;
  private cursor = 0;
  private readonly lanes: Uint32Array;
  private readonly endLanes: Uint32Array;
  /** Per hash: 1 once it matched. */
  private readonly matched: Uint8Array;
  /** Leading hashes that matched. */
  private matchedPrefix = 0;
  private endMatched = false;
  /** The earliest failed check's step (Infinity: none). */
  private failedAt = Infinity;
  private readonly reference = new Map<number, SavedState>();
  private readonly made = new Map<number, SavedState>();

  constructor(recording: Recording) {
    this.recording = recording;
    this.lanes = new Uint32Array(2 * recording.hashes.length);
    recording.hashes.forEach((hex, k) => writeLanes(hex, this.lanes, 2 * k));
    this.endLanes = new Uint32Array(2);
    writeLanes(recording.endHash, this.endLanes, 0);
    this.matched = new Uint8Array(recording.hashes.length);
    for (const keyframe of recording.keyframes) this.reference.set(keyframe.step, keyframe.state);
  }

  /** Where this replay is and what it has checked (keyframes made in play are not kept). */
  position(): ReplayPosition {
    return {
      step: this.step,
      dt: this.dt,
      passedEnd: this.passedEnd,
      cursor: this.cursor,
      divergence: this.divergence ? { ...this.divergence } : null,
      matched: this.matched.slice(),
      endMatched: this.endMatched,
      failedAt: this.failedAt === Infinity ? null : this.failedAt,
    };
  }

  /** Carries the replay on from `position` (taken from a player of the same recording). */
  resume(position: ReplayPosition): void {
    if (position.matched.length !== this.matched.length)
      throw new Error('ReplayPlayer.resume: the position is of another recording.');
    this.step = position.step;
    this.dt = position.dt;
    this.passedEnd = position.passedEnd;
    this.cursor = position.cursor;
    this.divergence = position.divergence ? { ...position.divergence } : null;
    this.matched.set(position.matched);
    this.matchedPrefix = 0;
    while (this.matched[this.matchedPrefix] === 1) this.matchedPrefix++;
    this.endMatched = position.endMatched;
    this.failedAt = position.failedAt ?? Infinity;
  }

  get ended(): boolean {
    return this.step >= this.recording.length;
  }

  /** The next input due at the boundary now (and moves past it), or null. */
  nextDue(): RecordedInput | null {
    if (this.passedEnd) return null;
    const input = this.recording.inputs[this.cursor];
    if (!input || input.step !== this.step) return null;
    this.cursor++;
    if (input.type === 'dt') this.dt = input.seconds;
    return input;
  }

  /**
   * After a step: checks the hash and, where the recording has one, the keyframe of the step
   * reached, and makes a keyframe every K steps for later seeks.
   */
  afterStep(world: StateSource): void {
    if (this.step >= this.recording.length) {
      this.passedEnd = true;
      return;
    }
    this.step++;
    this.check(world);
  }

  /** Checks the step reached (also step 0, right after loading the first keyframe). */
  check(world: StateSource): void {
    const { hashEvery, keyframeEvery, length } = this.recording;
    const t = this.step;
    if (t % hashEvery === 0) this.checkHash(t, world.hashLanes(), this.lanes, 2 * (t / hashEvery));
    if (t === length && this.checkHash(t, world.hashLanes(), this.endLanes, 0)) {
      this.endMatched = true;
    }
    const reference = this.reference.get(t);
    if (reference) this.checkKeyframe(t, reference, world.saveState());
    else if (t % keyframeEvery === 0 && !this.made.has(t)) this.made.set(t, world.saveState());
  }

  /** The latest keyframe at or before `step`: the recording's or one made in play. */
  keyframeAtOrBefore(step: number): { step: number; state: SavedState } {
    let best = 0;
    for (const map of [this.reference, this.made]) {
      for (const at of map.keys()) if (at <= step && at > best) best = at;
    }
    const state = this.reference.get(best) ?? this.made.get(best);
    if (!state) throw new Error('The recording has no keyframe at step 0.');
    return { step: best, state };
  }

  /** Back (or forward) to a keyframe at `step`: its inputs and dt from there on. */
  rewind(step: number): void {
    this.step = step;
    this.passedEnd = false;
    const inputs = this.recording.inputs;
    this.cursor = 0;
    this.dt = Number.NaN;
    while (this.cursor < inputs.length && inputs[this.cursor].step < step) {
      const input = inputs[this.cursor];
      if (input.type === 'dt') this.dt = input.seconds;
      this.cursor++;
    }
  }

  status(): ReplayStatus {
    const { hashEvery, length } = this.recording;
    let verified = this.matchedPrefix === 0 ? -1 : (this.matchedPrefix - 1) * hashEvery;
    if (this.matchedPrefix === this.matched.length && this.endMatched) verified = length;
    if (this.failedAt <= verified) verified = this.failedAt - 1;
    return {
      step: this.step,
      endStep: length,
      verifiedUpTo: verified,
      divergence: this.divergence,
    };
  }

  private checkHash(step: number, lanes: Uint32Array, expected: Uint32Array, at: number): boolean {
    if (lanes[0] === expected[at] && lanes[1] === expected[at + 1]) {
      if (expected === this.lanes) {
        this.matched[at / 2] = 1;
        while (this.matched[this.matchedPrefix] === 1) this.matchedPrefix++;
      }
      return true;
    }
    // Only the hash is known to differ; the next keyframe of the recording says where.
    this.fail({ step, body: null, field: null });
    return false;
  }

  private checkKeyframe(step: number, reference: SavedState, state: SavedState): void {
    const difference = firstStateDifference(state, reference);
    const divergence = this.divergence;
    if (divergence && divergence.field === null && divergence.step <= step) {
      // A hash failed earlier: name the first body and field that differ here ('hash' when
      // nothing does: the recorded hash itself was wrong).
      divergence.body = difference ? difference.body : null;
      divergence.field = difference ? difference.field : 'hash';
    }
    if (difference) this.fail({ step, body: difference.body, field: difference.field });
  }

  private fail(divergence: Divergence): void {
    if (divergence.step < this.failedAt) this.failedAt = divergence.step;
    if (!this.divergence || divergence.step < this.divergence.step) this.divergence = divergence;
  }
}

/** Two 32-bit lanes from 16 hex digits (see StateHasher). */
function writeLanes(hex: string, out: Uint32Array, at: number): void {
  out[at] = Number.parseInt(hex.slice(0, 8), 16);
  out[at + 1] = Number.parseInt(hex.slice(8, 16), 16);
}
