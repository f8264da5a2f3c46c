// Save, load, record and replay through window.sandbox in the built app, in both physics threads:
// a state saved at a seeded random step of every scene continues bit for bit (also through JSON
// text and across a page reload); a recording made with the mouse, a key and the API replays to
// its hashes at 30, 60 and 144 Hz and jittered frames, in the thread it was made in and in the
// other, and by animation frames; seeks land on its hashes; bad states and recordings are
// refused by field while the scene keeps running.

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  PHYSICS_VIEWPORT,
  collectPageErrors,
  dragCentreUp,
  drainDrawing,
  openSandbox,
} from './helpers';

const THREADS = ['main', 'worker'] as const;
type Thread = (typeof THREADS)[number];

test.use({ viewport: PHYSICS_VIEWPORT });

/** The hash after every 5th of `steps` steps (frames of 5 steps each: each call draws once). */
async function hashesAhead(page: Page, steps: number): Promise<string[]> {
  return page.evaluate(async (n) => {
    const hashes: string[] = [];
    for (let k = 0; k < n; k += 5) {
      await window.sandbox.advance([0.05]);
      hashes.push(window.sandbox.state().hash);
    }
    return hashes;
  }, steps);
}

async function openOn(page: Page, thread: Thread, query: string): Promise<void> {
  await openSandbox(page, `${query}&shadows=0&thread=${thread}`);
  await page.evaluate(() => window.sandbox.advance([0]));
  expect(await page.evaluate(() => window.sandbox.stats().thread)).toBe(thread);
}

for (const thread of THREADS) {
  test.describe(`physics on the ${thread} thread`, () => {
    test('every scene saved at a seeded random step continues bit for bit, also through JSON text', async ({
      page,
    }) => {
      test.setTimeout(240_000);
      const errors = collectPageErrors(page);
      await openOn(page, thread, '?scene=stack');
      const results = await page.evaluate(async () => {
        const api = window.sandbox;
        // Small counts where a scene takes one: the point is every scene's kinds of state.
        const counts: Record<string, number> = {
          pile: 60,
          rain: 100,
          tower: 100,
          avalanche: 100,
          pyramid: 4,
        };
        let seed = 7;
        const out: { scene: string; steps: number; same: boolean; hashes: number }[] = [];
        for (const scene of api.scenes()) {
          await api.load(scene, counts[scene] ? { count: counts[scene] } : {});
          seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
          const frames = 5 + (seed % 40);
          await api.advance(new Array(frames).fill(1 / 60));
          api.spawn({ kind: 'box', position: [0.5, 6, 0.3], velocity: [1, 0, 0] });
          await api.advance([1 / 60, 1 / 60]);
          const state = await api.saveState();
          const text = JSON.stringify(state);
          const ahead = async (): Promise<string[]> => {
            const hashes: string[] = [];
            for (let k = 0; k < 12; k++) {
              await api.advance([0.03, 0.02]);
              hashes.push(api.state().hash);
            }
            return hashes;
          };
          const original = await ahead();
          await api.loadState(state);
          const fromObject = await ahead();
          await api.loadState(JSON.parse(text));
          const fromText = await ahead();
          out.push({
            scene,
            steps: api.state().step,
            same:
              JSON.stringify(fromObject) === JSON.stringify(original) &&
              JSON.stringify(fromText) === JSON.stringify(original),
            hashes: new Set(original).size,
          });
        }
        return out;
      });
      expect(results).toHaveLength(12);
      for (const result of results) {
        expect(result.same, result.scene).toBe(true);
        expect(result.hashes, `${result.scene}: the world moves`).toBeGreaterThan(1);
      }
      expect(errors).toEqual([]);
      // Its ~450 scripted frames are drawn in this test's time, not the next one's.
      await drainDrawing(page);
    });

    test('a pile saved, the page reloaded, the state loaded: the same future', async ({ page }) => {
      const errors = collectPageErrors(page);
      await openOn(page, thread, '?scene=pile&count=120&seed=3');
      const text = await page.evaluate(async () => {
        await window.sandbox.advance(new Array(60).fill(1 / 60));
        window.sandbox.spawn({ kind: 'sphere', position: [-6, 3, 0], velocity: [12, 2, 0] });
        await window.sandbox.advance(new Array(7).fill(1 / 60));
        return JSON.stringify(await window.sandbox.saveState());
      });
      const original = await hashesAhead(page, 200);
      await page.reload();
      await expect(page.locator('body[data-ready=true]')).toHaveCount(1);
      const loaded = await page.evaluate(async (saved) => {
        // Scripted frames from here on, as before the save: a rAF frame between the load and
        // the first scripted frame would step the world by however long the machine took.
        await window.sandbox.advance([0]);
        await window.sandbox.loadState(saved);
        return window.sandbox.state();
      }, text);
      expect(loaded.bodies).toBe(121);
      expect(await hashesAhead(page, 200)).toEqual(original);
      expect(new Set(original).size).toBe(40);
      expect(errors).toEqual([]);
    });
  });
}

/** Frame lengths of a display at `hz`, or 60 Hz with seeded jitter and an occasional hitch. */
function frameTimes(kind: 30 | 60 | 144 | 'jitter', seconds: number): number[] {
  const rate = kind === 'jitter' ? 60 : kind;
  const count = Math.ceil(seconds * rate);
  if (kind !== 'jitter') return new Array<number>(count).fill(1 / kind);
  let state = 4242;
  return Array.from({ length: count }, (_, k) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return k % 50 === 49 ? 0.15 : 0.004 + (state / 2 ** 32) * 0.03;
  });
}

interface Made {
  text: string;
  length: number;
  endHash: string;
  hashes: string[];
}

/** Records spawns, an F-key throw and a mouse drag on `thread`, a hash at every step. */
async function makeRecording(page: Page, thread: Thread): Promise<Made> {
  await openOn(page, thread, '?scene=stack');
  await page.evaluate(async () => {
    await window.sandbox.advance(new Array(20).fill(1 / 60));
    await window.sandbox.record({ hashEvery: 1, keyframeEvery: 60 });
    window.sandbox.spawn({ kind: 'sphere', position: [1, 7, 0] });
  });
  // A mouse drag (its target logged at every step it moved), a throw from the F key, a spawn.
  expect(await dragCentreUp(page)).toBeGreaterThan(0.5);
  await page.keyboard.press('f');
  await page.evaluate(async () => {
    await window.sandbox.advance(new Array(20).fill(1 / 60));
    window.sandbox.spawn({ kind: 'dumbbell', position: [0, 9, 0] });
    await window.sandbox.advance(new Array(40).fill(1 / 60));
  });
  const text = await page.evaluate(async () =>
    JSON.stringify(await window.sandbox.stopRecording()),
  );
  const made = JSON.parse(text) as {
    length: number;
    endHash: string;
    hashes: string[];
    inputs: { type: string }[];
  };
  const types = new Set(made.inputs.map((input) => input.type));
  for (const type of ['dragStart', 'dragMove', 'dragEnd', 'spawn']) expect(types).toContain(type);
  expect(made.inputs.filter((input) => input.type === 'spawn').length).toBeGreaterThanOrEqual(3);
  expect(made.hashes).toHaveLength(made.length + 1);
  return { text, length: made.length, endHash: made.endHash, hashes: made.hashes };
}

/** Replays by `advance` with the given frames; the replay's report and the hash at its end. */
async function replayByFrames(
  page: Page,
  text: string,
  frames: number[],
): Promise<{ replay: unknown; hash: string; paused: boolean }> {
  return page.evaluate(
    async ([recording, seconds]) => {
      window.sandbox.set({ paused: false });
      await window.sandbox.replay(recording);
      await window.sandbox.advance(seconds);
      return {
        replay: window.sandbox.stats().replay,
        hash: window.sandbox.state().hash,
        paused: window.sandbox.settings().paused,
      };
    },
    [text, frames] as const,
  );
}

for (const made of THREADS) {
  test(`a recording made on the ${made} thread replays to every recorded hash in both threads at 30, 60, 144 Hz and jittered frames; seeks land on them`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const errors = collectPageErrors(page);
    const recording = await makeRecording(page, made);
    const done = {
      step: recording.length,
      endStep: recording.length,
      verifiedUpTo: recording.length,
      divergence: null,
    };
    for (const thread of THREADS) {
      await openOn(page, thread, '?scene=tunnel');
      for (const kind of [30, 60, 144, 'jitter'] as const) {
        // Enough frames to pass the end: the replay rests there, paused, whatever is left over.
        const end = await replayByFrames(page, recording.text, frameTimes(kind, 4));
        expect(end, `${made} → ${thread}, ${kind}`).toEqual({
          replay: done,
          hash: recording.endHash,
          paused: true,
        });
      }
      const seeks = await page.evaluate(async (length) => {
        const landed: { step: number; hash: string; at: number | undefined }[] = [];
        for (const step of [Math.floor(length / 2), 7, length, 0, length - 61, 61]) {
          await window.sandbox.seek(step);
          landed.push({
            step,
            hash: window.sandbox.state().hash,
            at: window.sandbox.stats().replay?.step,
          });
        }
        return landed;
      }, recording.length);
      for (const seek of seeks) {
        expect(seek.hash, `${thread} seek ${seek.step}`).toBe(recording.hashes[seek.step]);
        expect(seek.at).toBe(seek.step);
      }
      // Played on from the last seek: the recorded hashes still, checked as it goes.
      const onward = await page.evaluate(async () => {
        window.sandbox.set({ paused: false });
        await window.sandbox.advance(new Array(30).fill(1 / 60));
        return window.sandbox.stats().replay;
      });
      // (verifiedUpTo keeps what the full plays above verified: the whole recording.)
      expect(onward).toMatchObject({ step: 61 + 50, divergence: null });
      expect(onward?.verifiedUpTo).toBe(recording.length);
    }
    expect(errors).toEqual([]);
  });
}

test('a replay follows animation frames at an emulated 30 Hz display in the worker and rests at its end', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const errors = collectPageErrors(page);
  const recording = await makeRecording(page, 'worker');
  await page.evaluate(async (text) => {
    window.sandbox.set({ display: '30', paused: false });
    await window.sandbox.replay(text);
    window.sandbox.run();
  }, recording.text);
  await expect
    .poll(() => page.evaluate(() => window.sandbox.stats().replay?.verifiedUpTo), {
      timeout: 180_000,
    })
    .toBe(recording.length);
  const end = await page.evaluate(() => ({
    replay: window.sandbox.stats().replay,
    hash: window.sandbox.state().hash,
    paused: window.sandbox.settings().paused,
    step: window.sandbox.state().step,
  }));
  expect(end.replay).toEqual({
    step: recording.length,
    endStep: recording.length,
    verifiedUpTo: recording.length,
    divergence: null,
  });
  expect(end.hash).toBe(recording.endHash);
  expect(end.paused).toBe(true);
  expect(errors).toEqual([]);
});

for (const thread of THREADS) {
  test(`bad states and recordings on the ${thread} thread: an Error naming the field, nothing changed, the frames go on`, async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await openOn(page, thread, '?scene=playground');
    const good = await page.evaluate(() => window.sandbox.saveState());
    const results = await page.evaluate((saved) => {
      const state = saved as unknown as Record<string, unknown> & {
        bodies: Record<string, unknown>[];
      };
      const edit = (change: (copy: typeof state) => void): unknown => {
        const copy = JSON.parse(JSON.stringify(state)) as typeof state;
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
          void window.sandbox.loadState(input);
        } catch (error) {
          message = (error as Error).message;
        }
        let replayMessage = '';
        try {
          void window.sandbox.replay(input);
        } catch (error) {
          replayMessage = (error as Error).message;
        }
        return { label, message, replayMessage, ms: performance.now() - t0 };
      });
      const after = window.sandbox.state();
      return { out, before, after, replay: window.sandbox.stats().replay };
    }, good);
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
}

test('recording limits in the page: over an hour of steps, a million inputs or 64 MiB of text is refused by name, nothing changed', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openOn(page, 'worker', '?scene=stack');
  const results = await page.evaluate(async () => {
    const s = window.sandbox;
    await s.record({ hashEvery: 5 });
    await s.advance(new Array(10).fill(1 / 60));
    const made = (await s.stopRecording()) as unknown as Record<string, unknown> & {
      inputs: unknown[];
    };
    const cases: [string, () => unknown][] = [
      ['length', () => ({ ...made, length: 864_001 })],
      [
        'inputs',
        () => ({ ...made, inputs: new Array<unknown>(1_000_001).fill(made.inputs[0] ?? {}) }),
      ],
      ['text', () => ' '.repeat(64 * 2 ** 20 + 1)],
    ];
    const before = s.state();
    const out = cases.map(([label, make]) => {
      const input = make();
      const t0 = performance.now();
      let message = '';
      try {
        void s.replay(input);
      } catch (error) {
        message = (error as Error).message;
      }
      return { label, message, ms: performance.now() - t0 };
    });
    return { out, before, after: s.state(), replay: s.stats().replay };
  });
  const expected: Record<string, RegExp> = {
    length: /^Recording: length = 864001 is invalid: expected an integer from 0 to 864000/,
    inputs: /^Recording: inputs has 1000001 items; at most 1000000 inputs are allowed\./,
    text: /^Recording: the text is 67108865 characters long; at most 67108864 are allowed\./,
  };
  for (const result of results.out) {
    expect(result.message, result.label).toMatch(expected[result.label] ?? /never/);
    // Refused at once, the text before it is parsed.
    expect(result.ms, result.label).toBeLessThan(5000);
  }
  expect(results.after).toEqual(results.before);
  expect(results.replay).toBeNull();
  expect(errors).toEqual([]);
});

test('the determinism lab says where its worlds part: step, body and field (main world in a worker)', async ({
  page,
}) => {
  await openOn(page, 'worker', '?scene=determinism');
  const twin = await page.evaluate(async () => {
    window.sandbox.set({ strategy: 'variable' });
    await window.sandbox.advance(new Array(30).fill(1 / 60));
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
