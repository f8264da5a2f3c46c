// A worker_threads writer for the broken-ring test: asks for a slot once and reports what
// happened, so a writer that spins for ever leaves the test's own thread free to time out.

import { parentPort, workerData } from 'node:worker_threads';
import { RingWriter } from '../../../../src/physicsHost/wire/sharedRing';
import type { RingShape } from '../../../../src/physicsHost/wire/sharedRing';

const { buffer, shape, timeoutMs } = workerData as {
  buffer: SharedArrayBuffer;
  shape: RingShape;
  timeoutMs: number;
};
try {
  new RingWriter(buffer, shape, timeoutMs).begin();
  parentPort?.postMessage({ error: null });
} catch (error) {
  parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
