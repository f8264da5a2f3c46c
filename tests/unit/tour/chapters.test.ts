// The tour's chapters: the ids and links that name them, settings the real validation accepts,
// and each chapter's words naming the article's terms it is about in every language.

import { describe, expect, it } from 'vitest';
import { validatePatch } from '../../../src/config/settings';
import { GLOSSARY, termForms } from '../../../src/i18n/glossary';
import { LANGUAGES, setLanguage, textIn } from '../../../src/i18n/language';
import { findScene } from '../../../src/scenes/registry';
import {
  CHAPTER_IDS,
  CHAPTERS,
  chapterFromUrl,
  findChapter,
  LIFTED_GUARDS,
} from '../../../src/tour/chapters';

describe('tour chapters', () => {
  it('six chapters in the article order, each on a scene that exists', () => {
    expect(CHAPTERS.map((chapter) => chapter.id)).toEqual([
      'fixed-per-frame',
      'variable',
      'spiral',
      'accumulator',
      'interpolation',
      'hud',
    ]);
    for (const chapter of CHAPTERS) expect(findScene(chapter.scene), chapter.id).toBeTruthy();
  });

  it("every chapter's settings, and the lifted guards, pass the settings' own validation", () => {
    for (const chapter of CHAPTERS) {
      expect(validatePatch(chapter.settings), chapter.id).toEqual(chapter.settings);
    }
    expect(validatePatch(LIFTED_GUARDS)).toEqual(LIFTED_GUARDS);
  });

  it('each chapter sets the same keys, so one chapter never inherits another one’s setting', () => {
    const keys = Object.keys(CHAPTERS[0]?.settings ?? {}).sort();
    for (const chapter of CHAPTERS) expect(Object.keys(chapter.settings).sort()).toEqual(keys);
  });

  it('the chapters are the loops the issue names', () => {
    const strategies = CHAPTERS.map((chapter) => chapter.settings.strategy);
    expect(strategies.slice(0, 5)).toEqual([
      'fixed-per-frame',
      'variable',
      'semi-fixed',
      'accumulator',
      'accumulator',
    ]);
    const spiral = findChapter('spiral').settings;
    // A step must cost more than the dt it simulates, or there is no spiral to show.
    expect((spiral.stepCostMs ?? 0) / 1000).toBeGreaterThan(1 / (spiral.physicsHz ?? 1));
    expect(spiral.physicsThread).toBe('main');
    expect(findChapter('accumulator').settings.interpolation).toBe('off');
    expect(findChapter('interpolation').settings.interpolation).toBe('interpolate');
  });

  it('a chapter is found by id, by number and by the text of a number', () => {
    CHAPTER_IDS.forEach((id, i) => {
      expect(findChapter(id).id).toBe(id);
      expect(findChapter(i + 1).id).toBe(id);
      expect(findChapter(String(i + 1)).id).toBe(id);
    });
  });

  it('anything else throws an Error naming the value and every valid id', () => {
    const past = CHAPTERS.length + 1;
    const expected = new RegExp(
      `tour chapter .* is invalid: expected a number from 1 to ${CHAPTERS.length} or one of`,
    );
    for (const bad of [0, past, String(past), '01', 1.5, '', ' 1', 'Spiral', null, undefined, {}]) {
      expect(() => findChapter(bad)).toThrowError(expected);
    }
    expect(() => findChapter([1])).toThrowError(expected);
    try {
      findChapter('nope');
    } catch (error) {
      const text = (error as Error).message;
      expect(text).toContain('"nope"');
      for (const id of CHAPTER_IDS) expect(text).toContain(`'${id}'`);
    }
  });

  it('?tour= opens a chapter; a bad value is an error in the page’s language, no chapter', () => {
    expect(chapterFromUrl('?scene=pile')).toEqual({ chapter: null, error: null });
    expect(chapterFromUrl('?tour=3').chapter?.id).toBe('spiral');
    expect(chapterFromUrl('?tour=hud').chapter?.id).toBe('hud');
    const bad = chapterFromUrl('?tour=99');
    expect(bad.chapter).toBeNull();
    expect(bad.error).toMatch(
      new RegExp(
        `^URL parameter 'tour' = "99" is invalid: expected a number from 1 to ${CHAPTERS.length} or one of`,
      ),
    );
    try {
      setLanguage('ko');
      expect(chapterFromUrl('?tour=x').error).toBe(
        'URL 매개변수 \'tour\' = "x": 올바르지 않은 값입니다. 필요한 값: 1부터 6까지의 수, 또는 ' +
          "'fixed-per-frame', 'variable', 'spiral', 'accumulator', 'interpolation', 'hud' 중 하나. " +
          '투어를 열지 않습니다.',
      );
      setLanguage('zh');
      expect(() => findChapter('x')).toThrowError(
        "导览章节 \"x\" 无效：应为 1 到 6 的数字，或 'fixed-per-frame'、'variable'、'spiral'、" +
          "'accumulator'、'interpolation'、'hud' 之一。",
      );
    } finally {
      setLanguage('en');
    }
  });
});

describe('tour texts', () => {
  for (const language of LANGUAGES) {
    it(`${language}: each chapter's title and words use the glossary's terms it is about`, () => {
      const missing: string[] = [];
      for (const chapter of CHAPTERS) {
        const words = `${textIn(language, chapter.title)} ${textIn(language, chapter.body)}`;
        for (const term of chapter.terms) {
          // English names an idea as the glossary's pattern finds it; the others by its forms.
          const forms = termForms(language, term);
          const named =
            language === 'en'
              ? GLOSSARY[term].english.test(words)
              : forms.some((form) => words.toLowerCase().includes(form.toLowerCase()));
          if (!named) {
            missing.push(`${chapter.id}: ${term} → ${forms.join(' / ')}`);
          }
        }
      }
      expect(missing).toEqual([]);
    });
  }

  it('the chapters about the article’s terms name them (the check above is not vacuous)', () => {
    expect(findChapter('spiral').terms).toEqual(
      expect.arrayContaining(['semi-fixed', 'spiral of death', 'clamp', 'step cap', 'governor']),
    );
    expect(findChapter('hud').terms).toEqual(
      expect.arrayContaining(['hitch', 'clamp', 'step cap', 'governor', 'given up']),
    );
    expect(findChapter('accumulator').terms).toContain('accumulator');
    expect(findChapter('interpolation').terms).toEqual(
      expect.arrayContaining(['interpolation', 'alpha', 'extrapolation']),
    );
  });

  it('Korean and Chinese texts are written in their own script, not left in English', () => {
    for (const chapter of CHAPTERS) {
      expect(textIn('ko', chapter.body)).toMatch(/[\uac00-\ud7a3]/);
      expect(textIn('zh', chapter.body)).toMatch(/[\u4e00-\u9fff]/);
      expect(textIn('ko', chapter.body)).not.toBe(textIn('en', chapter.body));
    }
  });
});
