// Physics cost per stress scene and body count, today's cannon-es configuration against the
// chosen one in the same run: world.step per step over steps 100–600 from load, the snapshot
// capture that follows it, and what that means at 100 Hz.

import { DEFAULT_TUNING } from '../src/physics/world/tuning';
import { CANNON_PARTS } from './cannonParts';
import type { PhysicsTuning } from '../src/physics/world/tuning';
import { buildScene, DT } from '../tests/support/sceneWorlds';
import { fixed, formatTable, median } from './report';
import { contactList } from '../src/physics/narrowphase/manifoldNarrowphase';

/**
 * What a step may cost for the sandbox to hold real time: the overload governor
 * (loop/overloadGovernor.ts) gives physics at most 75% of real time, 7.5 ms of each 10 ms
 * step, and leaves the rest of the frame to interpolation and drawing.
 */
export const REAL_TIME_BUDGET_MS = 7.5;
/** The window timed: steps 100–600 from load, past the first landings, into the busy part. */
export const FIRST_STEP = 100;
export const LAST_STEP = 600;
/** `--quick`: a shorter window (a smoke test, not numbers to quote). */
let lastStep = LAST_STEP;
export function shortenWindow(last: number): void {
  lastStep = last;
}

export interface PhysicsRun {
  /**
   * Mean CPU ms per world.step over the window. CPU time, not wall time: this machine is
   * shared, and the time other jobs hold the cores is not the step's cost.
   */
  cpuMs: number;
  /** The same in wall-clock time, for comparison. */
  wallMs: number;
  /**
   * Median µs per snapshot capture. Median, not mean: cannon-es allocates on every step,
   * and the collections that triggers land inside whatever code runs next.
   */
  captureUs: number;
  /** Contacts per step, mean over the window. */
  contacts: number;
  /** Bodies asleep at the end of the window. */
  asleep: number;
}

/**
 * Captures timed per step: a capture of a sleeping scene takes a microsecond or two, close to
 * the clock's own cost, so each step's is the mean of this many back-to-back captures (each a
 * full capture: the same copies and skips as the first).
 */
const CAPTURES_PER_STEP = 8;

/** Steps a fresh scene to step 600, timing world.step and capture apart from step 100 on. */
export function runScene(
  sceneId: string,
  count: number,
  tuning: Readonly<PhysicsTuning>,
): PhysicsRun {
  const { physics, snapshots } = buildScene(sceneId, count, tuning);
  for (let s = 0; s < FIRST_STEP; s++) physics.step(DT);
  const steps = lastStep - FIRST_STEP;
  const captureMs = new Float64Array(steps);
  let contacts = 0;
  let wallMs = 0;
  let cpuMs = 0;
  for (let s = 0; s < steps; s++) {
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    physics.step(DT);
    const t1 = performance.now();
    const used = process.cpuUsage(cpu);
    cpuMs += (used.user + used.system) / 1000;
    wallMs += t1 - t0;
    contacts += contactList(physics.world).length;
    const t2 = performance.now();
    for (let c = 0; c < CAPTURES_PER_STEP; c++) snapshots.capture(DT);
    captureMs[s] = (performance.now() - t2) / CAPTURES_PER_STEP;
  }
  return {
    cpuMs: cpuMs / steps,
    wallMs: wallMs / steps,
    captureUs: 1000 * median(Array.from(captureMs)),
    contacts: contacts / steps,
    asleep: physics.sleepingCount(),
  };
}

export interface PhysicsResult {
  scene: string;
  count: number;
  runs: number;
  today: PhysicsRun;
  chosen: PhysicsRun;
}

function medianRun(runs: readonly PhysicsRun[]): PhysicsRun {
  return {
    cpuMs: median(runs.map((r) => r.cpuMs)),
    wallMs: median(runs.map((r) => r.wallMs)),
    captureUs: median(runs.map((r) => r.captureUs)),
    contacts: median(runs.map((r) => r.contacts)),
    asleep: runs[0]?.asleep ?? 0,
  };
}

/**
 * Today's configuration and the chosen one, alternating run by run (so a change in the
 * machine's load hits both alike), medians over `runs` runs of the same deterministic work.
 */
export function benchPhysics(sceneId: string, count: number, runs: number): PhysicsResult {
  const today: PhysicsRun[] = [];
  const chosen: PhysicsRun[] = [];
  for (let r = 0; r < runs; r++) {
    today.push(runScene(sceneId, count, CANNON_PARTS));
    chosen.push(runScene(sceneId, count, DEFAULT_TUNING));
  }
  return { scene: sceneId, count, runs, today: medianRun(today), chosen: medianRun(chosen) };
}

function realTime(ms: number): string {
  return `${fixed((1000 * DT) / ms, 2)}×`;
}

export function physicsTable(results: readonly PhysicsResult[]): string {
  return formatTable(
    [
      'scene × bodies',
      'today ms/step',
      'chosen ms/step',
      'speed-up',
      'today real-time',
      'chosen real-time',
      'wall ms today / chosen',
      'contacts today / chosen',
      'capture µs',
      'runs',
    ],
    results.map((r) => [
      `${r.scene} × ${r.count}`,
      fixed(r.today.cpuMs, 2),
      fixed(r.chosen.cpuMs, 2),
      `${fixed(r.today.cpuMs / r.chosen.cpuMs, 2)}×`,
      realTime(r.today.cpuMs),
      realTime(r.chosen.cpuMs),
      `${fixed(r.today.wallMs, 1)} / ${fixed(r.chosen.wallMs, 1)}`,
      `${fixed(r.today.contacts, 0)} / ${fixed(r.chosen.contacts, 0)}`,
      fixed(r.chosen.captureUs, 1),
      String(r.runs),
    ]),
  );
}

export interface CapacityResult {
  scene: string;
  /** Counts tried, each with its chosen-configuration ms/step. */
  tried: { count: number; cpuMs: number }[];
  /** The largest count tried whose step stayed within REAL_TIME_BUDGET_MS (0: none). */
  largest: number;
}

/**
 * The chosen configuration at rising counts until a step costs more than the real-time
 * budget: what each stress scene's default count is set from.
 */
export function benchCapacity(
  sceneId: string,
  counts: readonly number[],
  runs: number,
): CapacityResult {
  const tried: { count: number; cpuMs: number }[] = [];
  let largest = 0;
  for (const count of counts) {
    const runsMs: number[] = [];
    for (let r = 0; r < runs; r++) runsMs.push(runScene(sceneId, count, DEFAULT_TUNING).cpuMs);
    const cpuMs = median(runsMs);
    tried.push({ count, cpuMs });
    if (cpuMs > REAL_TIME_BUDGET_MS) break;
    largest = count;
  }
  return { scene: sceneId, tried, largest };
}

export function capacityTable(results: readonly CapacityResult[]): string {
  const counts = [...new Set(results.flatMap((r) => r.tried.map((t) => t.count)))].sort(
    (a, b) => a - b,
  );
  return formatTable(
    ['scene (chosen, ms/step)', ...counts.map(String), `largest ≤ ${REAL_TIME_BUDGET_MS} ms`],
    results.map((r) => [
      r.scene,
      ...counts.map((c) => {
        const t = r.tried.find((x) => x.count === c);
        return t ? fixed(t.cpuMs, 2) : '—';
      }),
      String(r.largest),
    ]),
  );
}
