// Where each world's physics runs: in a worker of its own (the determinism lab's second world
// in another, so the two step in parallel) or on the page's thread. A worker that cannot start,
// or fails later, hands its world back to the page's thread with a message saying why.

import type { PhysicsThreadSetting } from '../config/settings';
import type { Messages } from '../ui/messages';
import { reloadOptions } from './simulation';
import type { Simulation } from './simulation';
import type { TwinLab } from './twinLab';
import { startPhysicsWorker } from '../workerHost/workerStart';
import type { StartedWorker } from '../workerHost/workerStart';

/** What the threads act on: the page's session. */
export interface ThreadSession {
  readonly sim: Simulation;
  readonly lab: TwinLab | null;
  readonly messages: Messages;
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

export class PhysicsThreads {
  private readonly session: ThreadSession;
  private main: StartedWorker | null = null;
  private twin: StartedWorker | null = null;
  private watching = 0;

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
      this.stopAll();
      sim.useMainThread();
      lab?.twin.useMainThread();
      this.session.redraw();
      return;
    }
    if (sim.thread === 'worker') return;
    const started = this.start(sim, 'main');
    if (!started) return;
    this.main = started;
    this.watch();
    await sim.useWorker(started.physics);
    // A worker that failed while building has been replaced by this thread already.
    if (this.main !== started) return;
    if (lab) await this.placeTwin(lab);
    this.session.redraw();
  }

  /** Puts the lab's second world in a worker of its own when the main world is in one. */
  async placeTwin(lab: TwinLab): Promise<void> {
    if (this.session.sim.thread !== 'worker' || lab.twin.thread === 'worker') return;
    const started = this.start(lab.twin, 'twin');
    if (!started) return;
    this.twin = started;
    await lab.twin.useWorker(started.physics);
  }

  /** The lab is gone: stops its worker. */
  dropTwin(lab: TwinLab): void {
    this.twin?.physics.abandon();
    this.twin?.stop();
    this.twin = null;
    lab.twin.useMainThread();
  }

  /** Looks for a silent worker once a second while any runs. */
  private watch(): void {
    if (this.watching) return;
    this.watching = window.setInterval(() => {
      if (!this.main && !this.twin) {
        window.clearInterval(this.watching);
        this.watching = 0;
        return;
      }
      for (const which of ['main', 'twin'] as const) {
        const silent = (which === 'main' ? this.main : this.twin)?.physics.silentMs() ?? 0;
        if (silent > WORKER_SILENCE_MS) {
          this.fallBack(`stopped answering (silent for ${Math.round(silent / 1000)} s)`, which);
          return;
        }
      }
    }, WATCH_INTERVAL_MS);
  }

  /** Stops both workers; whoever waits on them is let go (see WorkerPhysics.abandon). */
  private stopAll(): void {
    this.main?.physics.abandon();
    this.twin?.physics.abandon();
    this.main?.stop();
    this.twin?.stop();
    this.main = null;
    this.twin = null;
  }

  /** Starts a worker for `sim`; on failure says why, and physics stays on (or comes back to) this thread. */
  private start(sim: Simulation, which: 'main' | 'twin'): StartedWorker | null {
    const started = startPhysicsWorker({
      onFaults: (report) => sim.noteFaults(report),
      onStepHashes: (first, hashes) => {
        const listener = sim.onStepHash;
        if (!listener) return;
        for (let k = 0; k < hashes.length / 2; k++)
          listener(first + k, hashes[2 * k], hashes[2 * k + 1]);
      },
      onFailed: (message) => this.fallBack(message, which),
    });
    if (started instanceof Error) {
      this.fallBack(started.message, which);
      return null;
    }
    return started;
  }

  /**
   * A worker could not start or failed: every world comes back to this thread (the scene is
   * rebuilt here), the setting says 'main', and a message says why.
   */
  private fallBack(reason: string, which: 'main' | 'twin'): void {
    const { sim, lab, messages } = this.session;
    const abandoned = which === 'main' ? this.main : this.twin;
    abandoned?.physics.abandon();
    this.stopAll();
    const step = sim.loop.stepCount;
    const outcome = sim.useMainThread();
    if (lab && lab.twin.useMainThread() === 'restarted' && outcome === 'resumed') {
      // The lab's two worlds must start from the same step to be compared: both start again.
      void sim.load(sim.scene.definition.id, reloadOptions(sim.scene));
      void lab.reload();
    }
    sim.set({ physicsThread: 'main' });
    lab?.syncSettings();
    const rebuilt =
      outcome === 'resumed'
        ? `The scene was rebuilt here at the same step (${step}, its inputs replayed)`
        : 'The scene started again here (its session was too long to replay)';
    messages.show(
      `Physics runs on the page's own thread: the physics worker ${reason}. ${rebuilt}; drawing and physics now share each frame.`,
      'warning',
    );
    this.session.redraw();
    this.session.changed();
  }
}
