// The box pair a box–box contact is being made for: both boxes' axes and half extents, B's
// axes and centre seen from A, the winning edge axis and the face-clipping buffers. One object,
// owned by boxBoxContacts.ts and passed explicitly to the helpers that read it.

import { ClipBuffers } from './faceClipping';

/** The next and previous of three axes, cyclically: (i, NEXT[i], PREV[i]) is right-handed. */
export const NEXT = [1, 2, 0] as const;
export const PREV = [2, 0, 1] as const;

/**
 * Scratch for one pair at a time, reused by every call. Doubles pass between the helpers through
 * these typed arrays: V8 boxes double arguments, returned doubles and module-level `let`s (an
 * allocation each) wherever it does not inline, and these run for every pair every step.
 */
export class BoxPair {
  readonly axesA = new Float64Array(9);
  readonly axesB = new Float64Array(9);
  /** rot[3i + j] = A_i · B_j: B's axes in A's frame, column by column. */
  readonly rot = new Float64Array(9);
  readonly absRot = new Float64Array(9);
  /** Centre of B minus centre of A, along A's axes and along B's axes. */
  readonly offsetA = new Float64Array(3);
  readonly offsetB = new Float64Array(3);
  /** The winning edge axis, [c1, c2, length, depth] (see boxEdgeContact.ts). */
  readonly edgeAxis = new Float64Array(4);
  readonly halfA = new Float64Array(3);
  readonly halfB = new Float64Array(3);
  /** The reference face's side planes (sx, sy, sz, limit) × 4; limits set per call. */
  readonly rectangle = new Float64Array([1, 0, 0, 0, -1, 0, 0, 0, 0, 1, 0, 0, 0, -1, 0, 0]);
  readonly clip = new ClipBuffers();
}
