// The core sandbox in a real Chromium against the production build: loads clean, draws, the
// panel and keys work, and what is drawn is the interpolation of the stored snapshots.

import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import {
  animationFrames,
  canvasColourStats,
  collectPageErrors,
  dragCentreUp,
  openSandbox,
  settledStep,
} from './helpers';

test('loads with no console errors and draws a scene that is not blank', async ({
  page,
}, testInfo) => {
  const errors = collectPageErrors(page);
  await openSandbox(page, '?scene=playground');
  await page.evaluate(async () => await window.sandbox.advance(new Array(30).fill(1 / 60)));
  const pixels = await canvasColourStats(page);
  // A blank or single-colour canvas has one colour bucket; a lit scene with bodies has many.
  expect(pixels.distinctColours).toBeGreaterThan(50);
  expect(pixels.stdDev).toBeGreaterThan(10);
  mkdirSync('artifacts', { recursive: true });
  await page.screenshot({ path: 'artifacts/playground.png' });
  await testInfo.attach('playground', {
    path: 'artifacts/playground.png',
    contentType: 'image/png',
  });
  expect(errors).toEqual([]);
});

test('the scripting API lists scenes, loads them with a count, and reports state', async ({
  page,
}) => {
  await openSandbox(page, '');
  const result = await page.evaluate(async () => {
    const s = window.sandbox;
    await s.load('pile', { count: 123, seed: 5 });
    const fresh = s.state();
    await s.advance(new Array(20).fill(1 / 60));
    return { scenes: s.scenes(), fresh, later: s.state(), stats: s.stats() };
  });
  expect(result.scenes).toEqual([
    'playground',
    'stack',
    'dominoes',
    'pile',
    'carousel',
    'spring',
    'tunnel',
    'determinism',
    'rain',
    'tower',
    'avalanche',
  ]);
  expect(result.fresh).toMatchObject({ step: 0, simTime: 0, bodies: 123 });
  expect(result.later.step).toBe(33);
  expect(result.later.hash).toMatch(/^[0-9a-f]{16}$/);
  expect(result.later.hash).not.toBe(result.fresh.hash);
  expect(result.stats.bodies).toBe(123);
});

// Positions here, on falling bodies; orientations (which these bodies do not change yet) are
// checked on spinning bodies in every render mode in orientation.spec.ts.
test('rendered positions are the lerp of previous and current at the reported alpha', async ({
  page,
}) => {
  await openSandbox(page, '?scene=pile&count=60');
  const sample = await page.evaluate(async () => {
    const s = window.sandbox;
    // Stop the rAF drive and reload, so the accumulator starts empty and alpha is known.
    await s.advance([0]);
    await s.load('pile', { count: 60 });
    const frames = await s.advance([1 / 60, 1 / 60, 1 / 60, 0.013, 0.007, 1 / 144]);
    const alpha = frames[frames.length - 1]?.alpha ?? -1;
    return { alpha, poses: [0, 7, 21, 40, 59].map((i) => s.pose(i)) };
  });
  expect(sample.alpha).toBeGreaterThan(0.05);
  expect(sample.alpha).toBeLessThan(1);
  let moving = 0;
  for (const { previous, current, rendered } of sample.poses) {
    for (let k = 0; k < 3; k++) {
      const expected =
        (previous.p[k] ?? 0) + ((current.p[k] ?? 0) - (previous.p[k] ?? 0)) * sample.alpha;
      expect(Math.abs((rendered.p[k] ?? 0) - expected)).toBeLessThan(1e-5);
    }
    if (Math.abs((current.p[1] ?? 0) - (previous.p[1] ?? 0)) > 1e-3) moving++;
  }
  // The bodies are falling, so previous and current differ and the check has teeth.
  expect(moving).toBeGreaterThanOrEqual(3);
});

test('with interpolation off the rendered position is the current snapshot', async ({ page }) => {
  await openSandbox(page, '?scene=pile&count=60&interp=off');
  const poses = await page.evaluate(async () => {
    const s = window.sandbox;
    await s.load('pile', { count: 60 });
    await s.advance([1 / 60, 1 / 60, 0.013]);
    return Array.from({ length: s.state().bodies }, (_, i) => s.pose(i));
  });
  let moving = 0;
  for (const { previous, current, rendered } of poses) {
    if (Math.abs((previous.p[1] ?? 0) - (current.p[1] ?? 0)) > 1e-3) moving++;
    for (let k = 0; k < 3; k++)
      expect(Math.abs((rendered.p[k] ?? 0) - (current.p[k] ?? 0))).toBeLessThan(1e-5);
  }
  // Falling bodies: previous and current differ, so "rendered = current" is not also "= previous".
  expect(moving).toBeGreaterThan(10);
});

test('the panel changes settings, loads scenes and pauses', async ({ page }) => {
  await openSandbox(page, '?scene=playground');
  const panel = page.getByTestId('panel');
  await expect(panel).toBeVisible();

  await panel
    .locator('.lil-controller', { hasText: 'render mode' })
    .locator('select')
    .selectOption('off');
  expect(await page.evaluate(async () => window.sandbox.settings().interpolation)).toBe('off');

  await panel
    .locator('.lil-controller', { hasText: 'paused' })
    .locator('input[type=checkbox]')
    .check();
  expect(await page.evaluate(async () => window.sandbox.settings().paused)).toBe(true);
  // Paused, no frame asks for a step; in worker mode the steps frames asked for before the pause
  // are still arriving, so the state is read once they all have.
  const stepBefore = await settledStep(page);
  await panel.getByText('single step (.)').click();
  const state = (): Promise<number> => page.evaluate(async () => window.sandbox.state().step);
  await expect.poll(state).toBe(stepBefore + 1);
  // Exactly one: frames go on being drawn, and none steps.
  await animationFrames(page, 10);
  expect(await state()).toBe(stepBefore + 1);

  await panel
    .locator('.lil-controller', { hasText: 'scene' })
    .first()
    .locator('select')
    .selectOption({ label: 'Stack' });
  await expect.poll(() => page.evaluate(async () => window.sandbox.state().bodies)).toBe(36);

  const hz = panel.locator('.lil-controller', { hasText: 'physics rate' }).locator('input').last();
  await hz.fill('60');
  await hz.press('Enter');
  expect(await page.evaluate(async () => window.sandbox.settings().physicsHz)).toBe(60);

  // An out-of-range number is clamped by the slider; the value that lands is still valid.
  await hz.fill('9999');
  await hz.press('Enter');
  expect(await page.evaluate(async () => window.sandbox.settings().physicsHz)).toBe(240);

  await panel.getByText('spawn (drop)').click();
  await expect.poll(() => page.evaluate(async () => window.sandbox.state().bodies)).toBe(37);
});

test('keys: space pauses, . steps, i toggles interpolation, r resets', async ({ page }) => {
  await openSandbox(page, '?scene=dominoes');
  await page.locator('#view').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press(' ');
  expect(await page.evaluate(async () => window.sandbox.settings().paused)).toBe(true);
  // Paused, no frame asks for a step; once any steps already asked for are published, the
  // state stands still until '.' takes exactly one more.
  const step = await settledStep(page);
  await page.keyboard.press('.');
  await expect.poll(() => page.evaluate(async () => window.sandbox.state().step)).toBe(step + 1);
  await page.keyboard.press('i');
  expect(await page.evaluate(async () => window.sandbox.settings().interpolation)).toBe('off');
  await page.keyboard.press('r');
  // Paused, the reset shows step 0 (in worker mode once the worker has rebuilt the scene).
  await expect.poll(() => page.evaluate(async () => window.sandbox.state().step)).toBe(0);
});

test('a bad URL parameter shows a dismissable message naming it, and nothing is injected', async ({
  page,
}) => {
  await page.addInitScript(() => {
    (window as unknown as { injected: boolean }).injected = false;
  });
  const errors = collectPageErrors(page);
  const evil = encodeURIComponent('<img src=x onerror="window.injected=true">');
  await openSandbox(page, `?scene=${evil}&hz=abc&interp=off`);
  // Both bad parameters are named in one message, one line each.
  const messages = page.getByTestId('message');
  await expect(messages).toHaveCount(1);
  const lines = messages.locator('li');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText("URL parameter 'scene'");
  await expect(lines.first()).toContainText('<img src=x');
  await expect(lines.nth(1)).toContainText(
    'URL parameter \'hz\' = "abc" is invalid: expected a number from 5 to 240',
  );
  expect(await page.locator('img').count()).toBe(0);
  expect(
    await page.evaluate(async () => (window as unknown as { injected: boolean }).injected),
  ).toBe(false);
  const settings = await page.evaluate(async () => window.sandbox.settings());
  expect(settings.physicsHz).toBe(100);
  expect(settings.interpolation).toBe('off');
  await messages.first().getByRole('button', { name: 'Dismiss message' }).click();
  await expect(messages).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('dragging a body with the mouse lifts it', async ({ page }) => {
  await openSandbox(page, '?scene=stack');
  await page.evaluate(async () => await window.sandbox.advance(new Array(30).fill(1 / 60)));
  expect(await dragCentreUp(page)).toBeGreaterThan(1);
});
