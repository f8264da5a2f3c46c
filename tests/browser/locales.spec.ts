// The page comes up under any browser language: the sandbox starts, steps and answers its API,
// the HUD's figures take the locale's decimal separator, and the uPlot chart (which formats
// numbers for navigator.language when it loads) is either drawn or marked unavailable.

import { expect, test } from '@playwright/test';
import { collectPageErrors, openSandbox } from './helpers';

/**
 * `intl`: whether Intl accepts the tag. Playwright's `locale` sets navigator.language through
 * CDP (Emulation.setLocaleOverride), which takes ICU locale ids as well as BCP 47 tags, so the
 * page sees exactly the tags a browser reports from its environment: `en-US@posix` is what
 * headless Chromium reports when the system locale is C.UTF-8 (and what stopped the page).
 */
const LOCALES = [
  { tag: 'en-US@posix', intl: false, separator: '.' },
  { tag: 'de-DE@collation=phonebook', intl: false, separator: '.' },
  { tag: 'de-DE', intl: true, separator: ',' },
  // The Arabic decimal separator (U+066B), between Latin digits.
  { tag: 'ar-EG', intl: true, separator: '\u066b' },
  { tag: 'zh-CN', intl: true, separator: '.' },
  // "Undetermined", and a well-formed tag for no language anyone has: nothing to format with.
  { tag: 'und', intl: true, separator: '.' },
  { tag: 'qaa-Qaaa-QM', intl: true, separator: '.' },
] as const;

for (const { tag, intl, separator } of LOCALES) {
  test.describe(`browser language ${tag}`, () => {
    test.use({ locale: tag });

    test('the sandbox starts, steps, answers its API; the chart is drawn or marked unavailable', async ({
      page,
    }) => {
      const errors = collectPageErrors(page);
      await openSandbox(page, '?scene=carousel');
      // The page really runs under this tag, and Intl really accepts or rejects it.
      const language = await page.evaluate(async () => {
        let accepted = true;
        try {
          new Intl.NumberFormat(navigator.language);
        } catch {
          accepted = false;
        }
        return { tag: navigator.language, accepted };
      });
      expect(language).toEqual({ tag, accepted: intl });

      // Driven through the API: 60 frames of 1/60 s at 100 Hz physics are exactly 100 steps.
      const driven = await page.evaluate(async () => {
        const s = window.sandbox;
        await s.load('carousel');
        const reports = await s.advance(new Array(60).fill(1 / 60));
        s.track(0);
        await s.advance(new Array(30).fill(1 / 60));
        return { step: reports.at(-1)?.step, state: s.state(), stats: s.stats() };
      });
      expect(driven.step).toBe(100);
      expect(driven.state.step).toBe(150);
      expect(driven.state.hash).toMatch(/^[0-9a-f]+$/);
      expect(driven.stats.tracked).toBe(0);
      expect(driven.stats.stutter.frames).toBeGreaterThan(0);

      // Driven by animation frames: steps keep coming.
      await page.evaluate(async () => window.sandbox.run());
      await expect
        .poll(() => page.evaluate(async () => window.sandbox.state().step), { timeout: 30_000 })
        .toBeGreaterThan(driven.state.step + 10);

      // The HUD's figures: Latin digits whatever the language, with the locale's decimal
      // separator ('.' where Intl rejects the tag).
      await expect(page.locator('[data-stat=fps]')).toHaveText(/^\d+$/);
      await expect(page.locator('[data-stat=simOverReal]')).toHaveText(
        new RegExp(`^[0-9]+\\${separator}[0-9][0-9]×`),
      );

      const panel = page.getByTestId('stutter-panel');
      await expect(panel).toBeVisible();
      if (intl) {
        await expect(panel).toHaveAttribute('data-chart', 'ready');
        await expect(panel.locator('.uplot canvas')).toBeVisible();
        await expect(page.getByTestId('chart-unavailable')).toHaveCount(0);
      } else {
        await expect(panel).toHaveAttribute('data-chart', 'unavailable');
        const note = page.getByTestId('chart-unavailable');
        await expect(note).toBeVisible();
        await expect(note).toContainText('Chart unavailable');
        await expect(note).toContainText(`"${tag}"`);
        await expect(panel.locator('.uplot')).toHaveCount(0);
      }
      // The readout's words are the page's: Chinese under zh-CN, English otherwise.
      await expect(panel).toContainText(tag === 'zh-CN' ? '抖动' : 'stutter');
      expect(errors).toEqual([]);
    });
  });
}
