// Reads the start-up state from the URL (?scene=pile&count=500&seed=7&hz=60&interp=off&paused=1).
// Each parameter is checked on its own: a bad one yields a message and its default, the rest apply;
// keys it does not read, and keys given twice, are named too.

import {
  SETTING_SPECS,
  describeSpec,
  quoteValue,
  retiredSolverNote,
  validateValue,
} from '../config/settings';
import type { Settings } from '../config/settings';
import { t } from '../i18n/language';
import { sceneList, sceneName } from '../app/sceneText';
import { urlKeyMessages } from './urlKeys';
import {
  countProblem,
  DEFAULT_SEED,
  MAX_SEED,
  SCENES,
  findScene,
  seedProblem,
} from '../scenes/registry';

/**
 * What the page starts with, from its URL: the scene, its options and settings, what was refused
 * (`errors`) and what was read but means nothing now (`notes`, shown as information).
 */
export interface StartupOptions {
  scene: string;
  count?: number;
  seed?: number;
  settings: Partial<Settings>;
  errors: string[];
  notes: string[];
}

/** URL name → setting; short names because people type them. */
export const SETTING_PARAMS: Readonly<Record<string, keyof Settings>> = {
  thread: 'physicsThread',
  hz: 'physicsHz',
  strategy: 'strategy',
  interp: 'interpolation',
  view: 'view',
  split: 'splitRight',
  display: 'display',
  jitter: 'jitterMs',
  hitch: 'hitchSeconds',
  timescale: 'timeScale',
  maxframe: 'maxFrameSeconds',
  maxsteps: 'maxStepsPerFrame',
  governor: 'governor',
  stepcost: 'stepCostMs',
  paused: 'paused',
  shadows: 'shadows',
};

/**
 * Every URL parameter the page reads for the simulation. Anything else is reported (see
 * urlKeys.ts), but for PAGE_PARAMS and the keys links pick up on their way (utm_*, fbclid, …).
 */
export const URL_PARAMS = ['scene', 'count', 'seed', ...Object.keys(SETTING_PARAMS)] as const;

/**
 * URL parameters read elsewhere: `lang` (the page's words, i18n/language.ts) and `tour` (the
 * chapter a tour link opens, tour/chapters.ts). Known here, so neither is reported as unknown.
 */
export const PAGE_PARAMS = ['lang', 'tour'] as const;

/**
 * Parameters of older links that no longer choose anything: `solver` asked for the contact
 * solver's sweeps on one thread or two, and the solver now runs on one. A link naming one loads
 * as if it did not, with a note rather than an error.
 */
export const RETIRED_PARAMS = ['solver'] as const;

/** A plain decimal number ("60", "0.5", "-1", "2e3"); "", " ", "0x10" and "Infinity" are not. */
const NUMBER_PATTERN = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

function parseNumber(text: string): number {
  return NUMBER_PATTERN.test(text) ? Number(text) : Number.NaN;
}

function parseBoolean(text: string): boolean | undefined {
  if (text === '1' || text === 'true') return true;
  if (text === '0' || text === 'false') return false;
  return undefined;
}

/**
 * Reads the page's URL. A bad parameter never stops the page: it is listed in `errors` (naming
 * the value and what is valid) and its default is used.
 * @param search `location.search`.
 * @param defaultScene the scene when the URL names none (or none that exists).
 * @returns the options to start with, and the messages to show.
 */
export function parseUrlParams(search: string, defaultScene: string): StartupOptions {
  const params = new URLSearchParams(search);
  const options: StartupOptions = { scene: defaultScene, settings: {}, errors: [], notes: [] };

  const sceneText = params.get('scene');
  if (sceneText !== null) {
    if (findScene(sceneText)) options.scene = sceneText;
    else {
      options.errors.push(
        t('url.badScene', {
          value: quoteValue(sceneText),
          valid: sceneList(SCENES.map((s) => s.id)),
          scene: sceneName(defaultScene),
        }),
      );
    }
  }

  const countText = params.get('count');
  if (countText !== null) {
    const range = findScene(options.scene)?.count;
    const count = parseNumber(countText);
    if (!range) {
      options.errors.push(t('url.fixedCount', { scene: sceneName(options.scene) }));
    } else if (countProblem(range, count)) {
      options.errors.push(
        t('url.badCount', {
          value: quoteValue(countText),
          scene: sceneName(options.scene),
          expected: t('spec.integer', { min: range.min, max: range.max }),
          count: range.default,
        }),
      );
    } else options.count = count;
  }

  const seedText = params.get('seed');
  if (seedText !== null) {
    const seed = parseNumber(seedText);
    const seedIssue = seedProblem(seed);
    if (seedIssue) {
      options.errors.push(
        t('url.badSeed', {
          value: quoteValue(seedText),
          expected: t('spec.integer', { min: 0, max: MAX_SEED }),
          seed: DEFAULT_SEED,
        }),
      );
    } else options.seed = seed;
  }

  for (const [param, key] of Object.entries(SETTING_PARAMS)) {
    const text = params.get(param);
    if (text === null) continue;
    const spec = SETTING_SPECS[key];
    const value =
      spec.type === 'number'
        ? parseNumber(text)
        : spec.type === 'boolean'
          ? parseBoolean(text)
          : text;
    const result = validateValue(key, value);
    if (result.ok) (options.settings as Record<string, unknown>)[key] = result.value;
    else {
      const expected = spec.type === 'boolean' ? t('url.booleanSpec') : describeSpec(spec);
      options.errors.push(t('url.badSetting', { param, value: quoteValue(text), expected }));
    }
  }
  for (const param of RETIRED_PARAMS) {
    const text = params.get(param);
    const note =
      text === null
        ? null
        : retiredSolverNote(t('url.retiredName', { param }), text, t('url.retiredOutcome'));
    if (note !== null) options.notes.push(note);
  }
  options.errors.push(...urlKeyMessages(params, [...URL_PARAMS, ...PAGE_PARAMS], RETIRED_PARAMS));
  return options;
}
