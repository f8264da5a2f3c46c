// Starting the physics worker: picks the transport (shared memory when the page is
// cross-origin isolated, transferred buffers otherwise), connects a WorkerPhysics to it, and
// reports a worker that cannot start or dies, so the page can step on its own thread instead.

import type { FromWorker, ToWorker, Transport } from '../wire/protocol';
import { WorkerPhysics } from './workerPhysics';
import type { WorkerEvents } from './workerPhysics';

/**
 * Ring slots: a frame asks for at most maxStepsPerFrame steps (25 by default) and the page draws
 * about a frame behind the newest, so a little more than that: at 5 fps a frame's 20 steps are
 * all still there when the next frame picks one.
 */
export const RING_SLOTS = 32;

/** A started worker and the page's end of it. */
export interface StartedWorker {
  physics: WorkerPhysics;
  transport: Transport;
  /** Stops the worker (switching back to the main thread, or a new scene's lab). */
  stop(): void;
}

/** The transport this page can have: shared memory needs cross-origin isolation. */
export function availableTransport(): Transport {
  return typeof SharedArrayBuffer === 'function' && globalThis.crossOriginIsolated === true
    ? 'shared'
    : 'transfer';
}

/**
 * Starts the physics worker, or returns an Error saying why it cannot (no Worker in this
 * browser, a policy that forbids it). `onFailed` is told later failures (it threw, or died);
 * after that the worker is stopped and sends nothing more.
 */
export function startPhysicsWorker(
  events: WorkerEvents & { onFailed: (message: string) => void },
  hashSteps = false,
): StartedWorker | Error {
  if (typeof Worker !== 'function')
    return new Error('cannot start: this browser has no Web Workers');
  let worker: Worker;
  try {
    worker = new Worker(new URL('../workerThread/physicsWorker.ts', import.meta.url), {
      type: 'module',
      name: 'physics',
    });
  } catch (error) {
    return new Error(`cannot start: ${error instanceof Error ? error.message : String(error)}`);
  }
  const transport = availableTransport();
  let failed = false;
  const fail = (message: string): void => {
    if (failed) return;
    failed = true;
    worker.terminate();
    events.onFailed(message);
  };
  const physics = new WorkerPhysics(
    { postMessage: (message: ToWorker, transfer) => worker.postMessage(message, transfer) },
    { transport, slots: RING_SLOTS, hashSteps },
    { ...events, onFailed: (message) => fail(`failed: ${message}`) },
  );
  worker.onmessage = (event: MessageEvent<FromWorker>) => {
    if (!failed) physics.receive(event.data);
  };
  // A script that cannot load (a policy, a missing file) or an uncaught error in the worker.
  worker.onerror = (event) => {
    event.preventDefault();
    fail(
      event.message
        ? `failed: ${event.message}`
        : 'could not start (blocked, or its script would not load)',
    );
  };
  worker.onmessageerror = () => fail('sent a message the page could not read');
  return {
    physics,
    transport,
    stop: () => {
      failed = true;
      worker.terminate();
    },
  };
}
