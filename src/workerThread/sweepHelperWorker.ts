// The solver's helper thread, a worker the physics worker starts: it is sent the sweep team's
// shared arrays and sweeps its half of every split run (physics/sweepTeam.ts's SweepHelper).

import { SweepHelper } from '../physics/sweepTeam';
import type { SweepShare } from '../physics/sweepTeam';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SweepShare>) => void) | null;
  postMessage(message: string): void;
};
const helper = new SweepHelper();
scope.onmessage = (event) => helper.receive(event.data);
scope.postMessage('ready');
