// A ring of published physics steps in one buffer, shared by the physics thread (the only
// writer) and the page (the only reader, which never waits). The reader holds one publication
// at a time; the writer never reuses the held slot, so what the reader copies is never torn.

import { HEADER_SEQ, SlotLayout } from './slotLayout';
import type { FieldSpec, SlotViews } from './slotLayout';

/** Control integers at the start of the buffer, before the slots. */
const CONTROL_PUBLISHED = 0;
const CONTROL_HELD = 1;
const CONTROL_INTS = 8;
const CONTROL_BYTES = 4 * CONTROL_INTS;

/**
 * The fewest slots a ring may have: the one the reader holds, the newest publication, and one
 * for the writer to fill meanwhile. More slots let the reader look further back.
 */
export const MIN_RING_SLOTS = 3;

/**
 * How long `RingWriter.begin` may look for a slot the reader does not hold. A reader holds one
 * slot at a time and there are at least three, so one pass over the ring finds a free slot but
 * for the instant a reader moves its hold; a ring still full after this long is broken (its
 * memory overwritten, a second reader), and the writer says so instead of spinning for ever.
 */
export const RING_WRITE_TIMEOUT_MS = 1000;

/** What both ends agree on: the slot layout and how many slots there are. */
export interface RingShape {
  readonly fields: readonly FieldSpec[];
  /** Bodies each slot has room for. */
  readonly capacity: number;
  readonly slots: number;
}

/** Bytes a ring of this shape needs (control block plus slots). */
export function ringByteLength(shape: RingShape): number {
  return CONTROL_BYTES + shape.slots * new SlotLayout(shape.fields, shape.capacity).byteLength;
}

/**
 * Allocates a ring: shared memory when the page may use it (cross-origin isolated), otherwise
 * a plain buffer (one thread only: the main-thread path and tests).
 */
export function createRingBuffer(shape: RingShape, shared: boolean): ArrayBufferLike {
  if (!Number.isInteger(shape.slots) || shape.slots < MIN_RING_SLOTS) {
    throw new Error(
      `Ring slots = ${shape.slots} is invalid: expected an integer ≥ ${MIN_RING_SLOTS}.`,
    );
  }
  const bytes = ringByteLength(shape);
  const buffer = shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
  const views = new RingViews(buffer, shape);
  views.control[CONTROL_PUBLISHED] = -1;
  views.control[CONTROL_HELD] = -1;
  for (const slot of views.slots) slot.header[HEADER_SEQ] = -1;
  return buffer;
}

/** Views of the control block and of every slot, made once per end. */
class RingViews {
  readonly control: Int32Array;
  readonly slots: SlotViews[];

  constructor(buffer: ArrayBufferLike, shape: RingShape) {
    if (buffer.byteLength !== ringByteLength(shape)) {
      throw new Error(
        `Ring buffer has ${buffer.byteLength} bytes; ${shape.slots} slots for ${shape.capacity} bodies need ${ringByteLength(shape)}.`,
      );
    }
    this.control = new Int32Array(buffer, 0, CONTROL_INTS);
    const layout = new SlotLayout(shape.fields, shape.capacity);
    this.slots = [];
    for (let s = 0; s < shape.slots; s++) {
      this.slots.push(layout.views(buffer, CONTROL_BYTES + s * layout.byteLength));
    }
  }
}

/**
 * The physics thread's end. `begin` picks the slot after the last one written, skipping the
 * one the reader holds, and marks it as being written; `publish` stamps it with its number and
 * moves the ring's head.
 *
 * Why the hold is checked twice: the reader announces a hold and then re-reads the slot's
 * number; the writer marks the slot and then re-reads the hold. JS atomics are sequentially
 * consistent, so of two such store-then-load pairs at least one sees the other's store: either
 * the reader sees the slot being written (and gives up that publication), or the writer sees the
 * hold (restores the slot's number and moves on). Plain data writes come only after the second
 * check, so a held slot is never written.
 */
export class RingWriter {
  private readonly views: RingViews;
  private published: number;
  private lastSlot = -1;
  private readonly timeoutMs: number;

  /** @param timeoutMs how long `begin` looks for a free slot before it throws (tests shorten it). */
  constructor(buffer: ArrayBufferLike, shape: RingShape, timeoutMs = RING_WRITE_TIMEOUT_MS) {
    this.views = new RingViews(buffer, shape);
    this.published = Atomics.load(this.views.control, CONTROL_PUBLISHED);
    this.timeoutMs = timeoutMs;
  }

  /** Number of the last publication (−1 before the first). */
  get lastPublished(): number {
    return this.published;
  }

  /**
   * The slot the next publication goes into, marked as being written. Throws when no slot came
   * free within the timeout (the clock is read only after a whole pass found none).
   */
  begin(): SlotViews {
    const slots = this.views.slots;
    const control = this.views.control;
    let failingSinceMs = -1;
    for (let tries = 0; ; tries++) {
      if (tries > 0 && tries % slots.length === 0) {
        const now = performance.now();
        if (failingSinceMs < 0) failingSinceMs = now;
        else if (now - failingSinceMs > this.timeoutMs) {
          throw new Error(
            `Ring: no slot came free in ${this.timeoutMs} ms (${slots.length} slots; the reader holds publication ${Atomics.load(control, CONTROL_HELD)}): the ring's memory is not what its two ends agreed on.`,
          );
        }
      }
      const index = (this.lastSlot + 1 + tries) % slots.length;
      const slot = slots[index];
      const old = Atomics.load(slot.header, HEADER_SEQ);
      if (old >= 0 && Atomics.load(control, CONTROL_HELD) === old) continue;
      Atomics.store(slot.header, HEADER_SEQ, -1);
      if (old >= 0 && Atomics.load(control, CONTROL_HELD) === old) {
        Atomics.store(slot.header, HEADER_SEQ, old);
        continue;
      }
      this.lastSlot = index;
      return slot;
    }
  }

  /** Publishes the slot `begin` returned; returns its publication number. */
  publish(slot: SlotViews): number {
    const seq = this.published + 1;
    Atomics.store(slot.header, HEADER_SEQ, seq);
    Atomics.store(this.views.control, CONTROL_PUBLISHED, seq);
    this.published = seq;
    return seq;
  }
}

/**
 * The page's end. It never waits: it looks for the newest publication that has a header value,
 * holds it (the writer then leaves that slot alone), reads it at leisure, and holds another one
 * (or releases) when done.
 */
export class RingReader {
  private readonly views: RingViews;

  constructor(buffer: ArrayBufferLike, shape: RingShape) {
    this.views = new RingViews(buffer, shape);
  }

  /** Number of the newest publication (−1 before the first). */
  latest(): number {
    return Atomics.load(this.views.control, CONTROL_PUBLISHED);
  }

  /** Slots in the ring. */
  get slotCount(): number {
    return this.views.slots.length;
  }

  /** Slot `index`'s views (whatever it holds; `publicationIn` says what that is). */
  slotAt(index: number): SlotViews {
    return this.views.slots[index];
  }

  /** Publication number in slot `index`, or −1 while it is empty or being written. */
  publicationIn(index: number): number {
    return Atomics.load(this.views.slots[index].header, HEADER_SEQ);
  }

  /**
   * Index of the slot holding the newest publication whose header integer `field` equals
   * `value`, or −1. The answer may be stale by the time it is used: `hold` it first.
   */
  findNewest(field: number, value: number): number {
    const slots = this.views.slots;
    let best = -1;
    let bestSeq = -1;
    for (let index = 0; index < slots.length; index++) {
      const header = slots[index].header;
      const seq = Atomics.load(header, HEADER_SEQ);
      if (seq > bestSeq && header[field] === value) {
        best = index;
        bestSeq = seq;
      }
    }
    return best;
  }

  /**
   * Holds the publication now in slot `index`: until the next `hold` or `release`, the writer
   * will not touch that slot. Returns the held publication's number, or −1 when the slot was
   * empty or was being rewritten (look again).
   */
  hold(index: number): number {
    const header = this.views.slots[index].header;
    const seq = Atomics.load(header, HEADER_SEQ);
    if (seq < 0) return -1;
    Atomics.store(this.views.control, CONTROL_HELD, seq);
    if (Atomics.load(header, HEADER_SEQ) === seq) return seq;
    Atomics.store(this.views.control, CONTROL_HELD, -1);
    return -1;
  }

  /** Lets the writer reuse the held slot. */
  release(): void {
    Atomics.store(this.views.control, CONTROL_HELD, -1);
  }
}
