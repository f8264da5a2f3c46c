// A worker_threads writer for the shared-ring test: publishes slots whose every element equals
// the publication number (mod 251), as fast as it can, until the reader raises the stop flag,
// so a torn read shows up as mixed values.

import { parentPort, workerData } from 'node:worker_threads';
import { RingWriter } from '../../../../src/physicsHost/wire/sharedRing';
import type { RingShape } from '../../../../src/physicsHost/wire/sharedRing';
import { FIRST_USER_HEADER } from '../../../../src/physicsHost/wire/slotLayout';

const { buffer, shape, stop } = workerData as {
  buffer: SharedArrayBuffer;
  shape: RingShape;
  stop: Int32Array;
};
const writer = new RingWriter(buffer, shape);
while (Atomics.load(stop, 0) === 0) {
  const slot = writer.begin();
  const value = writer.lastPublished + 1;
  slot.header[FIRST_USER_HEADER] = value;
  for (const name of Object.keys(slot.fields)) slot.fields[name]?.fill(value % 251);
  writer.publish(slot);
}
parentPort?.postMessage(writer.lastPublished);
