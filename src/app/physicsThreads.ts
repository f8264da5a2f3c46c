// Where each world's physics runs: in a worker of its own (the determinism lab's second world
// in another, so the two step in parallel) or on the page's thread. Each move swaps the physics
// host a Simulation holds. A worker that cannot start, fails or falls silent hands its world
// back to the page's thread, rebuilt a slice at a time up to the step last shown.

import type { PhysicsThreadSetting } from '../config/settings';
import { t } from '../i18n/language';
import { startWorkerHost } from '../physicsHost/workerHost/startWorker';
import { rebuildInSlices } from '../physicsHost/workerHost/logReplay';
import type { WorkerHost, WorkerProblem } from '../physicsHost/workerHost/workerHost';
import type { Notify, ShownMessage } from './notify';
import { reloadOptions } from './simulation';
import type { Simulation } from './simulation';
import { LocalHost } from '../physicsHost/host/localHost';
import type { TwinLab } from './twinLab';

/** What the threads act on: the page's session. */
export interface ThreadSession {
  readonly sim: Simulation;
  readonly lab: TwinLab | null;
  readonly notify: Notify;
  redraw(): void;
  changed(): void;
}

/**
 * How long past the work it is known to owe a worker may stay silent before the page gives up
 * on it (ms). A worker says it is alive four times a second through long work (HEARTBEAT_MS), so
 * only a stopped worker — out of memory, a crash, terminated — goes a second without a word.
 */
export const WORKER_SILENCE_MS = 1000;

/** How often the page looks for a silent worker (ms). */
const WATCH_INTERVAL_MS = 250;

/**
 * The longest a slice of a rebuild may run before the page gets its turn (ms): with a frame's
 * own work, every task stays under 100 ms, so the page keeps drawing and answering.
 */
export const REBUILD_SLICE_MS = 40;

type Which = 'main' | 'twin';

/** Why the worker was given up on, in the page's language. */
function problemText(problem: WorkerProblem): string {
  switch (problem.kind) {
    case 'noWorkers':
      return t('worker.noWorkers');
    case 'cannotStart':
      return t('worker.cannotStart', { detail: problem.detail });
    case 'blocked':
      return t('worker.blocked');
    case 'failed':
      return t('worker.failed', { detail: problem.detail });
    case 'unreadable':
      return t('worker.unreadable');
    case 'silent':
      return t('worker.silent', { seconds: problem.seconds });
  }
}

export class PhysicsThreads {
  private readonly session: ThreadSession;
  /** The workers running: the main world's, and the lab's second world's. */
  private readonly workers: Record<Which, WorkerHost | null> = { main: null, twin: null };
  private watching = 0;
  /** Rebuilds under way (a world moving to this thread), and when the last ends. */
  private rebuilding: Promise<void> | null = null;
  /**
   * Why a worker could not start, once one could not (no Workers, a policy, a script that will
   * not load): it will not start the next time either, so it is not tried again and the page
   * says so once, not at every switch back to the worker (a tour chapter, the panel).
   */
  private startProblem: WorkerProblem | null = null;

  constructor(session: ThreadSession) {
    this.session = session;
  }

  /**
   * Moves physics to the chosen thread (the main world and the lab's second one); resolves
   * once the scene is built there. A worker that cannot start leaves physics on this thread.
   */
  async use(thread: PhysicsThreadSetting): Promise<void> {
    const { sim, lab } = this.session;
    if (thread === 'main') {
      await this.bringBack(null);
      this.session.redraw();
      return;
    }
    if (this.workers.main || this.rebuilding) return;
    const started = this.start(sim, 'main');
    if (!started) return;
    await sim.useHost(started, 'build');
    // A worker that failed while building is being replaced by this thread already.
    if (this.workers.main !== started) return;
    if (lab) await this.placeTwin(lab);
    this.session.redraw();
  }

  /** Puts the lab's second world in a worker of its own when the main world is in one. */
  async placeTwin(lab: TwinLab): Promise<void> {
    if (!this.workers.main || this.workers.twin) return;
    const started = this.start(lab.twin, 'twin');
    if (started) await lab.twin.useHost(started, 'build');
  }

  /** The lab is gone: its worker is stopped. */
  dropTwin(): void {
    this.workers.twin?.dispose();
    this.workers.twin = null;
  }

  /** Starts a worker for `sim`; on failure says why, and physics stays on this thread. */
  private start(sim: Simulation, which: Which): WorkerHost | null {
    if (this.startProblem) {
      this.cannotStart(this.startProblem);
      return null;
    }
    const outcome = startWorkerHost(sim.host.tuning);
    if ('problem' in outcome) {
      this.cannotStart(outcome.problem);
      return null;
    }
    const started = outcome.host;
    started.onFailed = (problem) => {
      // A script blocked by a policy or missing is only heard once the worker runs.
      if (problem.kind === 'blocked') this.startProblem = problem;
      void this.bringBack(problem);
    };
    this.workers[which] = started;
    this.watch();
    return started;
  }

  private simOf(which: Which): Simulation | null {
    return which === 'main' ? this.session.sim : (this.session.lab?.twin ?? null);
  }

  /**
   * Brings every world in a worker back to this thread: each worker is stopped and its world
   * rebuilt here from its session log, a slice of at most REBUILD_SLICE_MS at a time, up to the
   * step the page last showed — then the same world carries on here. `problem`: why the worker
   * was given up on (a message says so), or null when physics moves here by choice.
   */
  private bringBack(problem: WorkerProblem | null): Promise<void> {
    const moving: { sim: Simulation; worker: WorkerHost }[] = [];
    for (const which of ['main', 'twin'] as const) {
      const worker = this.workers[which];
      const sim = this.simOf(which);
      this.workers[which] = null;
      if (worker && sim) moving.push({ sim, worker });
      else worker?.dispose();
    }
    if (moving.length === 0) return this.rebuilding ?? Promise.resolve();
    const { sim, notify } = this.session;
    const reason = problem === null ? null : problemText(problem);
    const rebuilds = moving.map(({ worker }) => worker.recover());
    const step = moving[0].worker.stepping.nextStep;
    const notice: ShownMessage | null =
      reason === null ? null : notify(t('message.recoveringPhysics', { reason, step }));
    const done = rebuildInSlices(rebuilds, REBUILD_SLICE_MS).then((failure) => {
      this.handOver(moving, failure);
      notice?.remove();
      if (reason !== null) this.tellMoved(reason, step, failure);
    });
    this.rebuilding = done.then(() => {
      this.rebuilding = null;
    });
    if (reason !== null) {
      sim.set({ physicsThread: 'main' });
      this.session.lab?.syncSettings();
      this.session.changed();
    }
    return this.rebuilding;
  }

  /**
   * Each world's rebuilt host takes over from its worker's; where the rebuild failed (it threw:
   * the log could not be replayed), the scene starts again here.
   */
  private handOver(moving: { sim: Simulation; worker: WorkerHost }[], failure: unknown): void {
    for (const { sim, worker } of moving) {
      if (failure === null) {
        void sim.useHost(worker.recovered(), worker.stepsDropped > 0 ? 'rewind' : 'resume');
      } else {
        worker.dispose();
        const scene = sim.scene;
        const host = new LocalHost(scene.definition.id, reloadOptions(scene), worker.tuning);
        void sim.useHost(host, 'restart');
      }
    }
    this.session.redraw();
    this.session.changed();
  }

  /** The message after a worker failed and its world moved here. */
  private tellMoved(reason: string, step: number, failure: unknown): void {
    const rebuilt =
      failure === null
        ? t('message.rebuiltSameStep', { step })
        : t('message.startedAgain', {
            error: failure instanceof Error ? failure.message : String(failure),
          });
    this.session.notify(t('message.workerFallback', { reason, rebuilt }), 'warning');
  }

  /**
   * A worker could not start: physics stays on this thread, and a message says why — once, as
   * it will not start the next time either.
   */
  private cannotStart(problem: WorkerProblem): void {
    const { sim, lab, notify } = this.session;
    sim.set({ physicsThread: 'main' });
    lab?.syncSettings();
    if (this.startProblem === null) {
      const reason = problemText(problem);
      notify(t('message.workerFallback', { reason, rebuilt: t('message.stayedHere') }), 'warning');
    }
    this.startProblem = problem;
    this.session.redraw();
    this.session.changed();
  }

  /**
   * Looks for a silent worker four times a second while any runs. A tick that comes late means
   * the page itself ran no tasks meanwhile (a long frame, a stalled tab), and the worker's answers
   * may be queued behind this tick: silence is counted at most one interval a tick.
   */
  private watch(): void {
    if (this.watching) return;
    let lastTickMs = performance.now();
    this.watching = window.setInterval(() => {
      const { main, twin } = this.workers;
      if (!main && !twin) {
        window.clearInterval(this.watching);
        this.watching = 0;
        return;
      }
      const nowMs = performance.now();
      const stalledMs = nowMs - lastTickMs - WATCH_INTERVAL_MS;
      lastTickMs = nowMs;
      for (const worker of [main, twin]) {
        if (!worker) continue;
        if (stalledMs > 0) worker.pageStalled(stalledMs);
        const silent = worker.silentMs();
        if (silent > worker.owedMs() + WORKER_SILENCE_MS) {
          worker.fail({ kind: 'silent', seconds: Number((silent / 1000).toFixed(1)) });
          return;
        }
      }
    }, WATCH_INTERVAL_MS);
  }
}
