// The second physics thread, a worker the physics worker starts: it is sent the thread team's
// shared memory and arrays and runs its half of the plan, set-up and sweeps
// (physics/threadTeam.ts's TeamHelper).

import { TeamHelper } from '../physics/threadTeam';
import type { TeamShare } from '../physics/threadTeam';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<TeamShare>) => void) | null;
  postMessage(message: string): void;
};
const helper = new TeamHelper();
scope.onmessage = (event) => helper.receive(event.data);
scope.postMessage('ready');
