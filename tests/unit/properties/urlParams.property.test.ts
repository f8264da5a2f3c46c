// The URL parser (api/urlParams.ts, api/urlKeys.ts), fed generated query strings: it never throws,
// starts a scene that exists with valid options and settings, accounts for every key (read, named
// in a message, or one links pick up on their way), keeps its messages short whatever the URL's
// length, and reads back exactly the settings a link was written with.

import { fc, it } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  PAGE_PARAMS,
  RETIRED_PARAMS,
  SETTING_PARAMS,
  URL_PARAMS,
  parseUrlParams,
} from '../../../src/api/urlParams';
import { SETTING_SPECS, validatePatch } from '../../../src/config/settings';
import { countProblem, findScene, seedProblem, SCENES } from '../../../src/scenes/registry';
import { hostile, markup, oddNumber, prototypeName } from './generators';

const KNOWN = [...URL_PARAMS, ...PAGE_PARAMS, ...RETIRED_PARAMS];

/** A key: one the page reads, one a letter or a case away, one links carry, or anything. */
const key = fc.oneof(
  fc.constantFrom(...KNOWN),
  fc.constantFrom(...KNOWN).map((name) => name.toUpperCase()),
  fc.constantFrom(...KNOWN).map((name) => `${name}s`),
  fc.constantFrom('utm_source', 'fbclid', 'gclid', 'ref'),
  prototypeName,
  fc.string({ maxLength: 12 }),
);

/** A value: a number's text, a word, markup, or any value's text. */
const value = fc.oneof(
  fc.double().map(String),
  oddNumber.map((n) => (Object.is(n, -0) ? '-0' : String(n))),
  fc.constantFrom('1', '0', 'true', 'off', 'worker', 'main', 'stack', 'pile', ''),
  markup,
  hostile.map((v) => {
    try {
      return String(v);
    } catch {
      return 'x';
    }
  }),
);

/** A query string built from keys and values (encoded as a browser would send them). */
const query = fc
  .array(fc.tuple(key, value), { maxLength: 12 })
  .map((pairs) => `?${new URLSearchParams(pairs).toString()}`);

describe('URL parser', () => {
  it.prop([fc.oneof(query, fc.string({ maxLength: 400 }))], { numRuns: 300 })(
    'never throws; a scene that exists, valid options and settings; every key accounted for',
    (search) => {
      const options = parseUrlParams(search, 'playground');
      const scene = findScene(options.scene);
      expect(scene).toBeDefined();
      if (options.count !== undefined) {
        expect(scene?.count && countProblem(scene.count, options.count)).toBeNull();
      }
      if (options.seed !== undefined) expect(seedProblem(options.seed)).toBeNull();
      expect(validatePatch(options.settings)).toEqual(options.settings);
      const messages = [...options.errors, ...options.notes];
      for (const message of messages) expect(message.length).toBeLessThan(1200);
      const said = messages.join('\n');
      const params = new URLSearchParams(search);
      for (const name of new Set(params.keys())) {
        const quiet =
          /^utm_/i.test(name) || ['fbclid', 'gclid', 'ref'].includes(name.toLowerCase());
        if (KNOWN.includes(name as never)) {
          if (params.getAll(name).length > 1) expect(said).toContain(`'${name}' is given`);
        } else if (!quiet && messages.length > 0) {
          // Named, or (past the eighth) counted in the list of keys the page does not read.
          expect(said).toMatch(/not one this page reads|does not read/);
        } else if (!quiet) expect.unreachable(`key ${JSON.stringify(name)} passed without a word`);
      }
    },
  );

  it.prop(
    [
      fc.integer({ min: 1, max: 3 }).chain((n) =>
        fc.array(fc.tuple(key, fc.string({ minLength: 2000, maxLength: 4000 })), {
          minLength: n,
          maxLength: n * 200,
        }),
      ),
    ],
    { numRuns: 20 },
  )('a long URL gives short messages, a bounded number of them', (pairs) => {
    const options = parseUrlParams(`?${new URLSearchParams(pairs).toString()}`, 'stack');
    expect(options.errors.length).toBeLessThanOrEqual(KNOWN.length * 2 + 10);
    for (const message of options.errors) expect(message.length).toBeLessThan(1200);
  });

  const validSettings = fc.record(
    Object.fromEntries(
      Object.entries(SETTING_PARAMS).map(([, setting]) => {
        const spec = SETTING_SPECS[setting];
        const arbitrary: fc.Arbitrary<unknown> =
          spec.type === 'number'
            ? spec.integer
              ? fc.integer({ min: spec.min, max: spec.max })
              : fc.double({ min: spec.min, max: spec.max, noNaN: true })
            : spec.type === 'choice'
              ? fc.constantFrom(...spec.choices)
              : fc.boolean();
        return [setting, arbitrary];
      }),
    ),
    { requiredKeys: [] },
  );

  it.prop([fc.constantFrom(...SCENES), fc.nat({ max: 0xffffffff }), validSettings], {
    numRuns: 150,
  })(
    'a link written with valid values reads back exactly, without a word',
    (scene, seed, settings) => {
      const pairs: [string, string][] = [
        ['scene', scene.id],
        ['seed', String(seed)],
      ];
      if (scene.count) pairs.push(['count', String(scene.count.max)]);
      for (const [param, setting] of Object.entries(SETTING_PARAMS)) {
        const v = (settings as Record<string, unknown>)[setting];
        if (v !== undefined)
          pairs.push([param, typeof v === 'boolean' ? (v ? '1' : '0') : String(v)]);
      }
      const options = parseUrlParams(`?${new URLSearchParams(pairs).toString()}`, 'playground');
      expect(options.errors).toEqual([]);
      expect(options.scene).toBe(scene.id);
      expect(options.seed).toBe(seed);
      expect(options.count).toBe(scene.count?.max);
      expect(options.settings).toEqual(settings);
    },
  );
});
