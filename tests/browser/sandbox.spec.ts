// The core sandbox in a real Chromium against the production build: loads clean, draws, the
// panel and keys work, and what is drawn is the interpolation of the stored snapshots.

import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { findScene } from '../../src/scenes/registry';
import {
  animationFrames,
  collectPageErrors,
  dragCentreUp,
  cross,
  openSandbox,
  settledStep,
  unit,
} from './helpers';
import type { Vec3 } from './helpers';

/** The hue of an RGB colour, degrees. */
function hue(r: number, g: number, b: number): number {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 0;
  const d = max - min;
  const h =
    max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return h * 60;
}

function hueDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
}

/**
 * Five bodies whose colours (each kind's palette, entry index mod 5: render/bodyInstances.ts)
 * have hues at least 35° apart: a gem at index 0 (0xf15bb5), a box at 1 (0xd9534f), a cylinder
 * at 2 (0xb5d56a), a dumbbell at 3 (0x6247aa), a ball at 4 (0x76c7c0).
 */
const PAINTED = [
  { kind: 'gem', colour: 0xf15bb5 },
  { kind: 'box', colour: 0xd9534f },
  { kind: 'cylinder', colour: 0xb5d56a },
  { kind: 'dumbbell', colour: 0x6247aa },
  { kind: 'sphere', colour: 0x76c7c0 },
] as const;

test('loads with no console errors and draws each body in its colour where it projects', async ({
  page,
}, testInfo) => {
  const errors = collectPageErrors(page);
  await openSandbox(page, '?scene=playground&count=0&shadows=0');
  const canvas = await page.locator('#view').boundingBox();
  if (!canvas) throw new Error('no canvas');
  // The playground's camera as the scene frames it (50° high, no zoom at this aspect), looking
  // from its camera at its target: a body 10 m along the ray through a pixel is drawn there.
  const view = findScene('playground')?.view;
  if (!view) throw new Error('no playground view');
  const [cx, cy, cz] = view.camera;
  const f = unit([view.target[0] - cx, view.target[1] - cy, view.target[2] - cz]);
  const r = unit([-f[2], 0, f[0]]);
  const u = cross(r, f);
  const tanHalf = Math.tan((25 * Math.PI) / 180);
  const aspect = canvas.width / canvas.height;
  const spots = PAINTED.map((_, k) => ({
    x: canvas.width / 2 + (k - 2) * 180,
    y: canvas.height / 2,
  }));
  const places = spots.map(({ x, y }) => {
    const across = ((2 * x) / canvas.width - 1) * tanHalf * aspect;
    const up = (1 - (2 * y) / canvas.height) * tanHalf;
    const ray = unit([0, 1, 2].map((k) => f[k] + r[k] * across + u[k] * up) as Vec3);
    return [cx + 10 * ray[0], cy + 10 * ray[1], cz + 10 * ray[2]];
  });
  const read = (): Promise<number[][]> =>
    page.evaluate(async (points) => {
      await window.sandbox.advance([0]);
      const source = document.getElementById('view') as HTMLCanvasElement;
      const scale = source.width / source.clientWidth;
      const copy = document.createElement('canvas');
      copy.width = source.width;
      copy.height = source.height;
      const context = copy.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.drawImage(source, 0, 0);
      // The mean of a 5 × 5 block around each point.
      return points.map(({ x, y }) => {
        const data = context.getImageData(
          Math.round(x * scale) - 2,
          Math.round(y * scale) - 2,
          5,
          5,
        ).data;
        const mean = [0, 0, 0];
        for (let i = 0; i < data.length; i += 4)
          for (let c = 0; c < 3; c++) mean[c] += (data[i + c] ?? 0) / 25;
        return mean;
      });
    }, spots);
  await page.evaluate(async () => {
    await window.sandbox.advance([0]);
    window.sandbox.pause();
  });
  const scenery = await read();
  await page.evaluate(
    async ({ painted, places }) => {
      painted.forEach(({ kind }, k) =>
        window.sandbox.spawn({ kind, scale: 0.6, position: places[k] as [number, number, number] }),
      );
    },
    { painted: PAINTED as unknown as { kind: 'box' }[], places },
  );
  // Paused, a spawn applies at once (in worker mode once the worker has heard of it).
  await expect.poll(() => page.evaluate(async () => window.sandbox.state().bodies)).toBe(5);
  const bodies = await read();
  const hues = PAINTED.map(({ colour }) => hue(colour >> 16, (colour >> 8) & 255, colour & 255));
  PAINTED.forEach(({ kind }, k) => {
    const [red, green, blue] = bodies[k] as [number, number, number];
    const seen = hue(red, green, blue);
    const distances = hues.map((h) => hueDistance(seen, h));
    const what = `${kind} at index ${k}: rgb ${[red, green, blue].map(Math.round).join(',')}, hue ${seen.toFixed(0)}° (its colour ${hues[k]?.toFixed(0)}°)`;
    // The body, not the scenery behind it, is drawn there...
    const before = scenery[k] as number[];
    expect(
      Math.max(...[0, 1, 2].map((c) => Math.abs((before[c] ?? 0) - (bodies[k]?.[c] ?? 0)))),
      what,
    ).toBeGreaterThan(30);
    // ...in its own colour: nearest, of the five, to its palette entry's hue, within 25°.
    expect(distances.indexOf(Math.min(...distances)), what).toBe(k);
    expect(distances[k], what).toBeLessThan(25);
  });
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
    'pyramid',
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
