// Every scene the panel lists and `sandbox.load` accepts, in menu order.

import { carouselScene } from './carousel';
import { determinismScene } from './determinism';
import { dominoesScene } from './dominoes';
import { pileScene } from './pile';
import { playgroundScene } from './playground';
import type { SceneDefinition } from './sceneTypes';
import { springScene } from './spring';
import { stackScene } from './stack';
import { tunnelScene } from './tunnel';

export const SCENES: readonly SceneDefinition[] = [
  playgroundScene,
  stackScene,
  dominoesScene,
  pileScene,
  carouselScene,
  springScene,
  tunnelScene,
  determinismScene,
];

export function findScene(id: string): SceneDefinition | undefined {
  return SCENES.find((scene) => scene.id === id);
}
