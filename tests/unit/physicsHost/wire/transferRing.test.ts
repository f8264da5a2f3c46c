import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { FIRST_USER_HEADER } from '../../../../src/physicsHost/wire/slotLayout';
import type { FieldSpec } from '../../../../src/physicsHost/wire/slotLayout';
import { TransferReader, TransferWriter } from '../../../../src/physicsHost/wire/transferRing';
import type { SlotMessage, SlotPort } from '../../../../src/physicsHost/wire/transferRing';

const STEP = FIRST_USER_HEADER;
const FIELDS: FieldSpec[] = [
  { name: 'position', type: 'f64', width: 3 },
  { name: 'ids', type: 'i32', width: 1 },
];

/** Both ends over a real MessageChannel, so transfers detach buffers as a browser does. */
function connect(slots: number, capacity = 4) {
  const channel = new MessageChannel();
  // Messages sent and received each way: settled once every one sent has arrived (a reply is
  // sent inside the handler that received, so nothing is in flight then).
  let sent = 0;
  let received = 0;
  const toPage: SlotPort = {
    postMessage: (message, transfer) => {
      sent++;
      channel.port1.postMessage(message, transfer as ArrayBuffer[]);
    },
  };
  const toPhysics: SlotPort = {
    postMessage: (message, transfer) => {
      sent++;
      channel.port2.postMessage(message, transfer as ArrayBuffer[]);
    },
  };
  const writer = new TransferWriter(FIELDS, capacity, toPage);
  const reader = new TransferReader(FIELDS, slots, toPhysics);
  channel.port2.on('message', (message: SlotMessage) => {
    received++;
    reader.receive(message.buffer);
  });
  let returned = 0;
  channel.port1.on('message', (message: SlotMessage) => {
    received++;
    returned++;
    writer.accept(message.buffer);
  });
  const settle = async (): Promise<void> => {
    while (received < sent) await new Promise((resolve) => setImmediate(resolve));
  };
  const close = (): void => {
    channel.port1.close();
    channel.port2.close();
  };
  return { writer, reader, settle, close, returned: () => returned };
}

function publish(writer: TransferWriter, step: number): ArrayBuffer {
  const slot = writer.begin();
  slot.header[STEP] = step;
  (slot.fields.position as Float64Array)[0] = step;
  const buffer = slot.header.buffer as ArrayBuffer;
  writer.publish(slot);
  return buffer;
}

describe('transfer ring', () => {
  it('moves each step to the page without copying it and keeps the newest few', async () => {
    const { writer, reader, settle, close } = connect(3);
    const sent = publish(writer, 0);
    expect(sent.byteLength).toBe(0); // transferred: detached on the writer's side
    for (let step = 1; step <= 4; step++) publish(writer, step);
    await settle();
    expect(reader.latest()).toBe(4);
    expect(reader.findNewest(STEP, 4)).toBeGreaterThanOrEqual(0);
    expect(reader.findNewest(STEP, 2)).toBeGreaterThanOrEqual(0);
    expect(reader.findNewest(STEP, 1)).toBe(-1);
    const slot = reader.slotAt(reader.findNewest(STEP, 3));
    expect((slot.fields.position as Float64Array)[0]).toBe(3);
    close();
  });

  it('recycles spent buffers: after warm-up the writer makes no new ones', async () => {
    const { writer, settle, close, returned } = connect(3);
    for (let step = 0; step < 10; step++) {
      publish(writer, step);
      await settle();
    }
    // Three kept by the page, the other seven sent back and written again.
    expect(returned()).toBe(7);
    close();
  });

  it('never sends back the held slot', async () => {
    const { writer, reader, settle, close } = connect(3);
    publish(writer, 0);
    await settle();
    const index = reader.findNewest(STEP, 0);
    expect(reader.hold(index)).toBe(0);
    for (let step = 1; step <= 8; step++) publish(writer, step);
    await settle();
    expect(reader.findNewest(STEP, 0)).toBe(index);
    expect((reader.slotAt(index).fields.position as Float64Array)[0]).toBe(0);
    reader.release();
    publish(writer, 9);
    await settle();
    expect(reader.findNewest(STEP, 0)).toBe(-1);
    close();
  });

  it('a slot laid out for more bodies after a resize is read with its own capacity', async () => {
    const { writer, reader, settle, close } = connect(3, 2);
    writer.resize(50);
    const slot = writer.begin();
    slot.header[STEP] = 7;
    (slot.fields.ids as Int32Array)[49] = 1234;
    writer.publish(slot);
    await settle();
    const read = reader.slotAt(reader.findNewest(STEP, 7));
    expect((read.fields.ids as Int32Array).length).toBe(50);
    expect((read.fields.ids as Int32Array)[49]).toBe(1234);
    close();
  });

  it('refuses a ring of fewer than three slots and a publish without begin', () => {
    const port: SlotPort = { postMessage: () => undefined };
    expect(() => new TransferReader(FIELDS, 2, port)).toThrow(/slots = 2 is invalid/);
    const writer = new TransferWriter(FIELDS, 2, port);
    const other = new TransferWriter(FIELDS, 2, port).begin();
    expect(() => writer.publish(other)).toThrow(/last begin/);
  });
});
