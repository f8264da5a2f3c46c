// The tour's chapters, one per step of "Fix Your Timestep!": the scene and settings each
// puts in force, its words (text keys), what it measures, what it offers to try, and the
// article's terms its words must name in every language.

import { DEFAULT_SETTINGS, quoteValue } from '../config/settings';
import type { DisplayRate, Settings } from '../config/settings';
import type { TextKey } from '../i18n/en';
import type { Term } from '../i18n/glossary';
import { t } from '../i18n/language';

/** The chapters' ids, in order: `?tour=` and `sandbox.tour.open` take one (or its number, from 1). */
export const CHAPTER_IDS = [
  'fixed-per-frame',
  'variable',
  'spiral',
  'accumulator',
  'interpolation',
  'hud',
] as const;
/** One chapter's id. */
export type ChapterId = (typeof CHAPTER_IDS)[number];

/** What a chapter's one live figure is. */
export type MeasureKind = 'rate' | 'energy' | 'spiral' | 'stutter' | 'givenUp';
/** What a chapter's button does: a hitch, lift the guards, or a setting switched. */
export type TryKind = 'hitch' | 'liftGuards' | 'interpolationOff' | 'interpolationOn';

/** One chapter: everything but its live state. */
export interface TourChapter {
  id: ChapterId;
  scene: string;
  /** Applied in one patch through the action layer; every chapter names the same keys. */
  settings: Partial<Settings>;
  title: TextKey;
  body: TextKey;
  /** The measurement's visible text, `{value}` filled in. */
  measure: TextKey;
  tryLabel: TextKey;
  measureKind: MeasureKind;
  tryKind: TryKind;
  /**
   * Steady display rates the reader can pick (each restarts the scene at that rate; 'native' is
   * the reader's own display), or none.
   */
  rates: readonly DisplayRate[];
  /** The article's terms this chapter is about: its title and body use each one's own word. */
  terms: readonly Term[];
}

/** The settings every chapter names: what shapes the loop, the physics and the picture. */
const CHAPTER_KEYS: readonly (keyof Settings)[] = [
  'physicsThread',
  'physicsHz',
  'strategy',
  'interpolation',
  'view',
  'display',
  'jitterMs',
  'hitchSeconds',
  'timeScale',
  'maxFrameSeconds',
  'maxStepsPerFrame',
  'paused',
  'stepCostMs',
  'governor',
];

/**
 * The settings every chapter sets, at the sandbox's defaults: a chapter changes a few and the
 * rest are put back, so a chapter looks the same whatever was set before it.
 */
export const CHAPTER_BASE: Readonly<Partial<Settings>> = Object.freeze(
  Object.fromEntries(CHAPTER_KEYS.map((key) => [key, DEFAULT_SETTINGS[key]])),
);

/**
 * What "lift the guards" sets in chapter 3: the clamp and the step cap as loose as they go and
 * the overload governor off, so nothing stops the spiral.
 */
export const LIFTED_GUARDS: Readonly<Partial<Settings>> = Object.freeze({
  maxFrameSeconds: 1,
  maxStepsPerFrame: 100,
  governor: false,
});

/** A step that costs more than its 10 ms of simulated time: 14 ms of work on the page thread. */
export const SPIRAL_STEP_COST_MS = 14;

function chapter(
  id: ChapterId,
  scene: string,
  settings: Partial<Settings>,
  rest: Omit<TourChapter, 'id' | 'scene' | 'settings' | 'rates'> & { rates?: DisplayRate[] },
): TourChapter {
  return { id, scene, settings: { ...CHAPTER_BASE, ...settings }, rates: [], ...rest };
}

/**
 * The steady display rates chapter 2 offers: one where the springs hold and two where they blow
 * up (scenes/spring.ts's SPRINGS_HOLD_FROM_HZ lies between), and the reader's own display.
 */
export const VARIABLE_RATES: readonly DisplayRate[] = ['144', '60', '30', 'native'];

/** The chapters, in the article's order. */
export const CHAPTERS: readonly TourChapter[] = [
  chapter(
    'fixed-per-frame',
    'carousel',
    { strategy: 'fixed-per-frame', display: '30' },
    {
      title: 'tour.fixedPerFrame.title',
      body: 'tour.fixedPerFrame.body',
      measure: 'tour.fixedPerFrame.measure',
      tryLabel: 'tour.fixedPerFrame.try',
      measureKind: 'rate',
      tryKind: 'hitch',
      terms: ['fixed step', 'fixed-per-frame', 'emulated display'],
    },
  ),
  chapter(
    'variable',
    'spring',
    { strategy: 'variable' },
    {
      title: 'tour.variable.title',
      body: 'tour.variable.body',
      measure: 'tour.variable.measure',
      tryLabel: 'tour.variable.try',
      measureKind: 'energy',
      tryKind: 'hitch',
      rates: [...VARIABLE_RATES],
      terms: ['variable step', 'spring', 'hitch', 'clamp'],
    },
  ),
  chapter(
    'spiral',
    // One body: the frames are all the emulated cost, so the spiral is the same on any machine.
    'carousel',
    {
      strategy: 'semi-fixed',
      physicsThread: 'main',
      stepCostMs: SPIRAL_STEP_COST_MS,
      // A tight step cap keeps the guarded frames short (5 × 14 ms), so that once the guards
      // are lifted the chart shows several frames, each longer than the last, before 0.5 s.
      maxStepsPerFrame: 5,
    },
    {
      title: 'tour.spiral.title',
      body: 'tour.spiral.body',
      measure: 'tour.spiral.measure',
      tryLabel: 'tour.spiral.try',
      measureKind: 'spiral',
      tryKind: 'liftGuards',
      terms: ['semi-fixed', 'spiral of death', 'clamp', 'step cap', 'governor', 'given up'],
    },
  ),
  chapter(
    'accumulator',
    'carousel',
    { strategy: 'accumulator', interpolation: 'off', display: '60' },
    {
      title: 'tour.accumulator.title',
      body: 'tour.accumulator.body',
      measure: 'tour.accumulator.measure',
      tryLabel: 'tour.accumulator.try',
      measureKind: 'stutter',
      tryKind: 'interpolationOn',
      terms: ['accumulator', 'fixed step', 'stutter', 'hash'],
    },
  ),
  chapter(
    'interpolation',
    'carousel',
    { strategy: 'accumulator', interpolation: 'interpolate', display: '60', view: 'ghost' },
    {
      title: 'tour.interpolation.title',
      body: 'tour.interpolation.body',
      measure: 'tour.interpolation.measure',
      tryLabel: 'tour.interpolation.try',
      measureKind: 'stutter',
      tryKind: 'interpolationOff',
      terms: ['interpolation', 'alpha', 'extrapolation', 'ghost', 'stutter'],
    },
  ),
  chapter(
    'hud',
    'stack',
    {},
    {
      title: 'tour.hud.title',
      body: 'tour.hud.body',
      measure: 'tour.hud.measure',
      tryLabel: 'tour.hud.try',
      measureKind: 'givenUp',
      tryKind: 'hitch',
      terms: ['hitch', 'clamp', 'step cap', 'governor', 'given up'],
    },
  ),
];

/** The valid ways to name a chapter, in the page's language: its number or its id (quoted). */
function validChapters(): string {
  return t('tour.validChapters', {
    count: CHAPTERS.length,
    ids: CHAPTER_IDS.map((id) => `'${id}'`).join(t('list.separator')),
  });
}

/** A chapter's number as written: digits, no leading zero. */
const NUMBER = /^[1-9][0-9]*$/;

/**
 * The chapter a link or a script names: its id, or its number from 1 to the chapters' count (a
 * number or the text of one). Anything else throws an Error, in the page's language, naming the
 * valid ids.
 */
export function findChapter(chapter: unknown): TourChapter {
  const text = typeof chapter === 'number' ? String(chapter) : chapter;
  if (typeof text === 'string') {
    const byId = CHAPTERS.find((entry) => entry.id === text);
    if (byId) return byId;
    const byNumber = NUMBER.test(text) ? CHAPTERS[Number(text) - 1] : undefined;
    if (byNumber) return byNumber;
  }
  throw new Error(t('tour.badChapter', { value: quoteValue(chapter), valid: validChapters() }));
}

/**
 * The chapter `?tour=` opens: null when there is none, or (with an error in the page's language
 * naming the valid values) when it names none.
 * @param search `location.search`.
 */
export function chapterFromUrl(search: string): {
  chapter: TourChapter | null;
  error: string | null;
} {
  const text = new URLSearchParams(search).get('tour');
  if (text === null) return { chapter: null, error: null };
  try {
    return { chapter: findChapter(text), error: null };
  } catch {
    return {
      chapter: null,
      error: t('tour.badLink', { value: quoteValue(text), valid: validChapters() }),
    };
  }
}
