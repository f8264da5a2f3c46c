// Frame times the lab injects, in a real Chromium: seeded jitter on every frame (from the URL and
// the API), the display emulator's steady frames at its rate (drawn in the animation frames they
// fall due in), and the H key's hitch arriving, clamped, in the next frame.

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { DisplayRate } from '../../src/config/settings';
import { PHYSICS_VIEWPORT, openSandbox } from './helpers';

test.use({ viewport: PHYSICS_VIEWPORT });

/**
 * Reloads `scene` (the loop starts from an empty accumulator), runs `frames` through `advance`
 * in the same task, and returns the frame seconds the loop actually consumed, frame by frame:
 * the change in display time (simulated time + alpha·dt) plus whatever the frame gave up, at time
 * scale 1. Also the state hash at the end.
 */
async function consumedSeconds(
  page: Page,
  scene: string,
  frames: number[],
): Promise<{ seconds: number[]; hash: string }> {
  return page.evaluate(
    async ({ scene, frames }) => {
      const s = window.sandbox;
      await s.advance([0]);
      await s.load(scene);
      const dt = 1 / s.settings().physicsHz;
      let before = 0;
      const seconds = (await s.advance(frames)).map((r) => {
        const display = r.simTime + r.alpha * dt;
        const spent = display - before + r.droppedSeconds + r.clampedSeconds + r.throttledSeconds;
        before = display;
        return spent;
      });
      return { seconds, hash: s.state().hash };
    },
    { scene, frames },
  );
}

const FRAME = 1 / 60;
const FRAMES = new Array<number>(600).fill(FRAME);
/** Float64 rounding of display times summed over 600 frames: far below a microsecond. */
const ROUNDING = 1e-9;

test('jitter from the URL: every frame moves by a seeded amount within ±jitterMs, the same on every load', async ({
  page,
}) => {
  await openSandbox(page, '?scene=carousel&jitter=4');
  expect(await page.evaluate(async () => window.sandbox.settings().jitterMs)).toBe(4);
  const first = await consumedSeconds(page, 'carousel', FRAMES);
  const offsetsMs = first.seconds.map((s) => (s - FRAME) * 1000);
  // Uniform on ±4 ms: every offset inside, both ends reached, about 2 ms from 0 on average (the
  // mean of |U(−4, 4)|; over 600 frames its spread is 0.05 ms), no two frames alike.
  for (const offset of offsetsMs) expect(Math.abs(offset)).toBeLessThanOrEqual(4 + 1e-6);
  expect(Math.min(...offsetsMs)).toBeLessThan(-3.8);
  expect(Math.max(...offsetsMs)).toBeGreaterThan(3.8);
  const meanAbs = offsetsMs.reduce((sum, x) => sum + Math.abs(x), 0) / offsetsMs.length;
  expect(meanAbs).toBeGreaterThan(1.8);
  expect(meanAbs).toBeLessThan(2.2);
  expect(new Set(offsetsMs.map((x) => x.toFixed(6))).size).toBeGreaterThan(590);

  // Seeded: the same load and frames give the same jitter and the same physics, in this page and
  // in a fresh one whatever animation frames ran there before.
  const again = await consumedSeconds(page, 'carousel', FRAMES);
  expect(again.seconds).toEqual(first.seconds);
  expect(again.hash).toBe(first.hash);
  const fresh = await page.context().newPage();
  await openSandbox(fresh, '?scene=carousel&jitter=4');
  // Let its animation-frame drive run (and draw jitter) before the load.
  await expect
    .poll(() => fresh.evaluate(async () => window.sandbox.stats().rateWindow.frames), {
      timeout: 60_000,
    })
    .toBeGreaterThan(3);
  const elsewhere = await consumedSeconds(fresh, 'carousel', FRAMES);
  expect(elsewhere.seconds).toEqual(first.seconds);
  expect(elsewhere.hash).toBe(first.hash);
  await fresh.close();
});

test('jitter through the API: ±jitterMs scales the offsets, never a negative frame, 0 turns it off', async ({
  page,
}) => {
  await openSandbox(page, '?scene=carousel');
  await page.evaluate(async () => window.sandbox.set({ jitterMs: 1.5 }));
  const small = (await consumedSeconds(page, 'carousel', FRAMES)).seconds;
  const smallMs = small.map((s) => (s - FRAME) * 1000);
  expect(Math.max(...smallMs.map(Math.abs))).toBeLessThanOrEqual(1.5 + 1e-6);
  expect(Math.max(...smallMs.map(Math.abs))).toBeGreaterThan(1.4);

  // Frames of 0 s: jitter could only make them negative half the time, and those count as 0.
  await page.evaluate(async () => window.sandbox.set({ jitterMs: 4 }));
  const zero = (await consumedSeconds(page, 'carousel', new Array<number>(400).fill(0))).seconds;
  for (const s of zero) expect(s).toBeGreaterThanOrEqual(-ROUNDING);
  const still = zero.filter((s) => Math.abs(s) <= ROUNDING).length;
  expect(still).toBeGreaterThan(160);
  expect(still).toBeLessThan(240);
  expect(Math.max(...zero)).toBeGreaterThan(0.0038);

  await page.evaluate(async () => window.sandbox.set({ jitterMs: 0 }));
  const plain = (await consumedSeconds(page, 'carousel', FRAMES)).seconds;
  for (const s of plain) expect(Math.abs(s - FRAME)).toBeLessThan(ROUNDING);
});

/** What the page recorded of its animation frames (see `steady60HzDisplay`). */
interface FrameLog {
  /** Index of the latest real animation frame (−1 before the first). */
  frame: number;
  /** Indices of the frames in which WebGL drew, in order. */
  drawn: number[];
}

/**
 * Before the app loads: every animation frame gets the timestamp of a steady 60 Hz display (the
 * k-th real frame is at k · 1000/60 ms, whatever rate SwiftShader manages), and each WebGL draw
 * call marks the frame it happened in. The app's code is untouched; only the clock it reads is
 * steadied, as a real 60 Hz monitor would.
 */
async function steady60HzDisplay(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log = { frame: -1, drawn: [] as number[] };
    (window as unknown as { frameLog: typeof log }).frameLog = log;
    const request = window.requestAnimationFrame.bind(window);
    let lastRealMs = -1;
    window.requestAnimationFrame = (callback) =>
      request((realMs) => {
        // Every callback of one real frame gets the same timestamp; a new one starts a frame.
        if (realMs !== lastRealMs) {
          lastRealMs = realMs;
          log.frame++;
        }
        callback((log.frame * 1000) / 60);
      });
    const proto = WebGL2RenderingContext.prototype;
    for (const name of [
      'drawElements',
      'drawArrays',
      'drawElementsInstanced',
      'drawArraysInstanced',
    ] as const) {
      const draw = proto[name] as (...args: unknown[]) => void;
      (proto as unknown as Record<string, unknown>)[name] = function (
        this: WebGL2RenderingContext,
        ...args: unknown[]
      ) {
        if (log.drawn[log.drawn.length - 1] !== log.frame) log.drawn.push(log.frame);
        draw.apply(this, args);
      };
    }
  });
}

/** The frame log and the simulated seconds consumed since the load (display time + given up). */
async function readFrames(page: Page): Promise<FrameLog & { consumedSeconds: number }> {
  return page.evaluate(async () => {
    const log = (window as unknown as { frameLog: FrameLog }).frameLog;
    const stats = window.sandbox.stats();
    return {
      frame: log.frame,
      drawn: [...log.drawn],
      consumedSeconds:
        stats.displayTime + stats.droppedSeconds + stats.clampedSeconds + stats.throttledSeconds,
    };
  });
}

/**
 * Lets `frames` real animation frames pass at the current display setting and returns which of
 * them were drawn (as offsets 1…frames from the first), and how many seconds the loop consumed
 * against how much display time passed between the first and the last drawn frame.
 */
async function watch(
  page: Page,
  frames: number,
): Promise<{
  drawn: number[];
  consumedSeconds: number;
  drawnSpanSeconds: number;
  elapsedFrames: number;
}> {
  const before = await readFrames(page);
  await page.waitForFunction(
    (target) => (window as unknown as { frameLog: FrameLog }).frameLog.frame >= target,
    before.frame + frames,
    { polling: 50, timeout: 120_000 },
  );
  const after = await readFrames(page);
  const lastDrawn = (log: FrameLog): number => log.drawn[log.drawn.length - 1] ?? 0;
  return {
    drawn: after.drawn
      .filter((k) => k > before.frame && k <= before.frame + frames)
      .map((k) => k - before.frame),
    consumedSeconds: after.consumedSeconds - before.consumedSeconds,
    drawnSpanSeconds: (lastDrawn(after) - lastDrawn(before)) / 60,
    // At least `frames`: a loaded machine may run a few more before the log is read.
    elapsedFrames: after.frame - before.frame,
  };
}

test('display emulator: on a 60 Hz display, 30 draws every other frame, 50 five in six, 144 every one, each frame one steady period', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await steady60HzDisplay(page);
  await openSandbox(page, '?scene=carousel&display=30');
  expect(await page.evaluate(async () => window.sandbox.settings().display)).toBe('30');
  const expected: [rate: DisplayRate, drawnOf60: number, framesOf60: number][] = [
    ['30', 30, 30],
    ['50', 50, 50],
    ['144', 60, 144],
    ['native', 60, 60],
    ['60', 60, 60],
  ];
  for (const [rate, drawnOf60, framesOf60] of expected) {
    await page.evaluate(async (display) => window.sandbox.set({ display }), rate);
    await watch(page, 6); // let the new schedule settle
    const seen = await watch(page, 60);
    expect(seen.drawn.length, `display ${rate}`).toBeGreaterThanOrEqual(drawnOf60 - 1);
    expect(seen.drawn.length, `display ${rate}`).toBeLessThanOrEqual(drawnOf60 + 1);
    const gaps = seen.drawn.slice(1).map((k, i) => k - (seen.drawn[i] ?? 0));
    if (rate === '30') expect(new Set(gaps), 'every other frame').toEqual(new Set([2]));
    if (rate === '50') expect(new Set(gaps), 'one skipped in six').toEqual(new Set([1, 2]));
    if (drawnOf60 === 60) expect(new Set(gaps), 'every frame').toEqual(new Set([1]));
    if (rate === 'native') {
      // The real frames as they are: the loop consumes the display time between drawn frames.
      expect(Math.abs(seen.consumedSeconds - seen.drawnSpanSeconds)).toBeLessThan(1e-9);
      continue;
    }
    // A steady display: every frame it hands over is exactly one period (no time invented or
    // lost), as many a second as its rate — above the real rate too.
    const frames = seen.consumedSeconds * Number(rate);
    const due = (seen.elapsedFrames * framesOf60) / 60;
    expect(Math.abs(frames - Math.round(frames)), `display ${rate}`).toBeLessThan(1e-6);
    expect(Math.round(frames), `display ${rate}`).toBeGreaterThanOrEqual(Math.floor(due) - 1);
    expect(Math.round(frames), `display ${rate}`).toBeLessThanOrEqual(Math.ceil(due) + 1);
  }
});

test('the H key injects one hitch into the next frame, clamped to the frame limit', async ({
  page,
}) => {
  await openSandbox(page, '?scene=stack&hitch=1.2');
  expect(await page.evaluate(async () => window.sandbox.settings().hitchSeconds)).toBe(1.2);
  // From here the test drives the frames (advance stops the animation-frame drive).
  await page.evaluate(async () => await window.sandbox.advance([0]));
  await page.keyboard.press('h');
  const [hitched, next] = await page.evaluate(
    async () => await window.sandbox.advance([1 / 60, 1 / 60]),
  );
  // 1/60 s + 1.2 s, clamped to the 0.25 s frame limit: 25 steps, the rest reported as clamped.
  expect(hitched?.clampedSeconds).toBeCloseTo(1 / 60 + 1.2 - 0.25, 12);
  expect(hitched?.steps).toBe(25);
  expect(hitched?.droppedSeconds).toBe(0);
  expect(next?.clampedSeconds).toBe(0);
  expect(next?.steps).toBeLessThanOrEqual(2);

  // The panel's default length, 0.5 s, the same way; two presses before a frame add up.
  await page.evaluate(async () => window.sandbox.set({ hitchSeconds: 0.5 }));
  await page.keyboard.press('h');
  const [half] = await page.evaluate(async () => await window.sandbox.advance([1 / 60]));
  expect(half?.clampedSeconds).toBeCloseTo(1 / 60 + 0.5 - 0.25, 12);
  await page.keyboard.press('h');
  await page.keyboard.press('h');
  const [twice] = await page.evaluate(async () => await window.sandbox.advance([1 / 60]));
  expect(twice?.clampedSeconds).toBeCloseTo(1 / 60 + 1 - 0.25, 12);
});
