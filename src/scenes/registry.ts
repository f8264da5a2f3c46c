// Every scene the panel lists and `sandbox.load` accepts, in menu order.

import { carouselScene } from './carousel';
import { dominoesScene } from './dominoes';
import { pileScene } from './pile';
import { playgroundScene } from './playground';
import type { SceneDefinition } from './sceneTypes';
import { stackScene } from './stack';

export const SCENES: readonly SceneDefinition[] = [
  playgroundScene,
  stackScene,
  dominoesScene,
  pileScene,
  carouselScene,
];

export function findScene(id: string): SceneDefinition | undefined {
  return SCENES.find((scene) => scene.id === id);
}
