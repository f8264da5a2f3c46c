// Which text names each setting choice's value in the panel and the view labels: the values stay
// English for the API and the URL; only what a person reads changes. (A scene's title and hint
// are keys on its definition.)

import type { InterpolationMode, PhysicsThreadSetting, Strategy, View } from '../config/settings';
import type { TextKey } from '../i18n/en';
import type { ShapeKind } from '../shapes/shapeKinds';

/** The choice values shown by a name: every setting choice but the display rates' digits, and the shapes. */
type NamedChoice =
  PhysicsThreadSetting | Strategy | InterpolationMode | View | 'native' | ShapeKind;

/**
 * The shown name of each choice value the panel offers (display rates show their digits): a
 * choice added to a setting or a shape kind added without its name here fails tsc.
 */
const CHOICE_TEXTS: Readonly<Record<NamedChoice, TextKey>> = {
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
    ? CHOICE_TEXTS[value as NamedChoice]
    : undefined;
}
