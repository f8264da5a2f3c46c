// Every scene the panel lists and `sandbox.load` accepts, in menu order.

import { avalancheScene } from './avalanche';
import { carouselScene } from './carousel';
import { determinismScene } from './determinism';
import { dominoesScene } from './dominoes';
import { pileScene } from './pile';
import { playgroundScene } from './playground';
import { pyramidScene } from './pyramid';
import { rainScene } from './rain';
import type { CountRange, SceneDefinition } from './sceneTypes';
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
  pyramidScene,
];

export function findScene(id: string): SceneDefinition | undefined {
  return SCENES.find((scene) => scene.id === id);
}

/** The seed a scene is built with when none is given. */
export const DEFAULT_SEED = 1;

/** What a scene load asks for: which scene, how many bodies, which seed. */
export interface SceneOptions {
  count?: number;
  seed?: number;
}

/** A scene as loaded: its definition and the count and seed it was built with. */
export interface LoadedScene {
  definition: SceneDefinition;
  count: number;
  seed: number;
}

/** Seeds are uint32: the whole state of the scenes' generator (util/rng.ts). */
export const MAX_SEED = 0xffffffff;

/**
 * Whether `seed` can seed a scene: the one check of a seed, wherever it comes from (a load, the
 * URL, the scripting API).
 * @returns null when valid, else what is valid ("an integer from 0 to 4294967295").
 */
export function seedProblem(seed: unknown): string | null {
  return typeof seed === 'number' && Number.isInteger(seed) && seed >= 0 && seed <= MAX_SEED
    ? null
    : `an integer from 0 to ${MAX_SEED}`;
}

/**
 * Whether `count` fits a scene that takes a count: the one check of a count.
 * @returns null when valid, else what is valid ("an integer from 20 to 1000").
 */
export function countProblem(range: CountRange, count: unknown): string | null {
  return typeof count === 'number' &&
    Number.isInteger(count) &&
    count >= range.min &&
    count <= range.max
    ? null
    : `an integer from ${range.min} to ${range.max}`;
}

/** What is wrong with a scene load, as data: the page's language layer words it. */
export type SceneProblem =
  | { kind: 'unknown'; id: string }
  | { kind: 'fixedSize'; id: string }
  | { kind: 'count'; id: string; value: string; min: number; max: number }
  | { kind: 'seed'; value: string };

/** A refused scene load: its problem as data, and in English for logs and tests. */
export class SceneLoadError extends Error {
  readonly problem: SceneProblem;

  constructor(problem: SceneProblem) {
    super(englishProblem(problem));
    this.problem = problem;
  }
}

function englishProblem(problem: SceneProblem): string {
  switch (problem.kind) {
    case 'unknown':
      return `Unknown scene ${JSON.stringify(problem.id)}; valid scenes are ${SCENES.map((s) => s.id).join(', ')}.`;
    case 'fixedSize':
      return `Scene '${problem.id}' has a fixed size and takes no count.`;
    case 'count':
      return `count = ${problem.value} is invalid for scene '${problem.id}': expected an integer from ${problem.min} to ${problem.max}.`;
    case 'seed':
      return `seed = ${problem.value} is invalid: expected an integer from 0 to ${MAX_SEED}.`;
  }
}

/**
 * Checks a scene load and fills in the defaults; throws a SceneLoadError naming the bad value
 * and what is valid (an unknown scene, a count outside the scene's range, a seed that is not a
 * uint32).
 */
export function resolveScene(sceneId: string, options: SceneOptions = {}): LoadedScene {
  const definition = findScene(sceneId);
  if (!definition) {
    throw new SceneLoadError({ kind: 'unknown', id: String(sceneId).slice(0, 60) });
  }
  const count = options.count ?? definition.count?.default ?? 0;
  const seed = options.seed ?? DEFAULT_SEED;
  if (options.count !== undefined) {
    const range = definition.count;
    if (!range) throw new SceneLoadError({ kind: 'fixedSize', id: definition.id });
    if (countProblem(range, count)) {
      throw new SceneLoadError({
        kind: 'count',
        id: definition.id,
        value: String(options.count),
        min: range.min,
        max: range.max,
      });
    }
  }
  if (seedProblem(seed)) throw new SceneLoadError({ kind: 'seed', value: String(options.seed) });
  // −0 passes as an integer (from `seed=-0` or `{ count: -0 }`) but would be saved as "-0", which
  // no reader takes for an integer: the scene is built, saved and recorded with 0.
  return { definition, count: count + 0, seed: seed + 0 };
}

/**
 * The options that build `scene` again: its seed, and its count only where the scene takes one
 * (a fixed-size scene refuses a count).
 */
export function reloadOptions(scene: LoadedScene): SceneOptions {
  return scene.definition.count ? { count: scene.count, seed: scene.seed } : { seed: scene.seed };
}
