// The physics worker's entry point: hands every message from the page to a PhysicsService.

import { PhysicsService } from './physicsService';
import type { FromWorker, MessageSink, ToWorker } from '../wire/protocol';

const scope = self as unknown as MessageSink<FromWorker> & {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};
// The solver's helper is a worker of this worker's own (workerThread/solverThreads.ts).
const startHelper = () =>
  new Worker(new URL('./helperWorker.ts', import.meta.url), { type: 'module' });
const service = new PhysicsService(scope, undefined, startHelper);
scope.onmessage = (event) => service.handle(event.data);
