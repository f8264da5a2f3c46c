// The page's reading of the steps a physics worker publishes: from the shared ring or from the
// buffers transferred to it (the same calls), the newest step of a load and a copy of any step
// still held, taken while the slot is held so the copy is never torn.

import type { SceneSnapshots } from '../../snapshot/snapshots';
import { RingReader } from '../wire/sharedRing';
import type { SlotViews } from '../wire/slotLayout';
import {
  H_GENERATION,
  H_STEP,
  R_BUSY_MS,
  R_STEP_MS,
  R_TIME,
  readStepSlot,
  STEP_FIELDS,
} from '../wire/stepSlots';
import type { TransferReader } from '../wire/transferRing';

/** Where published steps are read from: the shared ring or the transfer ring (same calls). */
interface StepSource {
  readonly slotCount: number;
  publicationIn(index: number): number;
  slotAt(index: number): SlotViews;
  hold(index: number): number;
  release(): void;
}

export class PublishedSteps {
  private source: StepSource | null;
  /** What the newest step copied by `copy` cost the worker (ms). */
  lastStepMs = 0;
  /** The worker's milliseconds spent stepping, in all, up to the newest step copied. */
  lastBusyMs = 0;
  /** The world's simulated seconds at the newest step copied. */
  lastTime = 0;

  /** @param transfer the transfer ring's reader; null with shared memory (the ring comes later). */
  constructor(transfer: TransferReader | null) {
    this.source = transfer;
  }

  /** The worker made its shared ring (and makes a new one when bodies outgrow it). */
  useRing(buffer: SharedArrayBuffer, capacity: number, slots: number): void {
    this.source = new RingReader(buffer, { fields: STEP_FIELDS, capacity, slots });
  }

  /** The highest step of load `generation` held, or −1 when none is there yet. */
  newest(generation: number): number {
    const source = this.source;
    if (!source) return -1;
    let newest = -1;
    for (let index = 0; index < source.slotCount; index++) {
      if (source.publicationIn(index) < 0) continue;
      const header = source.slotAt(index).header;
      if (header[H_GENERATION] === generation && header[H_STEP] > newest) newest = header[H_STEP];
    }
    return newest;
  }

  /**
   * Copies the newest publication of step `step` of load `generation` into `out` and returns
   * its number, or −1 when it is not (or no longer) held. When that publication is `unless`
   * (already copied) nothing is copied. The slot is held while it is copied.
   */
  copy(step: number, generation: number, out: SceneSnapshots, unless: number): number {
    const source = this.source;
    if (!source) return -1;
    for (let attempt = 0; attempt < 3; attempt++) {
      let best = -1;
      let bestSeq = -1;
      for (let index = 0; index < source.slotCount; index++) {
        const seq = source.publicationIn(index);
        if (seq <= bestSeq) continue;
        const header = source.slotAt(index).header;
        if (header[H_STEP] === step && header[H_GENERATION] === generation) {
          best = index;
          bestSeq = seq;
        }
      }
      if (best < 0) return -1;
      if (bestSeq === unless) return bestSeq;
      if (source.hold(best) !== bestSeq) continue;
      const slot = source.slotAt(best);
      readStepSlot(slot, out);
      this.lastStepMs = slot.reals[R_STEP_MS];
      this.lastBusyMs = slot.reals[R_BUSY_MS];
      this.lastTime = slot.reals[R_TIME];
      source.release();
      return bestSeq;
    }
    return -1;
  }
}
