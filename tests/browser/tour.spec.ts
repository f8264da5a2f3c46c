// The guided tour: each chapter's settings in force and its figure showing the contrast it
// claims, every claim measured by scripted frames (`sandbox.advance`: the same frames on any
// machine, however fast it draws); every chapter walked in each language with its words in that
// language; the offer on a first load and its dismissal remembered; the card and the HUD showing
// one figure; links, the scripting door, close and resume, and the keyboard.

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { CHAPTERS, SPIRAL_STEP_COST_MS } from '../../src/tour/chapters';
import { collectPageErrors, expectChapter, openSandbox, PHYSICS_VIEWPORT } from './helpers';

/** The stutter meter's jitter for the 1-2-2 beat of 60 Hz frames at 100 Hz physics (lab.spec). */
const BEAT_JITTER = (Math.SQRT2 * (2 * Math.cos(0.005) - 1)) / (1 + 4 * Math.cos(0.005));
const SCRIPT = { en: /[A-Za-z]/, ko: /[\uac00-\ud7a3]/, zh: /[\u4e00-\u9fff]/ } as const;

/**
 * The card's figure after scripted frames: `advance` ends with the HUD's refresh, which
 * refreshes the card in the same task, so the figure is the state now (no wait on a timer).
 */
function figure(page: Page): Promise<number> {
  return page
    .getByTestId('tour-measure')
    .getAttribute('data-value')
    .then((value) => Number(value));
}

/**
 * From here the test drives every frame: the animation-frame drive stops (`advance`), and the
 * chapter opens afresh (its scene loaded again, its figures from zero), so no frame the machine
 * drew before counts.
 */
async function scripted(page: Page, chapter: number): Promise<void> {
  await page.evaluate(async (n) => {
    await window.sandbox.advance([0]);
    await window.sandbox.tour.open(n);
  }, chapter);
  await expectChapter(page, chapter - 1);
}

/** Runs `frames` scripted frames of `seconds` each. */
function frames(page: Page, count: number, seconds: number): Promise<unknown> {
  return page.evaluate(async ([n, s]) => window.sandbox.advance(new Array<number>(n).fill(s)), [
    count,
    seconds,
  ] as const);
}

test.use({ viewport: PHYSICS_VIEWPORT });

test('1: one fixed step per frame — sim ÷ real is the frame rate × dt, exactly, on the emulated 30 Hz display', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openSandbox(page, '?lang=en&tour=1');
  await scripted(page, 1);
  await frames(page, 60, 1 / 30);
  const stats = await page.evaluate(() => window.sandbox.stats());
  expect(stats.simOverReal).toBeCloseTo(0.3, 9);
  expect(await figure(page)).toBeCloseTo(0.3, 9);
  expect(errors).toEqual([]);
});

test('2: the variable step depends on the frame rate — 144 Hz holds, 60 and 30 Hz blow up, a hitch kicks without breaking; the accumulator holds at all', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const errors = collectPageErrors(page);
  await openSandbox(page, '?lang=en&tour=2');
  await scripted(page, 2);
  const note = page.getByTestId('tour-note');
  const ratio: Record<string, number> = {};
  for (const hz of [144, 60, 30] as const) {
    // The rate button restarts the chains on a steady display of that rate; the frames are
    // then scripted at exactly that rate (5 s), as a steady display hands them over.
    await page.getByTestId(`tour-rate-${hz}`).click();
    await expect(page.getByTestId(`tour-rate-${hz}`)).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => page.evaluate(() => window.sandbox.state().step)).toBe(0);
    await frames(page, 5 * hz, 1 / hz);
    ratio[hz] = await figure(page);
    await expect(note).toHaveAttribute(
      'data-key',
      hz === 144 ? 'tour.variable.holdSteady' : 'tour.variable.breakSteady',
    );
  }
  // Held (the chains' own damping: a little under ×1.0), blown up (×100 and more), and blown
  // apart (the state guard removed balls: ∞).
  expect(ratio[144]).toBeLessThanOrEqual(1);
  expect(ratio[144]).toBeGreaterThan(0.5);
  expect(ratio[60]).toBeGreaterThan(100);
  expect(ratio[30]).toBe(Infinity);
  await expect(page.getByTestId('tour-measure')).toHaveText('chain energy ×∞ of the start');

  // A hitch at 144 Hz after 5 s of steady frames (as variableChapter.test.ts measures the
  // chapter's table, frame by frame): one 0.5 s frame, clamped to a single 0.25 s step. It kicks
  // the chains (read here every quarter second: above ×2) and they settle again, still whole.
  await page.getByTestId('tour-rate-144').click();
  await expect.poll(() => page.evaluate(() => window.sandbox.state().step)).toBe(0);
  await frames(page, 5 * 144, 1 / 144);
  const hitch = await page.evaluate(async () => {
    const [report] = await window.sandbox.advance([0.5]);
    return report;
  });
  expect(hitch?.steps).toBe(1);
  expect(hitch?.clampedSeconds).toBeCloseTo(0.25, 12);
  let peak = 0;
  for (let k = 0; k < 12; k++) {
    await frames(page, 36, 1 / 144);
    peak = Math.max(peak, await figure(page));
  }
  expect(peak).toBeGreaterThan(2);
  expect(peak).toBeLessThan(Infinity);
  expect(await figure(page)).toBeLessThan(2);

  // The chapter's contrast: the accumulator keeps the same chains bounded at every rate, and
  // through the same hitch.
  for (const hz of [30, 60, 144] as const) {
    await page.getByTestId(`tour-rate-${hz}`).click();
    await expect.poll(() => page.evaluate(() => window.sandbox.state().step)).toBe(0);
    await page.evaluate(() => window.sandbox.set({ strategy: 'accumulator' }));
    await frames(page, 5 * hz, 1 / hz);
    expect(await figure(page), `${hz} Hz`).toBeLessThanOrEqual(1);
    await page.evaluate(() => window.sandbox.advance([0.5]));
    await frames(page, hz, 1 / hz);
    expect(await figure(page), `${hz} Hz after the hitch`).toBeLessThanOrEqual(1);
  }

  // The reader's own display: the verdict follows the rate measured, whatever it is.
  await page.getByTestId('tour-rate-native').click();
  await page.evaluate(() => window.sandbox.run());
  await expect
    .poll(() => note.getAttribute('data-key'), { timeout: 30_000 })
    .not.toBe('tour.variable.measuring');
  const yours = await page.evaluate(() => ({
    fps: window.sandbox.stats().fps,
    key: document.querySelector('[data-testid=tour-note]')?.getAttribute('data-key'),
  }));
  expect(['tour.variable.holdYours', 'tour.variable.breakYours']).toContain(yours.key);
  expect(errors).toEqual([]);
});

test('3: semi-fixed steps of at most dt, the last shorter; lifted guards spiral, frame after frame, until the tour puts them back', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = collectPageErrors(page);
  await openSandbox(page, '?lang=en&tour=3');
  await scripted(page, 3);
  const measure = page.getByTestId('tour-measure');
  // A 25 ms frame: 10 + 10 + 5 ms, in the frame's report and on the card.
  await frames(page, 1, 0.025);
  await expect(measure).toContainText('frame 25 ms: 2 × 10 ms + 5.0 ms');

  // The spiral as the machine would make it, but scripted: each frame lasts as long as the
  // previous one's steps took to compute (14 ms each), so no machine's speed enters.
  // It ends once the guards are back (the tour ends a lift after a frame past 0.5 s).
  const spiral = async (first: number, count: number): Promise<{ ms: number[]; steps: number[] }> =>
    page.evaluate(
      async ([start, n, costMs]) => {
        const s = window.sandbox;
        const ms: number[] = [];
        const steps: number[] = [];
        const lifted = !s.settings().governor;
        let seconds = start;
        for (let k = 0; k < n; k++) {
          const [report] = await s.advance([seconds]);
          ms.push(Math.round(seconds * 1000));
          steps.push(report?.steps ?? 0);
          seconds = ((report?.steps ?? 0) * costMs) / 1000;
          if (lifted && s.settings().governor) break;
        }
        return { ms, steps };
      },
      [first, count, SPIRAL_STEP_COST_MS] as const,
    );

  // Guarded: the step cap holds every frame to 5 steps (70 ms of work): the simulation runs
  // slower than real time and gives the rest up, frame after frame the same.
  const guarded = await spiral(0.07, 20);
  expect(new Set(guarded.steps)).toEqual(new Set([5]));
  const stats = await page.evaluate(() => window.sandbox.stats());
  expect(stats.simOverReal).toBeLessThan(1);
  expect(stats.droppedSeconds).toBeGreaterThan(0);
  await expect(measure).toContainText('5 × 10 ms');

  // Lifted (the clamp, the step cap and the governor): each frame longer than the last...
  await page.getByTestId('tour-try').click();
  await expect(page.getByTestId('tour-try')).toBeDisabled();
  await expect(page.getByTestId('tour-try')).toHaveText(
    'Clamp, step cap and governor off: watch the chart',
  );
  expect(await page.evaluate(() => window.sandbox.settings())).toMatchObject({
    maxFrameSeconds: 1,
    maxStepsPerFrame: 100,
    governor: false,
  });
  const lifted = await spiral(0.07, 30);
  for (let k = 1; k < lifted.ms.length; k++) {
    expect(lifted.ms[k], `frame times ${lifted.ms.join(' ')}`).toBeGreaterThan(
      lifted.ms[k - 1] ?? 0,
    );
  }
  expect(lifted.ms.length).toBeGreaterThanOrEqual(6);
  // ...until one passes 0.5 s and the tour puts the guards back.
  expect(Math.max(...lifted.ms)).toBeGreaterThan(500);
  expect(await page.evaluate(() => window.sandbox.settings())).toMatchObject({
    maxFrameSeconds: 0.25,
    maxStepsPerFrame: 5,
    governor: true,
  });
  await expect(page.getByTestId('tour-try')).toBeEnabled();
  expect(errors).toEqual([]);
});

test('4–5: the accumulator stutters at 60 Hz (the 1-2-2 beat); interpolation smooths it', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openSandbox(page, '?lang=en&tour=4');
  const stutter: Record<string, { jitter: number; shown: number }> = {};
  for (const id of ['accumulator', 'interpolation'] as const) {
    const jitter = await page.evaluate(async (id) => {
      const s = window.sandbox;
      await s.advance([0]);
      await s.tour.open(id);
      await s.advance(new Array(180).fill(1 / 60));
      return s.stats().stutter.jitter;
    }, id);
    stutter[id] = { jitter, shown: await figure(page) };
  }
  expect(Math.abs((stutter.accumulator?.jitter ?? 0) - BEAT_JITTER)).toBeLessThan(1e-6);
  expect(stutter.accumulator?.shown).toBeCloseTo(BEAT_JITTER * 100, 4);
  expect(stutter.interpolation?.jitter).toBeLessThan(1e-5);
  expect(stutter.interpolation?.shown).toBeLessThan(1e-3);
  expect(errors).toEqual([]);
});

test('6: after a 0.5 s hitch the next frame catches up the clamp’s 0.25 s (25 steps) and gives the rest up; the card and the HUD show one figure', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openSandbox(page, '?lang=en&tour=6');
  await scripted(page, 6);
  await frames(page, 30, 1 / 60);
  // The hitch arrives in the next frame the loop sees (the H key, the card's button).
  await page.getByTestId('tour-try').click();
  const [hitched, next] = await page.evaluate(() => window.sandbox.advance([1 / 60, 1 / 60]));
  expect(hitched?.steps).toBe(25);
  expect(hitched?.clampedSeconds).toBeCloseTo(1 / 60 + 0.5 - 0.25, 12);
  expect(next?.steps).toBeLessThanOrEqual(2);
  // The card and the HUD at the same moment: the same total, and the same three parts.
  const shown = await page.evaluate(() => {
    const hud = document.querySelector('[data-stat=givenUp]')?.textContent ?? '';
    const card = document.querySelector('[data-testid=tour-measure]');
    return { hud, card: card?.textContent ?? '', value: Number(card?.getAttribute('data-value')) };
  });
  const parts = shown.hud.match(/[\d.]+/g)?.map(Number) ?? [];
  expect(parts).toHaveLength(3);
  expect(shown.value).toBeCloseTo(1 / 60 + 0.25, 9);
  expect(shown.card).toContain(`given up ${shown.value.toFixed(2)} s`);
  expect(shown.card).toContain(
    `clamp ${(parts[0] ?? 0).toFixed(2)} · step cap ${(parts[1] ?? 0).toFixed(2)} · governor ${(parts[2] ?? 0).toFixed(2)}`,
  );
  // Frame after frame, both read the figure at the same refresh.
  for (let k = 0; k < 10; k++) {
    const same = await page.evaluate(
      async (hitch) => {
        if (hitch) window.sandbox.hitch(0.3);
        await window.sandbox.advance([1 / 60]);
        const hud = document.querySelector('[data-stat=givenUp]')?.textContent ?? '';
        const total = (hud.match(/[\d.]+/g) ?? []).map(Number).reduce((a, b) => a + b, 0);
        const card = Number(
          document.querySelector('[data-testid=tour-measure]')?.getAttribute('data-value'),
        );
        return Math.abs(total - card) < 0.015;
      },
      k % 3 === 0,
    );
    expect(same, `refresh ${k}`).toBe(true);
  }
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

test('a first load offers the tour in the page’s language; dismissed, it is remembered', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openSandbox(page, '?lang=ko');
  const entry = page.getByTestId('tour-entry');
  await expect(entry).toBeVisible();
  await expect(entry).toHaveAttribute('data-state', 'offer');
  await expect(page.getByTestId('tour-open')).toHaveText(
    '투어: 여섯 장으로 보는 Fix Your Timestep',
  );
  await page.getByTestId('tour-offer-close').click();
  await expect(entry).toHaveAttribute('data-state', 'tour');
  await expect(page.getByTestId('tour-open')).toHaveText('투어');
  // Remembered: the next load of the page offers it no more, and the tour is still a click away.
  await openSandbox(page, '?lang=en');
  await expect(entry).toHaveAttribute('data-state', 'tour');
  await expect(page.getByTestId('tour-offer-close')).toBeHidden();
  await page.getByTestId('tour-open').click();
  await expectChapter(page, 0);
  await expect(entry).toBeHidden();
  await page.getByTestId('tour-close').click();
  await expect(entry).toHaveAttribute('data-state', 'resume');
  await expect(page.getByTestId('tour-open')).toHaveText('Resume the tour');
  expect(errors).toEqual([]);
});

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
