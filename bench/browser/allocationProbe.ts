// `npm run bench:browser:alloc`: what the running page allocates per drawn frame in a real
// Chromium, by whose code allocated it (the project's, three.js, cannon-es, uPlot, …), from V8's
// sampling heap profiler. Served by Vite's dev server so each module keeps its own URL; the
// page's thread only (a worker's heap is its own).

import { chromium } from '@playwright/test';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, findChromium } from '../../tests/browser/findChromium';
import { describeLoad, describeMachine, fixed, formatTable } from '../report';

const PORT = Number(process.env.PREVIEW_PORT ?? 4196);
/** Real seconds the page runs before sampling: long enough for V8 to optimise what it can. */
const WARMUP_SECONDS = 20;
const SAMPLE_SECONDS = 20;
/** Project modules listed one by one, the most allocating first. */
const TOP_MODULES = 8;

/** A node of the sampled profile (the fields read here). */
interface ProfileNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  children: ProfileNode[];
}

/** Whose code a script URL is: a project module by path, or the library it belongs to. */
function sourceOf(url: string): string | null {
  if (url === '') return null;
  const project = /\/src\/([^?]+)/.exec(url);
  if (project) return `project ${project[1]}`;
  for (const library of ['three', 'cannon-es', 'uplot', 'lil-gui']) {
    if (url.includes(library)) return library;
  }
  return 'other';
}

/** Sums each node's bytes under the nearest caller with a script URL. */
function bytesBySource(root: ProfileNode): Map<string, number> {
  const totals = new Map<string, number>();
  const pending: { node: ProfileNode; source: string }[] = [{ node: root, source: '(no script)' }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const source = sourceOf(item.node.callFrame.url) ?? item.source;
    totals.set(source, (totals.get(source) ?? 0) + item.node.selfSize);
    for (const child of item.node.children) pending.push({ node: child, source });
  }
  return totals;
}

async function probe(thread: 'main' | 'worker'): Promise<string[][]> {
  const browser = await chromium.launch({
    executablePath: await findChromium(),
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(`http://localhost:${PORT}/?thread=${thread}`);
    await page.waitForFunction('window.sandbox !== undefined', null, { timeout: 120_000 });
    await page.waitForTimeout(WARMUP_SECONDS * 1000);
    const cdp = await page.context().newCDPSession(page);
    await page.evaluate(
      'window.probeFrames = 0; (function f() { probeFrames++; requestAnimationFrame(f); })()',
    );
    await cdp.send('HeapProfiler.startSampling', {
      samplingInterval: 64,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    } as { samplingInterval: number });
    await page.waitForTimeout(SAMPLE_SECONDS * 1000);
    const { profile } = await cdp.send('HeapProfiler.stopSampling');
    const frames = Number(await page.evaluate('window.probeFrames'));
    console.log(`thread ${thread}: ${frames} frames drawn in ${SAMPLE_SECONDS} s`);
    const perFrame = (bytes: number): string => fixed(bytes / frames, 0);
    const totals = bytesBySource(profile.head as ProfileNode);
    let project = 0;
    const modules: [string, number][] = [];
    const others: [string, number][] = [];
    for (const [source, bytes] of totals) {
      if (!source.startsWith('project ')) others.push([source, bytes]);
      else {
        project += bytes;
        modules.push([source, bytes]);
      }
    }
    const rows = [['project, all', project] as [string, number], ...others];
    rows.sort((a, b) => b[1] - a[1]);
    modules.sort((a, b) => b[1] - a[1]);
    return [
      ...rows.map(([source, bytes]) => [thread, source, perFrame(bytes)]),
      ...modules.slice(0, TOP_MODULES).map(([source, bytes]) => [thread, source, perFrame(bytes)]),
    ];
  } finally {
    await browser.close();
  }
}

const server = await createServer({ server: { port: PORT, strictPort: true }, logLevel: 'error' });
await server.listen();
try {
  const rows = [...(await probe('main')), ...(await probe('worker'))];
  console.log(`# npm run bench:browser:alloc — ${describeMachine()}`);
  console.log(formatTable(['thread', 'allocated by', 'bytes per drawn frame'], rows));
  console.log(describeLoad());
} finally {
  await server.close();
}
