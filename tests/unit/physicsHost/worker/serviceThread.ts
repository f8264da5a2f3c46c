// A worker_threads stand-in for the browser's physics worker: the same PhysicsService, with
// the thread's parent port as its message sink.

import { parentPort } from 'node:worker_threads';
import { PhysicsService } from '../../../../src/physicsHost/worker/physicsService';
import type { FromWorker, MessageSink, ToWorker } from '../../../../src/physicsHost/wire/protocol';

if (!parentPort) throw new Error('serviceThread must run in a worker thread.');
const port = parentPort;
const sink: MessageSink<FromWorker> = {
  postMessage: (message, transfer) => port.postMessage(message, transfer as ArrayBuffer[]),
};
const service = new PhysicsService(sink);
port.on('message', (message: ToWorker) => service.handle(message));
