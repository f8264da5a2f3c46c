// One word per idea per language, for every surface (panel, HUD, messages, tour): where the
// article's Korean and Chinese readers have a word (반고정, 죽음의 나선, 보간, 축적기; 半固定,
// 死亡螺旋, 插值) it is theirs, elsewhere one is chosen and kept. tests/unit/i18n/glossary.test.ts
// holds every text to it.

import type { Language } from './language';

/** The ideas the page names. */
export const TERMS = [
  'fixed step',
  'fixed-per-frame',
  'variable step',
  'semi-fixed',
  'accumulator',
  'alpha',
  'interpolation',
  'extrapolation',
  'spiral of death',
  'clamp',
  'step cap',
  'governor',
  'given up',
  'hitch',
  'slow motion',
  'stutter',
  'frame jitter',
  'ghost',
  'emulated display',
  'display',
  'worker',
  'main thread',
  'simulation',
  'real time',
  'physics',
  'step',
  'frame',
  'body',
  'scene',
  'spring',
  'energy',
  'tracked body',
  'recording',
  'replay',
  'saved state',
  'hash',
  'determinism',
  'time scale',
  'render mode',
  'split view',
  'tour',
] as const;
/** One idea the page names. */
export type Term = (typeof TERMS)[number];

/** How one language writes an idea: its word, and (where the word inflects) the forms it takes. */
export interface TermWord {
  /** The word, as a label or a glossary shows it. */
  word: string;
  /** Every form a sentence may use (the word's stem and inflections); the word itself if absent. */
  forms?: readonly string[];
}

/** One idea: how English texts name it (a pattern), and each language's word. */
export interface GlossaryEntry {
  /**
   * What in an English text names the idea (case-insensitive; code such as `replay(recording)`,
   * `{placeholders}` and quoted ids are taken out before matching).
   */
  english: RegExp;
  words: Readonly<Record<Language, TermWord>>;
}

function entry(english: RegExp, en: string, ko: TermWord | string, zh: TermWord | string) {
  const word = (w: TermWord | string): TermWord => (typeof w === 'string' ? { word: w } : w);
  return { english, words: { en: { word: en }, ko: word(ko), zh: word(zh) } };
}

/** Every idea's words. */
export const GLOSSARY: Readonly<Record<Term, GlossaryEntry>> = {
  'fixed step': entry(/\bfixed steps?\b|\bfixed dt\b/i, 'fixed step', '고정 스텝', '固定步长'),
  'fixed-per-frame': entry(
    /fixed-per-frame|step per frame/i,
    'fixed-per-frame',
    { word: '프레임마다 고정', forms: ['프레임마다'] },
    { word: '每帧固定', forms: ['每帧'] },
  ),
  'variable step': entry(/\bvariable\b/i, 'variable', '가변', '可变'),
  'semi-fixed': entry(/semi-fixed/i, 'semi-fixed', '반고정', '半固定'),
  accumulator: entry(/accumulator/i, 'accumulator', '축적기', '累加器'),
  alpha: entry(/\balpha\b/i, 'alpha', '알파', 'alpha'),
  interpolation: entry(/\binterpolat/i, 'interpolation', '보간', '插值'),
  extrapolation: entry(/\bextrapolat/i, 'extrapolation', '외삽', '外推'),
  'spiral of death': entry(/spiral of death/i, 'spiral of death', '죽음의 나선', '死亡螺旋'),
  clamp: entry(/\bclamp/i, 'clamp', '클램프', '钳制'),
  'step cap': entry(/step cap|max steps/i, 'step cap', '스텝 상한', '步数上限'),
  governor: entry(/governor/i, 'governor', '조절기', '调节器'),
  'given up': entry(
    /\bgiven up\b|\bgives? (?:\w+ )?up\b|\bgiving up\b/i,
    'given up',
    { word: '버린 시간', forms: ['버린', '버리', '버려', '버립', '버림'] },
    '放弃',
  ),
  hitch: entry(/\bhitch/i, 'hitch', '끊김', '卡顿'),
  'slow motion': entry(
    /slow motion|slow-down|slows? down/i,
    'slow motion',
    {
      word: '슬로 모션',
      forms: ['슬로 모션', '느려'],
    },
    { word: '慢动作', forms: ['慢动作', '变慢'] },
  ),
  stutter: entry(/stutter|judder/i, 'stutter', { word: '버벅임', forms: ['버벅'] }, '抖动'),
  'frame jitter': entry(/\bjitter\b/i, 'jitter', '흔들림', '波动'),
  ghost: entry(/\bghost/i, 'ghost', '고스트', '残影'),
  'emulated display': entry(
    /emulated(?: \S+){0,2} display/i,
    'emulated display',
    '가상 화면',
    '虚拟显示器',
  ),
  display: entry(/\bdisplay\b/i, 'display', '화면', '显示'),
  worker: entry(/\bworker\b/i, 'worker', '워커', '工作线程'),
  'main thread': entry(
    /main thread|page's own thread/i,
    'main thread',
    {
      word: '메인 스레드',
      forms: ['메인 스레드', '페이지 자체 스레드'],
    },
    { word: '主线程', forms: ['主线程', '页面自身的线程'] },
  ),
  simulation: entry(/\bsimulat|\bsim\b/i, 'simulation', '시뮬레이션', '模拟'),
  'real time': entry(/\breal(ly)?\b/i, 'real', '실제', '真实'),
  physics: entry(/\bphysics\b/i, 'physics', '물리', '物理'),
  step: entry(/\bsteps?\b/i, 'step', '스텝', '步'),
  frame: entry(/\bframes?\b/i, 'frame', '프레임', '帧'),
  body: entry(/\bbod(y|ies)\b/i, 'body', '물체', '物体'),
  scene: entry(/\bscenes?\b/i, 'scene', '장면', '场景'),
  spring: entry(/\bsprings?\b/i, 'spring', '스프링', '弹簧'),
  energy: entry(/\benergy\b/i, 'energy', '에너지', '能量'),
  'tracked body': entry(/\btrack(ed|s|ing)?\b(?! index)/i, 'track', '추적', '追踪'),
  recording: entry(/\brecord(ing|ed)?s?\b/i, 'recording', '기록', '录制'),
  replay: entry(/\breplay/i, 'replay', '재생', '回放'),
  'saved state': entry(/\bstates?\b/i, 'state', '상태', '状态'),
  hash: entry(/\bhash/i, 'hash', '해시', '哈希'),
  determinism: entry(/determinism/i, 'determinism', '결정성', '确定性'),
  'time scale': entry(/time scale/i, 'time scale', '시간 배율', '时间倍率'),
  'render mode': entry(/render mode/i, 'render mode', '그리기 방식', '绘制方式'),
  'split view': entry(/^split|split view|split:/i, 'split', '분할', '分屏'),
  tour: entry(/\btour\b/i, 'tour', '투어', '导览'),
};

/** The three parts of given-up time, in the one order every text names them. */
export const GIVEN_UP_PARTS = ['clamp', 'step cap', 'governor'] as const satisfies readonly Term[];

/** The word for `term` in `language`. */
export function termWord(language: Language, term: Term): string {
  return GLOSSARY[term].words[language].word;
}

/** Every form `term` takes in `language` (its word when it does not inflect). */
export function termForms(language: Language, term: Term): readonly string[] {
  const word = GLOSSARY[term].words[language];
  return word.forms ?? [word.word];
}
