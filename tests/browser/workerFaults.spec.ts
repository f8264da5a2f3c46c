// Worker faults in the page, each run compared by hash, frame by frame, with the same frames
// under ?thread=main: a Worker constructor that throws, a policy that forbids workers, a worker
// that fails while the determinism lab's second world runs in a worker of its own, a worker that
// falls silent (the page's clock run forward past the limit: no real 15 s wait), and a page that
// stalls while its worker's answer waits (its own stall is not the worker's silence).

import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import {
  PHYSICS_VIEWPORT,
  breakWorker,
  collectPageErrors,
  keepStartedWorkers,
  openSandbox,
} from './helpers';

test.use({ viewport: PHYSICS_VIEWPORT });

async function withPage<T>(browser: Browser, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ viewport: PHYSICS_VIEWPORT });
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Stops the animation frames and loads the scene afresh: from here only `advance` steps. */
async function restart(page: Page, scene: string, options: { count?: number; seed?: number }) {
  await page.evaluate(
    async ([id, opts]) => {
      await window.sandbox.advance([0]);
      await window.sandbox.load(id, opts);
    },
    [scene, options] as const,
  );
}

/** Each frame's state: the main world's hash, and the lab's two hashes where it has two worlds. */
async function frames(page: Page, count: number, spawnAt = -1): Promise<string[]> {
  return page.evaluate(
    async ([n, spawn]) => {
      const out: string[] = [];
      for (let f = 0; f < n; f++) {
        if (f === spawn)
          window.sandbox.spawn({ kind: 'box', scale: [0.4, 0.4, 0.4], position: [0, 6, 0] });
        await window.sandbox.advance([1 / 60]);
        const twin = window.sandbox.stats().twin;
        const lab = twin ? ` ${twin.comparedStep} ${twin.leftHash} ${twin.rightHash}` : '';
        out.push(`${window.sandbox.state().step} ${window.sandbox.state().hash}${lab}`);
      }
      return out;
    },
    [count, spawnAt] as const,
  );
}

/** The pile on the main thread, 60 frames with a spawn. */
async function mainRun(browser: Browser, query: string, count = 60): Promise<string[]> {
  return withPage(browser, async (page) => {
    await openSandbox(page, `${query}&thread=main`);
    await restart(page, 'pile', PILE_OPTIONS);
    return frames(page, count, 10);
  });
}

const PILE = '?scene=pile&count=40&seed=3&shadows=0';
const PILE_OPTIONS = { count: 40, seed: 3 };

test('a Worker constructor that throws: physics on the page from the start, a message says why, the main thread’s hashes', async ({
  browser,
}) => {
  const expected = await mainRun(browser, PILE);
  const got = await withPage(browser, async (page) => {
    const errors = collectPageErrors(page);
    await page.addInitScript(() => {
      window.Worker = class {
        constructor() {
          throw new DOMException('Workers are not allowed here', 'SecurityError');
        }
      } as unknown as typeof Worker;
    });
    await openSandbox(page, `${PILE}&thread=worker`);
    await expect(page.locator('.message')).toContainText('Workers are not allowed here');
    expect(await page.evaluate(() => window.sandbox.stats().thread)).toBe('main');
    await restart(page, 'pile', PILE_OPTIONS);
    const hashes = await frames(page, 60, 10);
    expect(errors).toEqual([]);
    return hashes;
  });
  expect(got).toEqual(expected);
});

test('a policy that forbids workers (worker-src none): physics on the page, the main thread’s hashes', async ({
  browser,
}) => {
  const expected = await mainRun(browser, PILE);
  const got = await withPage(browser, async (page) => {
    await page.route(
      (url) => url.pathname === '/',
      async (route) => {
        const response = await route.fetch();
        const html = await response.text();
        // The policy is in the page's meta tag, its quotes written as &#39;.
        const allowed = 'worker-src &#39;self&#39;';
        expect(html).toContain(allowed);
        await route.fulfill({
          response,
          body: html.replace(allowed, 'worker-src &#39;none&#39;'),
        });
      },
    );
    await openSandbox(page, `${PILE}&thread=worker`);
    await expect(page.locator('.message')).toContainText("Physics runs on the page's own thread");
    expect(await page.evaluate(() => window.sandbox.stats().thread)).toBe('main');
    await restart(page, 'pile', PILE_OPTIONS);
    return frames(page, 60, 10);
  });
  expect(got).toEqual(expected);
});

test('a worker that fails with the determinism lab open: both worlds back on the page, the main thread’s hashes', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const LAB = '?scene=determinism&shadows=0';
  const expected = await withPage(browser, async (page) => {
    await openSandbox(page, `${LAB}&thread=main`);
    await restart(page, 'determinism', {});
    return frames(page, 120, 10);
  });
  const got = await withPage(browser, async (page) => {
    await keepStartedWorkers(page);
    await openSandbox(page, `${LAB}&thread=worker`);
    // The lab's second world in a worker of its own.
    await expect
      .poll(() =>
        page.evaluate(
          () => (window as unknown as { startedWorkers: Worker[] }).startedWorkers.length,
        ),
      )
      .toBe(2);
    await restart(page, 'determinism', {});
    const before = await frames(page, 60, 10);
    await breakWorker(page, 0);
    await expect(page.locator('.message')).toContainText("Physics runs on the page's own thread");
    expect(await page.evaluate(() => window.sandbox.stats().thread)).toBe('main');
    const after = await frames(page, 60);
    return [...before, ...after];
  });
  expect(got).toEqual(expected);
});

/** What `holdWorkerMessages` gives the page (on `window`). */
interface HeldMessages {
  /** While set, every message from a worker is held instead of delivered. */
  holdWorkers: boolean;
  /** The held messages' types, oldest first. */
  heldTypes: () => string[];
  /** Stops holding and delivers what was held, in order. */
  releaseWorkers: () => void;
  /** A frame asked for while the messages were held. */
  pending: Promise<unknown>;
}

/**
 * Before the page loads: messages from its workers can be held back — for good, as when the
 * browser stops a worker without an event, or until released, as a page that ran no tasks for a
 * while finds them queued when it wakes.
 */
async function holdWorkerMessages(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Original = window.Worker;
    const flags = window as unknown as HeldMessages;
    const held: [Worker, { type: string }][] = [];
    flags.holdWorkers = false;
    flags.heldTypes = () => held.map(([, data]) => data.type);
    flags.releaseWorkers = () => {
      flags.holdWorkers = false;
      for (const [worker, data] of held.splice(0)) {
        worker.dispatchEvent(new MessageEvent('message', { data }));
      }
    };
    window.Worker = class extends Original {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        this.addEventListener('message', (event: MessageEvent) => {
          if (!flags.holdWorkers) return;
          held.push([this, event.data as { type: string }]);
          event.stopImmediatePropagation();
        });
      }
    };
  });
}

/** Opens the pile in a worker on Playwright's clock and plays 30 frames (a spawn at 10). */
async function openHeldPile(page: Page): Promise<string[]> {
  await holdWorkerMessages(page);
  await page.clock.install();
  await openSandbox(page, `${PILE}&thread=worker`);
  await restart(page, 'pile', PILE_OPTIONS);
  return frames(page, 30, 10);
}

/** Asks for the next frame with the worker's messages held (never delivered unless released). */
async function askHeld(page: Page): Promise<void> {
  await page.evaluate(() => {
    const flags = window as unknown as HeldMessages;
    flags.holdWorkers = true;
    flags.pending = window.sandbox.advance([1 / 60]);
  });
}

/**
 * Every `step hash` of `got` whose step `expected` also reached has its hash there; returns how
 * many steps were compared.
 */
function sameAtCommonSteps(got: string[], expected: string[]): number {
  const byStep = new Map(expected.map((line) => [line.split(' ')[0], line]));
  let compared = 0;
  for (const line of got) {
    const match = byStep.get(line.split(' ')[0]);
    if (match === undefined) continue;
    expect(line).toBe(match);
    compared++;
  }
  return compared;
}

test('a worker that falls silent (the page’s clock run forward, no real wait): given up on a second past its work, physics back on the page at the step last shown, the main thread’s hashes', async ({
  browser,
}) => {
  const expected = await mainRun(browser, PILE);
  await withPage(browser, async (page) => {
    const before = await openHeldPile(page);
    // Silent from here: the next frame's steps are owed and never come.
    await askHeld(page);
    await page.clock.runFor(700);
    expect(await page.evaluate(() => window.sandbox.stats().thread)).toBe('worker');
    await page.clock.runFor(1_500);
    await expect(page.locator('.message')).toContainText('stopped answering');
    expect(await page.evaluate(() => window.sandbox.stats().thread)).toBe('main');
    await page.evaluate(() => (window as unknown as HeldMessages).pending);
    // The frame the worker never answered is given up: the world goes on from the last step
    // shown, neither ahead of it nor from the scene's start.
    const resumed = await page.evaluate(
      () => `${window.sandbox.state().step} ${window.sandbox.state().hash}`,
    );
    expect(resumed).toBe(before[29]);
    await expect(page.locator('.message')).toContainText(`same step (${before[29].split(' ')[0]}`);
    const after = await frames(page, 29);
    const steps = [resumed, ...after].map((line) => Number(line.split(' ')[0]));
    for (let k = 1; k < steps.length; k++) expect(steps[k] - steps[k - 1]).toBeLessThanOrEqual(2);
    expect(sameAtCommonSteps([...before, ...after], expected)).toBeGreaterThan(40);
  });
});

test('a page that stalls (its clock jumps 20 s, the worker’s answer queued behind the watch): the worker keeps its world', async ({
  browser,
}) => {
  const expected = await mainRun(browser, PILE);
  const got = await withPage(browser, async (page) => {
    const before = await openHeldPile(page);
    // The next frame's steps are asked for and answered, but the answer waits behind a stall:
    // the page's clock jumps 20 s and the silence watch's overdue tick runs first.
    await askHeld(page);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as HeldMessages).heldTypes()))
      .toContain('stepped');
    await page.clock.fastForward(20_000);
    await page.evaluate(async () => {
      const flags = window as unknown as HeldMessages;
      flags.releaseWorkers();
      await flags.pending;
    });
    await page.clock.runFor(3_000);
    expect(await page.evaluate(() => window.sandbox.stats().thread)).toBe('worker');
    await expect(page.locator('.message')).toHaveCount(0);
    const after = await page.evaluate(
      () => `${window.sandbox.state().step} ${window.sandbox.state().hash}`,
    );
    return [...before, after, ...(await frames(page, 29))];
  });
  expect(got).toEqual(expected);
});

/** Breaks the newest worker the page started and waits until physics is back on the page. */
async function breakNewestWorker(page: Page): Promise<void> {
  await breakWorker(page);
  await expect.poll(() => page.evaluate(() => window.sandbox.stats().thread)).toBe('main');
}

/**
 * Records 60 frames of the pile (a spawn among them), then replays the recording for 80 frames.
 * With `breakWorkers` the page starts in a worker, its worker fails at frame 30 of the recording,
 * and physics goes back to a new worker for the replay, which fails at its frame 20.
 */
async function recordAndReplay(page: Page, breakWorkers: boolean): Promise<unknown> {
  await restart(page, 'pile', PILE_OPTIONS);
  await page.evaluate(() => window.sandbox.record({ hashEvery: 5 }));
  const recorded = await frames(page, 30, 10);
  if (breakWorkers) await breakNewestWorker(page);
  recorded.push(...(await frames(page, 30)));
  const recording = await page.evaluate(() => window.sandbox.stopRecording());
  if (breakWorkers) {
    await page.evaluate(() => window.sandbox.set({ physicsThread: 'worker' }));
    await expect.poll(() => page.evaluate(() => window.sandbox.stats().thread)).toBe('worker');
  }
  await page.evaluate((r) => window.sandbox.replay(r), recording);
  const replayed = await frames(page, 20);
  if (breakWorkers) await breakNewestWorker(page);
  replayed.push(...(await frames(page, 60)));
  const status = await page.evaluate(() => window.sandbox.stats().replay);
  return { recorded, recording, replayed, status };
}

test('a worker that fails during a recording, and another during its replay: the recording and every hash as on the main thread', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const expected = await withPage(browser, async (page) => {
    await openSandbox(page, `${PILE}&thread=main`);
    return recordAndReplay(page, false);
  });
  const got = await withPage(browser, async (page) => {
    await keepStartedWorkers(page);
    await openSandbox(page, `${PILE}&thread=worker`);
    return recordAndReplay(page, true);
  });
  expect(got).toEqual(expected);
  const status = (expected as { status: { divergence: unknown; step: number } | null }).status;
  expect(status?.divergence).toBeNull();
});

test('a worker terminated in a running scene (real time): the world resumes on the page from the very step last shown, no jump, no restart', async ({
  page,
}) => {
  await keepStartedWorkers(page);
  // Each of the app's animation frames followed at once by `afterFrame`: what a frame drew is
  // read before anything else runs (the page's watch may hand physics over in the next task).
  await page.addInitScript(() => {
    const request = window.requestAnimationFrame.bind(window);
    const page = window as unknown as { afterFrame?: () => void };
    window.requestAnimationFrame = (callback) =>
      request((nowMs) => {
        callback(nowMs);
        page.afterFrame?.();
      });
  });
  await openSandbox(page, '?scene=rain&count=300&shadows=0&thread=worker');
  // Let it run, then read every drawn frame while the worker is stopped from outside.
  await expect.poll(() => page.evaluate(() => window.sandbox.state().step)).toBeGreaterThan(150);
  const samples = await page.evaluate(
    async () =>
      await new Promise<{ step: number; thread: string }[]>((resolve) => {
        const seen: { step: number; thread: string }[] = [];
        const page = window as unknown as { afterFrame?: () => void };
        const done = (): void => {
          page.afterFrame = undefined;
          resolve(seen);
        };
        // Until physics has run on the page for a while (or 30 s, which fails below).
        const timeout = setTimeout(done, 30_000);
        page.afterFrame = () => {
          const stats = window.sandbox.stats();
          seen.push({ step: stats.step - stats.latencySteps, thread: stats.thread });
          if (seen.filter((s) => s.thread === 'main').length >= 20) {
            clearTimeout(timeout);
            done();
          }
        };
        (window as unknown as { startedWorkers: Worker[] }).startedWorkers[0]?.terminate();
      }),
  );
  const firstMain = samples.findIndex((s) => s.thread === 'main');
  expect(firstMain).toBeGreaterThan(0);
  const shown = samples[firstMain - 1].step;
  expect(shown).toBeGreaterThan(150);
  // The step the page showed last from the worker is the one physics goes on from.
  expect(samples[firstMain].step).toBe(shown);
  await expect(page.locator('.message')).toContainText(`same step (${shown}`);
  // And it goes on: later frames step forward from there.
  expect(samples[samples.length - 1].step).toBeGreaterThan(shown);
});
