// A refused scene load in the page's language: the registry (scenes/) says what is wrong as
// data, and the words are chosen here, where the page's are known; the scenes named as the
// panel names them, with the ids one types quoted.

import { t } from '../i18n/language';
import { sceneList, sceneName } from '../i18n/names';
import { MAX_SEED, SCENES } from '../scenes/registry';
import type { SceneProblem } from '../scenes/registry';

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
