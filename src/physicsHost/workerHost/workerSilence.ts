// How long the physics worker has owed the page an answer without a word: a worker the browser
// stopped (out of memory, a crash) fires no event the page always sees; its silence is how the
// page notices. Read on the page's clock, less the time the page itself stalled.

/**
 * A worker's start-up before its first word (ms): its script fetched and its WebAssembly compiled,
 * on a slow connection or a phone.
 */
export const WORKER_START_MS = 10_000;

/**
 * A load or jump's message copied into the worker before it can say anything (ms): structured
 * cloning a 10,000-body state or a long recording on a busy machine.
 */
export const JUMP_COPY_MS = 1000;

/** The answers the worker owes, and when it was last heard from (ms on the given clock). */
export class WorkerSilence {
  private owed = 0;
  /** When the worker last said anything, or the page first asked it something since (ms). */
  private lastHeardMs = 0;

  /** @param clockMs the page's clock (ms). */
  constructor(private readonly clockMs: () => number) {}

  /** Step requests and applyNows sent and not yet answered. */
  get unanswered(): number {
    return this.owed;
  }

  /** Whether the worker has said anything yet (its script loaded and ran). */
  private spoken = false;

  /** The worker said something, or a load was sent: silence is timed from now. */
  heard(): void {
    this.lastHeardMs = this.clockMs();
  }

  /** The worker said something. */
  spoke(): void {
    this.heard();
    this.spoken = true;
  }

  /**
   * Work the worker is known to owe that may keep it from saying anything (ms): four of its
   * steps at `stepMs` (it says it is alive between steps), a load or jump still being copied in
   * (`ready`: none), and its start-up before its first word.
   */
  owedMs(stepMs: number, ready: boolean): number {
    return 4 * stepMs + (ready ? 0 : JUMP_COPY_MS) + (this.spoken ? 0 : WORKER_START_MS);
  }

  /**
   * A request that the worker answers: silence is timed from the first one owed (`ready`: the
   * worker has built the newest scene, so owed nothing before this).
   */
  expectAnswer(ready: boolean): void {
    if (this.owed === 0 && ready) this.lastHeardMs = this.clockMs();
    this.owed++;
  }

  /** A request answered. */
  answered(): void {
    this.owed--;
  }

  /** Milliseconds without a word while an answer or a load (`!ready`) is owed; else 0. */
  silentMs(ready: boolean): number {
    return this.owed > 0 || !ready ? this.clockMs() - this.lastHeardMs : 0;
  }

  /**
   * The page itself ran no tasks for `ms` (a long frame, a stalled tab): whatever the worker said
   * meanwhile may still wait in the page's queue, so that time is not counted as its silence.
   */
  pageStalled(ms: number): void {
    this.lastHeardMs = Math.min(this.clockMs(), this.lastHeardMs + ms);
  }
}
