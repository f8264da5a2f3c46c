// What the project's contact generators hand the narrowphase: a few contact points between two
// shapes in flat, preallocated arrays, plus the small vector helpers they share. Plain numbers
// only (no cannon-es import): the generators are pure geometry, tested on their own.

import type { QuatLike } from 'fixed-step/interpolation';
import { quaternionAxes } from './boxSeparation';

/** The generators read poses as any body shaped like cannon-es's (a plain object in tests). */
export type { QuatLike, Vec3Like } from 'fixed-step/interpolation';

/**
 * Room for points in one manifold. Face clipping keeps at most 4 (faceClipping.ts); plane–box
 * keeps every corner below the plane, all 8 for a box wholly under it.
 */
export const MAX_MANIFOLD_POINTS = 8;

/**
 * Contact points between shape A and shape B, world space. `normal` is the unit contact normal
 * pointing from A into B. Point k touches A's surface at `onA[3k..3k+2]` and B's surface at
 * `onB[3k..3k+2]`; B's point lies `depth[k]` inside A along the normal, so
 * `normal · (onB − onA) = −depth[k]` (the penetration cannon-es's ContactEquation solves for).
 */
export class ContactManifold {
  count = 0;
  readonly normal = new Float64Array(3);
  readonly onA = new Float64Array(3 * MAX_MANIFOLD_POINTS);
  readonly onB = new Float64Array(3 * MAX_MANIFOLD_POINTS);
  readonly depth = new Float64Array(MAX_MANIFOLD_POINTS);
  /** Point k's feature id (contactFeatures.ts): which features of the two shapes made it. */
  readonly features = new Int32Array(MAX_MANIFOLD_POINTS);
  /**
   * What decided the normal, for tests: 0–2 a face axis of A, 3–5 a face axis of B, 6 and up an
   * edge of A crossed with an edge of B (box–box: 6 + 3i + j for A's axis i and B's axis j;
   * hulls report 0, 3 and 6); −1 where the generator has no axes.
   */
  feature = -1;
}

/**
 * Writes the world directions of a body's local x, y and z axes (the rotation matrix's
 * columns) into `out[0..2]`, `out[3..5]`, `out[6..8]` (boxSeparation.ts's quaternionAxes).
 */
export function writeAxes(q: QuatLike, out: Float64Array): void {
  quaternionAxes(q.x, q.y, q.z, q.w, out, 0);
}
