// `npm run bench:browser`: the production build in a real Chromium, each stress scene with
// physics on the page's thread and in a worker, side by side in one run (ABBA order per round),
// then drag latency and slow drawing; prints the tables, the ratios, the goals and the load.

import { chromium } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { existsSync } from 'node:fs';
import { preview } from 'vite';
import { CHROMIUM_ARGS, findChromium } from '../../tests/browser/findChromium';
import { describeLoad, describeMachine, fixed } from '../report';
import type { Thread } from './benchPage';
import { runDrag } from './dragRun';
import type { DragPlan, DragResult } from './dragRun';
import { parseOptions, STRESS_SCENES, USAGE } from './options';
import type { BenchOptions } from './options';
import { dragTable, goalLines, ratioLine, rowLabel, throughputTable } from './tables';
import { runThroughput } from './throughputRun';
import type { ThroughputPlan, ThroughputResult } from './throughputRun';

/**
 * The drag is timed in the pile at its default count: heavy enough that physics on the page's
 * thread costs drawn frames, and settled low enough for a ball to hang above it in clear air.
 */
const DRAG_SCENE = { scene: 'pile', count: 300 };

/** The pyramid rows measure from this step on, as `npm run bench -- --pyramid` does (steps 20–300). */
const PYRAMID_FROM_STEP = 20;

type Job = { kind: 'throughput'; plan: ThroughputPlan } | { kind: 'drag'; plan: DragPlan };

/**
 * Every run, round by round. Within a round each row runs on both threads back to back, main
 * first in even rounds and worker first in odd ones (ABBA): a machine that gets busier or
 * quieter over the run then weighs on both threads alike, not on whichever always goes second.
 */
function planJobs(options: BenchOptions): Job[] {
  const jobs: Job[] = [];
  const timing = {
    params: options.params,
    prerollSeconds: options.prerollSeconds,
    warmupSeconds: options.warmupSeconds,
    fromStep: 0,
    seconds: options.seconds,
  };
  for (let round = 0; round < options.rounds; round++) {
    const order: Thread[] = round % 2 === 0 ? ['main', 'worker'] : ['worker', 'main'];
    const rows: ((thread: Thread) => Job)[] = [];
    for (const { scene, count } of STRESS_SCENES) {
      if (!options.scenes.includes(scene)) continue;
      rows.push((thread) => ({
        kind: 'throughput',
        plan: { scene, count, thread, slowDrawMs: 0, ...timing },
      }));
    }
    if (options.slowDrawMs > 0) {
      rows.push((thread) => ({
        kind: 'throughput',
        plan: {
          scene: 'pile',
          count: 300,
          thread,
          slowDrawMs: options.slowDrawMs,
          ...timing,
        },
      }));
    }
    if (options.dragMoves > 0) {
      rows.push((thread) => ({
        kind: 'drag',
        plan: { ...DRAG_SCENE, thread, params: options.params, moves: options.dragMoves },
      }));
    }
    for (const row of rows) for (const thread of order) jobs.push(row(thread));
    // The pyramid in the worker, from the load, after the warm-up and once step 20 is drawn, as
    // the Node bench's window (the governor's step estimate comes down from the first, cold
    // steps): standing, then struck by the block, is all its work; once settled it sleeps, and a
    // sleeping pyramid holds real time on any thread.
    if (options.pyramidLayers > 0) {
      jobs.push({
        kind: 'throughput',
        plan: {
          scene: 'pyramid',
          count: options.pyramidLayers,
          thread: 'worker',
          slowDrawMs: 0,
          ...timing,
          prerollSeconds: 0,
          fromStep: PYRAMID_FROM_STEP,
        },
      });
    }
  }
  return jobs;
}

function describeThroughput(r: ThroughputResult): string {
  return [
    `${rowLabel(r)} · ${r.plan.thread} (${r.thread}/${r.transport}): sim ÷ real ${fixed(r.simOverReal, 3)}`,
    `(sim ${fixed(r.simFrom, 2)}→${fixed(r.simTo, 2)} s; HUD ${fixed(r.hudSimOverReal, 3)} over ${fixed(r.hudWindowSeconds, 1)} s)`,
    `${fixed(r.drawnFps, 1)} fps drawn, ${fixed(r.physicsMsPerStep, 1)} ms/step`,
    r.plan.thread === 'worker' ? `latency ${fixed(r.latencySteps, 0)} steps,` : '',
    `${r.longTasks} long tasks (${r.physics.tasksWithPhysics} with physics),`,
    `${fixed(r.physics.physicsMs, 0)} ms physics on main; profile clock skew ${fixed(r.physics.clockSkewMs, 1)} ms`,
  ]
    .filter((part) => part !== '')
    .join(' ');
}

function describeDrag(r: DragResult): string {
  return `drag ${r.plan.scene} × ${r.plan.count} · ${r.plan.thread} (${r.thread}): median ${fixed(r.medianMs, 0)} ms, worst ${fixed(r.worstMs, 0)} ms, ${r.delaysMs.length} of ${r.plan.moves} moves timed, ${fixed(r.drawnFps, 1)} fps drawn, grab point ${fixed(r.residualM, 2)} m from target`;
}

async function runJobs(
  browser: Browser,
  baseUrl: string,
  jobs: readonly Job[],
): Promise<{ throughput: ThroughputResult[]; drag: DragResult[]; failures: string[] }> {
  const throughput: ThroughputResult[] = [];
  const drag: DragResult[] = [];
  const failures: string[] = [];
  for (let i = 0; i < jobs.length; i++) {
    const job = jobs[i] as Job;
    const prefix = `[${i + 1}/${jobs.length}]`;
    try {
      let errors: string[];
      if (job.kind === 'throughput') {
        const result = await runThroughput(browser, baseUrl, job.plan);
        throughput.push(result);
        errors = result.errors;
        console.log(`${prefix} ${describeThroughput(result)}`);
      } else {
        const result = await runDrag(browser, baseUrl, job.plan);
        drag.push(result);
        errors = result.errors;
        console.log(`${prefix} ${describeDrag(result)}`);
      }
      for (const error of errors) console.log(`    page error: ${error}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const what = `${job.kind} ${job.plan.scene} · ${job.plan.thread}`;
      failures.push(`${what}: ${message}`);
      console.log(`${prefix} ${what} FAILED: ${message}`);
    }
  }
  return { throughput, drag, failures };
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const options = parseOptions(argv);
  if (!existsSync('dist/index.html'))
    throw new Error(
      'No production build in dist/: run `npx vite build` (npm run bench:browser does).',
    );
  const started = performance.now();
  console.log(`# npm run bench:browser${argv.length > 0 ? ` -- ${argv.join(' ')}` : ''}`);
  console.log(`machine: ${describeMachine()}`);
  console.log(`at start: ${describeLoad()}`);
  const server = await preview({
    logLevel: 'warn',
    preview: { port: options.port, host: '127.0.0.1', strictPort: true },
  });
  const browser = await chromium.launch({
    executablePath: await findChromium(),
    args: CHROMIUM_ARGS,
  });
  const jobs = planJobs(options);
  console.log(
    `browser: Chromium ${browser.version()} headless, WebGL on SwiftShader, 1280 × 720; ${jobs.length} runs: ` +
      `${options.rounds} rounds, each run from ${options.prerollSeconds} s simulated, ${options.warmupSeconds} s warm-up, ${options.seconds} s measured` +
      `${options.params === '' ? '' : `; every page with &${options.params}`}\n`,
  );
  let results: Awaited<ReturnType<typeof runJobs>>;
  try {
    results = await runJobs(browser, `http://127.0.0.1:${options.port}/`, jobs);
  } finally {
    await browser.close();
    await server.close();
  }
  const { throughput, drag, failures } = results;
  console.log(
    `\n## Animation-frame drive, ${options.seconds} s per run (medians of ${options.rounds} rounds; long tasks: median per run, worst of all)\n`,
  );
  console.log(throughputTable(throughput));
  if (drag.length > 0) {
    console.log(
      `\n## Pointer move → first frame drawing the grabbed point half-way to its new target (${DRAG_SCENE.scene} × ${DRAG_SCENE.count}, a ball held above the pile; all moves of all rounds)\n`,
    );
    console.log(dragTable(drag));
  }
  console.log(`\n${ratioLine(throughput)}\n`);
  console.log('## Goals\n');
  const slowLabel = options.slowDrawMs > 0 ? `pile × 300, +${options.slowDrawMs} ms/frame` : null;
  const pyramid = options.pyramidLayers > 0 ? `pyramid × ${options.pyramidLayers}` : null;
  for (const line of goalLines(throughput, slowLabel, pyramid)) console.log(line);
  if (failures.length > 0) {
    console.log(`\n${failures.length} runs FAILED:`);
    for (const failure of failures) console.log(`- ${failure}`);
    process.exitCode = 1;
  }
  console.log(
    `\nat end: ${describeLoad()}; took ${fixed((performance.now() - started) / 1000, 0)} s`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
