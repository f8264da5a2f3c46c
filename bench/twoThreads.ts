// A second physics thread for a world in Node: a worker_threads helper that takes half of the
// pair plan, the row set-up and every sweep it can (src/physics/threadTeam.ts), the same bits.

import { FlatGSSolver } from '../src/physics/flatSolver';
import { HelperStandDown, STAND_DOWN_RULE } from '../src/physics/helperStandDown';
import type { StandDownRule } from '../src/physics/helperStandDown';
import type { PhysicsWorld } from '../src/physics/physicsWorld';
import { ThreadTeam } from '../src/physics/threadTeam';
import { startTsWorker } from './tsWorker';

/** A world's second thread; `close` takes the world back to one and ends the thread. */
export interface SecondThread {
  readonly team: ThreadTeam;
  close(): Promise<void>;
}

/**
 * Starts the helper thread and, once it has loaded, gives `physics` its half of the sweeps;
 * `rule` says when a helper that keeps the stepping thread waiting is stood down (the app's).
 */
export async function useSecondThread(
  physics: PhysicsWorld,
  rule: Readonly<StandDownRule> = STAND_DOWN_RULE,
): Promise<SecondThread> {
  const solver = physics.world.solver;
  if (!(solver instanceof FlatGSSolver)) {
    throw new Error('A second physics thread needs the flat solver (tuning solver "flat-gs").');
  }
  const worker = startTsWorker(new URL('./helperThread.ts', import.meta.url), null);
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  const team = new ThreadTeam(
    (share) => worker.postMessage(share),
    5000,
    new HelperStandDown(rule),
  );
  solver.usePartner(team);
  return {
    team,
    async close() {
      solver.usePartner(null);
      team.stop();
      await worker.terminate();
    },
  };
}
