// The URL's scene, count and seed, and how bad parameters are reported. The thirteen parameters
// that set a setting are covered value by value in urlSettingParams.test.ts.

import { describe, expect, it } from 'vitest';
import { parseUrlParams } from '../../../src/api/urlParams';

const SCENE_LIST =
  'playground, stack, dominoes, pile, carousel, spring, tunnel, determinism, rain, tower, avalanche, pyramid';

/** Each scene's title as the panel shows it in English: messages name a scene so, id quoted. */
const TITLES: Record<string, string> = {
  playground: 'Playground',
  stack: 'Stack',
  dominoes: 'Dominoes',
  pile: 'Pile',
  carousel: 'Carousel',
  spring: 'Spring chain',
  tunnel: 'Tunnelling',
  determinism: 'Determinism (60 vs 144 Hz)',
  rain: 'Rain (stress)',
  tower: 'Tower (stress)',
  avalanche: 'Avalanche (stress)',
  pyramid: 'Pyramid (stress)',
};
const named = (id: string): string => `${TITLES[id] ?? '?'} '${id}'`;

/** Each sized scene's count range and default, written out as the contract (README, panel). */
const COUNT_RANGES: [scene: string, min: number, max: number, fallback: number][] = [
  ['playground', 0, 1000, 40],
  ['stack', 1, 600, 36],
  ['dominoes', 2, 500, 90],
  ['pile', 1, 5000, 300],
  ['determinism', 1, 300, 40],
  ['rain', 100, 5000, 900],
  ['tower', 100, 5000, 1300],
  ['avalanche', 100, 5000, 1300],
  ['pyramid', 1, 15, 7],
];
const FIXED_SIZE = ['carousel', 'spring', 'tunnel'];

describe('parseUrlParams', () => {
  it('a link naming two solver threads (solver=2, now retired) loads with one and a note, not an error', () => {
    const options = parseUrlParams('?scene=pyramid&count=9&solver=2&hz=60', 'playground');
    expect(options).toEqual({
      scene: 'pyramid',
      count: 9,
      settings: { physicsHz: 60 },
      errors: [],
      notes: [
        `URL parameter 'solver' = "2" is retired: the contact solver now runs on one thread, with the same physics bit for bit, so the page loaded with one.`,
      ],
    });
    // One thread asked for is what happens: nothing to say.
    expect(parseUrlParams('?solver=1', 'playground')).toEqual({
      scene: 'playground',
      settings: {},
      errors: [],
      notes: [],
    });
    // Any other value of the retired parameter is noted too, shortened like an error's value.
    const flood = parseUrlParams(`?solver=${'9'.repeat(5000)}`, 'playground');
    expect(flood.errors).toEqual([]);
    expect(flood.notes).toHaveLength(1);
    expect(flood.notes[0]?.length).toBeLessThan(260);
  });

  it('reads scene, count, seed and settings together', () => {
    const options = parseUrlParams(
      '?scene=pile&count=500&seed=7&hz=60&interp=off&paused=1&timescale=0.5',
      'playground',
    );
    expect(options).toEqual({
      scene: 'pile',
      count: 500,
      seed: 7,
      settings: { physicsHz: 60, interpolation: 'off', paused: true, timeScale: 0.5 },
      errors: [],
      notes: [],
    });
  });

  it('uses defaults with no parameters, and ignores parameters it does not know', () => {
    expect(parseUrlParams('', 'playground')).toEqual({
      scene: 'playground',
      settings: {},
      errors: [],
      notes: [],
    });
    expect(parseUrlParams('?utm_source=mail', 'stack')).toEqual({
      scene: 'stack',
      settings: {},
      errors: [],
      notes: [],
    });
  });

  it('bad parameters do not stop good ones', () => {
    const options = parseUrlParams('?hz=fast&interp=off&seed=-3', 'playground');
    expect(options.settings).toEqual({ interpolation: 'off' });
    expect(options.errors).toHaveLength(2);
  });
});

describe('scene', () => {
  it.each(SCENE_LIST.split(', '))('scene=%s is loaded', (scene) => {
    expect(parseUrlParams(`?scene=${scene}`, 'playground')).toEqual({
      scene,
      settings: {},
      errors: [],
      notes: [],
    });
  });

  it.each([
    ['Pile', '"Pile"'],
    ['pile ', '"pile "'],
    ['', '""'],
    ['<img src=x onerror=alert(1)>', '"<img src=x onerror=alert(1)>"'],
    ['x'.repeat(5000), `"${'x'.repeat(56)}...`],
  ])('scene=%j is named as text with every valid scene; the default is used', (text, quoted) => {
    const options = parseUrlParams(`?scene=${encodeURIComponent(text)}`, 'stack');
    expect(options.scene).toBe('stack');
    expect(options.errors).toEqual([
      `URL parameter 'scene' = ${quoted} is not a scene; the scenes are ${SCENE_LIST.split(', ').map(named).join(', ')}. Using Stack 'stack'.`,
    ]);
  });
});

describe('count', () => {
  it('the table above names every scene', () => {
    const named = [...COUNT_RANGES.map(([scene]) => scene), ...FIXED_SIZE].sort();
    expect(named).toEqual(SCENE_LIST.split(', ').sort());
  });

  for (const [scene, min, max, fallback] of COUNT_RANGES) {
    it(`${scene}: ${min} and ${max} are taken; outside, fractions and words are named with the range`, () => {
      for (const count of [min, max]) {
        const options = parseUrlParams(`?scene=${scene}&count=${count}`, 'playground');
        expect(options.errors).toEqual([]);
        expect(options.count).toBe(count);
      }
      for (const text of [String(min - 1), String(max + 1), `${min}.5`, 'abc', '', '1e309']) {
        const options = parseUrlParams(
          `?scene=${scene}&count=${encodeURIComponent(text)}`,
          'playground',
        );
        expect(options.count).toBeUndefined();
        expect(options.scene).toBe(scene);
        expect(options.errors).toEqual([
          `URL parameter 'count' = ${JSON.stringify(text)} is invalid for the scene ${named(scene)}: expected an integer from ${min} to ${max}. Using ${fallback}.`,
        ]);
      }
    });
  }

  it.each(FIXED_SIZE)('%s has a fixed size: a count is refused and said to be ignored', (scene) => {
    const options = parseUrlParams(`?scene=${scene}&count=3`, 'playground');
    expect(options.scene).toBe(scene);
    expect(options.count).toBeUndefined();
    expect(options.errors).toEqual([
      `URL parameter 'count' is ignored: the scene ${named(scene)} has a fixed size.`,
    ]);
  });

  it('with an unknown scene the count is judged for the scene that is loaded instead', () => {
    const taken = parseUrlParams('?scene=nope&count=1000', 'playground');
    expect(taken.scene).toBe('playground');
    expect(taken.count).toBe(1000);
    expect(taken.errors).toHaveLength(1);
    const refused = parseUrlParams('?scene=nope&count=1001', 'playground');
    expect(refused.count).toBeUndefined();
    expect(refused.errors[1]).toBe(
      `URL parameter 'count' = "1001" is invalid for the scene Playground 'playground': expected an integer from 0 to 1000. Using 40.`,
    );
  });
});

describe('seed', () => {
  it.each([0, 7, 4294967295])('seed=%s is taken', (seed) => {
    const options = parseUrlParams(`?seed=${seed}`, 'playground');
    expect(options.errors).toEqual([]);
    expect(options.seed).toBe(seed);
  });

  it.each(['-1', '4294967296', '1.5', 'abc', '', ' ', 'Infinity', '1e309', '0x10'])(
    'seed=%j is named with the valid range, and seed 1 is used',
    (text) => {
      const options = parseUrlParams(`?seed=${encodeURIComponent(text)}`, 'playground');
      expect(options.seed).toBeUndefined();
      expect(options.errors).toEqual([
        `URL parameter 'seed' = ${JSON.stringify(text)} is invalid: expected an integer from 0 to 4294967295. Using 1.`,
      ]);
    },
  );
});
