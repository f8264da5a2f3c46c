// The helper thread of the contact solver's two-thread sweeps, in Node (worker_threads): it is
// sent the team's shared arrays and sweeps its halves (src/physics/sweepTeam.ts's SweepHelper).

import { parentPort } from 'node:worker_threads';
import { SweepHelper } from '../src/physics/sweepTeam';
import type { SweepShare } from '../src/physics/sweepTeam';

const port = parentPort;
if (port === null) throw new Error('bench/sweepThread.ts runs as a worker thread.');
const helper = new SweepHelper();
port.on('message', (share: SweepShare) => helper.receive(share));
port.postMessage('ready');
