// The fifteen URL parameters that set a setting (thread, solver, hz … shadows): every valid value lands in the
// settings unchanged, and every kind of bad value is named, quoted, with what is valid, while the
// setting keeps its default (it is left out of `settings`) and the other parameters still apply.

import { describe, expect, it } from 'vitest';
import { parseUrlParams, SETTING_PARAMS, URL_PARAMS } from '../../../src/api/urlParams';
import type { Settings } from '../../../src/config/settings';

/**
 * The contract, written out here rather than read from the settings specs, so that a changed
 * range or a parameter that stops being read fails this file: URL name, setting, the values it
 * must accept (text → value) and the phrase naming what is valid.
 */
interface ParamContract {
  param: string;
  key: keyof Settings;
  valid: [string, unknown][];
  expected: string;
}

const MODES = "one of 'interpolate', 'off', 'extrapolate', 'hermite'";
const BOOLEAN = '1, 0, true or false';
const BOOLEANS: [string, unknown][] = [
  ['1', true],
  ['true', true],
  ['0', false],
  ['false', false],
];

const NUMBER_PARAMS: ParamContract[] = [
  {
    param: 'hz',
    key: 'physicsHz',
    valid: [
      ['5', 5],
      ['59.94', 59.94],
      ['240', 240],
    ],
    expected: 'a number from 5 to 240',
  },
  {
    param: 'jitter',
    key: 'jitterMs',
    valid: [
      ['0', 0],
      ['4.5', 4.5],
      ['20', 20],
    ],
    expected: 'a number from 0 to 20',
  },
  {
    param: 'hitch',
    key: 'hitchSeconds',
    valid: [
      ['0.1', 0.1],
      ['.5', 0.5],
      ['2', 2],
    ],
    expected: 'a number from 0.1 to 2',
  },
  {
    param: 'timescale',
    key: 'timeScale',
    valid: [
      ['0.05', 0.05],
      ['0.5', 0.5],
      ['2', 2],
    ],
    expected: 'a number from 0.05 to 2',
  },
  {
    param: 'maxframe',
    key: 'maxFrameSeconds',
    valid: [
      ['0.01', 0.01],
      ['0.25', 0.25],
      ['1', 1],
    ],
    expected: 'a number from 0.01 to 1',
  },
  {
    param: 'maxsteps',
    key: 'maxStepsPerFrame',
    valid: [
      ['1', 1],
      ['25', 25],
      ['1e2', 100],
    ],
    expected: 'an integer from 1 to 100',
  },
  {
    param: 'stepcost',
    key: 'stepCostMs',
    valid: [
      ['0', 0],
      ['14', 14],
      ['40', 40],
    ],
    expected: 'a number from 0 to 40',
  },
];

const CHOICE_PARAMS: ParamContract[] = [
  {
    param: 'thread',
    key: 'physicsThread',
    valid: ['worker', 'main'].map((v) => [v, v]),
    expected: "one of 'worker', 'main'",
  },
  {
    param: 'strategy',
    key: 'strategy',
    valid: ['accumulator', 'semi-fixed', 'variable', 'fixed-per-frame'].map((v) => [v, v]),
    expected: "one of 'accumulator', 'semi-fixed', 'variable', 'fixed-per-frame'",
  },
  {
    param: 'interp',
    key: 'interpolation',
    valid: ['interpolate', 'off', 'extrapolate', 'hermite'].map((v) => [v, v]),
    expected: MODES,
  },
  {
    param: 'view',
    key: 'view',
    valid: ['single', 'split', 'ghost'].map((v) => [v, v]),
    expected: "one of 'single', 'split', 'ghost'",
  },
  {
    param: 'split',
    key: 'splitRight',
    valid: ['interpolate', 'off', 'extrapolate', 'hermite'].map((v) => [v, v]),
    expected: MODES,
  },
  {
    param: 'display',
    key: 'display',
    valid: ['native', '30', '50', '60', '75', '120', '144'].map((v) => [v, v]),
    expected: "one of 'native', '30', '50', '60', '75', '120', '144'",
  },
];

const BOOLEAN_PARAMS: ParamContract[] = [
  { param: 'paused', key: 'paused', valid: BOOLEANS, expected: BOOLEAN },
  { param: 'shadows', key: 'shadows', valid: BOOLEANS, expected: BOOLEAN },
  { param: 'governor', key: 'governor', valid: BOOLEANS, expected: BOOLEAN },
];

const ALL = [...NUMBER_PARAMS, ...CHOICE_PARAMS, ...BOOLEAN_PARAMS];

/** The one message a bad value must give: parameter, quoted value, what is valid, the fallback. */
function messageFor(contract: ParamContract, quoted: string): string {
  return `URL parameter '${contract.param}' = ${quoted} is invalid: expected ${contract.expected}. Using the default.`;
}

/** Bad text for each setting, by kind, and how it is quoted back. */
function badValues(contract: ParamContract): [string, string][] {
  if (BOOLEAN_PARAMS.includes(contract)) {
    return [
      ['yes', '"yes"'],
      ['TRUE', '"TRUE"'],
      ['2', '"2"'],
      ['', '""'],
    ];
  }
  if (CHOICE_PARAMS.includes(contract)) {
    const first = String(contract.valid[0]?.[1]);
    // A choice of digits ('1', '2') has no case to get wrong: a number near it instead.
    const near = first.toUpperCase() === first ? `${first}.0` : first.toUpperCase();
    return [
      [near, JSON.stringify(near)],
      ['3', '"3"'],
      [` ${first}`, JSON.stringify(` ${first}`)],
      ['bogus', '"bogus"'],
      ['', '""'],
      ['<script>x</script>', '"<script>x</script>"'],
    ];
  }
  const values = contract.valid.map(([, value]) => value as number);
  const min = Math.min(...values);
  const max = Math.max(...values);
  // Just outside the range: below by a thousandth of the minimum (or −0.001 at a minimum of 0).
  const below = String(min === 0 ? -0.001 : min - min / 1000);
  const above = String(max + max / 1000);
  const bad: [string, string][] = [
    [below, JSON.stringify(below)],
    [above, JSON.stringify(above)],
    ['-1', '"-1"'],
    ['abc', '"abc"'],
    ['', '""'],
    [' ', '" "'],
    ['NaN', '"NaN"'],
    ['Infinity', '"Infinity"'],
    ['1e309', '"1e309"'],
    ['0x10', '"0x10"'],
    ['5px', '"5px"'],
  ];
  if (contract.key === 'maxStepsPerFrame') bad.push(['2.5', '"2.5"']);
  return bad;
}

describe('URL parameters that set a setting', () => {
  it('the table above covers every setting parameter the parser reads: 16, with scene, count and seed 19', () => {
    expect(ALL.map((c) => c.param).sort()).toEqual(Object.keys(SETTING_PARAMS).sort());
    expect(ALL.map((c) => c.key).sort()).toEqual(Object.values(SETTING_PARAMS).sort());
    expect([...URL_PARAMS].sort()).toEqual(
      ['scene', 'count', 'seed', ...ALL.map((c) => c.param)].sort(),
    );
    expect(URL_PARAMS).toHaveLength(19);
  });

  for (const contract of ALL) {
    describe(`${contract.param} → ${contract.key}`, () => {
      it.each(contract.valid)(`${contract.param}=%s is applied as %s`, (text, value) => {
        const options = parseUrlParams(
          `?${contract.param}=${encodeURIComponent(text)}`,
          'playground',
        );
        expect(options.errors).toEqual([]);
        expect(options.settings).toEqual({ [contract.key]: value });
      });

      it.each(badValues(contract))(
        `${contract.param}=%j is named with what is valid, and the default kept`,
        (text, quoted) => {
          const options = parseUrlParams(
            `?${contract.param}=${encodeURIComponent(text)}&seed=9`,
            'playground',
          );
          expect(options.errors).toEqual([messageFor(contract, quoted)]);
          expect(options.settings).toEqual({});
          // The other parameters still apply.
          expect(options.seed).toBe(9);
        },
      );
    });
  }

  it('a 5000-character value is quoted cut to 60 characters', () => {
    for (const contract of ALL) {
      const long = 'x'.repeat(5000);
      const options = parseUrlParams(`?${contract.param}=${long}`, 'playground');
      expect(options.errors).toEqual([messageFor(contract, `"${'x'.repeat(56)}...`)]);
    }
  });

  it('every parameter at once, as docs/timestep-lab.md shows them, with no error', () => {
    const options = parseUrlParams(
      '?hz=60&interp=off&paused=1&timescale=0.5&maxframe=0.25&maxsteps=25&shadows=0' +
        '&strategy=variable&view=split&split=extrapolate&display=30&jitter=4&hitch=0.5',
      'playground',
    );
    expect(options.errors).toEqual([]);
    expect(options.settings).toEqual({
      physicsHz: 60,
      interpolation: 'off',
      paused: true,
      timeScale: 0.5,
      maxFrameSeconds: 0.25,
      maxStepsPerFrame: 25,
      shadows: false,
      strategy: 'variable',
      view: 'split',
      splitRight: 'extrapolate',
      display: '30',
      jitterMs: 4,
      hitchSeconds: 0.5,
    });
  });

  it('every parameter bad at once: one line each, nothing applied', () => {
    const query = ALL.map((c) => `${c.param}=bad`).join('&');
    const options = parseUrlParams(`?${query}`, 'playground');
    expect(options.settings).toEqual({});
    expect([...options.errors].sort()).toEqual(ALL.map((c) => messageFor(c, '"bad"')).sort());
  });
});
