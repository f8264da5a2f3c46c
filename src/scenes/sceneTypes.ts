// What a scene is: data plus a builder, listed in the registry the panel and the API read.

import type { TextKey } from '../i18n/en';
import type { PhysicsWorld, Vec3Tuple } from '../physics/index';
import type { Rng } from '../util/rng';

/**
 * Where a body truly is at a simulated time, written into `out` (x, y, z): for a body whose
 * motion a scene prescribes (the carousel's circle), so the stutter meter compares what is
 * drawn with the exact path rather than with the stepped one.
 */
export type TruePath = (simTime: number, out: number[]) => void;

export interface CountRange {
  default: number;
  min: number;
  max: number;
  /** What the count counts, for the panel; bodies unless set (the pyramid counts layers). */
  counts?: 'layers';
}

export interface SceneView {
  camera: Vec3Tuple;
  target: Vec3Tuple;
}

export interface SceneDefinition {
  id: string;
  /** The scene's name in the panel's scene choice, in the page's language. */
  title: TextKey;
  /** One line for the panel: what to try in this scene. */
  hint: TextKey;
  /** Scenes whose size is a parameter; absent when the scene is fixed. */
  count?: CountRange;
  view: SceneView;
  /**
   * Build the scene twice, in two worlds drawn `offsetX` to the left and right of centre, each
   * fed frames of its own emulated display rate (the determinism scene).
   */
  twin?: { leftHz: number; rightHz: number; offsetX: number };
  /**
   * The body the stutter meter tracks on load, by id (ids count from 0 in the order the build
   * adds bodies), and its exact path if the scene knows it.
   */
  tracked?: { id: number; path?: TruePath };
  /**
   * Adds bodies, statics and step hooks to an empty world. Must use `rng`, never Math.random.
   * Hooks name bodies by the ids `addBody` returns, never by index.
   */
  build(physics: PhysicsWorld, rng: Rng, count: number): void;
}
