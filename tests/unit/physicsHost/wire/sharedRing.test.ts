import { describe, expect, it } from 'vitest';
import {
  createRingBuffer,
  MIN_RING_SLOTS,
  RingReader,
  RingWriter,
} from '../../../../src/physicsHost/wire/sharedRing';
import type { RingShape } from '../../../../src/physicsHost/wire/sharedRing';
import {
  FIRST_USER_HEADER,
  HEADER_SEQ,
  SlotLayout,
} from '../../../../src/physicsHost/wire/slotLayout';
import type { SlotViews } from '../../../../src/physicsHost/wire/slotLayout';
import { startTsWorker } from '../../../support/tsWorker';

/** The header integer these tests use for the step a slot holds. */
const STEP = FIRST_USER_HEADER;

const SHAPE: RingShape = {
  fields: [
    { name: 'position', type: 'f64', width: 3 },
    { name: 'flags', type: 'u8', width: 1 },
    { name: 'ids', type: 'i32', width: 1 },
    { name: 'scale', type: 'f32', width: 3 },
  ],
  capacity: 5,
  slots: 4,
};

/** Which of the reader's slots is the same memory as a writer's slot. */
function indexOf(reader: RingReader, slot: SlotViews): number {
  for (let i = 0; i < reader.slotCount; i++) {
    if (reader.slotAt(i).header.byteOffset === slot.header.byteOffset) return i;
  }
  return -1;
}

function publish(writer: RingWriter, step: number): number {
  const slot = writer.begin();
  slot.header[STEP] = step;
  (slot.fields.position as Float64Array)[0] = step;
  return writer.publish(slot);
}

describe('SlotLayout', () => {
  it('starts every field on an 8-byte boundary and fits capacity bodies', () => {
    const layout = new SlotLayout(SHAPE.fields, 5);
    const views = layout.views(new ArrayBuffer(layout.byteLength));
    expect((views.fields.position as Float64Array).length).toBe(15);
    expect((views.fields.flags as Uint8Array).length).toBe(5);
    for (const field of Object.values(views.fields)) expect(field.byteOffset % 8).toBe(0);
    const last = views.fields.scale as Float32Array;
    expect(last.byteOffset + last.byteLength).toBeLessThanOrEqual(layout.byteLength);
  });

  it('rejects a bad capacity and a repeated field name, naming them', () => {
    expect(() => new SlotLayout(SHAPE.fields, 0)).toThrow(/capacity = 0/);
    expect(() => new SlotLayout(SHAPE.fields, 2.5)).toThrow(/capacity = 2.5/);
    const twice = [SHAPE.fields[0], SHAPE.fields[0]].filter((f) => f !== undefined);
    expect(() => new SlotLayout(twice, 4)).toThrow(/'position' appears twice/);
  });
});

describe('shared ring, one thread', () => {
  it('refuses fewer than three slots and a buffer of the wrong size', () => {
    expect(() => createRingBuffer({ ...SHAPE, slots: MIN_RING_SLOTS - 1 }, false)).toThrow(
      /slots = 2 is invalid/,
    );
    const buffer = createRingBuffer(SHAPE, false);
    expect(() => new RingReader(buffer, { ...SHAPE, capacity: 6 })).toThrow(/bytes/);
  });

  it('publishes in order and finds the newest publication of a step', () => {
    const buffer = createRingBuffer(SHAPE, false);
    const writer = new RingWriter(buffer, SHAPE);
    const reader = new RingReader(buffer, SHAPE);
    expect(reader.latest()).toBe(-1);
    expect(reader.findNewest(STEP, 0)).toBe(-1);
    publish(writer, 0);
    publish(writer, 1);
    publish(writer, 1); // the same step again (a command applied while paused)
    expect(reader.latest()).toBe(2);
    const index = reader.findNewest(STEP, 1);
    expect(reader.publicationIn(index)).toBe(2);
    expect(reader.hold(index)).toBe(2);
  });

  it('never reuses the held slot, however far the writer runs ahead', () => {
    const buffer = createRingBuffer(SHAPE, false);
    const writer = new RingWriter(buffer, SHAPE);
    const reader = new RingReader(buffer, SHAPE);
    publish(writer, 0);
    const index = reader.findNewest(STEP, 0);
    expect(reader.hold(index)).toBe(0);
    for (let step = 1; step <= 20; step++) publish(writer, step);
    expect(reader.publicationIn(index)).toBe(0);
    expect((reader.slotAt(index).fields.position as Float64Array)[0]).toBe(0);
    // The other slots hold the newest publications.
    expect(reader.publicationIn(reader.findNewest(STEP, 20))).toBe(20);
    expect(reader.findNewest(STEP, 19)).toBeGreaterThanOrEqual(0);
    reader.release();
    for (let step = 21; step <= 24; step++) publish(writer, step);
    expect(reader.findNewest(STEP, 0)).toBe(-1);
  });

  it('a hold fails on a slot being written, and the writer skips a slot held in between', () => {
    const buffer = createRingBuffer(SHAPE, false);
    const writer = new RingWriter(buffer, SHAPE);
    const reader = new RingReader(buffer, SHAPE);
    publish(writer, 0);
    const slot = writer.begin();
    const writing = indexOf(reader, slot);
    expect(slot.header[HEADER_SEQ]).toBe(-1);
    expect(reader.hold(writing)).toBe(-1);
    writer.publish(slot);
    expect(reader.hold(writing)).toBe(1);
    // Three more publications go round the other three slots, then round them again.
    const used = new Set<number>();
    for (let k = 0; k < 6; k++) {
      const next = writer.begin();
      used.add(indexOf(reader, next));
      writer.publish(next);
    }
    expect(used.has(writing)).toBe(false);
    expect(used.size).toBe(3);
  });
});

describe('shared ring across threads', () => {
  it('a reader holding slots while a writer thread publishes never copies a torn step', async () => {
    const shape: RingShape = { ...SHAPE, capacity: 2000, slots: MIN_RING_SLOTS };
    const buffer = createRingBuffer(shape, true) as SharedArrayBuffer;
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const reader = new RingReader(buffer, shape);
    const worker = startTsWorker(new URL('./ringWriterThread.ts', import.meta.url), {
      buffer,
      shape,
      stop,
    });
    const finished = new Promise<number>((resolve, reject) => {
      worker.once('message', (published: number) => resolve(published));
      worker.once('error', reject);
    });
    // Checks publications while the writer keeps going, so the two always overlap.
    const wanted = 300;
    let checked = 0;
    let torn = 0;
    let lastSeen = -1;
    while (checked < wanted) {
      const latest = reader.latest();
      if (latest <= lastSeen) continue;
      const index = reader.findNewest(STEP, latest);
      if (index < 0 || reader.hold(index) < 0) continue;
      const slot = reader.slotAt(index);
      const value = slot.header[STEP] as number;
      for (const name of Object.keys(slot.fields)) {
        const field = slot.fields[name];
        if (!field) continue;
        for (let k = 0; k < field.length; k++) if (field[k] !== value % 251) torn++;
      }
      lastSeen = value;
      checked++;
      reader.release();
    }
    Atomics.store(stop, 0, 1);
    const published = await finished;
    await worker.terminate();
    expect(torn).toBe(0);
    // The writer really ran alongside: many more publications than checks.
    expect(published).toBeGreaterThan(2 * wanted);
  });
});

describe('RingWriter on a broken ring', () => {
  it('throws, naming the ring, instead of spinning for ever when no slot ever comes free', async () => {
    const buffer = createRingBuffer(SHAPE, true);
    const reader = new RingReader(buffer, SHAPE);
    // Memory no honest reader could leave: every slot claims publication 7, which is held.
    for (let i = 0; i < reader.slotCount; i++) reader.slotAt(i).header[HEADER_SEQ] = 7;
    expect(reader.hold(0)).toBe(7);
    // In a thread of its own: a writer that spun for ever would block this one, and no test
    // timeout could fire.
    const worker = startTsWorker(new URL('./brokenRingThread.ts', import.meta.url), {
      buffer,
      shape: SHAPE,
      timeoutMs: 50,
    });
    try {
      const answer = await new Promise<{ error: string | null } | 'silent'>((resolve, reject) => {
        const timer = setTimeout(() => resolve('silent'), 8000);
        worker.once('message', (message: { error: string | null }) => {
          clearTimeout(timer);
          resolve(message);
        });
        worker.once('error', reject);
      });
      expect(answer).toEqual({
        error: expect.stringMatching(
          /^Ring: no slot came free in 50 ms \(4 slots; the reader holds publication 7\)/,
        ),
      });
    } finally {
      await worker.terminate();
    }
    // Released, a writer finds a slot at once.
    reader.release();
    expect(new RingWriter(buffer, SHAPE).begin().header[HEADER_SEQ]).toBe(-1);
  }, 15_000);
});
