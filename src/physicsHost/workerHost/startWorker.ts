// Starting the physics worker in a browser: picks the transport (shared memory when the page is
// cross-origin isolated, transferred buffers otherwise), connects a WorkerHost to it, and turns
// a worker that cannot load, throws or sends what the page cannot read into the host's failure.

import type { PhysicsTuning } from '../../physics/index';
import type { FromWorker, ToWorker, Transport } from '../wire/protocol';
import { WorkerHost } from './workerHost';
import type { WorkerProblem } from './workerHost';

/** The transport this page can have: shared memory needs cross-origin isolation. */
export function availableTransport(): Transport {
  return typeof SharedArrayBuffer === 'function' && globalThis.crossOriginIsolated === true
    ? 'shared'
    : 'transfer';
}

/**
 * Starts a physics worker and returns its host, or why it cannot start (no Worker in this
 * browser, a policy that forbids it). Later failures reach `host.onFailed`; the worker is then
 * stopped and heard no more.
 */
export function startWorkerHost(
  tuning: Readonly<PhysicsTuning>,
): { host: WorkerHost } | { problem: WorkerProblem } {
  if (typeof Worker !== 'function') return { problem: { kind: 'noWorkers' } };
  let worker: Worker;
  try {
    worker = new Worker(new URL('../worker/physicsWorker.ts', import.meta.url), {
      type: 'module',
      name: 'physics',
    });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { problem: { kind: 'cannotStart', detail } };
  }
  const host = new WorkerHost(
    { postMessage: (message: ToWorker, transfer) => worker.postMessage(message, transfer) },
    { transport: availableTransport(), tuning, terminate: () => worker.terminate() },
  );
  worker.onmessage = (event: MessageEvent<FromWorker>) => host.receive(event.data);
  // A script that cannot load (a policy, a missing file) or an uncaught error in the worker.
  worker.onerror = (event) => {
    event.preventDefault();
    host.fail(event.message ? { kind: 'failed', detail: event.message } : { kind: 'blocked' });
  };
  worker.onmessageerror = () => host.fail({ kind: 'unreadable' });
  return { host };
}
