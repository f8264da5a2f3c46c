// Box–box contact generation for the narrowphase: Gottschalk's separating-axis test for two
// oriented boxes over the 15 candidate axes ("OBBTree", SIGGRAPH 1996; boxSeparation.ts), then a
// small manifold from the features that touch (reference-face clipping here, one point where two
// edges cross in boxEdgeContact.ts). Allocation-free; + − × ÷, sqrt, abs only.

import { edgeContact } from './boxEdgeContact';
import { BoxPair, NEXT, PREV } from './boxPair';
import { BEST, EDGE_C1, EDGE_C2, EDGE_LENGTH, separatingAxis } from './boxSeparation';
import type { ContactManifold, QuatLike, Vec3Like } from './contactManifold';
import { clipFeature, vertexFeature } from './contactFeatures';
import { choosePoints, clipToPlane, FIRST_CLIP_LINE } from './faceClipping';

/** The pair being worked on; one call at a time (each thread has its own module instance). */
const pair = new BoxPair();

/**
 * Contacts between box A (half extents, centre, orientation) and box B, written to `out`.
 * Returns the number of points (0 when the boxes are apart). The normal points from A to B.
 */
export function collideBoxes(
  extentsA: Vec3Like,
  posA: Vec3Like,
  quatA: QuatLike,
  extentsB: Vec3Like,
  posB: Vec3Like,
  quatB: QuatLike,
  out: ContactManifold,
): number {
  out.count = 0;
  out.feature = -1;
  const axesA = pair.axesA;
  const axesB = pair.axesB;
  const halfA = pair.halfA;
  const halfB = pair.halfB;
  const offsetA = pair.offsetA;
  const offsetB = pair.offsetB;
  const poses = pair.poses;
  poses[0] = posA.x;
  poses[1] = posA.y;
  poses[2] = posA.z;
  poses[3] = quatA.x;
  poses[4] = quatA.y;
  poses[5] = quatA.z;
  poses[6] = quatA.w;
  poses[7] = posB.x;
  poses[8] = posB.y;
  poses[9] = posB.z;
  poses[10] = quatB.x;
  poses[11] = quatB.y;
  poses[12] = quatB.z;
  poses[13] = quatB.w;
  const sizes = pair.sizes;
  sizes[0] = extentsA.x;
  sizes[1] = extentsA.y;
  sizes[2] = extentsA.z;
  sizes[3] = extentsB.x;
  sizes[4] = extentsB.y;
  sizes[5] = extentsB.z;
  const feature = separatingAxis(poses, 0, 7, sizes, 0, 3, pair.work, 0);
  if (feature < 0) return 0;
  out.feature = feature;
  const normal = out.normal;
  if (feature < 6) {
    const onA = feature < 3;
    const f = onA ? feature : feature - 3;
    const axes = onA ? axesA : axesB;
    const sign = (onA ? offsetA[f] : offsetB[f]) < 0 ? -1 : 1;
    normal[0] = sign * axes[3 * f];
    normal[1] = sign * axes[3 * f + 1];
    normal[2] = sign * axes[3 * f + 2];
    if (onA) return clipFaces(pair, axesA, halfA, posA, axesB, halfB, posB, f, 1, false, out);
    return clipFaces(pair, axesB, halfB, posB, axesA, halfA, posA, f, -1, true, out);
  }
  const edgeAxis = pair.edgeAxis;
  const work = pair.work;
  edgeAxis[0] = work[EDGE_C1];
  edgeAxis[1] = work[EDGE_C2];
  edgeAxis[2] = work[EDGE_LENGTH];
  edgeAxis[3] = work[BEST];
  return edgeContact(pair, feature - 6, posA, posB, out);
}

/**
 * Face contact. The reference box's face `f` (outward normal = `toward` × the manifold normal,
 * so it faces the other box) is the one that won; the incident face is the other box's face
 * most opposed to it. The incident face is clipped to the reference face's rectangle and the
 * points below it are kept. `swapped`: the reference box is B, so A's points are the incident ones.
 */
function clipFaces(
  pair: BoxPair,
  refAxes: Float64Array,
  refHalf: Float64Array,
  refPos: Vec3Like,
  incAxes: Float64Array,
  incHalf: Float64Array,
  incPos: Vec3Like,
  f: number,
  toward: number,
  swapped: boolean,
  out: ContactManifold,
): number {
  const normal = out.normal;
  const nx = toward * normal[0];
  const ny = toward * normal[1];
  const nz = toward * normal[2];
  const hf = refHalf[f];
  const cx = refPos.x + hf * nx;
  const cy = refPos.y + hf * ny;
  const cz = refPos.z + hf * nz;
  const u = NEXT[f];
  const v = PREV[f];
  const ux = refAxes[3 * u];
  const uy = refAxes[3 * u + 1];
  const uz = refAxes[3 * u + 2];
  const vx = refAxes[3 * v];
  const vy = refAxes[3 * v + 1];
  const vz = refAxes[3 * v + 2];

  // The incident face: the incident box's axis most (anti)parallel to the reference normal.
  let k = 0;
  let kDot = 0;
  for (let m = 0; m < 3; m++) {
    const d = incAxes[3 * m] * nx + incAxes[3 * m + 1] * ny + incAxes[3 * m + 2] * nz;
    if (Math.abs(d) > Math.abs(kDot)) {
      kDot = d;
      k = m;
    }
  }
  const s = kDot > 0 ? -incHalf[k] : incHalf[k];
  // Face ids for the contact features: 2 × axis, + 1 for the face on the axis's negative side.
  const incidentFace = 2 * k + (kDot > 0 ? 1 : 0);
  const referenceFace =
    2 * f + (refAxes[3 * f] * nx + refAxes[3 * f + 1] * ny + refAxes[3 * f + 2] * nz < 0 ? 1 : 0);
  const fx = incPos.x + s * incAxes[3 * k] - cx;
  const fy = incPos.y + s * incAxes[3 * k + 1] - cy;
  const fz = incPos.z + s * incAxes[3 * k + 2] - cz;
  const k1 = NEXT[k];
  const k2 = PREV[k];
  const h1 = incHalf[k1];
  const h2 = incHalf[k2];
  const e1x = h1 * incAxes[3 * k1];
  const e1y = h1 * incAxes[3 * k1 + 1];
  const e1z = h1 * incAxes[3 * k1 + 2];
  const e2x = h2 * incAxes[3 * k2];
  const e2y = h2 * incAxes[3 * k2 + 1];
  const e2z = h2 * incAxes[3 * k2 + 2];
  // Face centre and edge half-vectors in the reference frame (x along u, y along v, z out).
  const bx = fx * ux + fy * uy + fz * uz;
  const by = fx * vx + fy * vy + fz * vz;
  const bz = fx * nx + fy * ny + fz * nz;
  const p1x = e1x * ux + e1y * uy + e1z * uz;
  const p1y = e1x * vx + e1y * vy + e1z * vz;
  const p1z = e1x * nx + e1y * ny + e1z * nz;
  const p2x = e2x * ux + e2y * uy + e2z * uz;
  const p2y = e2x * vx + e2y * vy + e2z * vz;
  const p2z = e2x * nx + e2y * ny + e2z * nz;
  // Its four corners in order round the face (the incident polygon to clip).
  const clip = pair.clip;
  const polygonA = clip.polygonA;
  const polygonB = clip.polygonB;
  const linesA = clip.linesA;
  const linesB = clip.linesB;
  for (let c = 0; c < 4; c++) {
    linesA[c] = c;
    const s1 = c === 0 || c === 3 ? 1 : -1;
    const s2 = c < 2 ? 1 : -1;
    polygonA[3 * c] = bx + s1 * p1x + s2 * p2x;
    polygonA[3 * c + 1] = by + s1 * p1y + s2 * p2y;
    polygonA[3 * c + 2] = bz + s1 * p1z + s2 * p2z;
  }

  // The reference face's rectangle as four lines, |x| ≤ hu and |y| ≤ hv.
  const rectangle = pair.rectangle;
  const hu = refHalf[u];
  const hv = refHalf[v];
  rectangle[3] = hu;
  rectangle[7] = hu;
  rectangle[11] = hv;
  rectangle[15] = hv;
  let n = clipToPlane(polygonA, linesA, 4, polygonB, linesB, rectangle, 0, FIRST_CLIP_LINE);
  n = clipToPlane(polygonB, linesB, n, polygonA, linesA, rectangle, 4, FIRST_CLIP_LINE + 1);
  n = clipToPlane(polygonA, linesA, n, polygonB, linesB, rectangle, 8, FIRST_CLIP_LINE + 2);
  n = clipToPlane(polygonB, linesB, n, polygonA, linesA, rectangle, 12, FIRST_CLIP_LINE + 3);
  // Keep the points at or below the reference face, at most four, the deepest among them.
  let count = choosePoints(clip, n);
  if (count === 0) {
    // Deep overlaps can leave the incident face wholly above the reference face while the
    // boxes still overlap along every axis: touch at the incident box's deepest corner.
    let px = incPos.x - cx;
    let py = incPos.y - cy;
    let pz = incPos.z - cz;
    let corner = 0;
    for (let m = 0; m < 3; m++) {
      const mx = incAxes[3 * m];
      const my = incAxes[3 * m + 1];
      const mz = incAxes[3 * m + 2];
      const negative = mx * nx + my * ny + mz * nz > 0;
      if (negative) corner |= 1 << m;
      const reach = negative ? -incHalf[m] : incHalf[m];
      px += reach * mx;
      py += reach * my;
      pz += reach * mz;
    }
    polygonA[0] = px * ux + py * uy + pz * uz;
    polygonA[1] = px * vx + py * vy + pz * vz;
    polygonA[2] = px * nx + py * ny + pz * nz;
    clip.chosen[0] = 0;
    // Not two lines but a corner of the incident box (bit m: on axis m's negative side).
    clip.points[0] = -1 - corner;
    count = 1;
  }

  const chosen = clip.chosen;
  const onInc = swapped ? out.onA : out.onB;
  const onRef = swapped ? out.onB : out.onA;
  for (let c = 0; c < count; c++) {
    const p = 3 * chosen[c];
    const x = polygonA[p];
    const y = polygonA[p + 1];
    const z = polygonA[p + 2];
    const rx = cx + x * ux + y * vx;
    const ry = cy + x * uy + y * vy;
    const rz = cz + x * uz + y * vz;
    const c3 = 3 * c;
    onRef[c3] = rx;
    onRef[c3 + 1] = ry;
    onRef[c3 + 2] = rz;
    onInc[c3] = rx + z * nx;
    onInc[c3 + 1] = ry + z * ny;
    onInc[c3 + 2] = rz + z * nz;
    out.depth[c] = -z;
    const lines = clip.points[chosen[c]];
    out.features[c] =
      lines < 0
        ? vertexFeature(!swapped, -1 - lines, referenceFace)
        : clipFeature(swapped, referenceFace, incidentFace, lines);
  }
  out.count = count;
  return count;
}
