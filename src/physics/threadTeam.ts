// The contact pipeline's second thread: a helper that plans half the pair tasks and sets up half
// the solver rows (kernel calls over the shared kernel memory), and sweeps half of each run of
// the solve order whose manifolds share no moving body (contactOrder.ts) — the one-thread bits.

import { ManifoldRows } from './contactSolver';
import type { SweepArrays, TeamPartner } from './contactSolver';
import { mayShareBodies } from './contactOrder';
import { HelperStandDown } from './helperStandDown';
import { CALL_ARGUMENTS, KERNEL_CALLS, kernelsOver } from './kernelMemory';
import type { KernelExports } from './kernelMemory';
import { float64s, int32s } from './sharedMemory';

/** Threads the contact pipeline runs on: one, or shared with a helper (the same bits). */
export type SolverThreadCount = 1 | 2;

/** `control`'s slots (Int32, shared): the job, its kind and size, both threads' progress. */
const JOB = 0;
const KIND = 1;
const SEGMENTS = 2;
const MAIN_DONE = 3;
const HELPER_DONE = 4;
const ACKNOWLEDGED = 5;
const CONTROL_SLOTS = 6;
/** Job kinds. */
const SWEEP = 1;
const RELAX_SWEEP = 2;
/** The helper goes back to its message queue, for new arrays or to stop. */
const RECEIVE = 3;
/** The helper runs the kernel call written in `call`. */
const CALL = 4;
/**
 * A run is split only if it has this many manifolds: below it the meeting costs more than the
 * half it hands over. Consecutive runs left whole are swept by this thread as one segment.
 */
const MIN_SPLIT = 16;
/** Spins before a waiting thread sleeps, between these bounds (see awaitCount); this thread's. */
const MIN_SPINS = 1 << 8;
const MAX_SPINS = 1 << 16;
let spinLimit = 1 << 12;
/** Per segment in `segments`: from, mid, to — this thread [from, mid), the helper [mid, to). */
const SEGMENT_WIDTH = 3;

/** What the helper thread is sent whenever the arrays change (a structured-clone message). */
export interface TeamShare extends SweepArrays {
  control: Int32Array;
  segments: Int32Array;
  lambdas: Float64Array;
  /** The kernel call the helper runs on a CALL job (see TeamPartner.call). */
  call: Float64Array;
  /** Acknowledged in control[ACKNOWLEDGED] once the helper works on these. */
  version: number;
}

/**
 * Waits until control[slot] has reached `target` (counters wrap as int32): spinning first, as
 * the other thread is usually a few microseconds away; then sleeping a millisecond at a time
 * (woken at once by its notify), so a thread the OS has not scheduled gets the core back. It
 * gives up after `timeoutMs` sleeps that ran their full millisecond — at least that long — and
 * reads no clock: a clock's double, returned from a call V8 does not inline, is boxed, and on
 * two threads whose sweeps are short the waits sleep often (820 B a step on pyramid × 5).
 * Returns the times it slept: the other thread was not there within a spin. `awaited` names whom and
 * where it waited for, in the error, so a timeout says where the threads parted.
 */
function awaitCount(
  control: Int32Array,
  slot: number,
  target: number,
  timeoutMs: number,
  awaited: string,
): number {
  let spins = 0;
  let sleeps = 0;
  let fullSleeps = 0;
  for (;;) {
    const seen = Atomics.load(control, slot);
    if (((seen - target) | 0) >= 0) break;
    if (++spins < spinLimit) continue;
    spins = 0;
    sleeps++;
    if (Atomics.wait(control, slot, seen, 1) === 'timed-out' && ++fullSleeps >= timeoutMs) {
      throw new Error(`No answer within ${timeoutMs} ms from ${awaited}.`);
    }
  }
  // Waits that end while spinning earn longer spins; one that had to sleep halves them: two
  // threads with a core each meet within a spin, while threads that share their cores with
  // drawing (a 2-core machine) would spin away the time the other thread needs.
  if (sleeps === 0) spinLimit = spinLimit < MAX_SPINS ? 2 * spinLimit : MAX_SPINS;
  else spinLimit = spinLimit > MIN_SPINS ? spinLimit >> 1 : MIN_SPINS;
  return sleeps;
}

/** Publishes a thread's progress and wakes the other if it sleeps on it. */
function signal(control: Int32Array, slot: number, value: number): void {
  Atomics.store(control, slot, value);
  Atomics.notify(control, slot);
}

/**
 * The stepping thread's end: hands the helper its kernel calls and its halves of each sweep,
 * and meets it after each. `send` posts a TeamShare to the helper thread (whatever carries
 * messages there: a Worker, a MessagePort). A helper that keeps this thread waiting is stood
 * down for a while (`standDown`): the passes are then this thread's alone, the same bits.
 */
export class ThreadTeam implements TeamPartner {
  readonly control = int32s(CONTROL_SLOTS, true);
  readonly call = float64s(1 + CALL_ARGUMENTS, true);
  private segments = int32s(SEGMENT_WIDTH * 64, true);
  private segmentCount = 0;
  /** Manifolds of this solve's plan that the helper sweeps. */
  private helperShare = 0;
  /** Whether this solve's sweeps are shared (the stand-down's judgement in plan). */
  private sweepsShared = true;
  /** Manifold sweeps so far, and those handed to the helper (counters: nothing reads them back). */
  swept = 0;
  handedOver = 0;
  /** Solves in which the helper swept manifolds of its own (a counter). */
  sharedSolves = 0;
  /** What the helper was last sent: ManifoldRows.arraysMade and the running velocity changes. */
  private sentArrays = -1;
  private sentLambdas: Float64Array | null = null;
  /** The memory the helper's kernels run over (it was last sent), and the call it was given. */
  private sentMemory: WebAssembly.Memory | null = null;
  private started = 0;
  /** Kernel calls handed to the helper (a counter: nothing reads it back into a step). */
  calls = 0;
  private version = 0;

  constructor(
    private readonly send_: (share: TeamShare) => void,
    /** How long a meeting may wait for the helper before the solve fails. */
    private readonly timeoutMs = 5000,
    /** When the helper is sent off for keeping this thread waiting. */
    readonly standDown = new HelperStandDown(),
  ) {}

  /** Whether the helper takes its share of the pair plan and the set-up (see HelperStandDown). */
  get sharing(): boolean {
    return this.standDown.sharing;
  }

  plan(rows: ManifoldRows, lambdas: Float64Array): void {
    this.sweepsShared = this.standDown.judge();
    if (!this.sweepsShared) return;
    const order = rows.order;
    const count = order.count;
    let s = 0;
    let whole = 0;
    let helperShare = 0;
    for (let from = 0; from < count;) {
      const key = order.keyAt(from);
      let to = from + 1;
      while (to < count && order.keyAt(to) === key) to++;
      if (to - from >= MIN_SPLIT && !mayShareBodies(key)) {
        if (whole < from) s = this.addSegment(s, whole, from, from);
        // The helper's half starts where half the run's points are behind.
        const half = (rows.pointStart(from) + rows.pointStart(to)) / 2;
        let mid = from + 1;
        while (mid < to - 1 && rows.pointStart(mid) < half) mid++;
        s = this.addSegment(s, from, mid, to);
        helperShare += to - mid;
        whole = to;
      }
      from = to;
    }
    if (whole < count) s = this.addSegment(s, whole, count, count);
    this.segmentCount = s;
    this.helperShare = helperShare;
    if (helperShare > 0) this.sharedSolves++;
    if (rows.arraysMade !== this.sentArrays || lambdas !== this.sentLambdas) {
      this.share(rows, lambdas);
    }
  }

  sweep(rows: ManifoldRows, lambdas: Float64Array, relax: boolean): void {
    this.swept += rows.order.count;
    if (!this.sweepsShared) {
      rows.sweepRange(lambdas, relax, 0, rows.order.count);
      return;
    }
    const control = this.control;
    const segments = this.segments;
    const count = this.segmentCount;
    // A job the helper could finish before it has read its size would be read twice.
    if (count === 0) return;
    Atomics.store(control, KIND, relax ? RELAX_SWEEP : SWEEP);
    Atomics.store(control, SEGMENTS, count);
    this.handedOver += this.helperShare;
    let done = Atomics.load(control, MAIN_DONE);
    Atomics.add(control, JOB, 1);
    Atomics.notify(control, JOB);
    for (let s = 0; s < count; s++) {
      const at = SEGMENT_WIDTH * s;
      rows.sweepRange(lambdas, relax, segments[at], segments[at + 1]);
      done = (done + 1) | 0;
      signal(control, MAIN_DONE, done);
      this.standDown.slept(
        awaitCount(
          control,
          HELPER_DONE,
          done,
          this.timeoutMs,
          'the second physics thread at a sweep meeting',
        ),
      );
    }
  }

  start(memory: WebAssembly.Memory): void {
    const control = this.control;
    if (memory !== this.sentMemory) this.send({ ...EMPTY_ARRAYS, memory }, null);
    Atomics.store(control, KIND, CALL);
    this.started = (Atomics.load(control, HELPER_DONE) + 1) | 0;
    this.calls++;
    Atomics.add(control, JOB, 1);
    Atomics.notify(control, JOB);
  }

  join(): void {
    this.standDown.slept(
      awaitCount(
        this.control,
        HELPER_DONE,
        this.started,
        this.timeoutMs,
        'the second physics thread, on its kernel call',
      ),
    );
    // The sweeps' meetings count both threads' progress alike: this thread's catches up.
    Atomics.store(this.control, MAIN_DONE, this.started);
  }

  /** Sends the helper back to its messages; the thread that made it may then end it. */
  stop(): void {
    Atomics.store(this.control, KIND, RECEIVE);
    Atomics.add(this.control, JOB, 1);
    Atomics.notify(this.control, JOB);
  }

  private addSegment(s: number, from: number, mid: number, to: number): number {
    if (SEGMENT_WIDTH * (s + 1) > this.segments.length) {
      const grown = int32s(2 * this.segments.length, true);
      grown.set(this.segments);
      this.segments = grown;
      this.sentArrays = -1;
    }
    const at = SEGMENT_WIDTH * s;
    this.segments[at] = from;
    this.segments[at + 1] = mid;
    this.segments[at + 2] = to;
    return s + 1;
  }

  /** Sends the helper the arrays it works on, and waits until it has them. */
  private share(rows: ManifoldRows, lambdas: Float64Array): void {
    this.send(rows.sweepArrays(), lambdas);
    this.sentArrays = rows.arraysMade;
    this.sentLambdas = lambdas;
  }

  /** Sends the helper `arrays` (and `lambdas`, if any), and waits until it has them. */
  private send(arrays: SweepArrays, lambdas: Float64Array | null): void {
    this.version = (this.version + 1) | 0;
    Atomics.store(this.control, KIND, RECEIVE);
    Atomics.add(this.control, JOB, 1);
    Atomics.notify(this.control, JOB);
    this.send_({
      ...arrays,
      control: this.control,
      segments: this.segments,
      lambdas: lambdas ?? EMPTY_ARRAYS.rows,
      call: this.call,
      version: this.version,
    });
    awaitCount(
      this.control,
      ACKNOWLEDGED,
      this.version,
      this.timeoutMs,
      'the second physics thread, taking new arrays',
    );
    this.sentMemory = arrays.memory;
  }
}

/** A share that names no sweep arrays (a kernel call's memory only). */
const EMPTY_ARRAYS: SweepArrays = {
  header: new Float64Array(0),
  bodies: new Int32Array(0),
  firstPoint: new Int32Array(0),
  rows: new Float64Array(0),
  memory: null,
};

/**
 * The helper thread's end: hand `receive` each TeamShare the thread is sent. It takes the
 * arrays and the memory, then runs every job (a kernel call, or its halves of a sweep) until the
 * team has another message for it (new arrays) or has stopped.
 */
export class TeamHelper {
  /** This thread's own ManifoldRows, sweeping the team's arrays. */
  private readonly rows = new ManifoldRows();
  private lastJob = 0;

  /** The kernels over the team's memory, for its calls (null: it has none in WebAssembly). */
  private exports: KernelExports | null = null;
  private memory: WebAssembly.Memory | null = null;

  receive(share: TeamShare): void {
    if (share.header.length > 0 || share.memory === null) this.rows.adopt(share, share.lambdas);
    if (share.memory !== null && share.memory !== this.memory) {
      this.memory = share.memory;
      this.exports = kernelsOver(share.memory);
    }
    // The job that sent the helper here is behind it.
    this.lastJob = Atomics.load(share.control, JOB);
    signal(share.control, ACKNOWLEDGED, share.version);
    this.serve(share);
  }

  /** Sweeps the helper's halves of every job until one sends it back to its messages. */
  private serve(share: TeamShare): void {
    const control = share.control;
    for (;;) {
      const job = Atomics.load(control, JOB);
      if (job === this.lastJob) {
        // Between solves the team is off contact generation and the rest of the step.
        Atomics.wait(control, JOB, job, 50);
        continue;
      }
      this.lastJob = job;
      const kind = Atomics.load(control, KIND);
      if (kind === RECEIVE) return;
      if (kind === CALL) {
        this.runCall(share.call);
        signal(control, HELPER_DONE, (Atomics.load(control, HELPER_DONE) + 1) | 0);
        continue;
      }
      const relax = kind === RELAX_SWEEP;
      const count = Atomics.load(control, SEGMENTS);
      const segments = share.segments;
      let done = Atomics.load(control, HELPER_DONE);
      for (let s = 0; s < count; s++) {
        const at = SEGMENT_WIDTH * s;
        if (segments[at + 1] < segments[at + 2]) {
          this.rows.sweepRange(share.lambdas, relax, segments[at + 1], segments[at + 2]);
        }
        done = (done + 1) | 0;
        signal(control, HELPER_DONE, done);
        awaitCount(control, MAIN_DONE, done, 60_000, 'the stepping thread at a sweep meeting');
      }
    }
  }

  /** Runs the kernel call written in `call`: its number, then up to CALL_ARGUMENTS arguments. */
  private runCall(call: Float64Array): void {
    const exports = this.exports;
    if (exports === null) throw new Error('The helper thread has no kernels for a call.');
    const kernel = exports[KERNEL_CALLS[call[0]]];
    // prettier-ignore
    kernel(
      call[1], call[2], call[3], call[4], call[5], call[6], call[7], call[8], call[9], call[10],
      call[11], call[12], call[13], call[14], call[15], call[16], call[17], call[18], call[19],
      call[20], call[21], call[22], call[23], call[24], call[25], call[26], call[27], call[28],
      call[29], call[30], call[31], call[32], call[33], call[34], call[35], call[36], call[37],
      call[38], call[39], call[40],
    );
  }
}
