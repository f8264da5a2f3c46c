// Bytes allocated per frame and per step in steady state, from heap deltas with forced GC
// (node --expose-gc) or V8's sampling heap profiler: the project's frame path, its per-step
// path, world.step today and with the chosen tuning, and the project's contact generators.

import { Session } from 'node:inspector/promises';
import type { World } from 'cannon-es';
import { Scene } from 'three';
import { Simulation } from '../src/app/simulation';
import { BodyInstances } from '../src/render/bodyInstances';
import { DEFAULT_TUNING, TODAY_TUNING } from '../src/physics/tuning';
import { benchGeneratorAllocation } from './generatorAllocation';
import { buildScene, DT } from './physicsBench';
import { fixed, formatTable, median } from './report';

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
 * Calls before measuring: until V8 has optimised the whole path (code still running unoptimised
 * boxes its doubles; the 1000-body frame was not all optimised after 2000 calls).
 */
const WARM_UP_CALLS = 8000;

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

/**
 * The project's display frame between steps (loop, interpolation of 1000 moving bodies,
 * instance matrices), its per-step wrapper around world.step (capture, loop, stats, governor)
 * measured on a world with no bodies, and — per stress scene in its busy phase — the snapshot
 * capture and cannon-es's own world.step.
 */
export async function benchAllocation(sceneCount: number): Promise<AllocationResult[]> {
  const results: AllocationResult[] = [];
  const sim = new Simulation('rain', { count: 1000 });
  sim.nowMs = stillClock();
  const instances = new BodyInstances(new Scene());
  instances.sync(sim.snapshots.bodies);
  for (let s = 0; s < 150; s++) sim.frame(1 / 60);
  const alphas = [0.13, 0.37, 0.61, 0.89];
  const frame = { k: 0 };
  const drawFrame = (): void => {
    // A display frame that takes no step: the accumulator holds less than dt.
    sim.loop.accumulator = (alphas[frame.k++ & 3] as number) * sim.loop.dt;
    sim.frame(0, true);
    instances.write(sim.draw, sim.snapshots.bodies.scales);
  };
  for (let w = 0; w < WARM_UP_CALLS; w++) drawFrame();
  results.push({
    label: 'project frame, no step (rain × 1000, all moving)',
    bytes: await sampledBytesPerCall(drawFrame, 5000),
    per: 'frame',
  });

  // With no bodies world.step does next to nothing; the difference is the project's wrapper.
  const stepped = new Simulation('playground', {});
  stepped.nowMs = stillClock();
  const step = (): void => stepped.step(DT);
  const ownStepBytes = await withoutCannonStep(stepped.physics.world, async () => {
    for (let w = 0; w < WARM_UP_CALLS; w++) step();
    return sampledBytesPerCall(step, 20_000);
  });
  results.push({
    label: 'project step (commands, hooks, guard, capture, stats, governor; playground)',
    bytes: ownStepBytes,
    per: 'step',
  });

  for (const scene of ['rain', 'tower', 'avalanche']) {
    for (const [name, tuning] of [
      ['today', TODAY_TUNING],
      ['chosen', DEFAULT_TUNING],
    ] as const) {
      const { physics: world, snapshots } = buildScene(scene, sceneCount, tuning);
      // Into the busy part of each scene: landing, collapsing, sliding.
      for (let s = 0; s < 200; s++) world.step(DT);
      if (name === 'chosen') {
        results.push({
          label: `project snapshot capture (${scene} × ${sceneCount})`,
          bytes: bytesPerCall(() => snapshots.capture(DT), 2000, 5),
          per: 'step',
        });
      }
      results.push({
        label: `world.step, ${name} (${scene} × ${sceneCount}, busy)`,
        bytes: bytesPerCall(() => world.step(DT), 20, 5),
        per: 'step',
      });
    }
  }
  results.push(...benchGeneratorAllocation());
  return results;
}

export function allocationTable(results: readonly AllocationResult[]): string {
  return formatTable(
    ['what', 'bytes allocated', 'per'],
    results.map((r) => [r.label, fixed(r.bytes, 0), r.per]),
  );
}
