// Every scene the panel lists and `sandbox.load` accepts, in menu order.

import { avalancheScene } from './avalanche';
import { carouselScene } from './carousel';
import { determinismScene } from './determinism';
import { dominoesScene } from './dominoes';
import { pileScene } from './pile';
import { playgroundScene } from './playground';
import { rainScene } from './rain';
import type { SceneDefinition } from './sceneTypes';
import { springScene } from './spring';
import { stackScene } from './stack';
import { tunnelScene } from './tunnel';
import { towerScene } from './tower';

export const SCENES: readonly SceneDefinition[] = [
  playgroundScene,
  stackScene,
  dominoesScene,
  pileScene,
  carouselScene,
  springScene,
  tunnelScene,
  determinismScene,
  rainScene,
  towerScene,
  avalancheScene,
];

export function findScene(id: string): SceneDefinition | undefined {
  return SCENES.find((scene) => scene.id === id);
}
