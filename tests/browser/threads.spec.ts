// Physics in a worker against physics on the page's thread, in the real page: the same hash at
// every frame for the same frames and inputs (a spawn, a throw with F, a mouse drag), whichever
// transport carries the steps (shared memory wherever the page is isolated: openSandbox checks);
// a worker that cannot start or fails hands the world back to the page's thread, the step kept.
// The pace each thread keeps while drawing is slow is measured by `npm run bench:browser`
// ("drawing slowed" row and goal), not here: a wall-clock pace says as much about the machine.

import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import {
  PHYSICS_VIEWPORT,
  bodyHeights,
  breakWorker,
  collectPageErrors,
  keepStartedWorkers,
  openSandbox,
} from './helpers';

/** One frame's inputs and length; the same list drives both pages. */
interface FrameStep {
  seconds: number;
  action?: 'spawn' | 'throw' | 'grab' | 'pull' | 'release';
}

/** Frame lengths of a display at `hz`, or 60 Hz with ±4 ms of seeded jitter. */
function frameTimes(kind: 30 | 60 | 144 | 'jitter', count: number): number[] {
  if (kind !== 'jitter') return new Array<number>(count).fill(1 / kind);
  let state = 12345;
  return Array.from({ length: count }, () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return 1 / 60 + ((state / 2 ** 32) * 2 - 1) * 0.004;
  });
}

/**
 * A second of frames: a drop, a throw at the middle of the view, then the brick there grabbed
 * and pulled up for a quarter second, and let go — at the same moments whatever the frame rate.
 */
function script(kind: 30 | 60 | 144 | 'jitter'): FrameStep[] {
  const rate = kind === 'jitter' ? 60 : kind;
  const frames: FrameStep[] = frameTimes(kind, rate).map((seconds) => ({ seconds }));
  const at = (fraction: number): FrameStep => frames[Math.floor(fraction * rate)] as FrameStep;
  at(0.1).action = 'spawn';
  at(0.25).action = 'throw';
  at(0.45).action = 'grab';
  for (const fraction of [0.5, 0.55, 0.6, 0.65, 0.7]) at(fraction).action = 'pull';
  at(0.8).action = 'release';
  return frames;
}

/** Where two pages run at once wait for each other (see `meeting`). */
interface Meeting {
  /** Resolves once every party has arrived (or one has left). */
  arrive(): Promise<void>;
  /** A party that failed before arriving: the others go on. */
  leave(): void;
}

/**
 * Both pages open before either plays: a page's start-up ends with its first draw, whose
 * shaders SwiftShader compiles in the GPU process both pages share, and on two loaded cores
 * that draw could queue behind the other page's scripted frames for longer than the wait for
 * the page to be ready.
 */
function meeting(parties: number): Meeting {
  let arrived = 0;
  let open = (): void => {};
  const all = new Promise<void>((resolve) => (open = resolve));
  return {
    arrive() {
      if (++arrived >= parties) open();
      return all;
    },
    leave: () => open(),
  };
}

/** A fresh page in its own context, closed when done; a failure lets the other party go on. */
async function withPage<T>(
  browser: Browser,
  use: (page: Page) => Promise<T>,
  opened?: Meeting,
): Promise<T> {
  const context = await browser.newContext({ viewport: PHYSICS_VIEWPORT });
  try {
    return await use(await context.newPage());
  } catch (error) {
    opened?.leave();
    throw error;
  } finally {
    await context.close();
  }
}

/**
 * Opens the stack on a thread, stops the animation frames, and plays the script: the input
 * before each frame (API, keyboard or mouse, as a person would), then the frame through
 * `advance`. Returns the state's hash after every frame.
 */
async function play(
  page: Page,
  thread: 'worker' | 'main',
  frames: FrameStep[],
  { isolated = true, opened }: { isolated?: boolean; opened?: Meeting } = {},
): Promise<string[]> {
  await openSandbox(page, `?scene=stack&shadows=0&thread=${thread}`, { isolated });
  const box = await page.locator('#view').boundingBox();
  if (!box) throw new Error('no canvas');
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.evaluate(async () => {
    await window.sandbox.advance([0]);
    await window.sandbox.load('stack');
  });
  expect(await page.evaluate(() => window.sandbox.stats().thread)).toBe(thread);
  // The contact kernels run compiled on either thread (the page's must compile them before
  // its world is built), so the hashes below compare WebAssembly with WebAssembly.
  expect(await page.evaluate(() => window.sandbox.stats().kernels)).toBe('webassembly');
  await opened?.arrive();
  const hashes: string[] = [];
  let pulled = 0;
  let grabbedAt: number[] = [];
  for (const frame of frames) {
    if (frame.action === 'spawn') {
      await page.evaluate(() =>
        window.sandbox.spawn({ kind: 'gem', scale: 0.4, position: [0.2, 9, 0.1] }),
      );
    } else if (frame.action === 'throw') {
      await page.mouse.move(centre.x, centre.y);
      await page.keyboard.press('f');
    } else if (frame.action === 'grab') {
      grabbedAt = await bodyHeights(page);
      await page.mouse.move(centre.x, centre.y);
      await page.mouse.down();
    } else if (frame.action === 'pull') {
      pulled++;
      await page.mouse.move(centre.x + 5 * pulled, centre.y - 30 * pulled);
    } else if (frame.action === 'release') {
      // The drag really held a brick: one rose by more than half a metre while pulled.
      const heights = await bodyHeights(page);
      expect(Math.max(...heights.map((h, i) => h - (grabbedAt[i] ?? h)))).toBeGreaterThan(0.5);
      await page.mouse.up();
    }
    hashes.push(
      await page.evaluate(async (seconds) => {
        await window.sandbox.advance([seconds]);
        return window.sandbox.state().hash;
      }, frame.seconds),
    );
  }
  return hashes;
}

/**
 * The same files, served without the two headers that make the page cross-origin isolated: no
 * SharedArrayBuffer, as on a static host that does not send them.
 */
async function serveWithoutIsolation(page: Page): Promise<void> {
  await page.route('**/*', async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['cross-origin-opener-policy'];
    delete headers['cross-origin-embedder-policy'];
    await route.fulfill({ response, headers });
  });
}

for (const kind of [30, 60, 144, 'jitter'] as const) {
  test(`${kind === 'jitter' ? 'jittered 60 Hz' : `${kind} Hz`} frames with a spawn, a throw and a drag: the worker's hash is the main thread's at every frame`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const frames = script(kind);
    // Both pages at once: every frame is scripted, so neither's timing matters.
    const opened = meeting(2);
    const [main, worker] = await Promise.all([
      withPage(browser, (page) => play(page, 'main', frames, { opened }), opened),
      withPage(
        browser,
        async (page) => {
          const errors = collectPageErrors(page);
          const hashes = await play(page, 'worker', frames, { opened });
          expect(errors).toEqual([]);
          return hashes;
        },
        opened,
      ),
    ]);
    expect(new Set(main).size).toBeGreaterThan(frames.length / 2);
    expect(worker).toEqual(main);
  });
}

test('without cross-origin isolation the steps travel as transferred buffers, with the same physics', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const frames = script(60);
  const opened = meeting(2);
  const [main, transferred] = await Promise.all([
    withPage(browser, (page) => play(page, 'main', frames, { opened }), opened),
    withPage(
      browser,
      async (page) => {
        await serveWithoutIsolation(page);
        const hashes = await play(page, 'worker', frames, { isolated: false, opened });
        expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
        expect(await page.evaluate(() => window.sandbox.stats().transport)).toBe('transfer');
        return hashes;
      },
      opened,
    ),
  ]);
  expect(transferred).toEqual(main);
});

test('a worker that cannot start: physics runs on the page, and a message says why', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  // The worker's script never arrives (a policy, a network that drops it).
  await page.route(/physicsWorker.*\.js$/, (route) => route.abort());
  await openSandbox(page, '?scene=pile&count=50');
  const stats = await page.evaluate(async () => {
    const reports = await window.sandbox.advance(new Array(30).fill(1 / 60));
    return {
      thread: window.sandbox.stats().thread,
      setting: window.sandbox.settings().physicsThread,
      steps: reports.reduce((sum, r) => sum + r.steps, 0),
    };
  });
  expect(stats).toEqual({ thread: 'main', setting: 'main', steps: 50 });
  await expect(page.locator('.message')).toContainText("Physics runs on the page's own thread");
  // The failed script load is the browser's console error, not the app's.
  expect(errors.filter((error) => !error.includes('physicsWorker'))).toEqual([]);
});

test('a worker that fails mid-run: the page rebuilds the world at the same step and runs on as the main thread would', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const frames = script(60);
  const opened = meeting(2);
  const [main, recovered] = await Promise.all([
    withPage(browser, (page) => play(page, 'main', frames, { opened }), opened),
    withPage(
      browser,
      async (page) => {
        // Keeps a handle on the workers the page starts, to break one from outside.
        await keepStartedWorkers(page);
        // Broken after the script's last input (the release), so the rest is frames alone.
        const broken = Math.floor(frames.length * 0.85);
        const first = await play(page, 'worker', frames.slice(0, broken), { opened });
        // A message the worker cannot handle makes it fail, as a bug in it would.
        await breakWorker(page);
        await expect(page.locator('.message')).toContainText('at the same step');
        expect(await page.evaluate(() => window.sandbox.stats().thread)).toBe('main');
        const rest: string[] = [];
        for (const frame of frames.slice(broken)) {
          rest.push(
            await page.evaluate(async (seconds) => {
              await window.sandbox.advance([seconds]);
              return window.sandbox.state().hash;
            }, frame.seconds),
          );
        }
        return [...first, ...rest];
      },
      opened,
    ),
  ]);
  expect(recovered).toEqual(main);
});
