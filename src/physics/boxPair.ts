// The box pair a box–box contact is being made for: both boxes' axes and half extents, B's
// axes and centre seen from A, and the winning edge axis — shared by boxBoxContacts.ts (the
// separating-axis test and face clipping) and boxEdgeContact.ts, one pair at a time.

export const NEXT = [1, 2, 0] as const;
export const PREV = [2, 0, 1] as const;

// Scratch, reused by every call (one call at a time: JavaScript is single-threaded per world).
export const axesA = new Float64Array(9);
export const axesB = new Float64Array(9);
/** rot[3i + j] = A_i · B_j: B's axes in A's frame, column by column. */
export const rot = new Float64Array(9);
export const absRot = new Float64Array(9);
/** Centre of B minus centre of A, along A's axes and along B's axes. */
export const offsetA = new Float64Array(3);
export const offsetB = new Float64Array(3);
/**
 * The winning edge axis, [c1, c2, length, depth], for edgeContact. Doubles pass between the
 * helpers through typed arrays: V8 boxes double arguments, returned doubles and module-level
 * `let`s (an allocation each) wherever it does not inline, and these run every step.
 */
export const edgeAxis = new Float64Array(4);
export const halfA = new Float64Array(3);
export const halfB = new Float64Array(3);
