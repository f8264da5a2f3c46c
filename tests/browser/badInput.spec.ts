// Bad input in the real built page: every URL parameter with every kind of garbage, every API
// entry point with bad arguments, and the Content-Security-Policy that keeps injected script dead.

import { expect, test } from '@playwright/test';
import { SETTING_PARAMS, URL_PARAMS } from '../../src/api/urlParams';
import { DEFAULT_SETTINGS, SETTING_SPECS } from '../../src/config/settings';
import type { Settings } from '../../src/config/settings';
import { findScene } from '../../src/scenes/registry';
import { PHYSICS_VIEWPORT, collectPageErrors, openSandbox } from './helpers';

/** The list: words, signs, zero, overflow, NaN, empty, a flood, and markup. */
const GARBAGE: readonly [string, string][] = [
  ['a word', 'abc'],
  ['minus one', '-1'],
  ['zero', '0'],
  ['an overflowing number', '1e309'],
  ['NaN', 'NaN'],
  ['an empty value', ''],
  ['5000 characters', '9'.repeat(5000)],
  ['an <img onerror>', '<img src=x onerror="window.injected=true">'],
  ['a <script>', '<script>window.injected=true</script>'],
];

const DEFAULT_SCENE = 'playground';

test.use({ viewport: PHYSICS_VIEWPORT });

/**
 * Where a garbage value happens to be a valid one ("0" is a valid seed, an empty playground and
 * "off" for a boolean), what it means; undefined where it must be rejected.
 */
function acceptedValue(param: string, text: string): unknown {
  if (text !== '0' && text !== '-1') return undefined;
  const n = Number(text);
  if (param === 'scene') return undefined;
  if (param === 'seed') return n >= 0 ? n : undefined;
  if (param === 'count') {
    const range = findScene(DEFAULT_SCENE)?.count;
    return range && n >= range.min && n <= range.max ? n : undefined;
  }
  const key = SETTING_PARAMS[param];
  if (!key) throw new Error(`URL parameter ${param} is neither a scene option nor a setting`);
  const spec = SETTING_SPECS[key];
  if (spec.type === 'boolean') return text === '0' ? false : undefined;
  if (spec.type === 'choice') return spec.choices.includes(text) ? text : undefined;
  return n >= spec.min && n <= spec.max && (!spec.integer || Number.isInteger(n)) ? n : undefined;
}

/**
 * Every parameter in one URL per value, except the flood: servers cap a request line (Node's at
 * 16 KB), so 5000 characters go three parameters at a time.
 */
function parameterGroups(garbage: string): (typeof URL_PARAMS)[number][][] {
  const size = garbage.length > 1000 ? 3 : URL_PARAMS.length;
  const groups = [];
  for (let i = 0; i < URL_PARAMS.length; i += size) groups.push(URL_PARAMS.slice(i, i + size));
  return groups;
}

for (const [name, garbage] of GARBAGE) {
  for (const params of parameterGroups(garbage)) {
    const label = params.length === URL_PARAMS.length ? 'every URL parameter' : params.join(', ');
    test(`${label} = ${name}: a message names each one, defaults apply, nothing runs`, async ({
      page,
    }) => {
      await page.addInitScript(() => {
        (window as unknown as { injected: boolean }).injected = false;
      });
      const errors = collectPageErrors(page);
      const query = new URLSearchParams(params.map((param) => [param, garbage]));
      await openSandbox(page, `?${query.toString()}`);

      const rejected = params.filter((param) => acceptedValue(param, garbage) === undefined);
      // Only "0" is valid anywhere (a seed, a count, "off"); most parameters must refuse it.
      expect(rejected.length).toBeGreaterThan(params.length / 2);
      const message = page.getByTestId('message');
      await expect(message).toHaveCount(1);
      await expect(message).toBeVisible();
      // Several bad parameters are one line each in a list; a single one is the message itself.
      const lines = rejected.length > 1 ? message.locator('li') : message.locator('.message-text');
      await expect(lines).toHaveCount(rejected.length);
      const texts = await lines.allTextContents();
      for (const param of rejected) {
        const line = texts.filter((text) => text.startsWith(`URL parameter '${param}'`));
        expect(line, `one line for '${param}'`).toHaveLength(1);
        // It says what is valid, and quotes the value shortened so a flood cannot cover the page.
        expect(line[0]).toMatch(/expected|the scenes are/);
        // (The scene's line lists the twelve scenes by title and id: about 380 characters, with
        // the value cut at 60 about 440.)
        expect(line[0]?.length ?? 0).toBeLessThan(480);
        expect(line[0]).toContain(JSON.stringify(garbage).slice(0, 40));
      }

      const result = await page.evaluate(async () => {
        const s = window.sandbox;
        await s.advance([0]);
        const before = s.state();
        await s.advance([0.1, 0.1]);
        return { before, after: s.state(), settings: s.settings(), stats: s.stats() };
      });
      const expected: Record<string, unknown> = { ...DEFAULT_SETTINGS };
      for (const [param, key] of Object.entries(SETTING_PARAMS)) {
        const accepted = params.includes(param) ? acceptedValue(param, garbage) : undefined;
        if (accepted !== undefined) expected[key] = accepted;
      }
      expect(result.settings).toEqual(expected as unknown as Settings);
      const count =
        (params.includes('count') ? acceptedValue('count', garbage) : undefined) ??
        findScene(DEFAULT_SCENE)?.count?.default;
      expect(result.before.bodies).toBe(count);
      // The default scene runs: 0.2 s at 100 Hz, plus at most one step the accumulator held.
      expect(result.after.step - result.before.step).toBeGreaterThanOrEqual(20);
      expect(result.after.step - result.before.step).toBeLessThanOrEqual(21);

      expect(await page.locator('img').count()).toBe(0);
      expect(await page.locator('script:not([src])').count()).toBe(0);
      expect(
        await page.evaluate(async () => (window as unknown as { injected: boolean }).injected),
      ).toBe(false);
      expect(errors).toEqual([]);
    });
  }
}

test('an older link naming two solver threads (solver=2): loads on one thread, with a note rather than an error', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openSandbox(page, '?scene=pyramid&count=3&solver=2&hz=60');
  const message = page.getByTestId('message');
  await expect(message).toHaveCount(1);
  await expect(message).toHaveClass(/message-info/);
  await expect(message).toContainText(
    'URL parameter \'solver\' = "2" is retired: the contact solver now runs on one thread',
  );
  const result = await page.evaluate(async () => {
    const s = window.sandbox;
    await s.advance([0]);
    const before = s.state();
    await s.advance([0.1, 0.1]);
    return { before, after: s.state(), settings: s.settings(), thread: s.stats().thread };
  });
  // The rest of the link applies; the retired parameter sets nothing.
  expect(result.settings).toEqual({ ...DEFAULT_SETTINGS, physicsHz: 60 });
  expect(result.thread).toBe('worker');
  expect(result.before.bodies).toBeGreaterThan(0);
  expect(result.after.step - result.before.step).toBeGreaterThanOrEqual(12);
  // Settings saved from an older settings() carried solverThreads: set() takes them, with a note.
  await page.evaluate(() => {
    const s = window.sandbox;
    s.set({ ...s.settings(), physicsHz: 50, solverThreads: '2' } as Parameters<typeof s.set>[0]);
  });
  await expect(message).toHaveCount(2);
  await expect(message.nth(1)).toHaveClass(/message-info/);
  await expect(message.nth(1)).toContainText('Setting \'solverThreads\' = "2" is retired');
  expect(await page.evaluate(() => window.sandbox.settings())).toEqual({
    ...DEFAULT_SETTINGS,
    physicsHz: 50,
  });
  expect(errors).toEqual([]);
});

/** [method, arguments, what the Error must say]; each call must throw and change nothing. */
const BAD_CALLS: [string, unknown[], RegExp][] = [
  ['load', [], /load expects a scene id, got undefined; the scenes are Playground 'playground'/],
  ['load', [42], /load expects a scene id, got 42/],
  ['load', [null], /load expects a scene id, got null/],
  ['load', ['nope'], /Unknown scene "nope"; the scenes are Playground 'playground', Stack/],
  ['load', ['<img src=x onerror=alert(1)>'], /Unknown scene "<img src=x onerror=alert\(1\)>"/],
  ['load', ['x'.repeat(5000)], /Unknown scene "x{20,60}"; the scenes/],
  ['load', ['pile', null], /load options must be an object/],
  ['load', ['pile', 'big'], /load options must be an object/],
  ['load', ['pile', { bodies: 3 }], /Unknown load option "bodies"/],
  [
    'load',
    ['pile', { count: -1 }],
    /count = -1 is invalid for the scene Pile 'pile': expected an integer from 1 to 5000/,
  ],
  ['load', ['pile', { count: 0 }], /count = 0 is invalid for the scene Pile 'pile'/],
  ['load', ['pile', { count: 5001 }], /count = 5001 is invalid/],
  ['load', ['pile', { count: 1.5 }], /count = 1.5 is invalid: expected an integer/],
  ['load', ['pile', { count: Number.NaN }], /count = NaN is invalid/],
  ['load', ['pile', { count: Infinity }], /count = Infinity is invalid/],
  ['load', ['pile', { count: '10' }], /count = "10" is invalid/],
  [
    'load',
    ['pile', { seed: -1 }],
    /seed = -1 is invalid: expected an integer from 0 to 4294967295/,
  ],
  ['load', ['pile', { seed: 2 ** 32 }], /seed = 4294967296 is invalid/],
  ['load', ['pile', { seed: Number.NaN }], /seed = NaN is invalid/],
  [
    'load',
    ['carousel', { count: 3 }],
    /The scene Carousel 'carousel' has a fixed size and takes no count/,
  ],
  ['set', [], /Settings patch must be an object such as \{ physicsHz: 60 \}, got undefined/],
  ['set', [null], /Settings patch must be an object/],
  ['set', ['physicsHz'], /Settings patch must be an object/],
  ['set', [[60]], /Settings patch must be an object/],
  [
    'set',
    [{ physicsHz: Number.NaN }],
    /Setting 'physicsHz' = NaN is invalid: expected a number from 5 to 240/,
  ],
  ['set', [{ physicsHz: Infinity }], /'physicsHz' = Infinity is invalid/],
  ['set', [{ physicsHz: -Infinity }], /'physicsHz' = -Infinity is invalid/],
  ['set', [{ physicsHz: 0 }], /'physicsHz' = 0 is invalid/],
  ['set', [{ physicsHz: -60 }], /'physicsHz' = -60 is invalid/],
  ['set', [{ physicsHz: '60' }], /'physicsHz' = "60" is invalid/],
  [
    'set',
    [{ timeScale: 1e309 }],
    /'timeScale' = Infinity is invalid: expected a number from 0.05 to 2/,
  ],
  ['set', [{ maxFrameSeconds: -0.1 }], /'maxFrameSeconds' = -0.1 is invalid/],
  ['set', [{ maxStepsPerFrame: 2.5 }], /'maxStepsPerFrame' = 2.5 is invalid: expected an integer/],
  ['set', [{ interpolation: 'cubic' }], /'interpolation' = "cubic" is invalid: expected one of/],
  ['set', [{ paused: 'yes' }], /'paused' = "yes" is invalid: expected true or false/],
  ['set', [{ shadows: 1 }], /'shadows' = 1 is invalid/],
  [
    'set',
    [{ bogus: true }],
    /Unknown setting "bogus"; valid settings are physicsThread, physicsHz/,
  ],
  [
    'set',
    [{ physicsThread: 'gpu' }],
    /'physicsThread' = "gpu" is invalid: expected one of 'worker', 'main'/,
  ],
  // Valid then invalid: the whole patch is checked first, so physicsHz must not change either.
  ['set', [{ physicsHz: 60, timeScale: -1 }], /'timeScale' = -1 is invalid/],
  ['advance', [], /advance expects an array of frame durations in seconds/],
  ['advance', ['abc'], /advance expects an array .* got "abc"/],
  ['advance', [1 / 60], /advance expects an array .* got 0.0166/],
  [
    'advance',
    [[Number.NaN]],
    /advance frame 0 = NaN is invalid: expected a finite number of seconds ≥ 0/,
  ],
  ['advance', [[Infinity]], /advance frame 0 = Infinity is invalid/],
  ['advance', [[-Infinity]], /advance frame 0 = -Infinity is invalid/],
  ['advance', [[-0.016]], /advance frame 0 = -0.016 is invalid/],
  ['advance', [[1 / 60, 1 / 60, -1]], /advance frame 2 = -1 is invalid/],
  ['advance', [[1 / 60, '0.1']], /advance frame 1 = "0.1" is invalid/],
  ['advance', [[null]], /advance frame 0 = null is invalid/],
  ['advance', [new Array(100_001).fill(0)], /advance got 100001 frames; at most 100000 per call/],
  ['spawn', [], /spawn expects a body such as/],
  ['spawn', ['box'], /spawn expects a body such as .* got "box"/],
  ['spawn', [{ kind: 'cone' }], /spawn kind = "cone" is invalid: expected one of box, sphere/],
  ['spawn', [{ kind: 'box', scale: -1 }], /spawn scale = -1 is invalid/],
  [
    'spawn',
    [{ kind: 'box', position: [Number.NaN, 0, 0] }],
    /spawn position = \[NaN,0,0\] is invalid: expected an array of 3 finite numbers/,
  ],
  [
    'spawn',
    [{ kind: 'box', velocity: [Infinity, 0, 0] }],
    /spawn velocity = \[Infinity,0,0\] is invalid/,
  ],
  ['spawn', [{ kind: 'box', density: -1 }], /spawn density = -1 is invalid/],
  ['spawn', [{ kind: 'box', mass: 1 }], /Unknown spawn field "mass"/],
  ['hitch', [0], /hitch seconds = 0 is invalid: expected a number from 0.1 to 2/],
  ['hitch', [-1], /hitch seconds = -1 is invalid/],
  ['hitch', [5], /hitch seconds = 5 is invalid/],
  ['hitch', [Number.NaN], /hitch seconds = NaN is invalid/],
  ['hitch', [Infinity], /hitch seconds = Infinity is invalid/],
  ['hitch', ['0.5'], /hitch seconds = "0.5" is invalid/],
  ['track', [-1], /track index = -1 is invalid: expected null or an integer from 0 to 35/],
  ['track', [36], /track index = 36 is invalid/],
  ['track', [1.5], /track index = 1.5 is invalid/],
  ['track', [Number.NaN], /track index = NaN is invalid/],
  ['track', ['0'], /track index = "0" is invalid/],
  ['track', [undefined], /track index = undefined is invalid/],
  ['remove', [], /remove index = undefined is invalid: expected an integer from 0 to 35/],
  [
    'remove',
    [-1],
    /remove index = -1 is invalid: expected an integer from 0 to 35 \(the scene has 36 bodies\)/,
  ],
  ['remove', [36], /remove index = 36 is invalid/],
  ['remove', [1.5], /remove index = 1.5 is invalid/],
  ['remove', [Number.NaN], /remove index = NaN is invalid/],
  ['remove', [Infinity], /remove index = Infinity is invalid/],
  ['remove', ['3'], /remove index = "3" is invalid/],
  ['remove', [null], /remove index = null is invalid/],
  ['remove', [[3]], /remove index = \[3\] is invalid/],
  ['pose', [-1], /pose index = -1 is invalid: expected an integer from 0 to 35/],
  ['pose', [1.5], /pose index = 1.5 is invalid/],
  ['pose', [Number.NaN], /pose index = NaN is invalid/],
  ['pose', [1e9], /pose index = 1000000000 is invalid/],
  ['pose', ['0'], /pose index = "0" is invalid/],
];

test('every API entry point throws a clear Error on bad arguments and changes nothing', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openSandbox(page, '?scene=stack');
  await page.evaluate(async () => await window.sandbox.advance(new Array(10).fill(1 / 60)));
  await page.evaluate(async () => window.sandbox.run());
  const outcomes = await page.evaluate(
    async (calls) => {
      const s = window.sandbox as unknown as Record<string, (...args: unknown[]) => unknown>;
      const snapshot = (): string =>
        JSON.stringify([
          window.sandbox.state(),
          window.sandbox.settings(),
          window.sandbox.stats().tracked,
        ]);
      // Everything runs in this one task, so no animation frame can step the scene in between.
      return calls.map(([method, args]) => {
        const before = snapshot();
        let thrown: unknown = null;
        try {
          s[method]?.(...args);
        } catch (error) {
          thrown = error;
        }
        return {
          isError: thrown instanceof Error,
          message: thrown instanceof Error ? thrown.message : String(thrown),
          unchanged: snapshot() === before,
        };
      });
    },
    BAD_CALLS.map(([method, args]) => [method, args] as [string, unknown[]]),
  );

  outcomes.forEach((outcome, i) => {
    const [method, , pattern] = BAD_CALLS[i] ?? [];
    expect(outcome.isError, `${method} #${i} throws an Error`).toBe(true);
    expect(outcome.message, `${method} #${i}`).toMatch(pattern ?? /never/);
    // Short, the value cut at 60 characters (a scene list names twelve scenes by title and id).
    expect(outcome.message.length, `${method} #${i} message is short`).toBeLessThan(480);
    expect(outcome.unchanged, `${method} #${i} changed nothing`).toBe(true);
  });

  // A rejected `advance` does not stop the animation-frame drive: the scene keeps stepping.
  const step = await page.evaluate(async () => window.sandbox.state().step);
  await expect
    .poll(() => page.evaluate(async () => window.sandbox.state().step))
    .toBeGreaterThan(step);
  // Once steps have run, anything a rejected call had queued would have applied: nothing was.
  expect(await page.evaluate(async () => window.sandbox.state().bodies)).toBe(36);
  expect(errors).toEqual([]);
});

test('the built page ships a CSP that blocks inline script, inline handlers and eval', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openSandbox(page, '');
  const policy = await page
    .locator('meta[http-equiv="Content-Security-Policy"]')
    .getAttribute('content');
  expect(policy).toContain("script-src 'self'");
  // WebAssembly compiled from the app's own bytes is allowed (the solver's sweep kernel); eval
  // and inline code are not.
  const sources = (policy ?? '').split(';').flatMap((directive) => directive.trim().split(/\s+/));
  expect(sources).not.toContain("'unsafe-inline'");
  expect(sources).not.toContain("'unsafe-eval'");
  expect(sources).toContain("'wasm-unsafe-eval'");

  const result = await page.evaluate(async () => {
    const flags = window as unknown as { inlineRan?: boolean; handlerRan?: boolean };
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(event.effectiveDirective),
    );
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true;';
    document.body.appendChild(script);
    const holder = document.createElement('div');
    holder.innerHTML =
      '<img src="data:," onload="window.handlerRan = true" onerror="window.handlerRan = true">';
    // The image's own load or error event (a listener, which the policy allows): an inline
    // handler that were allowed would have run by the time it fires.
    const image = holder.querySelector('img') as HTMLImageElement;
    const imageSettled = new Promise<void>((resolve) => {
      image.addEventListener('load', () => resolve());
      image.addEventListener('error', () => resolve());
    });
    document.body.appendChild(holder);
    // In a task of the page's own: code run by the test driver itself may be exempt from CSP.
    const evalResult = await new Promise<string>((resolve) =>
      setTimeout(() => {
        try {
          (0, eval)('1 + 1');
          resolve('ran');
        } catch (error) {
          resolve(error instanceof Error ? error.name : String(error));
        }
      }, 0),
    );
    await imageSettled;
    // Each refusal is reported by an event; wait for the three (or give up after 10 s and let
    // the assertion below say which is missing).
    const wanted = ['script-src-elem', 'script-src-attr', 'script-src'];
    const deadline = performance.now() + 10_000;
    while (!wanted.every((d) => violations.includes(d)) && performance.now() < deadline) {
      await new Promise<void>((resolve) => {
        document.addEventListener('securitypolicyviolation', () => resolve(), { once: true });
        setTimeout(resolve, deadline - performance.now());
      });
    }
    holder.remove();
    return {
      inlineRan: flags.inlineRan === true,
      handlerRan: flags.handlerRan === true,
      evalResult,
      violations,
    };
  });
  expect(result.inlineRan).toBe(false);
  expect(result.handlerRan).toBe(false);
  expect(result.evalResult).toBe('EvalError');
  expect(result.violations).toEqual(
    expect.arrayContaining(['script-src-elem', 'script-src-attr', 'script-src']),
  );
  // The page itself never needed anything the policy forbids.
  expect(errors.filter((e) => !e.includes('Content Security Policy'))).toEqual([]);
});
