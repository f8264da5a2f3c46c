// The contact points of a hull pair once hullContacts.ts has found its axis: reference-face
// clipping in the reference face's own frame for a face axis, one point where two edges cross
// for an edge pair. Reads and writes the pair's frame (hullFrame.ts), handed in by the caller.

import type { ContactManifold, Vec3Like } from './contactManifold';
import { clipFeature, edgeFeature, vertexFeature } from './contactFeatures';
import { choosePoints, clipToPlane, FIRST_CLIP_LINE } from './faceClipping';
import type { HullData } from '../bodies/hullData';
import { EDGES, FACE_A, FACE_B } from './hullFrame';
import type { HullPair } from './hullFrame';
import { PARALLEL_TO_PLANE } from './satTolerances';

/** Ends of A's and B's edge (A's frame) for an edge contact, and the middle clipSegment found. */
const segment = new Float64Array(12);
const middle = new Float64Array(3);

/** The face of `hull` whose outward normal (in `hull`'s frame) points most along `vec`. */
function faceToward(hull: HullData, vec: Float64Array): number {
  const n = hull.normals;
  const x = vec[0];
  const y = vec[1];
  const z = vec[2];
  let best = 0;
  let bestDot = -Infinity;
  for (let f = 0; f < hull.faceCount; f++) {
    const d = n[3 * f] * x + n[3 * f + 1] * y + n[3 * f + 2] * z;
    if (d > bestDot) {
      bestDot = d;
      best = f;
    }
  }
  return best;
}

/**
 * Face contact: the reference face is the face of the winning axis's hull that faces the other
 * hull; the incident face is the other hull's face most opposed to it. Worked in the reference
 * hull's frame, then in the reference face's own frame (hullData.ts), clipped to the planes of
 * the faces round it (so the points stay inside the reference hull).
 */
export function faceContact(
  pair: HullPair,
  hullA: HullData,
  hullB: HullData,
  referenceIsB: boolean,
  posA: Vec3Like,
  posB: Vec3Like,
  out: ContactManifold,
  edgeFallback: boolean,
): number {
  const ref = referenceIsB ? hullB : hullA;
  const inc = referenceIsB ? hullA : hullB;
  // Each face found in its own hull's frame: B's by turning the axis into B's frame.
  let face: number;
  let incident: number;
  if (referenceIsB) {
    incident = faceTowardAxis(pair, hullA, 1);
    face = faceTowardAxisInB(pair, hullB, -1);
  } else {
    face = faceTowardAxis(pair, hullA, 1);
    incident = faceTowardAxisInB(pair, hullB, -1);
  }
  const f3 = 3 * face;
  const ox = ref.faceOrigin[f3];
  const oy = ref.faceOrigin[f3 + 1];
  const oz = ref.faceOrigin[f3 + 2];
  const ux = ref.faceU[f3];
  const uy = ref.faceU[f3 + 1];
  const uz = ref.faceU[f3 + 2];
  const vx = ref.faceV[f3];
  const vy = ref.faceV[f3 + 1];
  const vz = ref.faceV[f3 + 2];
  const fx = ref.normals[f3];
  const fy = ref.normals[f3 + 1];
  const fz = ref.normals[f3 + 2];
  // The incident face's vertices, in the reference hull's frame, then in the face's frame.
  const vec = pair.vec;
  const clip = pair.clip;
  const polygonA = clip.polygonA;
  const polygonB = clip.polygonB;
  const linesA = clip.linesA;
  const linesB = clip.linesB;
  const first = inc.faceStart[incident];
  const last = inc.faceStart[incident + 1];
  let n = 0;
  for (let i = first; i < last; i++) {
    incidentVertex(pair, inc.faceVertices[i], referenceIsB, hullA);
    const px = vec[0] - ox;
    const py = vec[1] - oy;
    const pz = vec[2] - oz;
    polygonA[3 * n] = px * ux + py * uy + pz * uz;
    polygonA[3 * n + 1] = px * vx + py * vy + pz * vz;
    polygonA[3 * n + 2] = px * fx + py * fy + pz * fz;
    linesA[n] = n;
    n++;
  }
  const ringFirst = ref.ringStart[face];
  const ringLast = ref.ringStart[face + 1];
  let inA = true;
  for (let k = ringFirst; k < ringLast; k++) {
    const line = FIRST_CLIP_LINE + k - ringFirst;
    n = inA
      ? clipToPlane(polygonA, linesA, n, polygonB, linesB, ref.ringPlanes, 4 * k, line)
      : clipToPlane(polygonB, linesB, n, polygonA, linesA, ref.ringPlanes, 4 * k, line);
    inA = !inA;
  }
  if (!inA) {
    for (let k = 0; k < 3 * n; k++) polygonA[k] = polygonB[k];
    for (let k = 0; k < n; k++) linesA[k] = linesB[k];
  }
  let count = choosePoints(clip, n);
  if (count === 0) {
    if (edgeFallback) return 0;
    // Deep overlaps can leave the incident face wholly above the reference face while the
    // hulls still overlap along every axis: touch at the incident hull's deepest vertex.
    let lowest = Infinity;
    for (let k = 0; k < inc.vertexCount; k++) {
      incidentVertex(pair, k, referenceIsB, hullA);
      const px = vec[0] - ox;
      const py = vec[1] - oy;
      const pz = vec[2] - oz;
      const z = px * fx + py * fy + pz * fz;
      if (z < lowest) {
        lowest = z;
        polygonA[0] = px * ux + py * uy + pz * uz;
        polygonA[1] = px * vx + py * vy + pz * vz;
        polygonA[2] = z;
        // Not two lines but a vertex of the incident hull.
        clip.points[0] = -1 - k;
      }
    }
    clip.chosen[0] = 0;
    count = 1;
  }

  // Back to the world, through the reference hull's frame.
  const chosen = clip.chosen;
  const axes = referenceIsB ? pair.axesB : pair.axesA;
  const pos = referenceIsB ? posB : posA;
  const onInc = referenceIsB ? out.onA : out.onB;
  const onRef = referenceIsB ? out.onB : out.onA;
  for (let c = 0; c < count; c++) {
    const p = 3 * chosen[c];
    const x = polygonA[p];
    const y = polygonA[p + 1];
    const z = polygonA[p + 2];
    vec[0] = ox + x * ux + y * vx;
    vec[1] = oy + x * uy + y * vy;
    vec[2] = oz + x * uz + y * vz;
    pair.worldPoint(axes, pos, onRef, 3 * c);
    vec[0] = vec[0] + z * fx;
    vec[1] = vec[1] + z * fy;
    vec[2] = vec[2] + z * fz;
    pair.worldPoint(axes, pos, onInc, 3 * c);
    out.depth[c] = -z;
    const lines = clip.points[chosen[c]];
    out.features[c] =
      lines < 0
        ? vertexFeature(!referenceIsB, -1 - lines, face & 63)
        : clipFeature(referenceIsB, face & 63, incident & 63, lines);
  }
  // The contact normal is the reference face's, pointing from A to B.
  const sign = referenceIsB ? -1 : 1;
  const normal = out.normal;
  normal[0] = sign * (axes[0] * fx + axes[3] * fy + axes[6] * fz);
  normal[1] = sign * (axes[1] * fx + axes[4] * fy + axes[7] * fz);
  normal[2] = sign * (axes[2] * fx + axes[5] * fy + axes[8] * fz);
  out.feature = referenceIsB ? FACE_B : FACE_A;
  out.count = count;
  return count;
}

/** A's face most along `sign` × the pair's axis (both in A's frame). */
function faceTowardAxis(pair: HullPair, hullA: HullData, sign: number): number {
  const vec = pair.vec;
  const axis = pair.axis;
  vec[0] = sign * axis[0];
  vec[1] = sign * axis[1];
  vec[2] = sign * axis[2];
  return faceToward(hullA, vec);
}

/** B's face most along `sign` × the pair's axis, the axis turned into B's frame. */
function faceTowardAxisInB(pair: HullPair, hullB: HullData, sign: number): number {
  const vec = pair.vec;
  pair.toFrameB(pair.axis, 0, false);
  vec[0] = sign * vec[0];
  vec[1] = sign * vec[1];
  vec[2] = sign * vec[2];
  return faceToward(hullB, vec);
}

/** pair.vec = the incident hull's vertex k in the reference hull's frame. */
function incidentVertex(pair: HullPair, k: number, referenceIsB: boolean, hullA: HullData): void {
  const vec = pair.vec;
  if (referenceIsB) pair.toFrameB(hullA.vertices, 3 * k, true);
  else {
    vec[0] = pair.verticesB[3 * k];
    vec[1] = pair.verticesB[3 * k + 1];
    vec[2] = pair.verticesB[3 * k + 2];
  }
}

/**
 * Edge–edge contact: the edge of A along direction i that reaches furthest toward B and the
 * edge of B along direction j that reaches furthest toward A; one point where they cross (the
 * middle of the parts of each inside the other hull, as for boxes), split along the normal by
 * the separating-axis depth.
 */
export function edgeContact(
  pair: HullPair,
  hullA: HullData,
  hullB: HullData,
  i: number,
  j: number,
  posA: Vec3Like,
  out: ContactManifold,
): number {
  const axis = pair.axis;
  const edgeAxis = pair.edgeAxis;
  axis[0] = edgeAxis[0];
  axis[1] = edgeAxis[1];
  axis[2] = edgeAxis[2];
  const edgeA = supportEdge(hullA, hullA.vertices, i, axis, 1, segment, 0);
  const edgeB = supportEdge(hullB, pair.verticesB, j, axis, -1, segment, 6);
  let sum = 0;
  let mx = 0;
  let my = 0;
  let mz = 0;
  // A's edge against B's face planes (turned into A's frame), then B's edge against A's.
  if (clipSegment(pair, segment, 0, hullB, true, middle)) {
    mx += middle[0];
    my += middle[1];
    mz += middle[2];
    sum++;
  }
  if (clipSegment(pair, segment, 6, hullA, false, middle)) {
    mx += middle[0];
    my += middle[1];
    mz += middle[2];
    sum++;
  }
  if (sum === 0) {
    // Neither edge dips into the other hull (they barely touch): the middle of all four ends.
    for (let k = 0; k < 12; k += 3) {
      mx += segment[k];
      my += segment[k + 1];
      mz += segment[k + 2];
    }
    sum = 4;
  }
  const nx = axis[0];
  const ny = axis[1];
  const nz = axis[2];
  const d = pair.depth[0];
  const vec = pair.vec;
  const axesA = pair.axesA;
  const half = 0.5 * d;
  mx /= sum;
  my /= sum;
  mz /= sum;
  vec[0] = mx + half * nx;
  vec[1] = my + half * ny;
  vec[2] = mz + half * nz;
  pair.worldPoint(axesA, posA, out.onA, 0);
  vec[0] = mx - half * nx;
  vec[1] = my - half * ny;
  vec[2] = mz - half * nz;
  pair.worldPoint(axesA, posA, out.onB, 0);
  out.normal[0] = axesA[0] * nx + axesA[3] * ny + axesA[6] * nz;
  out.normal[1] = axesA[1] * nx + axesA[4] * ny + axesA[7] * nz;
  out.normal[2] = axesA[2] * nx + axesA[5] * ny + axesA[8] * nz;
  out.depth[0] = d;
  out.features[0] = edgeFeature(edgeA & 4095, edgeB & 4095);
  out.feature = EDGES;
  out.count = 1;
  return 1;
}

/**
 * Writes to segment[at..at+5] the ends (A's frame) of `hull`'s edge along direction `d` that
 * reaches furthest along `sign` × axis; returns that edge's number.
 */
function supportEdge(
  hull: HullData,
  vertices: Float64Array,
  d: number,
  axis: Float64Array,
  sign: number,
  segment: Float64Array,
  at: number,
): number {
  const nx = sign * axis[0];
  const ny = sign * axis[1];
  const nz = sign * axis[2];
  let best = -Infinity;
  let a = 0;
  let b = 0;
  let edge = 0;
  for (let e = 0; e < hull.edgeCount; e++) {
    if (hull.edgeDirection[e] !== d) continue;
    const p = 3 * hull.edgeEnds[2 * e];
    const q = 3 * hull.edgeEnds[2 * e + 1];
    const reach =
      (vertices[p] + vertices[q]) * nx +
      (vertices[p + 1] + vertices[q + 1]) * ny +
      (vertices[p + 2] + vertices[q + 2]) * nz;
    if (reach > best) {
      best = reach;
      a = p;
      b = q;
      edge = e;
    }
  }
  for (let c = 0; c < 3; c++) {
    segment[at + c] = vertices[a + c];
    segment[at + 3 + c] = vertices[b + c];
  }
  return edge;
}

/**
 * Clips the segment at segment[at..at+5] (A's frame) to the hull's face planes; true when part
 * of it lies inside, that part's middle in `middle`. `inFrameB`: the hull is B, whose planes are
 * turned into A's frame on the way.
 */
function clipSegment(
  pair: HullPair,
  segment: Float64Array,
  at: number,
  hull: HullData,
  inFrameB: boolean,
  middle: Float64Array,
): boolean {
  const vec = pair.vec;
  const offset = pair.offset;
  const px = segment[at];
  const py = segment[at + 1];
  const pz = segment[at + 2];
  const qx = segment[at + 3] - px;
  const qy = segment[at + 4] - py;
  const qz = segment[at + 5] - pz;
  let low = 0;
  let high = 1;
  const normals = hull.normals;
  for (let f = 0; f < hull.faceCount; f++) {
    let fx = normals[3 * f];
    let fy = normals[3 * f + 1];
    let fz = normals[3 * f + 2];
    let limit = hull.offsets[f];
    if (inFrameB) {
      pair.rotateToA(normals, 3 * f);
      fx = vec[0];
      fy = vec[1];
      fz = vec[2];
      limit += fx * offset[0] + fy * offset[1] + fz * offset[2];
    }
    // Inside where f · (p + s·q) ≤ limit.
    const start = fx * px + fy * py + fz * pz - limit;
    const rate = fx * qx + fy * qy + fz * qz;
    if (rate > -PARALLEL_TO_PLANE && rate < PARALLEL_TO_PLANE) {
      if (start > 0) return false;
      continue;
    }
    const s = -start / rate;
    if (rate > 0) {
      if (s < high) high = s;
    } else if (s > low) low = s;
    if (low > high) return false;
  }
  const mid = 0.5 * (low + high);
  middle[0] = px + mid * qx;
  middle[1] = py + mid * qy;
  middle[2] = pz + mid * qz;
  return true;
}
