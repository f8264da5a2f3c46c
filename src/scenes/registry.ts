// Every scene the panel lists and `sandbox.load` accepts, in menu order.

import { avalancheScene } from './avalanche';
import { carouselScene } from './carousel';
import { dominoesScene } from './dominoes';
import { pileScene } from './pile';
import { playgroundScene } from './playground';
import { rainScene } from './rain';
import type { SceneDefinition } from './sceneTypes';
import { stackScene } from './stack';
import { towerScene } from './tower';

export const SCENES: readonly SceneDefinition[] = [
  playgroundScene,
  stackScene,
  dominoesScene,
  pileScene,
  carouselScene,
  rainScene,
  towerScene,
  avalancheScene,
];

export function findScene(id: string): SceneDefinition | undefined {
  return SCENES.find((scene) => scene.id === id);
}
