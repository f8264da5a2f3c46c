// A bounded sample of the generated-input properties (tests/unit/properties/) through the real
// built page, physics on the page's thread and in its worker: `window.sandbox` calls with
// generated arguments (built in the page from a recipe: odd numbers, nesting past the stack,
// getters and proxies that throw), URLs with near-miss, unknown and repeated keys, and saved
// states loaded back. A failure prints fast-check's seed and path; FC_SEED=… replays it.

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import fc from 'fast-check';
import { SCENES } from '../../src/scenes/registry';
import { PHYSICS_VIEWPORT, collectPageErrors, openSandbox } from './helpers';

test.use({ viewport: PHYSICS_VIEWPORT });

const seed = process.env.FC_SEED === undefined ? {} : { seed: Number(process.env.FC_SEED) };

/** A value to build in the page: plain JSON, or one a page-side function makes. */
type Recipe =
  | { json: unknown }
  | { number: 'NaN' | '-0' | 'Infinity' | '-Infinity' }
  | { deep: number }
  | { getter: string }
  | { proxy: true }
  | { sparse: number }
  | { saved: true };

const recipe: fc.Arbitrary<Recipe> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((json) => ({ json })) },
  fc.constantFrom('NaN', '-0', 'Infinity', '-Infinity').map((number) => ({ number }) as Recipe),
  fc.integer({ min: 5_000, max: 100_000 }).map((deep) => ({ deep })),
  fc.constantFrom('constructor', 'format', 'kind', 'toString').map((getter) => ({ getter })),
  fc.constant({ proxy: true } as const),
  fc.constantFrom(100_001, 2 ** 32 - 1).map((sparse) => ({ sparse })),
  fc.constantFrom('stack', 'pile', 'nope', 'constructor').map((scene) => ({ json: scene })),
);

/** A call: an entry point and recipes for its arguments. */
const call = fc.record({
  name: fc.constantFrom(
    'load',
    'set',
    'spawn',
    'remove',
    'advance',
    'pose',
    'hitch',
    'track',
    'loadState',
    'record',
    'stopRecording',
    'replay',
    'seek',
    'setLanguage',
    'tour.open',
  ),
  args: fc.array(
    fc.oneof({ weight: 4, arbitrary: recipe }, fc.constant({ saved: true } as const)),
    {
      minLength: 1,
      maxLength: 2,
    },
  ),
});

/** What the page saw: how the call ended, and whether anything observable moved. */
interface Seen {
  ok: boolean;
  sync: boolean;
  errorName: string;
  message: string;
  changed: boolean;
  late: boolean;
}

/** Runs one generated call in the page (the drive stopped, so only the call can change things). */
function runInPage(page: Page, generated: { name: string; args: Recipe[] }): Promise<Seen> {
  return page.evaluate(async ({ name, args }) => {
    class CallerError extends Error {}
    const w = window as unknown as { saved?: unknown };
    const build = (r: Recipe): unknown => {
      if ('json' in r) return r.json;
      if ('number' in r) return Number(r.number === '-0' ? -0 : r.number);
      if ('deep' in r) {
        let v: unknown = [];
        for (let k = 0; k < r.deep; k++) v = [v];
        return v;
      }
      if ('getter' in r) {
        const o = {};
        Object.defineProperty(o, r.getter, {
          enumerable: true,
          get() {
            throw new CallerError(`getter ${r.getter}`);
          },
        });
        return o;
      }
      if ('proxy' in r) {
        return new Proxy(
          {},
          {
            get(_t, key) {
              if (typeof key === 'string') throw new CallerError(`trap ${key}`);
              return undefined;
            },
            ownKeys() {
              throw new CallerError('trap keys');
            },
          },
        );
      }
      if ('sparse' in r) return new Array<unknown>(r.sparse);
      return w.saved;
    };
    const s = window.sandbox;
    const observed = (): string => {
      const stats = s.stats();
      return JSON.stringify([
        s.state(),
        s.settings(),
        s.language(),
        s.tour.current(),
        stats.recording,
        stats.replay,
        stats.tracked,
      ]);
    };
    const values = args.map(build);
    const before = observed();
    let result: unknown;
    const fn =
      name === 'tour.open'
        ? () => s.tour.open(values[0] as string)
        : () => (s as unknown as Record<string, (...a: unknown[]) => unknown>)[name](...values);
    try {
      result = fn();
    } catch (error) {
      const e = error as Error;
      return {
        ok: false,
        sync: true,
        errorName: error instanceof CallerError ? 'CallerError' : e.constructor.name,
        message: String(e.message),
        changed: observed() !== before,
        late: false,
      };
    }
    if (!(result instanceof Promise)) {
      return { ok: true, sync: true, errorName: '', message: '', changed: false, late: false };
    }
    const late = await Promise.race([
      result.then(
        () => false,
        () => false,
      ),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 15_000)),
    ]);
    const outcome = await Promise.race([
      result.then(
        () => ({ ok: true, message: '' }),
        (e: unknown) => ({ ok: false, message: String((e as Error)?.message) }),
      ),
      Promise.resolve({ ok: true, message: 'pending' }),
    ]);
    return { ...outcome, sync: false, errorName: '', changed: false, late };
  }, generated);
}

/** Back to the start: stack of 12, the start's settings, English, no recording, drive stopped. */
async function tidy(page: Page, thread: string): Promise<void> {
  await page.evaluate(async (physicsThread) => {
    const s = window.sandbox;
    if (s.stats().recording) await s.stopRecording();
    s.setLanguage('en');
    s.set({
      ...JSON.parse(JSON.stringify(s.settings())),
      paused: false,
      physicsThread,
      stepCostMs: 0,
    });
    if (s.state().bodies < 4 || s.state().bodies > 200) await s.load('stack', { count: 12 });
    await s.advance([]);
  }, thread);
}

for (const thread of ['main', 'worker'] as const) {
  test.describe(`physics on the ${thread} thread`, () => {
    test('window.sandbox: every generated call succeeds and settles, or is refused by name and changes nothing', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const errors = collectPageErrors(page);
      await openSandbox(page, `?scene=stack&count=12&thread=${thread}`);
      await page.evaluate(async () => {
        await window.sandbox.advance([1 / 60, 1 / 60]);
        (window as unknown as { saved: unknown }).saved = await window.sandbox.saveState();
      });
      await fc.assert(
        fc.asyncProperty(call, async (generated) => {
          await tidy(page, thread);
          const seen = await runInPage(page, generated);
          expect(seen.late, 'every promise settles').toBe(false);
          if (seen.ok) return;
          if (seen.errorName === 'CallerError') return;
          expect(seen.sync, 'a bad argument throws at the call').toBe(true);
          expect(seen.errorName).toBe('Error');
          expect(seen.message.length).toBeLessThan(700);
          expect(seen.message).not.toMatch(/\[object |Maximum call stack|Cannot read prop/);
          expect(seen.changed, `${generated.name} refused and changed something`).toBe(false);
        }),
        { numRuns: 30, ...seed },
      );
      expect(errors).toEqual([]);
      expect(await page.evaluate(() => window.sandbox.stats().thread)).toBe(thread);
    });

    test('a saved state (seed −0 among them) loads back with the same hash', async ({ page }) => {
      await openSandbox(page, `?scene=stack&count=12&thread=${thread}`);
      const cheap = SCENES.filter((scene) => !scene.count || scene.count.min <= 40).map(
        (s) => s.id,
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...cheap),
          fc.constantFrom(-0, 0, 7, 0xffffffff),
          fc.integer({ min: 0, max: 5 }),
          async (scene, seedValue, frames) => {
            const [saved, reloaded] = await page.evaluate(
              async ({ scene, negative, seedValue, frames }) => {
                const s = window.sandbox;
                await s.load(scene, { seed: negative ? -0 : seedValue });
                await s.advance(new Array<number>(frames).fill(1 / 60));
                const state = await s.saveState();
                const before = s.state().hash;
                await s.advance([1 / 60, 1 / 60]);
                await s.loadState(JSON.stringify(state));
                return [before, s.state().hash];
              },
              { scene, negative: Object.is(seedValue, -0), seedValue, frames },
            );
            expect(reloaded).toBe(saved);
          },
        ),
        { numRuns: 3, ...seed },
      );
    });

    test('a URL with near-miss, unknown, repeated and carried keys: each named, carried ones quiet', async ({
      page,
    }) => {
      const key = fc.constantFrom('HZ', 'scnee', 'interpp', 'bodies', 'hz', 'scene');
      await fc.assert(
        fc.asyncProperty(fc.uniqueArray(key, { minLength: 2, maxLength: 4 }), async (keys) => {
          const errors = collectPageErrors(page);
          const pairs = keys.map((k) => [k, k === 'scene' ? 'stack' : '60']);
          pairs.push(['hz', '50'], ['hz', 'abc'], ['utm_source', 'mail'], ['fbclid', 'x']);
          await openSandbox(page, `?${new URLSearchParams(pairs).toString()}&thread=${thread}`);
          const text = (await page.getByTestId('message').allTextContents()).join('\n');
          for (const k of keys.filter((k) => !['hz', 'scene'].includes(k)))
            expect(text).toContain(`"${k}"`);
          expect(text).toContain("'hz' is given");
          expect(text).not.toMatch(/utm_source|fbclid/);
          expect(errors).toEqual([]);
        }),
        { numRuns: 1, ...seed },
      );
    });
  });
}
