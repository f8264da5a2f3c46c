// Contact feature ids: which features of the two shapes made a contact point, as one integer —
// the 3D form of Box2D's b2ContactFeature. A persistent contact point keeps its accumulated
// impulses from one step to the next while the features that make it stay the same.

/** A point of a clipped face patch: where two lines cross (faceClipping.ts). */
export const CLIP_POINT = 0;
/** The one point where two edges cross. */
export const EDGE_PAIR = 1;
/** A vertex of one shape (a box corner or hull vertex under a plane, a deep-overlap corner). */
export const VERTEX = 2;

/**
 * A face-patch point: the reference face (on A, or on B when `referenceIsB`), the incident face
 * of the other shape, and the two lines (faceClipping.ts lineId) that cross at the point.
 * Faces below 64, line ids below 2¹⁴: 1 + 6 + 6 + 14 bits over the 2-bit kind.
 */
export function clipFeature(
  referenceIsB: boolean,
  referenceFace: number,
  incidentFace: number,
  lines: number,
): number {
  return (
    (CLIP_POINT << 29) |
    ((referenceIsB ? 1 : 0) << 26) |
    (referenceFace << 20) |
    (incidentFace << 14) |
    lines
  );
}

/** An edge–edge point: A's edge and B's edge, each a number below 2¹². */
export function edgeFeature(edgeA: number, edgeB: number): number {
  return (EDGE_PAIR << 29) | (edgeA << 12) | edgeB;
}

/** A vertex point: the vertex (below 2¹²) of shape A (or B when `onB`), and the face it met. */
export function vertexFeature(onB: boolean, vertex: number, face: number): number {
  return (VERTEX << 29) | ((onB ? 1 : 0) << 26) | (face << 12) | vertex;
}
