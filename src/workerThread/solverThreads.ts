// The physics worker's second thread: on request it starts the helper worker and, once that has
// loaded, shares the world's contact pipeline with it (physics/threadTeam.ts: half the plan,
// set-up and sweeps) — the same bits as one thread. Where it cannot (no shared memory, no
// helper), it says why.

import { FlatGSSolver } from '../physics/flatSolver';
import type { PhysicsWorld } from '../physics/physicsWorld';
import { ThreadTeam } from '../physics/threadTeam';
import type { SolverThreadCount, TeamShare } from '../physics/threadTeam';

/** The helper worker, as the physics worker sees it (a browser Worker). */
export interface HelperWorker {
  postMessage(message: TeamShare): void;
  terminate(): void;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

/** Says how many threads the solver uses now, and why one when two were asked for. */
export type ReportThreads = (count: SolverThreadCount, reason: string | null) => void;

/** Why no helper can run here, or null. */
function unavailable(startHelper: (() => HelperWorker) | null): string | null {
  if (typeof SharedArrayBuffer === 'undefined' || typeof Atomics.wait !== 'function') {
    return 'shared memory is not available here (the page is not cross-origin isolated)';
  }
  if (startHelper === null) return 'this physics thread cannot start a helper';
  return null;
}

/**
 * The physics worker's solver threads: `set(2)` starts the helper and, once it has loaded, shares
 * the sweeps of the world given to `use`; `set(1)` and `stop` end it. Each change is reported.
 */
export class SolverThreads {
  private helper: HelperWorker | null = null;
  private team: ThreadTeam | null = null;
  private solver: FlatGSSolver | null = null;

  /**
   * @param startHelper starts the helper worker (null where none can run: tests on a port).
   * @param report told the solver's thread count after each change.
   */
  constructor(
    private readonly startHelper: (() => HelperWorker) | null,
    private readonly report: ReportThreads,
  ) {}

  /** Asks for one thread or two; the answer comes through `report` (two once the helper loads). */
  set(count: SolverThreadCount): void {
    if (count === 1) {
      this.stop();
      this.report(1, null);
      return;
    }
    if (this.helper !== null) return;
    const reason = unavailable(this.startHelper);
    if (reason !== null || this.startHelper === null) {
      this.report(1, reason);
      return;
    }
    let helper: HelperWorker;
    try {
      helper = this.startHelper();
    } catch (error) {
      this.report(1, `the helper thread did not start: ${String(error)}`);
      return;
    }
    this.helper = helper;
    helper.onmessage = () => {
      helper.onmessage = null;
      this.team = new ThreadTeam((share) => helper.postMessage(share));
      this.partner();
      this.report(2, null);
    };
    helper.onerror = () => {
      this.stop();
      this.report(1, 'the helper thread failed to load');
    };
  }

  /** The world whose solver the helper shares (the core's, once it is built). */
  use(physics: PhysicsWorld): void {
    const solver = physics.world.solver;
    this.solver = solver instanceof FlatGSSolver ? solver : null;
    this.partner();
  }

  /** A scene was loaded: a helper stood down is judged afresh (its steps may cost anything). */
  judgeAfresh(): void {
    this.team?.standDown.restart();
  }

  /** Solves in which the helper swept manifolds of its own so far (0 without one). */
  get helperSolves(): number {
    return this.team === null ? 0 : this.team.sharedSolves;
  }

  /** Whether the helper sits out now, stood down for keeping this thread waiting. */
  get helperSittingOut(): boolean {
    return this.team !== null && !this.team.sharing;
  }

  /** Ends the helper; the solver goes back to one thread. */
  stop(): void {
    this.solver?.usePartner(null);
    this.team?.stop();
    this.helper?.terminate();
    this.helper = null;
    this.team = null;
  }

  private partner(): void {
    if (this.team !== null) this.solver?.usePartner(this.team);
  }
}
