// The second physics thread in Node (worker_threads): it is sent the thread team's shared memory
// and arrays and runs its half of the plan, set-up and sweeps (src/physics/threadTeam.ts's TeamHelper).

import { parentPort } from 'node:worker_threads';
import { TeamHelper } from '../src/physics/threadTeam';
import type { TeamShare } from '../src/physics/threadTeam';

const port = parentPort;
if (port === null) throw new Error('bench/helperThread.ts runs as a worker thread.');
const helper = new TeamHelper();
port.on('message', (share: TeamShare) => helper.receive(share));
port.postMessage('ready');
