// One word per idea: every text, in every language, that names an idea of the glossary uses
// that language's word for it (per term and per key); the parts of given-up time come in one
// order wherever two of them are named; and no entry is dead weight.

import { describe, expect, it } from 'vitest';
import { EN } from '../../../src/i18n/en';
import type { TextKey } from '../../../src/i18n/en';
import { GIVEN_UP_PARTS, GLOSSARY, TERMS, termForms } from '../../../src/i18n/glossary';
import type { Term } from '../../../src/i18n/glossary';
import { LANGUAGES, TABLES } from '../../../src/i18n/language';

const KEYS = Object.keys(EN) as TextKey[];

/**
 * An English text with its code taken out: placeholders, quoted ids and values ('lang',
 * "save state"), calls (`replay(recording)`) and dotted names (`window.sandbox`). What is left
 * is what a reader reads as words.
 */
function words(text: string): string {
  return text
    .replace(/\{\w+\}/g, ' ')
    .replace(/'[^']*'|"[^"]*"/g, ' ')
    .replace(/\b\w+\([^)]*\)/g, ' ')
    .replace(/\b\w+\.\w+\b/g, ' ');
}

/** Whether `text` (in `language`) uses one of the term's forms. */
function uses(text: string, language: (typeof LANGUAGES)[number], term: Term): boolean {
  const lower = text.toLowerCase();
  return termForms(language, term).some((form) => lower.includes(form.toLowerCase()));
}

/** Whether a text names two or more parts of given-up time out of the one order. */
function partsOutOfOrder(text: string, language: (typeof LANGUAGES)[number]): boolean {
  const lower = text.toLowerCase();
  const at = GIVEN_UP_PARTS.map((part) =>
    Math.min(
      ...termForms(language, part).map((form) => {
        const i = lower.indexOf(form.toLowerCase());
        return i < 0 ? Infinity : i;
      }),
    ),
  ).filter((i) => i < Infinity);
  return at.some((i, n) => n > 0 && i < (at[n - 1] ?? 0));
}

/** The keys whose English names `term`. */
function keysNaming(term: Term): TextKey[] {
  return KEYS.filter((key) => GLOSSARY[term].english.test(words(EN[key])));
}

describe('glossary: one word per idea per language', () => {
  for (const language of LANGUAGES.filter((name) => name !== 'en')) {
    for (const term of TERMS) {
      it(`${language}: every text naming “${term}” says ${termForms(language, term).join(' / ')}`, () => {
        const missing = keysNaming(term).filter(
          (key) => !uses(TABLES[language][key], language, term),
        );
        expect(missing.map((key) => `${key}: ${TABLES[language][key]}`)).toEqual([]);
      });
    }
  }

  for (const language of LANGUAGES) {
    it(`${language}: the parts of given-up time always come in the order clamp, step cap, governor`, () => {
      const disordered = KEYS.filter((key) => partsOutOfOrder(TABLES[language][key], language));
      expect(disordered).toEqual([]);
    });
  }

  it('every idea is named by some English text, and every language’s word is in use', () => {
    const unnamed = TERMS.filter((term) => keysNaming(term).length === 0);
    expect(unnamed).toEqual([]);
    for (const language of LANGUAGES.filter((name) => name !== 'en')) {
      const unused = TERMS.filter(
        (term) => !KEYS.some((key) => uses(TABLES[language][key], language, term)),
      );
      expect(unused, language).toEqual([]);
    }
  });

  it('the code in a text is not taken for words; the order check sees a wrong order', () => {
    expect(words('seek needs a replay: call replay(recording) first.')).not.toMatch(/recording/);
    expect(words("URL parameter 'tour' = {value}")).not.toMatch(/tour|value/);
    expect(partsOutOfOrder('given up 3 s (governor 1 · clamp 2)', 'en')).toBe(true);
    expect(partsOutOfOrder('given up 3 s (clamp 2 · governor 1)', 'en')).toBe(false);
    expect(partsOutOfOrder('버린 시간 (조절기 1 · 스텝 상한 2)', 'ko')).toBe(true);
  });

  it('the parts of given-up time are three distinct words in every language', () => {
    for (const language of LANGUAGES) {
      const parts = GIVEN_UP_PARTS.map((part) => GLOSSARY[part].words[language].word);
      expect(new Set(parts).size, language).toBe(3);
    }
  });
});
