// The one typed settings object: defaults, valid ranges and validation.
// The panel, the URL parser and `sandbox.set` all validate through `validatePatch`, so a value is
// judged the same way wherever it comes from; its messages are in the page's language.

import { t } from '../i18n/language';
import { quoteValue } from '../i18n/quote';
import { INTERPOLATION_MODES } from 'fixed-step/interpolation';
import type { InterpolationMode } from 'fixed-step/interpolation';
import { STRATEGIES } from 'fixed-step/loop';
import type { Strategy } from 'fixed-step/loop';

export { quoteValue };

// The render modes and the loops are the package's (fixed-step): the settings choose among them.
export { INTERPOLATION_MODES } from 'fixed-step/interpolation';
export type { InterpolationMode } from 'fixed-step/interpolation';
export { STRATEGIES } from 'fixed-step/loop';
export type { Strategy } from 'fixed-step/loop';

export const VIEWS = ['single', 'split', 'ghost'] as const;
export type View = (typeof VIEWS)[number];

/** Emulated display rates: a steady display of this rate, its frames exactly 1/rate s each. */
export const DISPLAY_RATES = ['native', '30', '50', '60', '75', '120', '144'] as const;
export type DisplayRate = (typeof DISPLAY_RATES)[number];

/** Where physics steps: a worker of its own (default), or the page's main thread. */
export const PHYSICS_THREADS = ['worker', 'main'] as const;
export type PhysicsThreadSetting = (typeof PHYSICS_THREADS)[number];

export interface Settings {
  /**
   * Where physics steps. In a worker it keeps its pace however slowly the page draws, and the
   * page never waits for it; on the main thread physics and drawing share each frame.
   */
  physicsThread: PhysicsThreadSetting;
  /** Fixed physics rate; dt = 1 / physicsHz. */
  physicsHz: number;
  /** How the physics is advanced each frame. */
  strategy: Strategy;
  /** How a frame is drawn from the previous and current physics snapshot (the left view in split). */
  interpolation: InterpolationMode;
  /** single view, split (left: `interpolation`, right: `splitRight`), or ghost (raw snapshot overlay). */
  view: View;
  /** Render mode of the right half in the split view. */
  splitRight: InterpolationMode;
  /**
   * A steady display of this rate on any real one: the loop gets its frames, exactly 1/rate s
   * each (several in one animation frame above the real rate), drawn in the frames they fall due.
   */
  display: DisplayRate;
  /** Random ± milliseconds added to every frame time the loop sees (seeded, reproducible). */
  jitterMs: number;
  /** Length of the one long frame the hitch button injects. */
  hitchSeconds: number;
  /** Simulated seconds per real second. */
  timeScale: number;
  /** Longest real frame the loop accepts; longer frames are clamped (a hitch slows the sim down). */
  maxFrameSeconds: number;
  /** Most physics steps one frame may take; the rest of the backlog is dropped, not carried. */
  maxStepsPerFrame: number;
  /**
   * The overload governor: when steps cost more than real time allows, the simulation slows
   * down evenly. Off, only the clamp and the step cap stand between a dear step and a spiral.
   */
  governor: boolean;
  /**
   * Work (ms) the page thread spends before each step, emulating a dearer physics step, so the
   * spiral of death can be shown on any machine. 0: none.
   */
  stepCostMs: number;
  paused: boolean;
  shadows: boolean;
}

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  physicsThread: 'worker',
  physicsHz: 100,
  strategy: 'accumulator',
  interpolation: 'interpolate',
  view: 'single',
  splitRight: 'off',
  display: 'native',
  jitterMs: 0,
  hitchSeconds: 0.5,
  timeScale: 1,
  // 0.25 s is the article's clamp: a quarter second is the longest hitch worth simulating; past
  // that the user has looked away (hidden tab, debugger) and catching up would only explode.
  maxFrameSeconds: 0.25,
  // 25 steps = the whole 0.25 s clamp at 100 Hz; lower rates never reach it, higher ones (240 Hz)
  // drop the tail of a long hitch rather than spend a frame on 60 steps.
  maxStepsPerFrame: 25,
  governor: true,
  stepCostMs: 0,
  paused: false,
  shadows: true,
});

export interface NumberSpec {
  type: 'number';
  min: number;
  max: number;
  integer: boolean;
  step: number;
}
export interface ChoiceSpec {
  type: 'choice';
  choices: readonly string[];
}
export interface BooleanSpec {
  type: 'boolean';
}
export type SettingSpec = NumberSpec | ChoiceSpec | BooleanSpec;

export const SETTING_SPECS: { readonly [K in keyof Settings]: SettingSpec } = {
  physicsThread: { type: 'choice', choices: PHYSICS_THREADS },
  physicsHz: { type: 'number', min: 5, max: 240, integer: false, step: 1 },
  strategy: { type: 'choice', choices: STRATEGIES },
  interpolation: { type: 'choice', choices: INTERPOLATION_MODES },
  view: { type: 'choice', choices: VIEWS },
  splitRight: { type: 'choice', choices: INTERPOLATION_MODES },
  display: { type: 'choice', choices: DISPLAY_RATES },
  jitterMs: { type: 'number', min: 0, max: 20, integer: false, step: 0.5 },
  hitchSeconds: { type: 'number', min: 0.1, max: 2, integer: false, step: 0.05 },
  timeScale: { type: 'number', min: 0.05, max: 2, integer: false, step: 0.05 },
  maxFrameSeconds: { type: 'number', min: 0.01, max: 1, integer: false, step: 0.01 },
  maxStepsPerFrame: { type: 'number', min: 1, max: 100, integer: true, step: 1 },
  governor: { type: 'boolean' },
  stepCostMs: { type: 'number', min: 0, max: 40, integer: false, step: 0.5 },
  paused: { type: 'boolean' },
  shadows: { type: 'boolean' },
};

export function isSettingKey(key: string): key is keyof Settings {
  return Object.prototype.hasOwnProperty.call(SETTING_SPECS, key);
}

/** Human-readable description of what a setting accepts, used in every error message. */
export function describeSpec(spec: SettingSpec): string {
  if (spec.type === 'number') {
    const range = { min: spec.min, max: spec.max };
    return spec.integer ? t('spec.integer', range) : t('spec.number', range);
  }
  if (spec.type === 'choice') {
    return t('spec.oneOf', { choices: spec.choices.map((c) => `'${c}'`).join(', ') });
  }
  return t('spec.boolean');
}

/** Checks one value against its spec; returns the accepted value or an error message. */
export function validateValue(
  key: string,
  value: unknown,
): { ok: true; value: unknown } | { ok: false; message: string } {
  if (!isSettingKey(key)) {
    return {
      ok: false,
      message: t('setting.unknown', {
        key: quoteValue(key),
        valid: Object.keys(SETTING_SPECS).join(', '),
      }),
    };
  }
  const spec = SETTING_SPECS[key];
  const fail = {
    ok: false as const,
    message: t('setting.invalid', { key, value: quoteValue(value), expected: describeSpec(spec) }),
  };
  if (spec.type === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value)) return fail;
    if (spec.integer && !Number.isInteger(value)) return fail;
    if (value < spec.min || value > spec.max) return fail;
    return { ok: true, value };
  }
  if (spec.type === 'choice') {
    if (typeof value !== 'string' || !spec.choices.includes(value)) return fail;
    return { ok: true, value };
  }
  if (typeof value !== 'boolean') return fail;
  return { ok: true, value };
}

/**
 * Validates a whole patch before anything is applied, so a bad key or value changes nothing.
 * Throws an Error naming the setting, the value and what is valid.
 */
export function validatePatch(patch: unknown): Partial<Settings> {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
    throw new Error(t('setting.notObject', { value: quoteValue(patch) }));
  }
  const accepted: Record<string, unknown> = {};
  for (const key of Object.keys(patch)) {
    const result = validateValue(key, (patch as Record<string, unknown>)[key]);
    if (!result.ok) throw new Error(result.message);
    accepted[key] = result.value;
  }
  return accepted;
}

/**
 * Settings older versions had and this one no longer reads: `solverThreads` ('1' | '2') chose
 * the contact solver's threads, and the solver now runs on one. A patch that names one (saved
 * from an older `settings()`) applies without it (see withoutRetiredSettings).
 */
export const RETIRED_SETTINGS = ['solverThreads'] as const;

/**
 * The note for a retired solver-threads choice named `what` (a setting or a URL parameter) with
 * `value`, ending in what happened instead; null for '1', which asked for what happens anyway.
 */
export function retiredSolverNote(what: string, value: unknown, outcome: string): string | null {
  if (value === '1') return null;
  return t('setting.retired', { what, value: quoteValue(value), outcome });
}

/**
 * `patch` without the settings it names that are retired, and a note for each that asked for
 * something other than what happens now (shown as information, not an error). Anything that is
 * not a plain object is returned as it is, for validatePatch to refuse.
 */
export function withoutRetiredSettings(patch: unknown): { patch: unknown; notes: string[] } {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
    return { patch, notes: [] };
  }
  const rest: Record<string, unknown> = { ...patch };
  const notes: string[] = [];
  for (const key of RETIRED_SETTINGS) {
    if (!Object.prototype.hasOwnProperty.call(rest, key)) continue;
    const note = retiredSolverNote(
      t('setting.retiredName', { key }),
      rest[key],
      t('setting.retiredOutcome'),
    );
    if (note !== null) notes.push(note);
    delete rest[key];
  }
  return { patch: rest, notes };
}
