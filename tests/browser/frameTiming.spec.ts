// Frame times the lab injects, in a real Chromium: seeded jitter on every frame (from the URL and
// the API), the display emulator drawing only the animation frames due at its rate, and the H
// key's hitch arriving, clamped, in the next frame.

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { openSandbox } from './helpers';

test.use({ viewport: { width: 640, height: 400 } });

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
    ({ scene, frames }) => {
      const s = window.sandbox;
      s.advance([0]);
      s.load(scene);
      const dt = 1 / s.settings().physicsHz;
      let before = 0;
      const seconds = s.advance(frames).map((r) => {
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
  expect(await page.evaluate(() => window.sandbox.settings().jitterMs)).toBe(4);
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
  await fresh.waitForTimeout(500);
  const elsewhere = await consumedSeconds(fresh, 'carousel', FRAMES);
  expect(elsewhere.seconds).toEqual(first.seconds);
  expect(elsewhere.hash).toBe(first.hash);
  await fresh.close();
});

test('jitter through the API: ±jitterMs scales the offsets, never a negative frame, 0 turns it off', async ({
  page,
}) => {
  await openSandbox(page, '?scene=carousel');
  await page.evaluate(() => window.sandbox.set({ jitterMs: 1.5 }));
  const small = (await consumedSeconds(page, 'carousel', FRAMES)).seconds;
  const smallMs = small.map((s) => (s - FRAME) * 1000);
  expect(Math.max(...smallMs.map(Math.abs))).toBeLessThanOrEqual(1.5 + 1e-6);
  expect(Math.max(...smallMs.map(Math.abs))).toBeGreaterThan(1.4);

  // Frames of 0 s: jitter could only make them negative half the time, and those count as 0.
  await page.evaluate(() => window.sandbox.set({ jitterMs: 4 }));
  const zero = (await consumedSeconds(page, 'carousel', new Array<number>(400).fill(0))).seconds;
  for (const s of zero) expect(s).toBeGreaterThanOrEqual(-ROUNDING);
  const still = zero.filter((s) => Math.abs(s) <= ROUNDING).length;
  expect(still).toBeGreaterThan(160);
  expect(still).toBeLessThan(240);
  expect(Math.max(...zero)).toBeGreaterThan(0.0038);

  await page.evaluate(() => window.sandbox.set({ jitterMs: 0 }));
  const plain = (await consumedSeconds(page, 'carousel', FRAMES)).seconds;
  for (const s of plain) expect(Math.abs(s - FRAME)).toBeLessThan(ROUNDING);
});
