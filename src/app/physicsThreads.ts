// Where each world's physics runs: in a worker of its own (the determinism lab's second world
// in another, so the two step in parallel) or on the page's thread. Each move swaps the physics
// host a Simulation holds. A worker that cannot start, fails or falls silent hands its world
// back to the page's thread, with a message saying why.

import type { PhysicsThreadSetting } from '../config/settings';
import { t } from '../i18n/language';
import { startWorkerHost } from '../physicsHost/workerHost/startWorker';
import type { WorkerHost, WorkerProblem } from '../physicsHost/workerHost/workerHost';
import type { Notify } from './notify';
import { reloadOptions } from './simulation';
import type { Simulation } from './simulation';
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
 * How long a worker may owe the page an answer (a scene build, a batch of steps) before the page
 * gives up on it and steps on its own thread. A 5000-body scene builds in well under a second on
 * a phone, and a frame asks for at most a frame's worth of work; a worker silent this long has
 * been stopped by the browser (out of memory, a crash), which no event reliably reports.
 */
export const WORKER_SILENCE_MS = 15_000;

/** How often the page looks for a silent worker. */
const WATCH_INTERVAL_MS = 1000;

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
      this.handBack('main');
      this.handBack('twin');
      this.session.redraw();
      return;
    }
    if (this.workers.main) return;
    const started = this.start(sim, 'main');
    if (!started) return;
    await sim.useHost(started, 'build');
    // A worker that failed while building has been replaced by this thread already.
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
  dropTwin(lab: TwinLab): void {
    if (this.workers.twin) this.handBack('twin', lab.twin);
  }

  /** Starts a worker for `sim`; on failure says why, and physics stays on this thread. */
  private start(sim: Simulation, which: Which): WorkerHost | null {
    if (this.startProblem) {
      this.fallBack(this.startProblem);
      return null;
    }
    const outcome = startWorkerHost(sim.host.tuning);
    if ('problem' in outcome) {
      this.fallBack(outcome.problem);
      return null;
    }
    const started = outcome.host;
    started.onFailed = (problem) => this.fallBack(problem);
    this.workers[which] = started;
    this.watch();
    return started;
  }

  /**
   * Brings `which` world back to this thread: the same world at the same step where the worker's
   * session can be re-simulated, else its scene afresh. Returns whether it resumed.
   */
  private handBack(which: Which, sim = this.simOf(which)): boolean {
    const worker = this.workers[which];
    if (!worker) return true;
    this.workers[which] = null;
    const back = worker.handBack();
    if (sim) void sim.useHost(back.host, back.resumed ? 'resume' : 'restart');
    return back.resumed;
  }

  private simOf(which: Which): Simulation | null {
    return which === 'main' ? this.session.sim : (this.session.lab?.twin ?? null);
  }

  /**
   * Looks for a silent worker once a second while any runs. A tick that comes late means the
   * page itself ran no tasks meanwhile (a long frame, a stalled tab), and the worker's answers
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
        if (stalledMs > 0) worker?.pageStalled(stalledMs);
        const silent = worker?.silentMs() ?? 0;
        if (silent > WORKER_SILENCE_MS) {
          worker?.fail({ kind: 'silent', seconds: Math.round(silent / 1000) });
          return;
        }
      }
    }, WATCH_INTERVAL_MS);
  }

  /**
   * A worker could not start or failed: every world comes back to this thread (rebuilt here),
   * the setting says 'main', and a message says why.
   */
  private fallBack(problem: WorkerProblem): void {
    const { sim, lab, notify } = this.session;
    const told = this.startProblem !== null;
    if (
      problem.kind === 'noWorkers' ||
      problem.kind === 'cannotStart' ||
      problem.kind === 'blocked'
    )
      this.startProblem = problem;
    const step = sim.nextStep;
    const resumed = this.handBack('main');
    if (lab && !this.handBack('twin') && resumed) {
      // The lab's two worlds must start from the same step to be compared: both start again.
      void sim.load(sim.scene.definition.id, reloadOptions(sim.scene));
      void lab.reload();
    }
    sim.set({ physicsThread: 'main' });
    lab?.syncSettings();
    const rebuilt = resumed ? t('message.rebuiltSameStep', { step }) : t('message.startedAgain');
    if (!told)
      notify(t('message.workerFallback', { reason: problemText(problem), rebuilt }), 'warning');
    this.session.redraw();
    this.session.changed();
  }
}
