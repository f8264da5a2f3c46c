// A refused scene load in the page's language: the registry (scenes/) says what is wrong as
// data, and the words are chosen here, where the page's are known; the scenes named as the
// panel names them, with the ids one types quoted.

import { t } from '../i18n/language';
import { findScene, MAX_SEED, SCENES } from '../scenes/registry';
import type { SceneProblem } from '../scenes/registry';

/**
 * A scene as a message names it: its title in the page's language, then the id one types in a
 * URL, quoted (`Carousel 'carousel'`, `회전목마 'carousel'`). An unknown id is just quoted.
 */
export function sceneName(id: string): string {
  const title = findScene(id)?.title;
  return title === undefined ? `'${id}'` : `${t(title)} '${id}'`;
}

/** Scenes by `sceneName`, in a list. */
export function sceneList(ids: readonly string[]): string {
  return ids.map(sceneName).join(t('list.separator'));
}

/** What is wrong with a scene load, as one sentence. */
export function sceneProblemText(problem: SceneProblem): string {
  switch (problem.kind) {
    case 'unknown':
      return t('load.unknown', {
        value: JSON.stringify(problem.id),
        valid: sceneList(SCENES.map((scene) => scene.id)),
      });
    case 'fixedSize':
      return t('load.fixedSize', { scene: sceneName(problem.id) });
    case 'count':
      return t('load.badCount', {
        value: problem.value,
        scene: sceneName(problem.id),
        expected: t('spec.integer', { min: problem.min, max: problem.max }),
      });
    case 'seed':
      return t('load.badSeed', {
        value: problem.value,
        expected: t('spec.integer', { min: 0, max: MAX_SEED }),
      });
  }
}
