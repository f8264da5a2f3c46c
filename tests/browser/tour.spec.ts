// The guided tour: each chapter's settings in force and its figure showing the contrast it
// claims (measured once, in English), then every chapter walked in each language with its words
// in that language; links, the scripting door, close and resume, and the keyboard.

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { CHAPTERS } from '../../src/tour/chapters';
import { collectPageErrors, expectChapter, openSandbox, PHYSICS_VIEWPORT } from './helpers';

/** The stutter meter's jitter for the 1-2-2 beat of 60 Hz frames at 100 Hz physics (lab.spec). */
const BEAT_JITTER = (Math.SQRT2 * (2 * Math.cos(0.005) - 1)) / (1 + 4 * Math.cos(0.005));
const SCRIPT = { en: /[A-Za-z]/, ko: /[\uac00-\ud7a3]/, zh: /[\u4e00-\u9fff]/ } as const;

/** The card's figure once the next HUD refresh has shown the state now (scripted frames). */
async function measured(page: Page): Promise<number> {
  await page.waitForTimeout(600);
  return Number(await page.getByTestId('tour-measure').getAttribute('data-value'));
}

test.use({ viewport: PHYSICS_VIEWPORT });

test('English: every chapter measures the contrast it claims', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = collectPageErrors(page);
  await openSandbox(page, '?lang=en&tour=1');
  await expectChapter(page, 0);

  // 1. One step per frame: sim ÷ real is the frame rate × dt. Over real frames (polled: on a
  // loaded machine the overload governor may hold a frame's step back for a while)...
  const rateError = async (): Promise<number> =>
    page.evaluate(() => {
      const stats = window.sandbox.stats();
      const expected = stats.fps / 100;
      return stats.rateWindow.frames >= 4 ? Math.abs(stats.simOverReal - expected) / expected : 1;
    });
  await expect.poll(rateError, { timeout: 45_000 }).toBeLessThan(0.05);
  expect(await measured(page)).toBeGreaterThan(0);
  // ...and exactly, over scripted frames of the emulated 30 Hz display: 0.3 at 100 Hz physics.
  const scripted = await page.evaluate(async () => {
    const s = window.sandbox;
    await s.advance([0]);
    await s.tour.open(1);
    await s.advance(new Array(60).fill(1 / 30));
    const stats = s.stats();
    return { simOverReal: stats.simOverReal, expected: stats.fps / 100 };
  });
  expect(scripted.simOverReal).toBeCloseTo(0.3, 9);
  expect(scripted.simOverReal).toBeCloseTo(scripted.expected, 9);

  // 2. Variable step: the same scripted frames (10 ms, a 0.5 s hitch, 10 ms) blow the chains'
  // energy up under variable and leave it bounded under the accumulator.
  await page.getByTestId('tour-next').click();
  await expectChapter(page, 1);
  const energy: Record<string, number[]> = {};
  for (const strategy of ['variable', 'accumulator'] as const) {
    await page.evaluate(async (strategy) => {
      const s = window.sandbox;
      await s.advance([0]);
      await s.tour.open('variable');
      s.set({ strategy });
      await s.advance(new Array(100).fill(0.01));
    }, strategy);
    const before = await measured(page);
    await page.evaluate(async () => {
      await window.sandbox.advance([0.5, ...new Array<number>(50).fill(0.01)]);
    });
    energy[strategy] = [before, await measured(page)];
  }
  const [variableBefore = 0, variableAfter = 0] = energy.variable ?? [];
  const [accumulatorBefore = 0, accumulatorAfter = 0] = energy.accumulator ?? [];
  expect(variableBefore).toBeGreaterThan(0);
  // One 0.5 s step flings the chains: two orders of magnitude more energy (∞ once the state
  // guard removes a ball), where the accumulator's 10 ms steps only lose some to damping.
  expect(variableAfter).toBeGreaterThan(100 * variableBefore);
  expect(accumulatorAfter).toBeLessThanOrEqual(accumulatorBefore);
  expect(variableAfter).toBeGreaterThan(100 * accumulatorAfter);

  // 3. The spiral: guards on, the simulation slows and seconds are given up; lifted, each frame
  // takes longer than the last until the tour puts the guards back.
  await page.evaluate(() => window.sandbox.run());
  await page.getByTestId('tour-next').click();
  await expectChapter(page, 2);
  await expect
    .poll(() => page.evaluate(() => window.sandbox.stats().rateWindow.seconds), { timeout: 20_000 })
    .toBeGreaterThan(1);
  const guarded = await page.evaluate(() => {
    const stats = window.sandbox.stats();
    return {
      simOverReal: stats.simOverReal,
      givenUp: stats.clampedSeconds + stats.droppedSeconds + stats.throttledSeconds,
    };
  });
  expect(guarded.simOverReal).toBeLessThan(1);
  expect(guarded.givenUp).toBeGreaterThan(0);
  await page.getByTestId('tour-try').click();
  await expect(page.getByTestId('tour-try')).toBeDisabled();
  expect(await page.evaluate(() => window.sandbox.settings().governor)).toBe(false);
  await expect(page.getByTestId('tour-try')).toBeEnabled({ timeout: 10_000 });
  const frames = ((await page.getByTestId('tour-chart').getAttribute('data-frames')) ?? '')
    .split(',')
    .map(Number);
  let run = 1;
  let longest = 1;
  for (let i = 1; i < frames.length; i++) {
    run = (frames[i] ?? 0) > (frames[i - 1] ?? 0) ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  // Each frame longer than the last until one passes 0.5 s and the tour puts the guards back
  // (how many it takes depends on how long the guarded frames were on this machine).
  expect(longest, `frame times ${frames.join(' ')}`).toBeGreaterThanOrEqual(3);
  expect(Math.max(...frames)).toBeGreaterThan(500);
  expect(await page.evaluate(() => window.sandbox.settings())).toMatchObject({
    maxFrameSeconds: 0.25,
    maxStepsPerFrame: 5,
    governor: true,
  });

  // 4–5. The accumulator judders at 60 Hz (the 1-2-2 beat); interpolation smooths it to ~0.
  const stutter: Record<string, { jitter: number; shown: number }> = {};
  for (const id of ['accumulator', 'interpolation'] as const) {
    const jitter = await page.evaluate(async (id) => {
      const s = window.sandbox;
      await s.advance([0]);
      await s.tour.open(id);
      await s.advance(new Array(180).fill(1 / 60));
      return s.stats().stutter.jitter;
    }, id);
    stutter[id] = { jitter, shown: await measured(page) };
  }
  expect(Math.abs((stutter.accumulator?.jitter ?? 0) - BEAT_JITTER)).toBeLessThan(1e-6);
  expect(stutter.accumulator?.shown).toBeCloseTo(BEAT_JITTER * 100, 4);
  expect(stutter.interpolation?.jitter).toBeLessThan(1e-5);
  expect(stutter.interpolation?.shown).toBeLessThan(1e-3);

  // 6. The HUD: a hitch's seconds beyond the clamp are counted as given up.
  await page.evaluate(() => window.sandbox.run());
  await page.getByTestId('tour-next').click();
  await expectChapter(page, 5);
  await page.getByTestId('tour-try').click();
  await expect
    .poll(() => page.getByTestId('tour-measure').getAttribute('data-value').then(Number))
    .toBeGreaterThan(0.2);
  expect(errors).toEqual([]);
});

for (const language of ['en', 'ko', 'zh'] as const) {
  test(`${language}: every chapter walked with Next, its settings in force, its words in ${language}`, async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await openSandbox(page, `?lang=${language}&tour=1`);
    const card = page.getByTestId('tour-card');
    for (let i = 0; i < CHAPTERS.length; i++) {
      if (i > 0) await page.getByTestId('tour-next').click();
      await expectChapter(page, i);
      await expect(page.getByTestId('tour-measure')).not.toHaveText('');
      const text = (await card.innerText()).trim();
      expect(text).toMatch(SCRIPT[language]);
      expect(text).not.toMatch(/tour\.[a-zA-Z]/);
    }
    await expect(page.getByTestId('tour-next')).toBeDisabled();
    expect(errors).toEqual([]);
  });
}

test('links, the scripting door, close and resume, and the keyboard', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openSandbox(page, '?tour=seven');
  await expect(page.getByTestId('tour-card')).toBeHidden();
  await expect(page.getByText('URL parameter \'tour\' = "seven" is invalid')).toBeVisible();
  expect(await page.evaluate(() => window.sandbox.tour.current())).toBeNull();

  const listed = await page.evaluate(() => window.sandbox.tour.chapters());
  expect(listed.map((chapter) => chapter.id)).toEqual(CHAPTERS.map((chapter) => chapter.id));
  expect(listed[2]).toMatchObject({
    scene: 'carousel',
    title: 'Semi-fixed and the spiral of death',
  });
  const refused = await page.evaluate(() => {
    try {
      void window.sandbox.tour.open('nope');
      return 'opened';
    } catch (error) {
      return (error as Error).message;
    }
  });
  expect(refused).toContain("'fixed-per-frame'");
  expect(refused).toContain("'hud'");

  await page.evaluate(() => window.sandbox.tour.open(4));
  await expectChapter(page, 3);
  // The chapter list opens any chapter; the keyboard reaches every control, Escape closes.
  await page.getByTestId('tour-chapters').getByRole('button').nth(4).click();
  await expectChapter(page, 4);
  await page.getByTestId('tour-next').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('tour-next')).not.toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tour-card')).toBeHidden();
  expect(await page.evaluate(() => window.sandbox.tour.current())).toBeNull();
  // The panel still works underneath, and the resume button returns to the chapter left.
  await page.evaluate(() => window.sandbox.set({ interpolation: 'off' }));
  await page.getByTestId('tour-open').click();
  await expectChapter(page, 4);
  await expect(page.getByTestId('tour-card')).toBeVisible();
  expect(errors).toEqual([]);
});
