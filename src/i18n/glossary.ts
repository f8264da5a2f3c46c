// The article's terms in each language: a text that uses the English term uses its own
// language's term for it, so one idea keeps one name all over the page.

import type { Language } from './language';

/** The terms of "Fix Your Timestep!" the page names, in English. */
export const TERMS = [
  'accumulator',
  'alpha',
  'spiral of death',
  'interpolation',
  'extrapolation',
  'clamp',
  'step cap',
  'fixed step',
  'hitch',
] as const;
/** One of the article's terms. */
export type Term = (typeof TERMS)[number];

/**
 * Each term per language. Korean and Chinese take the words their game-programming readers
 * know (보간/插值, 외삽/外推); alpha stays a letter's name, as the article's translations keep it.
 */
export const GLOSSARY: Readonly<Record<Language, Readonly<Record<Term, string>>>> = {
  en: {
    accumulator: 'accumulator',
    alpha: 'alpha',
    'spiral of death': 'spiral of death',
    interpolation: 'interpolation',
    extrapolation: 'extrapolation',
    clamp: 'clamp',
    'step cap': 'step cap',
    'fixed step': 'fixed step',
    hitch: 'hitch',
  },
  ko: {
    accumulator: '누적기',
    alpha: '알파',
    'spiral of death': '죽음의 나선',
    interpolation: '보간',
    extrapolation: '외삽',
    clamp: '클램프',
    'step cap': '스텝 상한',
    'fixed step': '고정 스텝',
    hitch: '끊김',
  },
  zh: {
    accumulator: '累加器',
    alpha: 'alpha',
    'spiral of death': '死亡螺旋',
    interpolation: '插值',
    extrapolation: '外推',
    clamp: '钳制',
    'step cap': '步数上限',
    'fixed step': '固定步长',
    hitch: '卡顿',
  },
};
