// `npm run bench:browser:recovery`: what a reader sees when the physics worker dies. The built app
// in a real Chromium runs a scene in its worker; after a while the worker is terminated from
// outside (as devtools or memory pressure would), and every drawn frame is watched: how long the
// picture stands still, the longest task, the largest jump in steps between frames, and the step
// physics resumed from on the page's thread.

import { chromium } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { existsSync } from 'node:fs';
import { preview } from 'vite';
import { CHROMIUM_ARGS, findChromium } from '../../tests/browser/findChromium';
import { describeLoad, describeMachine, fixed, formatTable } from '../report';

const USAGE = `npm run bench:browser:recovery -- [--scene=rain] [--count=N] [--after=10,60] [--watch=30] [--dist=dist]
  --scene   the scene (default rain, at its default count unless --count)
  --after   seconds the worker runs before it is terminated, one run each (default 10,60)
  --watch   seconds every frame is watched after the kill (default 30)
  --dist    the built app to serve (default dist/: run vite build first)`;

interface RunResult {
  after: number;
  killStep: number;
  stillMs: number;
  longestTaskBeforeMs: number;
  longestTaskAfterMs: number;
  largestJump: number;
  jumpBefore: number;
  resumedFrom: number | null;
  message: string;
}

function option(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}

async function main(): Promise<void> {
  if (process.argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const scene = option('scene', 'rain');
  const count = option('count', '');
  const afters = option('after', '10,60').split(',').map(Number);
  const dist = option('dist', 'dist');
  const watchSeconds = Number(option('watch', '30'));
  if (!existsSync(`${dist}/index.html`))
    throw new Error(`${dist}/index.html is missing: build first.`);
  const server = await preview({
    preview: { port: 0, strictPort: false },
    build: { outDir: dist },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview gave no URL');
  const browser = await chromium.launch({
    executablePath: await findChromium(),
    args: CHROMIUM_ARGS,
  });
  const results: RunResult[] = [];
  try {
    for (const after of afters)
      results.push(await run(browser, url, scene, count, after, watchSeconds));
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(`Worker terminated in ?scene=${scene}${count ? `&count=${count}` : ''}, ${dist}/`);
  console.log(
    formatTable(
      [
        'after',
        'step at kill',
        'still (s)',
        'longest task before / after (ms)',
        'largest jump before / after (steps)',
        'resumed from',
      ],
      results.map((r) => [
        `${r.after} s`,
        String(r.killStep),
        fixed(r.stillMs / 1000, 2),
        `${fixed(r.longestTaskBeforeMs, 0)} / ${fixed(r.longestTaskAfterMs, 0)}`,
        `${r.jumpBefore} / ${r.largestJump}`,
        r.resumedFrom === null ? 'never' : String(r.resumedFrom),
      ]),
    ),
  );
  for (const r of results) console.log(`  ${r.after} s: ${r.message}`);
  console.log(`${describeMachine()}; ${describeLoad()}`);
}

async function run(
  browser: Browser,
  url: string,
  scene: string,
  count: string,
  after: number,
  watchSeconds: number,
): Promise<RunResult> {
  const context = await browser.newContext({ viewport: { width: 640, height: 400 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const Original = window.Worker;
    const started: Worker[] = [];
    const w = window as unknown as { startedWorkers: Worker[]; longTasks: [number, number][] };
    w.startedWorkers = started;
    w.longTasks = [];
    window.Worker = class extends Original {
      constructor(scriptUrl: string | URL, options?: WorkerOptions) {
        super(scriptUrl, options);
        started.push(this);
      }
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longTasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  const query = `?scene=${scene}${count ? `&count=${count}` : ''}&thread=worker&shadows=0`;
  await page.goto(`${url}${query}`);
  await page.waitForSelector('body[data-ready=true]', { state: 'attached', timeout: 120_000 });
  await page.waitForTimeout(after * 1000);
  const result = await page.evaluate(async (watchSeconds) => {
    const w = window as unknown as { startedWorkers: Worker[]; longTasks: [number, number][] };
    const samples: { t: number; step: number; thread: string }[] = [];
    // Five seconds of frames before the kill: the largest jump a frame makes anyway.
    let jumpBefore = 0;
    const watchFrom = performance.now();
    let last = window.sandbox.stats();
    while (performance.now() - watchFrom < 5000) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = window.sandbox.stats();
      jumpBefore = Math.max(
        jumpBefore,
        now.step - now.latencySteps - (last.step - last.latencySteps),
      );
      last = now;
    }
    const killAt = performance.now();
    const shown = window.sandbox.stats();
    const killStep = shown.step - shown.latencySteps;
    w.startedWorkers[0]?.terminate();
    // Every drawn frame (no named functions here: the bundler would wrap them in a helper the
    // page does not have).
    while (performance.now() - killAt < watchSeconds * 1000) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      // The step drawn: the newest asked for less the worker's latency.
      const stats = window.sandbox.stats();
      samples.push({
        t: performance.now(),
        step: stats.step - stats.latencySteps,
        thread: stats.thread,
      });
    }
    const messages = [...document.querySelectorAll('.message')].map((m) => m.textContent ?? '');
    return { killAt, killStep, samples, longTasks: w.longTasks, messages, jumpBefore };
  }, watchSeconds);
  await context.close();
  const { killAt, killStep, samples, longTasks } = result;
  const onMain = samples.find((s) => s.thread === 'main');
  // The picture stands still while the drawn step does not change: the longest such stretch.
  let stillMs = 0;
  let lastChange = killAt;
  let largestJump = 0;
  let previous = killStep;
  for (const sample of samples) {
    if (sample.step !== previous) {
      stillMs = Math.max(stillMs, sample.t - lastChange);
      largestJump = Math.max(largestJump, Math.abs(sample.step - previous));
      lastChange = sample.t;
      previous = sample.step;
    }
  }
  if (samples.length > 0) stillMs = Math.max(stillMs, samples[samples.length - 1].t - lastChange);
  const before = longTasks.filter(([start]) => start < killAt && start > killAt - 5000);
  const afterKill = longTasks.filter(([start]) => start >= killAt);
  return {
    after,
    killStep,
    stillMs,
    longestTaskBeforeMs: Math.max(0, ...before.map(([, d]) => d)),
    longestTaskAfterMs: Math.max(0, ...afterKill.map(([, d]) => d)),
    largestJump,
    jumpBefore: result.jumpBefore,
    resumedFrom: onMain ? onMain.step : null,
    message: result.messages.join(' | ').slice(0, 300),
  };
}

await main();
