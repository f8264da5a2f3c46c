// Physics hosts for tests: a WorkerHost whose worker is a real worker_threads thread running the
// browser's worker code, or a PhysicsService on this thread whose messages are delivered by hand.

import type { Worker } from 'node:worker_threads';
import { DEFAULT_TUNING } from '../../../../src/physics/world/tuning';
import type { PhysicsTuning } from '../../../../src/physics/world/tuning';
import type { FromWorker, ToWorker, Transport } from '../../../../src/physicsHost/wire/protocol';
import { WorkerHost } from '../../../../src/physicsHost/workerHost/workerHost';
import { PhysicsService } from '../../../../src/physicsHost/worker/physicsService';
import { startTsWorker } from '../../../support/tsWorker';

/** A WorkerHost over a real worker thread; `worker` is the thread (terminate it after). */
export function threadHost(
  transport: Transport = 'shared',
  tuning: Readonly<PhysicsTuning> = DEFAULT_TUNING,
): { host: WorkerHost; worker: Worker } {
  const worker = startTsWorker(new URL('../worker/serviceThread.ts', import.meta.url), null);
  const host = new WorkerHost(
    { postMessage: (m: ToWorker, t) => worker.postMessage(m, t as ArrayBuffer[]) },
    { transport, tuning },
  );
  worker.on('message', (message: FromWorker) => host.receive(message));
  return { host, worker };
}

/**
 * A WorkerHost and a PhysicsService on this thread, messages delivered only when `deliver` is
 * called. A made-up clock: every step costs the worker exactly 1 ms, whatever this machine does;
 * `clockMs` is the page's clock its silence is measured with (performance.now unless given).
 */
export function handHost(
  transport: Transport = 'transfer',
  clockMs?: () => number,
): {
  host: WorkerHost;
  deliver: () => void;
} {
  const down: ToWorker[] = [];
  const up: FromWorker[] = [];
  let nowMs = 0;
  const service = new PhysicsService(
    { postMessage: (m: FromWorker) => up.push(m) },
    () => (nowMs += 1),
  );
  const host = new WorkerHost(
    { postMessage: (m: ToWorker) => down.push(m) },
    { transport, tuning: DEFAULT_TUNING, clockMs },
  );
  const deliver = (): void => {
    while (down.length > 0 || up.length > 0) {
      const toWorker = down.shift();
      if (toWorker) service.handle(toWorker);
      const toPage = up.shift();
      if (toPage) host.receive(toPage);
    }
  };
  return { host, deliver };
}
