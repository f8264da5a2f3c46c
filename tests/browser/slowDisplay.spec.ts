// A page that draws slowly, emulated: animation frames come 0.3–0.6 s apart (seeded), about one
// in three followed by a 33 ms one, as a software-rendered page gives them. Physics in a worker
// spends such frames in full (nothing clamped once the display is known to be slow), a 5 s stall
// is still cut to a second, and on the main thread every frame keeps the article's clamp. Checked
// frame by frame on what each frame gave up, not on a wall-clock pace.

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { SLOW_DISPLAY_MAX_SECONDS } from '../../packages/fixed-step/src/loop/displayPace';
import { PHYSICS_VIEWPORT, collectPageErrors, openSandbox } from './helpers';

test.use({ viewport: PHYSICS_VIEWPORT });

/** One frame as the page reported it right after drawing it. */
interface Seen {
  frameSeconds: number;
  clampedSeconds: number;
  displayTime: number;
}

declare global {
  interface Window {
    /** Frames the emulated display has drawn, filled by the init script below. */
    slowFramesSeen?: Seen[];
    /** Set to hold the emulated display's next frame back this long (ms): a stall. */
    slowDisplayStallMs?: number;
  }
}

/**
 * Replaces requestAnimationFrame before the app loads: callbacks wait for the next emulated
 * frame and then run together, given its time; after each frame the page's report is kept.
 */
function emulateSlowDisplay(): void {
  let seed = 20_241;
  const random = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  let waiting: FrameRequestCallback[] = [];
  let handles = 0;
  let shortNext = false;
  const pump = (): void => {
    const stallMs = window.slowDisplayStallMs ?? 0;
    window.slowDisplayStallMs = 0;
    const delayMs = stallMs > 0 ? stallMs : shortNext ? 33 : 300 + 300 * random();
    shortNext = !shortNext && random() < 0.35;
    setTimeout(() => {
      const run = waiting;
      waiting = [];
      const now = performance.now();
      for (const callback of run) callback(now);
      // Only the drive's frames: the scripting API exists while the worker still starts, and
      // frames counted then would be taken for the ones that tell the loop its display is slow.
      if (document.body.dataset.ready === 'true') {
        const sandbox = window.sandbox;
        const frame = sandbox.stats().frame;
        (window.slowFramesSeen ??= []).push({
          frameSeconds: frame.frameSeconds,
          clampedSeconds: frame.clampedSeconds,
          displayTime: frame.displayTime,
        });
      }
      pump();
    }, delayMs);
  };
  window.requestAnimationFrame = (callback) => {
    waiting.push(callback);
    return ++handles;
  };
  window.cancelAnimationFrame = () => undefined;
  pump();
}

/** Opens the pile on `thread` with the slow display, then keeps `seconds` of its frames. */
async function watch(page: Page, thread: 'worker' | 'main', seconds: number): Promise<Seen[]> {
  await page.addInitScript(emulateSlowDisplay);
  await openSandbox(page, `?scene=pile&count=60&shadows=0&thread=${thread}`);
  // Four frames, so the display is known to be slow before the frames that are checked.
  await expect
    .poll(() => page.evaluate(() => window.slowFramesSeen?.length ?? 0))
    .toBeGreaterThan(4);
  const from = await page.evaluate(() => window.slowFramesSeen?.length ?? 0);
  await page.waitForFunction(
    ([start, ms]) => {
      const seen = window.slowFramesSeen ?? [];
      const first = seen[start];
      const last = seen[seen.length - 1];
      return (
        first !== undefined &&
        last !== undefined &&
        seen.length > start + 1 &&
        seen.slice(start + 1).reduce((sum, f) => sum + f.frameSeconds, 0) * 1000 >= ms
      );
    },
    [from, seconds * 1000] as const,
    { timeout: 60_000 },
  );
  return (await page.evaluate(() => window.slowFramesSeen ?? [])).slice(from);
}

test('physics in a worker on a slow, jittery display: nothing clamped over 8 s; a 5 s stall still cut to a second', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const frames = await watch(page, 'worker', 8);
  const slow = frames.filter((f) => f.frameSeconds >= 0.25);
  expect(slow.length).toBeGreaterThan(8);
  for (const frame of frames) {
    // Only what a frame spent past a second (a stall of the loaded machine) may be cut.
    const past = Math.max(0, frame.frameSeconds - SLOW_DISPLAY_MAX_SECONDS);
    expect(frame.clampedSeconds, `frame of ${frame.frameSeconds} s`).toBeLessThanOrEqual(
      past + 1e-9,
    );
  }
  const real = frames.slice(1).reduce((sum, f) => sum + f.frameSeconds, 0);
  const sim = (frames.at(-1) as Seen).displayTime - (frames[0] as Seen).displayTime;
  test
    .info()
    .annotations.push({ type: 'sim ÷ real over the frames', description: String(sim / real) });

  const seen = await page.evaluate(() => window.slowFramesSeen?.length ?? 0);
  await page.evaluate(() => (window.slowDisplayStallMs = 5000));
  await expect
    .poll(() => page.evaluate(() => window.slowFramesSeen?.length ?? 0))
    .toBeGreaterThan(seen + 2);
  const after = await page.evaluate(() => window.slowFramesSeen ?? []);
  const stall = after.find((f) => f.frameSeconds >= 5);
  expect(stall, 'the stalled frame').toBeDefined();
  const stalled = stall as Seen;
  expect(stalled.clampedSeconds).toBeGreaterThanOrEqual(
    stalled.frameSeconds - SLOW_DISPLAY_MAX_SECONDS - 1e-9,
  );
  expect(errors).toEqual([]);
});

test("physics on the main thread on the same display: every frame keeps the article's clamp", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const frames = await watch(page, 'main', 3);
  const maxFrame = await page.evaluate(() => window.sandbox.settings().maxFrameSeconds);
  expect(frames.filter((f) => f.frameSeconds > maxFrame).length).toBeGreaterThan(2);
  for (const frame of frames) {
    expect(frame.clampedSeconds).toBeCloseTo(Math.max(0, frame.frameSeconds - maxFrame), 9);
  }
  expect(errors).toEqual([]);
});
