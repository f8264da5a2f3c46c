// A browser that gives the page no WebGL (turned off by policy, a blocklisted GPU, no GL
// driver): the page says what is missing and how to get it, and everything but the drawing runs.

import { expect, test } from '@playwright/test';
import { collectPageErrors, openSandbox } from './helpers';
import { CHROMIUM_ARGS, findChromium } from './findChromium';

// --disable-webgl is how a policy (or an administrator) turns WebGL off: getContext returns null
// and the browser reports "disabled by enterprise policy or commandline switch".
test.use({
  launchOptions: {
    executablePath: await findChromium(),
    args: [...CHROMIUM_ARGS, '--disable-webgl'],
  },
});

test('no WebGL: a notice says what is missing; simulation, HUD, panel and API run without drawing', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openSandbox(page, '?scene=stack');
  // The browser really has no WebGL of either version.
  expect(
    await page.evaluate(async () => ({
      webgl2: document.createElement('canvas').getContext('webgl2') !== null,
      webgl: document.createElement('canvas').getContext('webgl') !== null,
    })),
  ).toEqual({ webgl2: false, webgl: false });

  const notice = page.getByTestId('no-webgl');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('WebGL 2 is not available');
  await expect(notice).toContainText('disabled by enterprise policy or commandline switch');
  await expect(notice).toContainText('hardware (graphics) acceleration');
  await expect(notice).toContainText('Chrome, Edge, Firefox or Safari');
  await expect(notice).toContainText('keep running without drawing');

  // The animation-frame drive steps the simulation and refreshes the HUD.
  await expect
    .poll(() => page.evaluate(async () => window.sandbox.state().step), { timeout: 30_000 })
    .toBeGreaterThan(10);
  await expect(page.locator('[data-stat=fps]')).toHaveText(/^[1-9]\d*$/);
  await expect(page.locator('[data-stat=bodies]')).toHaveText(/^36 \(/);

  // The scripting API: load, advance, state, stats, spawn, and pose read back from the instance
  // matrices, which are written every frame with or without a GPU to draw them.
  const result = await page.evaluate(async () => {
    const s = window.sandbox;
    await s.load('stack', { seed: 2 });
    s.set({ interpolation: 'interpolate' });
    const reports = await s.advance([1 / 60, 1 / 60, 1 / 60, 0.013]);
    const alpha = reports.at(-1)?.alpha ?? -1;
    const poses = [0, 17, 35].map((i) => s.pose(i));
    s.spawn({ kind: 'sphere', position: [0, 12, 4], velocity: [0, 0, -3] });
    await s.advance(new Array(30).fill(1 / 60));
    return { alpha, poses, state: s.state(), stats: s.stats() };
  });
  expect(result.alpha).toBeGreaterThan(0.05);
  for (const { previous, current, rendered } of result.poses) {
    for (let k = 0; k < 3; k++) {
      const expected =
        (previous.p[k] ?? 0) + ((current.p[k] ?? 0) - (previous.p[k] ?? 0)) * result.alpha;
      expect(Math.abs((rendered.p[k] ?? 0) - expected)).toBeLessThan(1e-5);
    }
  }
  // 3/60 + 0.013 s = 6 steps, then 30/60 s = 50 steps.
  expect(result.state.step).toBe(56);
  expect(result.state.bodies).toBe(37);
  expect(result.stats).toMatchObject({
    webgl: false,
    contextLost: false,
    bodies: 37,
    geometries: 0,
    programs: 0,
  });

  // The panel: a setting, and the single-step button.
  const panel = page.getByTestId('panel');
  await panel
    .locator('.lil-controller', { hasText: 'render mode' })
    .locator('select')
    .selectOption('off');
  expect((await page.evaluate(async () => window.sandbox.settings())).interpolation).toBe('off');
  const before = result.state.step;
  await panel.getByRole('button', { name: 'single step (.)' }).click();
  // In worker mode the step is asked for now and published a moment later: wait for it.
  await expect
    .poll(() => page.evaluate(async () => window.sandbox.state()))
    .toMatchObject({ step: before + 1, bodies: 37 });
  await expect(notice).toBeVisible();
  expect(errors).toEqual([]);
});
