// The HUD in a real Chromium: after frames of known length (`advance` redraws the HUD as it
// returns), every row and the banner show the figures those frames must give, and what stats()
// reports for the ones the page measures (step and interpolation costs, sleeping bodies). The
// HUD under the animation-frame drive is checked frame by frame in stress.spec.ts.

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { StatsSnapshot } from '../../src/stats/statsSnapshot';
import type { Settings } from '../../src/config/settings';
import { PHYSICS_VIEWPORT, collectPageErrors, openSandbox } from './helpers';

test.use({ viewport: PHYSICS_VIEWPORT });

interface HudReading {
  rows: Record<string, string>;
  banner: string;
  bannerHidden: boolean;
  stats: StatsSnapshot;
}

/**
 * In one evaluation: stops the animation-frame drive (a 0 s frame through `advance`: in worker
 * mode `load` waits for the worker across tasks, and a drawn frame in between would leave its
 * time in the accumulator), optionally reloads the stack scene (36 boxes; the loop's accumulator
 * and the stats start empty), applies settings, pushes the frames through `advance`, and reads
 * every HUD row, the banner and stats().
 */
async function advanceAndRead(
  page: Page,
  frames: number[],
  options: { reload?: boolean; settings?: Partial<Settings> } = {},
): Promise<HudReading> {
  return page.evaluate(
    async ({ frames, reload, settings }) => {
      const s = window.sandbox;
      if (reload) {
        await s.advance([0]);
        await s.load('stack', { count: 36 });
      }
      if (settings) s.set(settings);
      await s.advance(frames);
      const rows: Record<string, string> = {};
      for (const element of document.querySelectorAll<HTMLElement>(
        '[data-testid=hud] [data-stat]',
      )) {
        rows[element.dataset.stat ?? ''] = element.textContent ?? '';
      }
      const banner = document.querySelector<HTMLElement>('.hud-banner');
      return {
        rows,
        banner: banner?.textContent ?? '',
        bannerHidden: banner?.hidden ?? true,
        stats: s.stats(),
      };
    },
    { frames, reload: options.reload ?? false, settings: options.settings },
  );
}

/** Rows whose figures the page measures: they must show exactly what stats() reports. */
function expectMeasuredRows(reading: HudReading, dtMs: number): void {
  const { rows, stats } = reading;
  const ms = stats.physicsMsPerStep;
  expect(ms).toBeGreaterThan(0);
  expect(rows.physicsMsPerStep).toBe(
    `${ms.toFixed(2)} ms (${((100 * ms) / dtMs).toFixed(0)}% of dt)`,
  );
  expect(rows.interpolationUs).toBe(`${stats.interpolationUs.toFixed(0)} µs`);
  expect(stats.awake + stats.sleeping).toBe(36);
  expect(rows.bodies).toBe(`36 (${stats.awake} / ${stats.sleeping})`);
}

test('every HUD row and the banner show what frames of known length give', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openSandbox(page, '?scene=stack&shadows=0');
  await expect(page.getByTestId('hud')).toBeVisible();

  // 100 frames of 20 ms (two 10 ms steps each), a 0.75 s hitch and a 4.2 ms frame, with at
  // most 18 steps a frame. The hitch is clamped to 0.25 s (0.5 s cut) and owes 25 steps, of
  // which the cap drops 7 (0.07 s); the last frame takes no step and leaves 4.2 ms.
  // The rate window: 4.2 ms + 0.75 s is short of a second and of 16 frames, so it takes 14
  // frames of 20 ms more: 16 frames, 1.0342 s, over which 0.57 s was given up:
  // sim ÷ real = (1.0342 − 0.57) / 1.0342 = 0.4488…; fps = 16 / 1.0342 = 15.47.
  const hitch = await advanceAndRead(page, [...new Array<number>(100).fill(0.02), 0.75, 0.0042], {
    reload: true,
    settings: { maxStepsPerFrame: 18 },
  });
  expect(hitch.rows.fps).toBe('15');
  expect(hitch.rows.stepsThisFrame).toBe('0');
  expect(hitch.rows.alpha).toBe('0.42');
  expect(hitch.rows.accumulatorMs).toBe('4.20 ms');
  expect(hitch.rows.simOverReal).toBe('0.45× (1.0 s, 16 frames)');
  expect(hitch.rows.givenUp).toBe('0.50 / 0.07 / 0.00 s');
  expect(hitch.banner).toBe('slow motion ×0.45 — 0.6 s given up');
  expect(hitch.bannerHidden).toBe(false);
  expectMeasuredRows(hitch, 10);
  // stats() says the same, unrounded.
  expect(hitch.stats.rateWindow.frames).toBe(16);
  expect(hitch.stats.rateWindow.seconds).toBeCloseTo(1.0342, 12);
  expect(hitch.stats.simOverReal).toBeCloseTo((1.0342 - 0.57) / 1.0342, 12);
  expect(hitch.stats.fps).toBeCloseTo(16 / 1.0342, 12);
  expect(hitch.stats.droppedSeconds).toBeCloseTo(0.07, 12);
  expect(hitch.stats.clampedSeconds).toBeCloseTo(0.5, 12);
  expect(hitch.stats.throttledSeconds).toBe(0);

  // Fifty more 20 ms frames: the window is a second of them, nothing given up in it, so no
  // banner (the totals since the load stay).
  const steady = await advanceAndRead(page, new Array<number>(50).fill(0.02));
  expect(steady.rows.fps).toBe('50');
  expect(steady.rows.stepsThisFrame).toBe('2');
  expect(steady.rows.alpha).toBe('0.42');
  expect(steady.rows.simOverReal).toBe('1.00× (1.0 s, 50 frames)');
  expect(steady.rows.givenUp).toBe('0.50 / 0.07 / 0.00 s');
  expect(steady.banner).toBe('');
  expect(steady.bannerHidden).toBe(true);
  expectMeasuredRows(steady, 10);

  // At ×0.5 one step a frame and half real time, which is what was asked: no banner.
  const half = await advanceAndRead(page, new Array<number>(50).fill(0.02), {
    settings: { timeScale: 0.5 },
  });
  expect(half.rows.stepsThisFrame).toBe('1');
  expect(half.rows.simOverReal).toBe('0.50× (1.0 s, 50 frames)');
  expect(half.banner).toBe('');

  // A 0.85 s hitch at ×0.5: (0.85 − 0.25) × 0.5 = 0.3 s cut. With fifteen 25 ms frames after
  // it the window is those sixteen frames, 1.225 s, simulated 0.5 × 1.225 − 0.3 = 0.3125 s:
  // sim ÷ real 0.2551…, slow motion ×0.5102… of the time scale.
  const halfHitch = await advanceAndRead(page, [0.85, ...new Array<number>(15).fill(0.025)]);
  expect(halfHitch.rows.simOverReal).toBe('0.26× (1.2 s, 16 frames)');
  expect(halfHitch.rows.givenUp).toBe('0.80 / 0.07 / 0.00 s');
  expect(halfHitch.banner).toBe('slow motion ×0.51 — 0.9 s given up');

  // Paused: the banner says so.
  await page.evaluate(async () => window.sandbox.pause());
  const paused = await advanceAndRead(page, [0]);
  expect(paused.banner).toBe('paused');
  expect(errors).toEqual([]);
});
