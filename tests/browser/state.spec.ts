// Save, load, record and replay through window.sandbox in the built app: a state survives a page
// reload with the same future; a recording made with the mouse, a key and the API replays to its
// hashes at another display rate, by `advance` and by animation frames; bad states and recordings
// are refused by field while the scene keeps running.

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { collectPageErrors, dragCentreUp, openSandbox } from './helpers';

/** The hash after every 5th of `steps` steps (a frame of 5 steps each: each call draws once). */
async function hashesAhead(page: Page, steps: number): Promise<string[]> {
  return page.evaluate((n) => {
    const hashes: string[] = [];
    for (let k = 0; k < n; k += 5) {
      window.sandbox.advance([0.05]);
      hashes.push(window.sandbox.state().hash);
    }
    return hashes;
  }, steps);
}

test('a pile saved, the page reloaded, the state loaded: the same future', async ({ page }) => {
  const errors = collectPageErrors(page);
  await openSandbox(page, '?scene=pile&count=120&seed=3');
  const text = await page.evaluate(() => {
    window.sandbox.advance(new Array(60).fill(1 / 60));
    window.sandbox.spawn({ kind: 'sphere', position: [-6, 3, 0], velocity: [12, 2, 0] });
    window.sandbox.advance(new Array(7).fill(1 / 60));
    return JSON.stringify(window.sandbox.saveState());
  });
  const original = await hashesAhead(page, 200);
  await page.reload();
  await expect(page.locator('body[data-ready=true]')).toHaveCount(1);
  const loaded = await page.evaluate((saved) => {
    window.sandbox.loadState(saved);
    return window.sandbox.state();
  }, text);
  expect(loaded.bodies).toBe(121);
  expect(await hashesAhead(page, 200)).toEqual(original);
  expect(new Set(original).size).toBe(40);
  expect(errors).toEqual([]);
});

test('a recording made with the mouse, a key and the API replays to its hashes at 144 Hz and by animation frames at 30 Hz', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = collectPageErrors(page);
  await openSandbox(page, '?scene=stack');
  await page.evaluate(() => {
    window.sandbox.advance(new Array(20).fill(1 / 60));
    window.sandbox.record({ keyframeEvery: 100 });
  });
  // A mouse drag (its target logged at the step it applied at), a throw from the F key, a spawn.
  expect(await dragCentreUp(page)).toBeGreaterThan(0.5);
  await page.keyboard.press('f');
  await page.evaluate(() => {
    window.sandbox.advance(new Array(20).fill(1 / 60));
    window.sandbox.spawn({ kind: 'dumbbell', position: [0, 9, 0] });
    window.sandbox.advance(new Array(40).fill(1 / 60));
  });
  const recording = await page.evaluate(() => JSON.stringify(window.sandbox.stopRecording()));
  const made = JSON.parse(recording) as {
    length: number;
    endHash: string;
    inputs: { type: string }[];
  };
  const types = new Set(made.inputs.map((input) => input.type));
  for (const type of ['dragStart', 'dragMove', 'dragEnd', 'spawn']) expect(types).toContain(type);

  await page.reload();
  await expect(page.locator('body[data-ready=true]')).toHaveCount(1);
  const byAdvance = await page.evaluate((text) => {
    window.sandbox.replay(text);
    // 144 Hz frames in one batch (only the last is drawn); the replay pauses at its end.
    window.sandbox.advance(new Array(1000).fill(1 / 144));
    return { replay: window.sandbox.stats().replay, hash: window.sandbox.state().hash };
  }, recording);
  expect(byAdvance.replay).toEqual({
    step: made.length,
    endStep: made.length,
    verifiedUpTo: made.length,
    divergence: null,
  });
  expect(byAdvance.hash).toBe(made.endHash);

  // Animation frames shown at an emulated 30 Hz display, from the start again. Software WebGL
  // takes tens of milliseconds a frame per megapixel, and this drive draws every frame: a small
  // canvas keeps it quick.
  await page.setViewportSize({ width: 640, height: 400 });
  await page.evaluate((text) => {
    window.sandbox.set({ display: '30', paused: false });
    window.sandbox.replay(text);
    window.sandbox.run();
  }, recording);
  await expect
    .poll(() => page.evaluate(() => window.sandbox.stats().replay?.verifiedUpTo), {
      timeout: 150_000,
    })
    .toBe(made.length);
  const end = await page.evaluate(() => ({
    replay: window.sandbox.stats().replay,
    hash: window.sandbox.state().hash,
    paused: window.sandbox.settings().paused,
  }));
  expect(end).toEqual({
    replay: {
      step: made.length,
      endStep: made.length,
      verifiedUpTo: made.length,
      divergence: null,
    },
    hash: made.endHash,
    paused: true,
  });
  // Seek back into the middle and forth to the end: the recorded hashes again.
  const seeks = await page.evaluate((length) => {
    window.sandbox.seek(Math.floor(length / 2));
    const middle = window.sandbox.stats().replay?.step;
    window.sandbox.seek(length);
    return { middle, end: window.sandbox.state().hash };
  }, made.length);
  expect(seeks).toEqual({ middle: Math.floor(made.length / 2), end: made.endHash });
  expect(errors).toEqual([]);
});

test('bad states and recordings: an Error naming the field, nothing changed, the frames go on', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openSandbox(page, '?scene=playground');
  const results = await page.evaluate(() => {
    const good = window.sandbox.saveState() as unknown as Record<string, unknown> & {
      bodies: Record<string, unknown>[];
    };
    const edit = (change: (state: typeof good) => void): unknown => {
      const copy = JSON.parse(JSON.stringify(good)) as typeof good;
      change(copy);
      return copy;
    };
    const cases: [string, () => unknown][] = [
      ['null', () => null],
      ['a number', () => 7],
      ['{}', () => ({})],
      ['a future version', () => edit((s) => (s.version = 3))],
      ['NaN', () => edit((s) => ((s.bodies[3]?.velocity as number[])[1] = Number.NaN))],
      ['an extra field', () => edit((s) => (s.extra = 1))],
      ['5 MB of garbage', () => 'x'.repeat(5 * 2 ** 20)],
      ['5 MB of JSON of the wrong shape', () => JSON.stringify(new Array(2 ** 20).fill(1234))],
    ];
    window.sandbox.run();
    const before = window.sandbox.state();
    const out = cases.map(([label, make]) => {
      const input = make();
      const t0 = performance.now();
      let message = '';
      try {
        window.sandbox.loadState(input);
      } catch (error) {
        message = (error as Error).message;
      }
      let replayMessage = '';
      try {
        window.sandbox.replay(input);
      } catch (error) {
        replayMessage = (error as Error).message;
      }
      return { label, message, replayMessage, ms: performance.now() - t0 };
    });
    const after = window.sandbox.state();
    return { out, before, after, replay: window.sandbox.stats().replay };
  });
  const expected: Record<string, RegExp> = {
    null: /Saved state: the input = null is invalid: expected a saved state/,
    'a number': /the input = 7 is invalid/,
    '{}': /format = undefined is invalid: expected 'fixed-step-sandbox\/state'/,
    'a future version': /version = 3 is invalid: expected 1: it was written by a newer build/,
    NaN: /bodies\[3\]\.velocity\[1\] = NaN is invalid: expected a finite number/,
    'an extra field': /extra is not a known field/,
    '5 MB of garbage': /the text is not JSON/,
    '5 MB of JSON of the wrong shape':
      /the input = \[1234,1234,.* is invalid: expected a saved state/,
  };
  for (const result of results.out) {
    expect(result.message, result.label).toMatch(expected[result.label] ?? /never/);
    expect(result.replayMessage, result.label).toMatch(/^Recording: /);
    // Refused at once, not after freezing the page.
    expect(result.ms, result.label).toBeLessThan(3000);
  }
  // Within one task nothing stepped: the same world, no replay loaded.
  expect(results.after).toEqual(results.before);
  expect(results.replay).toBeNull();
  // And the animation-frame drive goes on.
  const step = results.after.step;
  await expect.poll(() => page.evaluate(() => window.sandbox.state().step)).toBeGreaterThan(step);
  expect(errors).toEqual([]);
});

test('the determinism lab says where its worlds part: step, body and field', async ({ page }) => {
  await openSandbox(page, '?scene=determinism');
  const twin = await page.evaluate(() => {
    window.sandbox.set({ strategy: 'variable' });
    window.sandbox.advance(new Array(30).fill(1 / 60));
    return window.sandbox.stats().twin;
  });
  expect(twin?.divergence?.step).toBe(twin?.divergedAt);
  expect(twin?.divergence?.body).toEqual(expect.any(Number));
  expect(twin?.divergence?.field).toMatch(/^(position|quaternion|velocity|angularVelocity)\[\d\]$/);
  const d = twin?.divergence;
  await expect(page.getByTestId('twin-verdict')).toContainText(
    `first at step ${d?.step} · body ${d?.body} ${d?.field}`,
  );
});
