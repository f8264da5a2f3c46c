// Measuring what code allocates, in Node: heap deltas with forced GC (node --expose-gc) or V8's
// sampling heap profiler, a clock that allocates nothing, and cannon-es's world.step held still.

import { Session } from 'node:inspector/promises';
import type { World } from 'cannon-es';
import { median } from './report';

type Gc = () => void;

function requireGc(): Gc {
  const gc = (globalThis as { gc?: Gc }).gc;
  if (!gc) throw new Error('Run with node --expose-gc (npm run bench does).');
  return gc;
}

/**
 * Heap growth per call of `work`, median over `windows` windows of `calls` calls, each window
 * starting right after a full GC. A window allocates far less than V8's young generation holds
 * (16 MB) unless the work allocates ≥ 16 MB / calls, so no collection hides what was allocated;
 * an empty window's delta (the measuring itself) is subtracted.
 */
export function bytesPerCall(work: () => void, calls: number, windows: number): number {
  const gc = requireGc();
  const deltas: number[] = [];
  const empty: number[] = [];
  for (let w = 0; w < windows; w++) {
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let c = 0; c < calls; c++) work();
    deltas.push(process.memoryUsage().heapUsed - before);
    gc();
    const idle = process.memoryUsage().heapUsed;
    empty.push(process.memoryUsage().heapUsed - idle);
  }
  return Math.max(0, (median(deltas) - median(empty)) / calls);
}

/**
 * Bytes `work` allocates per call on the JavaScript heap, from V8's sampling heap profiler: the
 * median of three sessions of `calls` calls. Each allocation is sampled with a chance that grows
 * with its size (one per `SAMPLING_BYTES` on average) and V8 scales the samples back up, so the
 * mean is unbiased. Only what is allocated in the calls of `work` counts, not the profiler's own.
 * Unlike a heap delta it does not count what the JIT compiles (code and feedback allocated when
 * a function is optimised again), which lands in a short window at random and swamped the
 * page's figures (a window of 120 frames read 2 B a frame or 400); the median drops a session
 * that caught V8 recompiling something.
 */
export async function sampledBytesPerCall(work: () => void, calls: number): Promise<number> {
  const perCall: number[] = [];
  for (let session = 0; session < 3; session++) {
    perCall.push((await sampledBytes(work, calls)) / calls);
  }
  return median(perCall);
}

/** A node of V8's sampled allocation profile (the fields read here). */
interface ProfileNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  children: ProfileNode[];
}

/** Bytes sampled in the calls `sampledBytes` made over `calls` calls of `work`. */
async function sampledBytes(work: () => void, calls: number): Promise<number> {
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: SAMPLING_BYTES,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    for (let c = 0; c < calls; c++) work();
    const { profile } = await session.post('HeapProfiler.stopSampling');
    return bytesUnder(profile.head, sampledBytes.name);
  } finally {
    session.disconnect();
  }
}

/**
 * Bytes allocated in function `caller` and the calls it made, Node's own calls (the profiler's
 * messages) left out. The caller's own bytes count: V8 may inline `work` into its loop.
 */
function bytesUnder(root: ProfileNode, caller: string): number {
  let bytes = 0;
  const pending = [root];
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.callFrame.functionName !== caller) {
      pending.push(...node.children);
      continue;
    }
    bytes += node.selfSize;
    for (const callee of node.children) {
      if (!callee.callFrame.url.startsWith('node:')) bytes += subtreeBytes(callee);
    }
  }
  return bytes;
}

function subtreeBytes(root: ProfileNode): number {
  let bytes = 0;
  const pending = [root];
  for (let node = pending.pop(); node; node = pending.pop()) {
    bytes += node.selfSize;
    pending.push(...node.children);
  }
  return bytes;
}

/** Mean bytes between samples: small enough that a lone 16-byte number is seen most times. */
const SAMPLING_BYTES = 16;

/**
 * A clock that stands still, at a number boxed once. A real clock makes a new number at every
 * reading (performance.now() in a browser too): that allocation is the clock's, not the path's.
 */
export function stillClock(): () => number {
  const boxed: unknown[] = ['a slot for any value, so the number stays boxed', 1000.5];
  boxed.shift();
  return () => boxed[0] as number;
}

/**
 * Runs `work` with cannon-es's own `World.step` held still (it counts the step and moves
 * nothing: writing a double to `world.time` would allocate in the stand-in itself): what it allocates is cannon-es's, measured in the world.step rows, and it varies
 * with the contacts enough to hide the project's bytes. Everything around it runs as it is.
 */
export async function withoutCannonStep<T>(world: World, work: () => Promise<T>): Promise<T> {
  const cannonStep = world.step;
  world.step = function heldStill(this: World): void {
    this.stepnumber++;
  };
  try {
    return await work();
  } finally {
    world.step = cannonStep;
  }
}

export interface AllocationResult {
  label: string;
  bytes: number;
  per: 'frame' | 'step' | 'call';
}
