// The browser bench's report: one row per scene and thread (medians over rounds), the drag
// delays, the worker ÷ main ratios and the goals, as Markdown docs/threads.md can take as printed.

import { WORKER_PHYSICS_SHARE } from '../../packages/fixed-step/src/loop/overloadGovernor';
import { fixed, formatTable, median } from '../report';
import type { Thread } from './benchPage';
import type { DragResult } from './dragRun';
import type { ThroughputResult } from './throughputRun';

export const THREADS: readonly Thread[] = ['main', 'worker'];

/**
 * "Near physics' own limit": at least this share of it. The worker's governor lets physics use
 * WORKER_PHYSICS_SHARE (0.9) of real time; another tenth is left for a busy machine's noise.
 */
const NEAR_LIMIT_SHARE = 0.8;

/** The label of a throughput row: scene × bodies, and the slowed drawing if any. */
/** The pyramid's goal: sim ÷ real in the worker while the page draws. */
const PYRAMID_GOAL = 0.9;

export function rowLabel(result: ThroughputResult): string {
  const { scene, count, slowDrawMs } = result.plan;
  return slowDrawMs > 0 ? `${scene} × ${count}, +${slowDrawMs} ms/frame` : `${scene} × ${count}`;
}

/** Results grouped by row label and thread, in first-seen order. */
function group(results: readonly ThroughputResult[]): Map<string, Map<Thread, ThroughputResult[]>> {
  const rows = new Map<string, Map<Thread, ThroughputResult[]>>();
  for (const result of results) {
    const label = rowLabel(result);
    const row = rows.get(label) ?? new Map<Thread, ThroughputResult[]>();
    const runs = row.get(result.plan.thread) ?? [];
    runs.push(result);
    row.set(result.plan.thread, runs);
    rows.set(label, row);
  }
  return rows;
}

const med = (runs: readonly ThroughputResult[], pick: (r: ThroughputResult) => number): number =>
  median(runs.map(pick));

/** The thread it ran on, flagged when a worker was asked for and the page fell back. */
function threadCell(thread: Thread, runs: readonly ThroughputResult[]): string {
  const ran = new Set(runs.map((r) => `${r.thread}/${r.transport}`));
  const fellBack = runs.some((r) => r.thread !== thread);
  return `${thread}${fellBack ? ' (FELL BACK)' : ''} · ${[...ran].join(', ')}`;
}

export function throughputTable(results: readonly ThroughputResult[]): string {
  const header = [
    'scene × bodies',
    'thread · transport',
    'sim ÷ real',
    'HUD sim ÷ real (its window)',
    'drawn fps',
    'physics ms/step (HUD)',
    'latency (steps)',
    'long tasks (worst ms)',
    'long tasks with physics',
    'physics on main thread (ms/s)',
    'given up per s: clamp · cap · throttle',
  ];
  const rows: string[][] = [];
  for (const [label, byThread] of group(results)) {
    for (const thread of THREADS) {
      const runs = byThread.get(thread);
      if (!runs) continue;
      const tasks = runs.reduce((sum, r) => sum + r.longTasks, 0);
      const withPhysics = runs.reduce((sum, r) => sum + r.physics.tasksWithPhysics, 0);
      const worst = runs.reduce((w, r) => Math.max(w, r.worstLongTaskMs), 0);
      rows.push([
        label,
        threadCell(thread, runs),
        fixed(
          med(runs, (r) => r.simOverReal),
          3,
        ),
        fixed(
          med(runs, (r) => r.hudSimOverReal),
          3,
        ),
        fixed(
          med(runs, (r) => r.drawnFps),
          1,
        ),
        fixed(
          med(runs, (r) => r.physicsMsPerStep),
          1,
        ),
        thread === 'worker'
          ? fixed(
              med(runs, (r) => r.latencySteps),
              0,
            )
          : '—',
        `${fixed(
          med(runs, (r) => r.longTasks),
          0,
        )} (${tasks > 0 ? fixed(worst, 0) : '—'})`,
        `${withPhysics} of ${tasks}`,
        fixed(
          med(runs, (r) => r.physics.physicsMs / r.realSeconds),
          0,
        ),
        [
          fixed(
            med(runs, (r) => r.clampedPerSecond),
            2,
          ),
          fixed(
            med(runs, (r) => r.droppedPerSecond),
            2,
          ),
          fixed(
            med(runs, (r) => r.throttledPerSecond),
            2,
          ),
        ].join(' · '),
      ]);
    }
  }
  return formatTable(header, rows);
}

export function dragTable(results: readonly DragResult[]): string {
  const header = [
    'thread',
    'moves timed',
    'median delay (ms)',
    'worst delay (ms)',
    'drawn fps',
    'latency (steps)',
    'grab point to target at rest (m)',
  ];
  const rows: string[][] = [];
  for (const thread of THREADS) {
    const runs = results.filter((r) => r.plan.thread === thread);
    if (runs.length === 0) continue;
    const delays = runs.flatMap((r) => r.delaysMs);
    const moves = runs.reduce((sum, r) => sum + r.plan.moves, 0);
    rows.push([
      runs.some((r) => r.thread !== thread) ? `${thread} (FELL BACK)` : thread,
      `${delays.length} of ${moves}`,
      fixed(median(delays), 0),
      delays.length > 0 ? fixed(Math.max(...delays), 0) : '—',
      fixed(median(runs.map((r) => r.drawnFps)), 1),
      thread === 'worker' ? fixed(median(runs.map((r) => r.latencySteps)), 0) : '—',
      fixed(median(runs.map((r) => r.residualM)), 2),
    ]);
  }
  return formatTable(header, rows);
}

/** Median sim ÷ real of a row's runs on one thread (NaN when it has none). */
function rate(results: readonly ThroughputResult[], label: string, thread: Thread): number {
  return median(
    results
      .filter((r) => rowLabel(r) === label && r.plan.thread === thread)
      .map((r) => r.simOverReal),
  );
}

/** "worker ÷ main" of sim ÷ real for every row. */
export function ratioLine(results: readonly ThroughputResult[]): string {
  const parts: string[] = [];
  for (const label of group(results).keys()) {
    parts.push(
      `${label} ${fixed(rate(results, label, 'worker') / rate(results, label, 'main'), 1)}×`,
    );
  }
  return `worker ÷ main, sim ÷ real: ${parts.join('; ')}`;
}

const verdict = (met: boolean): string => (met ? 'met' : 'NOT MET');

/** The goals, each with its numbers and met / not met. */
export function goalLines(
  results: readonly ThroughputResult[],
  slowLabel: string | null,
  pyramidLabel: string | null,
): string[] {
  const lines: string[] = [];
  if (pyramidLabel) {
    const worker = rate(results, pyramidLabel, 'worker');
    lines.push(
      `- ${pyramidLabel} in the worker at sim ÷ real ≥ ${PYRAMID_GOAL} while the page draws: ${fixed(worker, 3)} — ${verdict(worker >= PYRAMID_GOAL)}`,
    );
  }
  const pile = 'pile × 300';
  const worker = rate(results, pile, 'worker');
  const main = rate(results, pile, 'main');
  if (Number.isFinite(worker) && Number.isFinite(main)) {
    lines.push(
      `- worker sim ÷ real ≥ 3× the main thread's on pile × 300: ${fixed(worker, 3)} vs ${fixed(main, 3)} = ${fixed(worker / main, 1)}× — ${verdict(worker >= 3 * main)}`,
    );
  }
  const workerRuns = results.filter((r) => r.plan.thread === 'worker');
  if (workerRuns.length > 0) {
    const tasks = workerRuns.reduce((sum, r) => sum + r.longTasks, 0);
    const withPhysics = workerRuns.reduce((sum, r) => sum + r.physics.tasksWithPhysics, 0);
    const physicsMs = workerRuns.reduce((sum, r) => sum + r.physics.physicsMs, 0);
    const fellBack = workerRuns.filter((r) => r.thread !== 'worker').length;
    lines.push(
      `- no main-thread long task caused by physics in worker mode: ${tasks} long tasks in ${workerRuns.length} worker runs, ${withPhysics} with cannon-es's step on the main thread's stack; ${fixed(physicsMs, 0)} ms of it on the main thread in all${fellBack > 0 ? `; ${fellBack} runs FELL BACK to the main thread` : ''} — ${verdict(withPhysics === 0 && physicsMs === 0 && fellBack === 0)}`,
    );
  }
  if (slowLabel) {
    const slowRuns = results.filter((r) => rowLabel(r) === slowLabel && r.plan.thread === 'worker');
    const stepMs = median(slowRuns.map((r) => r.physicsMsPerStep));
    const dtMs = 1000 / (slowRuns[0]?.physicsHz ?? Number.NaN);
    // Physics' own limit: a step costs stepMs of the worker's time and simulates dtMs; no more
    // than real time (time scale 1) is ever asked for.
    const limit = Math.min(1, dtMs / stepMs);
    const slowWorker = rate(results, slowLabel, 'worker');
    const slowMain = rate(results, slowLabel, 'main');
    lines.push(
      `- drawing slowed (${slowLabel}): worker sim ÷ real ${fixed(slowWorker, 3)} against physics' own limit min(1, ${fixed(dtMs, 0)} ms ÷ ${fixed(stepMs, 1)} ms/step) = ${fixed(limit, 2)}: ${fixed((100 * slowWorker) / limit, 0)}% of it (near: ≥ ${NEAR_LIMIT_SHARE * 100}%, the governor allowing ${WORKER_PHYSICS_SHARE * 100}%) — ${verdict(slowWorker >= NEAR_LIMIT_SHARE * limit)}; main thread ${fixed(slowMain, 3)} (${fixed(main, 3)} drawing as it is)`,
    );
  }
  return lines;
}
