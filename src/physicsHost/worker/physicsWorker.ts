// The physics worker's entry point: hands every message from the page to a PhysicsService.

import { PhysicsService } from './physicsService';
import type { FromWorker, MessageSink, ToWorker } from '../wire/protocol';

const scope = self as unknown as MessageSink<FromWorker> & {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};
const service = new PhysicsService(scope);
scope.onmessage = (event) => service.handle(event.data);
