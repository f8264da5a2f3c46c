// The same ring, for pages that may not share memory (not cross-origin isolated): each published
// step travels as its own ArrayBuffer, transferred (not copied) to the page, which keeps the
// newest few and sends the ones it no longer needs back to be written again.

import { HEADER_CAPACITY, HEADER_SEQ, SlotLayout } from './slotLayout';
import type { FieldSpec, SlotViews } from './slotLayout';
import { MIN_RING_SLOTS } from './sharedRing';

/** Where a slot's buffer goes: a worker's port, a MessagePort, or a fake in tests. */
export interface SlotPort {
  postMessage(message: SlotMessage, transfer: Transferable[]): void;
}

/** A slot going to the page, or a spent one coming back to the physics thread. */
export interface SlotMessage {
  type: 'slot' | 'spent';
  buffer: ArrayBuffer;
}

/**
 * The physics thread's end: writes into a buffer from its pool and transfers it. The pool is
 * refilled by the page's spent buffers; when the page is slow to return them the writer makes
 * a new one (transfers allocate by nature: each message is a new object on the other side).
 */
export class TransferWriter {
  private layout: SlotLayout;
  private readonly port: SlotPort;
  private readonly pool: ArrayBuffer[] = [];
  private current: ArrayBuffer | null = null;
  private published = -1;

  constructor(fields: readonly FieldSpec[], capacity: number, port: SlotPort) {
    this.layout = new SlotLayout(fields, capacity);
    this.port = port;
  }

  get lastPublished(): number {
    return this.published;
  }

  /** Bodies a slot has room for now. */
  get capacity(): number {
    return this.layout.capacity;
  }

  /** Later slots get room for `capacity` bodies; spent buffers of the old size are dropped. */
  resize(capacity: number): void {
    this.layout = new SlotLayout(this.layout.fields, capacity);
    this.pool.length = 0;
  }

  /** A buffer back from the page, to be written again. */
  accept(buffer: ArrayBuffer): void {
    if (buffer.byteLength === this.layout.byteLength) this.pool.push(buffer);
  }

  begin(): SlotViews {
    const buffer = this.pool.pop() ?? new ArrayBuffer(this.layout.byteLength);
    // A buffer that came back is a new object on this side, so its views are made anew.
    const views = this.layout.views(buffer);
    views.header[HEADER_SEQ] = -1;
    this.current = buffer;
    return views;
  }

  publish(slot: SlotViews): number {
    const buffer = this.current;
    if (!buffer || slot.header.buffer !== buffer) {
      throw new Error('publish: this slot did not come from the last begin().');
    }
    this.published++;
    slot.header[HEADER_SEQ] = this.published;
    this.current = null;
    this.port.postMessage({ type: 'slot', buffer }, [buffer]);
    return this.published;
  }
}

/**
 * The page's end: `receive` files an arriving slot in place of the oldest one not held and sends
 * that one back. It reads like the shared ring's reader (find, hold, release), so the host that
 * draws from it does not care which transport it has; here a hold cannot fail, since nobody
 * else can touch a buffer the page owns.
 */
export class TransferReader {
  private readonly fields: readonly FieldSpec[];
  private readonly port: SlotPort;
  private readonly slots: (SlotViews | null)[];
  private readonly seqs: number[];
  private held = -1;
  private newest = -1;

  constructor(fields: readonly FieldSpec[], slots: number, port: SlotPort) {
    if (!Number.isInteger(slots) || slots < MIN_RING_SLOTS) {
      throw new Error(`Ring slots = ${slots} is invalid: expected an integer ≥ ${MIN_RING_SLOTS}.`);
    }
    this.fields = fields;
    this.port = port;
    this.slots = new Array<SlotViews | null>(slots).fill(null);
    this.seqs = new Array<number>(slots).fill(-1);
  }

  /** Files a slot that arrived from the physics thread. */
  receive(buffer: ArrayBuffer): void {
    const capacity = new Int32Array(buffer, 0, HEADER_CAPACITY + 1)[HEADER_CAPACITY];
    const views = new SlotLayout(this.fields, capacity).views(buffer);
    const seq = views.header[HEADER_SEQ];
    let oldest = -1;
    for (let i = 0; i < this.slots.length; i++) {
      if (i === this.held) continue;
      if (oldest < 0 || this.seqs[i] < this.seqs[oldest]) oldest = i;
    }
    const evicted = this.slots[oldest];
    if (evicted) {
      const spent = evicted.header.buffer as ArrayBuffer;
      this.port.postMessage({ type: 'spent', buffer: spent }, [spent]);
    }
    this.slots[oldest] = views;
    this.seqs[oldest] = seq;
    if (seq > this.newest) this.newest = seq;
  }

  latest(): number {
    return this.newest;
  }

  get slotCount(): number {
    return this.slots.length;
  }

  slotAt(index: number): SlotViews {
    const slot = this.slots[index];
    if (!slot) throw new Error(`Slot ${index} has not received a step yet.`);
    return slot;
  }

  publicationIn(index: number): number {
    return this.seqs[index];
  }

  findNewest(field: number, value: number): number {
    let best = -1;
    for (let i = 0; i < this.slots.length; i++) {
      const slot = this.slots[i];
      if (!slot || slot.header[field] !== value) continue;
      if (best < 0 || this.seqs[i] > this.seqs[best]) best = i;
    }
    return best;
  }

  hold(index: number): number {
    const seq = this.seqs[index];
    if (seq < 0) return -1;
    this.held = index;
    return seq;
  }

  release(): void {
    this.held = -1;
  }
}
