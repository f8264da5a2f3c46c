// The timestep lab in a real Chromium: every view × render mode draws positions by its formula
// (orientations: orientation.spec.ts), the stutter meter sees the 1-2-2 beat, and the article's
// failure cases fail as advertised.

import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { collectPageErrors, openSandbox } from './helpers';

type Vec = number[];
interface SnapshotPose {
  p: Vec;
  q: Vec;
  v: Vec;
  w: Vec;
}

/** The position each render mode should draw, from the snapshots at alpha with step h. */
function expectedPosition(
  mode: string,
  previous: SnapshotPose,
  current: SnapshotPose,
  alpha: number,
  h: number,
): Vec {
  return [0, 1, 2].map((k) => {
    const p0 = previous.p[k] ?? 0;
    const p1 = current.p[k] ?? 0;
    const v0 = previous.v[k] ?? 0;
    const v1 = current.v[k] ?? 0;
    if (mode === 'off') return p1;
    if (mode === 'interpolate') return p0 + (p1 - p0) * alpha;
    if (mode === 'extrapolate') return p1 + v1 * alpha * h;
    const t = alpha;
    return (
      (2 * t ** 3 - 3 * t ** 2 + 1) * p0 +
      (t ** 3 - 2 * t ** 2 + t) * h * v0 +
      (3 * t ** 2 - 2 * t ** 3) * p1 +
      (t ** 3 - t ** 2) * h * v1
    );
  });
}

for (const view of ['single', 'split', 'ghost'] as const) {
  test(`view ${view}: in every render mode the rendered pose follows the mode's formula`, async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    // One page for the four modes: each reloads the pile, so its accumulator starts empty.
    await openSandbox(page, `?scene=pile&count=40&view=${view}`);
    for (const mode of ['interpolate', 'off', 'extrapolate', 'hermite'] as const) {
      const sample = await page.evaluate(async (interpolation) => {
        const s = window.sandbox;
        // Stop the rAF drive and reload, so the accumulator starts empty and alpha is known.
        await s.advance([0]);
        s.set({ interpolation });
        await s.load('pile', { count: 40 });
        const frames = await s.advance([1 / 60, 1 / 60, 1 / 60, 1 / 60, 0.013, 0.0071]);
        return {
          alpha: frames[frames.length - 1]?.alpha ?? -1,
          poses: [0, 9, 19, 39].map((i) => s.pose(i)),
        };
      }, mode);
      expect(sample.alpha, mode).toBeGreaterThan(0.05);
      let moving = 0;
      for (const { previous, current, rendered } of sample.poses) {
        const expected = expectedPosition(mode, previous, current, sample.alpha, 0.01);
        for (let k = 0; k < 3; k++)
          expect(Math.abs((rendered.p[k] ?? 0) - (expected[k] ?? 0)), mode).toBeLessThan(1e-5);
        if (Math.abs((current.p[1] ?? 0) - (previous.p[1] ?? 0)) > 1e-3) moving++;
      }
      expect(moving, mode).toBeGreaterThanOrEqual(2);
      if (view === 'split') {
        await expect(page.getByTestId('view-label-left')).toHaveText(mode);
        await expect(page.getByTestId('view-label-right')).toHaveText('off');
      }
      if (view === 'ghost') await expect(page.getByTestId('view-label-ghost')).toBeVisible();
    }
    expect(errors).toEqual([]);
  });
}

test('split and ghost views on the carousel: screenshots kept as artifacts', async ({
  page,
}, testInfo) => {
  mkdirSync('artifacts', { recursive: true });
  for (const view of ['split', 'ghost'] as const) {
    await openSandbox(page, `?scene=carousel&view=${view}&hz=10`);
    await page.evaluate(async () => await window.sandbox.advance(new Array(45).fill(1 / 60)));
    const path = `artifacts/${view}.png`;
    await page.screenshot({ path });
    await testInfo.attach(view, { path, contentType: 'image/png' });
  }
  await expect(page.getByTestId('stutter-panel')).toBeVisible();
});

test('stutter meter via advance: the 1-2-2 beat of 60 Hz frames at 100 Hz physics is √2/5 with interpolation off, ≈0 otherwise', async ({
  page,
}) => {
  await openSandbox(page, '?scene=carousel');
  const result = await page.evaluate(async () => {
    const s = window.sandbox;
    // Reloaded in the same task as the frames, so the loop starts from an empty accumulator
    // whatever animation frames ran before: exact 1/60 s frames then make every figure exact.
    await s.advance([0]);
    await s.load('carousel');
    const out: Record<string, { jitter: number; error: number; frames: number }> = {};
    for (const mode of ['interpolate', 'off', 'extrapolate', 'hermite'] as const) {
      s.set({ interpolation: mode });
      await s.advance(new Array(180).fill(1 / 60));
      out[mode] = s.stats().stutter;
    }
    return out;
  });
  // With interpolation off a frame moves the mover by one step's chord or two (1, 2, 2, ...),
  // and two steps' chord is 2·cos(ω·dt/2) times one's (ω = 1 rad/s, dt = 0.01 s), so the
  // coefficient of variation is √2(2c − 1)/(1 + 4c), c = cos(0.005): 4.2e-6 under √2/5. The
  // frames are exact and the arithmetic is float64, so the page gives it to ~1e-14; 1e-10 leaves
  // room for rounding and for nothing else.
  const c = Math.cos(0.005);
  expect(result.off?.frames).toBe(120);
  expect(
    Math.abs((result.off?.jitter ?? 0) - (Math.SQRT2 * (2 * c - 1)) / (1 + 4 * c)),
  ).toBeLessThan(1e-10);
  // The smooth modes vary only by how chords and tangents differ from the arc: 3.8e-6
  // (interpolate), 7.0e-6 (extrapolate), 7e-12 (hermite); see tests/unit/stats/stutterMeter.test.ts.
  for (const mode of ['interpolate', 'extrapolate', 'hermite'] as const) {
    expect(result[mode]?.frames, mode).toBe(120);
    expect(result[mode]?.jitter, mode).toBeLessThan(1e-5);
  }
  await expect(page.getByTestId('stutter-panel')).toContainText('— stutter');
});

test('tunnel: a 0.5 s hitch under variable sends the balls through the wall; the accumulator stops them', async ({
  page,
}) => {
  await openSandbox(page, '?scene=tunnel');
  const escaped = await page.evaluate(async () => {
    const s = window.sandbox;
    const result: Record<string, number> = {};
    for (const strategy of ['variable', 'accumulator'] as const) {
      await s.load('tunnel');
      s.set({ strategy });
      await s.advance(new Array(30).fill(1 / 60));
      s.hitch(0.5);
      await s.advance(new Array(31).fill(1 / 60));
      const xs = Array.from({ length: s.state().bodies }, (_, i) => s.pose(i).current.p[0] ?? 0);
      result[strategy] = xs.filter((x) => Math.abs(x) > 1.05).length;
    }
    return result;
  });
  expect(escaped.variable).toBe(3);
  expect(escaped.accumulator).toBe(0);
});

test('determinism scene: the 60 Hz and 144 Hz worlds agree under the accumulator and diverge under variable', async ({
  page,
}) => {
  await openSandbox(page, '?scene=determinism&count=20');
  const accumulator = await page.evaluate(async () => {
    await window.sandbox.advance(new Array(90).fill(1 / 60));
    return window.sandbox.stats().twin;
  });
  expect(accumulator?.comparedStep).toBeGreaterThan(100);
  expect(accumulator?.agree).toBe(true);
  expect(accumulator?.leftHash).toBe(accumulator?.rightHash);
  await expect(page.getByTestId('twin-verdict')).toContainText('identical');

  const variable = await page.evaluate(async () => {
    await window.sandbox.load('determinism', { count: 20 });
    window.sandbox.set({ strategy: 'variable' });
    await window.sandbox.advance(new Array(90).fill(1 / 60));
    return window.sandbox.stats().twin;
  });
  expect(variable?.agree).toBe(false);
  await page.evaluate(async () => await window.sandbox.advance([1 / 60]));
  await expect(page.getByTestId('twin-verdict')).toContainText('diverged');
});

test('lab settings come from the URL and the panel', async ({ page }) => {
  await openSandbox(
    page,
    '?scene=carousel&strategy=semi-fixed&view=split&split=extrapolate&display=30&timescale=0.05&hz=5',
  );
  const settings = await page.evaluate(async () => window.sandbox.settings());
  expect(settings).toMatchObject({
    strategy: 'semi-fixed',
    view: 'split',
    splitRight: 'extrapolate',
    display: '30',
    timeScale: 0.05,
    physicsHz: 5,
  });
  await expect(page.getByTestId('view-label-left')).toContainText(
    'drawn as off (semi-fixed leaves no alpha',
  );
  const panel = page.getByTestId('panel');
  await panel
    .locator('.lil-controller', { hasText: 'timestep strategy' })
    .locator('select')
    .selectOption('fixed-per-frame');
  expect(await page.evaluate(async () => window.sandbox.settings().strategy)).toBe(
    'fixed-per-frame',
  );
  await expect(
    panel.locator('.lil-controller', { hasText: 'why' }).locator('.panel-note'),
  ).toHaveText(/speed follows display/);
});
