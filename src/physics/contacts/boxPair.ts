// The box pair a box–box contact is being made for: both boxes' axes and half extents, B's
// axes and centre seen from A, the winning edge axis and the face-clipping buffers. One object,
// owned by boxBoxContacts.ts and passed explicitly to the helpers that read it.

import {
  ABS_ROT,
  AXES_A,
  AXES_B,
  BOX_PAIR_WORK,
  HALF_A,
  HALF_B,
  OFFSET_A,
  OFFSET_B,
  ROT,
} from './boxSeparation';
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
  /**
   * The separating-axis test's working values (boxSeparation.ts's layout); the arrays below
   * are views of it, read by the face clipping and the edge contact.
   */
  readonly work = new Float64Array(BOX_PAIR_WORK);
  readonly axesA = this.work.subarray(AXES_A, AXES_A + 9);
  readonly axesB = this.work.subarray(AXES_B, AXES_B + 9);
  /** rot[3i + j] = A_i · B_j: B's axes in A's frame, column by column. */
  readonly rot = this.work.subarray(ROT, ROT + 9);
  readonly absRot = this.work.subarray(ABS_ROT, ABS_ROT + 9);
  /** Centre of B minus centre of A, along A's axes and along B's axes. */
  readonly offsetA = this.work.subarray(OFFSET_A, OFFSET_A + 3);
  readonly offsetB = this.work.subarray(OFFSET_B, OFFSET_B + 3);
  readonly halfA = this.work.subarray(HALF_A, HALF_A + 3);
  readonly halfB = this.work.subarray(HALF_B, HALF_B + 3);
  /** Both boxes' centres and quaternions (7 each), then their half extents (3 each). */
  readonly poses = new Float64Array(14);
  readonly sizes = new Float64Array(6);
  /** The winning edge axis, [c1, c2, length, depth] (see boxEdgeContact.ts). */
  readonly edgeAxis = new Float64Array(4);
  /** The reference face's side planes (sx, sy, sz, limit) × 4; limits set per call. */
  readonly rectangle = new Float64Array([1, 0, 0, 0, -1, 0, 0, 0, 0, 1, 0, 0, 0, -1, 0, 0]);
  readonly clip = new ClipBuffers();
}
