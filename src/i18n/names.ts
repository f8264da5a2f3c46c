// Which text names each choice's value (a setting's choices, the shape kinds), wherever a person
// reads one (the panel, the view labels, messages): the values stay English for the API and the
// URL; only what a person reads changes. (A scene's title and hint are keys on its definition.)

import type { TextKey } from './en';
import { t } from './language';

/**
 * The shown name of each choice value the panel offers (display rates show their digits) and of
 * each shape kind; panelTexts.test.ts walks the settings' table and the shape kinds against it.
 */
const CHOICE_TEXTS: Readonly<Record<string, TextKey>> = {
  worker: 'choice.thread.worker',
  main: 'choice.thread.main',
  accumulator: 'choice.strategy.accumulator',
  'semi-fixed': 'choice.strategy.semiFixed',
  variable: 'choice.strategy.variable',
  'fixed-per-frame': 'choice.strategy.fixedPerFrame',
  interpolate: 'choice.render.interpolate',
  off: 'choice.render.off',
  extrapolate: 'choice.render.extrapolate',
  hermite: 'choice.render.hermite',
  single: 'choice.view.single',
  split: 'choice.view.split',
  ghost: 'choice.view.ghost',
  native: 'choice.display.native',
  box: 'choice.shape.box',
  sphere: 'choice.shape.sphere',
  cylinder: 'choice.shape.cylinder',
  dumbbell: 'choice.shape.dumbbell',
  gem: 'choice.shape.gem',
};

/** The text naming choice `value`, or undefined when it shows as itself (a display rate). */
export function choiceText(value: string): TextKey | undefined {
  return Object.prototype.hasOwnProperty.call(CHOICE_TEXTS, value)
    ? CHOICE_TEXTS[value]
    : undefined;
}

/** A value's shown name (a shape kind, a strategy…) in the page's language; else the value. */
export function choiceName(value: string): string {
  const key = choiceText(value);
  return key === undefined ? value : t(key);
}
