// Which text names each choice's value, each scene and each scene's hint, wherever a person
// reads one (the panel, messages): the values (scene ids, setting choices, shape kinds) stay
// English for the API and the URL; only what a person reads changes.

import type { TextKey } from './en';
import { t } from './language';

/** The shown name of each choice value the panel offers (display rates show their digits). */
export const CHOICE_TEXTS: Readonly<Record<string, TextKey>> = {
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

/** Each scene's "try" hint, by scene id (a scene missing here shows its definition's English). */
export const SCENE_HINTS: Readonly<Record<string, TextKey>> = {
  avalanche: 'hint.avalanche',
  carousel: 'hint.carousel',
  determinism: 'hint.determinism',
  dominoes: 'hint.dominoes',
  pile: 'hint.pile',
  playground: 'hint.playground',
  pyramid: 'hint.pyramid',
  rain: 'hint.rain',
  spring: 'hint.spring',
  stack: 'hint.stack',
  tower: 'hint.tower',
  tunnel: 'hint.tunnel',
};

/** Each scene's title in the scene choice, by scene id (a scene missing here shows its own). */
export const SCENE_TITLES: Readonly<Record<string, TextKey>> = {
  avalanche: 'scene.avalanche',
  carousel: 'scene.carousel',
  determinism: 'scene.determinism',
  dominoes: 'scene.dominoes',
  pile: 'scene.pile',
  playground: 'scene.playground',
  pyramid: 'scene.pyramid',
  rain: 'scene.rain',
  spring: 'scene.spring',
  stack: 'scene.stack',
  tower: 'scene.tower',
  tunnel: 'scene.tunnel',
};

/**
 * A scene as a message names it: its title in the page's language, then the id one types in a
 * URL, quoted (`Carousel 'carousel'`, `회전목마 'carousel'`). An id with no title is just quoted.
 */
export function sceneName(id: string): string {
  const key = SCENE_TITLES[id];
  return key === undefined ? `'${id}'` : `${t(key)} '${id}'`;
}

/** Scenes by `sceneName`, in a list. */
export function sceneList(ids: readonly string[]): string {
  return ids.map(sceneName).join(t('list.separator'));
}

/** A value's shown name (a shape kind, a strategy…) in the page's language; else the value. */
export function choiceName(value: string): string {
  const key = CHOICE_TEXTS[value];
  return key === undefined ? value : t(key);
}
