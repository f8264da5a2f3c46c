// Keys of the URL the page does not read, and keys given twice (issue 44, finding 8): a
// near-miss of a known key (its case, a typo) is named with the key meant, other keys are named
// together, a repeated key says which value is used, and the keys pages commonly carry (utm_*,
// fbclid, …) pass without a word. Every key read anywhere in src/ is one the check knows.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_PARAMS, parseUrlParams } from '../../../src/api/urlParams';
import { setLanguage } from '../../../src/i18n/language';

afterEach(() => setLanguage('en'));

const READ =
  'scene, count, seed, thread, hz, strategy, interp, view, split, display, jitter, hitch, timescale, maxframe, maxsteps, governor, stepcost, paused, shadows, lang, tour';

describe('keys the page does not read', () => {
  it.each([
    ['?scnee=stack', 'scnee', 'scene'],
    ['?HZ=60', 'HZ', 'hz'],
    ['?Scene=stack', 'Scene', 'scene'],
    ['?interpp=off', 'interpp', 'interp'],
    ['?maxstep=5', 'maxstep', 'maxsteps'],
    ['?timescael=0.5', 'timescael', 'timescale'],
    ['?lng=ko', 'lng', 'lang'],
    ['?tuor=2', 'tuor', 'tour'],
  ])('%s names the key and the one meant', (search, key, meant) => {
    const options = parseUrlParams(search, 'playground');
    expect(options.errors).toEqual([
      `URL parameter "${key}" is not one this page reads: did you mean '${meant}'? It was ignored.`,
    ]);
    expect(options.settings).toEqual({});
    expect(options.scene).toBe('playground');
  });

  it('keys near none are named together, with the keys the page reads', () => {
    const options = parseUrlParams('?scene=stack&bodies=500&velocity=3', 'playground');
    expect(options.scene).toBe('stack');
    expect(options.errors).toEqual([
      `URL parameters this page does not read were ignored (2 in all): "bodies", "velocity"; it reads ${READ}.`,
    ]);
  });

  it('many unknown keys are named in one message, the first eight of them', () => {
    const search = `?${Array.from({ length: 500 }, (_, k) => `zzz${k}=1`).join('&')}`;
    const [message, ...rest] = parseUrlParams(search, 'playground').errors;
    expect(rest).toEqual([]);
    expect(message).toMatch(
      /^URL parameters this page does not read were ignored \(500 in all\): "zzz0", .*"zzz7", …; it reads scene,/,
    );
  });

  it.each([
    '?utm_source=mail&utm_medium=email&utm_campaign=x',
    '?fbclid=abc',
    '?gclid=1&msclkid=2&dclid=3',
    '?mc_cid=1&mc_eid=2&_ga=3&_gl=4',
    '?igshid=1&yclid=2&twclid=3&ttclid=4&gbraid=5&wbraid=6',
    '?ref=news',
  ])('keys pages commonly carry pass quietly: %s', (search) => {
    expect(parseUrlParams(`${search}&scene=stack`, 'playground')).toEqual({
      scene: 'stack',
      settings: {},
      errors: [],
      notes: [],
    });
  });

  it('the retired solver key is known (a note, not an unknown key)', () => {
    const options = parseUrlParams('?solver=2', 'playground');
    expect(options.errors).toEqual([]);
    expect(options.notes).toHaveLength(1);
  });
});

describe('keys given more than once', () => {
  it('?hz=60&hz=abc: the first value is used, and the repeat is named', () => {
    const options = parseUrlParams('?hz=60&hz=abc', 'playground');
    expect(options.settings).toEqual({ physicsHz: 60 });
    expect(options.errors).toEqual([
      `URL parameter 'hz' is given 2 times ("60", "abc"): the first is used, the rest ignored.`,
    ]);
  });

  it('?tour=1&tour=zz and ?lang=ko&lang=zh: keys read elsewhere are held to the same rule', () => {
    expect(parseUrlParams('?tour=1&tour=zz', 'playground').errors).toEqual([
      `URL parameter 'tour' is given 2 times ("1", "zz"): the first is used, the rest ignored.`,
    ]);
    expect(parseUrlParams('?lang=ko&lang=zh&lang=en', 'playground').errors).toEqual([
      `URL parameter 'lang' is given 3 times ("ko", "zh", "en"): the first is used, the rest ignored.`,
    ]);
  });

  it('the retired solver key given twice: its note, and the repeat named', () => {
    const options = parseUrlParams('?solver=2&solver=1', 'playground');
    expect(options.notes).toHaveLength(1);
    expect(options.errors).toEqual([
      `URL parameter 'solver' is given 2 times ("2", "1"): the first is used, the rest ignored.`,
    ]);
  });

  it('a key repeated even with the same value is named', () => {
    expect(parseUrlParams('?scene=stack&scene=stack', 'playground').errors).toEqual([
      `URL parameter 'scene' is given 2 times ("stack", "stack"): the first is used, the rest ignored.`,
    ]);
  });
});

describe('in the page’s language', () => {
  it('Korean and Chinese say the same, with the keys as given', () => {
    setLanguage('ko');
    const [ko] = parseUrlParams('?scnee=stack', 'playground').errors;
    expect(ko).toContain('"scnee"');
    expect(ko).toContain("'scene'");
    expect(ko).toMatch(/[가-힣]/);
    setLanguage('zh');
    const [zh] = parseUrlParams('?hz=1&hz=2', 'playground').errors;
    expect(zh).toContain("'hz'");
    expect(zh).toMatch(/[\u4e00-\u9fff]/);
  });
});

/** Every .ts file under `folder`. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('the keys the check knows', () => {
  it('every key src/ reads from a URLSearchParams outside urlParams.ts is in PAGE_PARAMS', () => {
    const read = sourceFiles('src')
      .filter((path) => !path.endsWith(join('api', 'urlParams.ts')))
      .flatMap((path) =>
        [
          ...readFileSync(path, 'utf8').matchAll(/new URLSearchParams\([^)]*\)\.get\('([^']+)'\)/g),
        ].map((match) => match[1]),
      );
    expect(read.sort()).toEqual(['lang', 'tour']);
    expect([...PAGE_PARAMS].sort()).toEqual(read.sort());
  });
});
