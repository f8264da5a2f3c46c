// Every entry point of `window.sandbox`, through the real app (BrowserApp on a fake DOM, physics
// on this thread), fed generated arguments: each call succeeds or throws at the call an Error
// that names what was wrong (or the caller's own getter's or proxy's error, unchanged); a refused
// call changes no step, hash, body, setting, language, recording or replay; every promise settles.

import { fc, it } from '@fast-check/vitest';
import { beforeAll, describe, expect } from 'vitest';
import type { SandboxApi } from '../../../src/api/scriptingApi';
import { DEFAULT_SETTINGS, SETTING_SPECS } from '../../../src/config/settings';
import { SCENES } from '../../../src/scenes/registry';
import { findChapter } from '../../../src/tour/chapters';
import { sandboxInNode } from '../../support/sandboxInNode';
import { expectRefusal, hostile, oddNumber, outcomeOf, prototypeName } from './generators';
import { mutated, mutationOf } from './mutations';

/** Generated cases per entry point. */
const RUNS = 25;

let sandbox: SandboxApi;
let savedState: unknown;
let recording: unknown;

beforeAll(async () => {
  sandbox = (await sandboxInNode('stack', { count: 12 })).sandbox;
  await sandbox.advance([1 / 60, 1 / 60, 1 / 60]);
  savedState = await sandbox.saveState();
  await sandbox.record({ hashEvery: 2, keyframeEvery: 5 });
  sandbox.spawn({ kind: 'sphere', position: [0, 6, 0] });
  await sandbox.advance(Array.from({ length: 8 }, () => 1 / 60));
  recording = await sandbox.stopRecording();
});

/** Everything a refused call must leave as it was. */
function observed(): unknown {
  const stats = sandbox.stats();
  return {
    state: sandbox.state(),
    settings: sandbox.settings(),
    language: sandbox.language(),
    tour: sandbox.tour.current(),
    recording: stats.recording,
    replay: stats.replay,
    tracked: stats.tracked,
  };
}

/** The settings every run starts from (an accepted `set` may have changed them). */
const START_SETTINGS = { ...DEFAULT_SETTINGS, physicsThread: 'main' as const };

/** Back to a small stack with the start's settings when a run left too little or too much. */
async function tidy(): Promise<void> {
  if (sandbox.language() !== 'en') sandbox.setLanguage('en');
  sandbox.set(START_SETTINGS);
  const bodies = sandbox.state().bodies;
  if (bodies < 4 || bodies > 200) await sandbox.load('stack', { count: 12 });
}

/**
 * The property for one entry point: `call` succeeds (its promise settling), or throws at the call
 * an Error matching `names`, and then nothing observable changed.
 */
async function holds(call: () => unknown, names: RegExp): Promise<void> {
  await tidy();
  const before = observed();
  const outcome = await outcomeOf(call);
  if (outcome.ok) return;
  expectRefusal(outcome.error, names);
  expect(outcome.sync, 'a bad argument throws at the call, before any promise').toBe(true);
  expect(observed()).toEqual(before);
}

/** A scene load that builds in a moment: each scene, a count from its lowest few. */
const cheapLoad = fc.constantFrom(...SCENES).chain((scene) =>
  fc.record({
    scene: fc.constant(scene.id),
    options: scene.count
      ? fc.record(
          {
            count: fc.integer({
              min: scene.count.min,
              max: Math.min(
                scene.count.max,
                scene.count.min + 40,
                scene.id === 'pyramid' ? 4 : Infinity,
              ),
            }),
            seed: fc.oneof(fc.nat(), fc.constant(-0)),
          },
          { requiredKeys: [] },
        )
      : fc.record({ seed: fc.nat() }, { requiredKeys: [] }),
  }),
);

/** A settings value of the right kind for `key`, in range or out of it, or anything. */
const settingPatch = fc.dictionary(
  fc.oneof(
    fc.constantFrom(...Object.keys(SETTING_SPECS)),
    prototypeName,
    fc.string({ maxLength: 12 }),
  ),
  fc.oneof(
    fc.constantFrom(
      ...Object.values(SETTING_SPECS).flatMap((spec) =>
        spec.type === 'choice' ? [...spec.choices] : [],
      ),
    ),
    fc.double(),
    fc.boolean(),
    oddNumber,
    hostile,
  ),
  { maxKeys: 3 },
);

/** A call that makes the world jump, named as a counterexample prints it. */
const jump = fc.oneof(
  cheapLoad.map((load) => ({
    name: `load(${load.scene}, ${JSON.stringify(load.options)})`,
    run: () => sandbox.load(load.scene, load.options),
  })),
  fc.constant({ name: 'loadState(saved)', run: () => sandbox.loadState(savedState) }),
  fc.constant({ name: 'replay(recording)', run: () => sandbox.replay(recording) }),
  fc.constant({ name: 'seek(3)', run: () => sandbox.seek(3) }),
);

const index = fc.oneof(fc.integer({ min: -2, max: 40 }), oddNumber, hostile);

describe('window.sandbox under generated arguments', () => {
  it.prop(
    [
      fc.oneof(
        cheapLoad.map((load) => [load.scene, load.options] as const),
        fc.tuple(fc.oneof(hostile, fc.constantFrom('Stack', ' stack', 'pile ')), hostile),
        fc.tuple(
          fc.constantFrom('stack', 'carousel', 'pyramid'),
          fc.record(
            {
              count: fc.oneof(oddNumber, hostile, fc.integer()),
              seed: fc.oneof(oddNumber, hostile, fc.integer()),
            },
            { requiredKeys: [] },
          ),
        ),
      ),
    ],
    { numRuns: RUNS },
  )('load(scene, options)', ([scene, options]) =>
    holds(
      () => sandbox.load(scene as string, options as object),
      /^(load |Unknown load option|Unknown scene|The scene |count = |seed = )/,
    ),
  );

  it.prop([fc.oneof(settingPatch, hostile)], { numRuns: RUNS })('set(patch)', (patch) =>
    holds(() => sandbox.set(patch as object), /^(Unknown setting|Setting '|Settings patch)/),
  );

  it.prop(
    [
      fc.oneof(
        fc.record(
          {
            kind: fc.oneof(
              fc.constantFrom('box', 'sphere', 'cylinder', 'dumbbell', 'gem'),
              hostile,
            ),
            position: fc.oneof(fc.tuple(fc.double(), fc.double(), fc.double()), hostile),
            scale: fc.oneof(fc.double({ min: 0, max: 60 }), hostile),
            velocity: fc.oneof(fc.tuple(fc.double(), fc.double(), fc.double()), hostile),
            density: fc.oneof(fc.double(), hostile),
          },
          { requiredKeys: ['kind'] },
        ),
        hostile,
      ),
    ],
    { numRuns: RUNS },
  )('spawn(spec)', (spec) =>
    holds(() => sandbox.spawn(spec as never), /^(spawn |Unknown spawn field)/),
  );

  it.prop([index], { numRuns: RUNS })('remove(index)', (value) =>
    holds(() => sandbox.remove(value as number), /^remove index/),
  );

  it.prop([index], { numRuns: RUNS })('pose(index)', (value) =>
    holds(() => sandbox.pose(value as number), /^(pose index|Body \d+ has not been drawn)/),
  );

  it.prop([index], { numRuns: RUNS })('track(index)', (value) =>
    holds(() => sandbox.track(value as number), /^track index/),
  );

  it.prop([fc.oneof(fc.double({ min: 0, max: 3 }), oddNumber, hostile)], { numRuns: RUNS })(
    'hitch(seconds)',
    (value) => holds(() => sandbox.hitch(value as number), /^hitch seconds/),
  );

  it.prop(
    [
      fc.oneof(
        fc.array(fc.oneof(fc.double({ min: 0, max: 0.05 }), oddNumber), { maxLength: 6 }),
        hostile,
      ),
    ],
    { numRuns: RUNS },
  )('advance(frames)', (frames) => holds(() => sandbox.advance(frames as number[]), /^advance /));

  it.prop(
    [
      fc
        .oneof(
          fc.constant(null),
          fc.nat().map(() => savedState),
        )
        .chain((state) =>
          state === null ? hostile : mutationOf(savedState).map((m) => mutated(savedState, m)),
        ),
      fc.boolean(),
    ],
    { numRuns: RUNS },
  )('loadState(state), as an object or its JSON text', (state, asText) => {
    let input = state;
    if (asText) {
      try {
        input = JSON.stringify(state);
      } catch {
        input = state;
      }
    }
    return holds(() => sandbox.loadState(input), /^Saved state: /);
  });

  it.prop(
    [
      fc.oneof(
        hostile,
        mutationOf(recording).map((m) => mutated(recording, m)),
      ),
    ],
    { numRuns: RUNS },
  )('replay(recording)', async (value) => {
    if (sandbox.stats().recording) await sandbox.stopRecording();
    await holds(() => sandbox.replay(value), /^Recording: /);
  });

  it.prop([fc.oneof(fc.integer({ min: -2, max: 12 }), oddNumber, hostile)], { numRuns: RUNS })(
    'seek(step), a replay loaded',
    async (step) => {
      if (!sandbox.stats().replay) await sandbox.replay(recording);
      await holds(() => sandbox.seek(step as number), /^seek: step = /);
    },
  );

  it.prop(
    [
      fc.oneof(
        fc.record(
          {
            hashEvery: fc.oneof(fc.integer({ min: 0, max: 1001 }), hostile),
            keyframeEvery: fc.oneof(fc.integer({ min: 0, max: 2000 }), hostile),
          },
          { requiredKeys: [] },
        ),
        hostile,
      ),
    ],
    { numRuns: RUNS },
  )('record(options)', async (options) => {
    if (sandbox.stats().recording) await sandbox.stopRecording();
    await holds(() => sandbox.record(options as object), /^(record options: |Already recording)/);
  });

  it.prop(
    [
      fc.oneof(
        fc.record(
          { keyframes: fc.oneof(fc.constantFrom('all', 'first', 'none'), hostile) },
          { requiredKeys: [] },
        ),
        hostile,
      ),
    ],
    { numRuns: RUNS },
  )('stopRecording(options), recording', async (options) => {
    if (!sandbox.stats().recording) await sandbox.record();
    await holds(() => sandbox.stopRecording(options as never), /^stopRecording options: /);
  });

  it.prop([fc.oneof(fc.constantFrom('en', 'ko', 'zh', 'EN', 'ja', ''), hostile)], {
    numRuns: RUNS,
  })('setLanguage(language)', (language) =>
    holds(() => sandbox.setLanguage(language as 'en'), /^language = /),
  );

  it.prop([hostile.filter((value) => !opensChapter(value))], { numRuns: RUNS })(
    'tour.open(chapter), a chapter it does not have',
    (chapter) => holds(() => sandbox.tour.open(chapter as string), /^tour chapter /),
  );

  it.prop([fc.array(jump, { minLength: 2, maxLength: 4 })], { numRuns: 10 })(
    'overlapping loads, states, replays and seeks all settle',
    async (jumps) => {
      await tidy();
      if (sandbox.stats().recording) await sandbox.stopRecording();
      const outcomes = await Promise.all(jumps.map((next) => outcomeOf(next.run)));
      for (const outcome of outcomes) {
        if (!outcome.ok) expectRefusal(outcome.error, /^seek needs a replay/);
      }
    },
  );
});

/** Whether `value` names a tour chapter (the tour's own check says so). */
function opensChapter(value: unknown): boolean {
  try {
    findChapter(value);
    return true;
  } catch {
    return false;
  }
}
