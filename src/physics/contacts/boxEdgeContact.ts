// Box–box contact for an edge axis: one point where the two boxes' edges cross, found by
// clipping each edge to the other box. Reads the pair set up by boxBoxContacts.ts (boxPair.ts).

import { NEXT, PREV } from './boxPair';
import type { BoxPair } from './boxPair';
import { edgeFeature } from './contactFeatures';
import type { ContactManifold, Vec3Like } from './contactManifold';
import { PARALLEL_TO_PLANE } from './satTolerances';

/** An edge, (x, y, z, dx, dy, dz, half length), handed to clipEdge. */
const edge = new Float64Array(7);
/** The parameter range [low, high] that clipEdge leaves when it returns true. */
const clipRange = new Float64Array(2);

/**
 * Edge–edge contact (the axis A_i × B_j in pair.edgeAxis): one point where the edge of A along
 * A_i and the edge of B along B_j cross (each box's edge that reaches furthest toward the
 * other), its two surface points split along the normal by the separating-axis depth.
 */
export function edgeContact(
  pair: BoxPair,
  edgeIndex: number,
  posA: Vec3Like,
  posB: Vec3Like,
  out: ContactManifold,
): number {
  const axesA = pair.axesA;
  const axesB = pair.axesB;
  const halfA = pair.halfA;
  const halfB = pair.halfB;
  const offsetA = pair.offsetA;
  const edgeAxis = pair.edgeAxis;
  const i = (edgeIndex / 3) | 0;
  const j = edgeIndex - 3 * i;
  const i1 = NEXT[i];
  const i2 = PREV[i];
  const c1 = edgeAxis[0];
  const c2 = edgeAxis[1];
  const length = edgeAxis[2];
  const depth = edgeAxis[3];
  // Normal in A's frame is (c1 along A_i1, c2 along A_i2) / length; flip it to point at B.
  const flip = offsetA[i1] * c1 + offsetA[i2] * c2 < 0 ? -1 / length : 1 / length;
  const n1 = c1 * flip;
  const n2 = c2 * flip;
  const nx = n1 * axesA[3 * i1] + n2 * axesA[3 * i2];
  const ny = n1 * axesA[3 * i1 + 1] + n2 * axesA[3 * i2 + 1];
  const nz = n1 * axesA[3 * i1 + 2] + n2 * axesA[3 * i2 + 2];
  out.normal[0] = nx;
  out.normal[1] = ny;
  out.normal[2] = nz;
  // A's edge: from A's centre, out along each other axis on the side facing B.
  const sa1 = n1 < 0 ? -halfA[i1] : halfA[i1];
  const sa2 = n2 < 0 ? -halfA[i2] : halfA[i2];
  const ax = posA.x + sa1 * axesA[3 * i1] + sa2 * axesA[3 * i2];
  const ay = posA.y + sa1 * axesA[3 * i1 + 1] + sa2 * axesA[3 * i2 + 1];
  const az = posA.z + sa1 * axesA[3 * i1 + 2] + sa2 * axesA[3 * i2 + 2];
  // B's edge: out along B's other axes on the side facing A (against the normal).
  let bx = posB.x;
  let by = posB.y;
  let bz = posB.z;
  // Which of the four edges along each axis: bit m set for the side against axis m.
  const edgeA = 8 * i + (n1 < 0 ? 1 << i1 : 0) + (n2 < 0 ? 1 << i2 : 0);
  let edgeB = 8 * j;
  for (let m = 0; m < 3; m++) {
    if (m === j) continue;
    const mx = axesB[3 * m];
    const my = axesB[3 * m + 1];
    const mz = axesB[3 * m + 2];
    const negative = mx * nx + my * ny + mz * nz > 0;
    if (negative) edgeB += 1 << m;
    const reach = negative ? -halfB[m] : halfB[m];
    bx += reach * mx;
    by += reach * my;
    bz += reach * mz;
  }
  const ha = halfA[i];
  const hb = halfB[j];
  const aix = axesA[3 * i];
  const aiy = axesA[3 * i + 1];
  const aiz = axesA[3 * i + 2];
  const bjx = axesB[3 * j];
  const bjy = axesB[3 * j + 1];
  const bjz = axesB[3 * j + 2];
  // Where the contact acts: the middle of the part of A's edge inside B and of the part of
  // B's edge inside A (both lie in the overlap, and so does the point halfway between them).
  // Crossing edges give about the lines' closest points; an edge cutting past the other's
  // corner gives the piece that really is inside. Neither edge inside the other box (only
  // when they barely touch): the edges' closest points.
  let sum = 0;
  let mx = 0;
  let my = 0;
  let mz = 0;
  edge[0] = ax;
  edge[1] = ay;
  edge[2] = az;
  edge[3] = aix;
  edge[4] = aiy;
  edge[5] = aiz;
  edge[6] = ha;
  if (clipEdge(edge, axesB, halfB, posB, clipRange)) {
    const s = 0.5 * (clipRange[0] + clipRange[1]);
    mx += ax + s * aix;
    my += ay + s * aiy;
    mz += az + s * aiz;
    sum++;
  }
  edge[0] = bx;
  edge[1] = by;
  edge[2] = bz;
  edge[3] = bjx;
  edge[4] = bjy;
  edge[5] = bjz;
  edge[6] = hb;
  if (clipEdge(edge, axesA, halfA, posA, clipRange)) {
    const t = 0.5 * (clipRange[0] + clipRange[1]);
    mx += bx + t * bjx;
    my += by + t * bjy;
    mz += bz + t * bjz;
    sum++;
  }
  if (sum === 0) {
    // Closest points of the edges a + s·A_i (|s| ≤ ha) and b + t·B_j (|t| ≤ hb).
    const wx = ax - bx;
    const wy = ay - by;
    const wz = az - bz;
    const cosine = pair.rot[3 * i + j];
    const wa = wx * aix + wy * aiy + wz * aiz;
    const wb = wx * bjx + wy * bjy + wz * bjz;
    let s = (cosine * wb - wa) / (c1 * c1 + c2 * c2);
    s = s > ha ? ha : s < -ha ? -ha : s;
    let t = wb + s * cosine;
    if (t > hb || t < -hb) {
      t = t > hb ? hb : -hb;
      s = t * cosine - wa;
      s = s > ha ? ha : s < -ha ? -ha : s;
    }
    mx = ax + s * aix + bx + t * bjx;
    my = ay + s * aiy + by + t * bjy;
    mz = az + s * aiz + bz + t * bjz;
    sum = 2;
  }
  const scale = sum === 2 ? 0.5 : 1;
  mx *= scale;
  my *= scale;
  mz *= scale;
  const half = 0.5 * depth;
  out.onA[0] = mx + half * nx;
  out.onA[1] = my + half * ny;
  out.onA[2] = mz + half * nz;
  out.onB[0] = mx - half * nx;
  out.onB[1] = my - half * ny;
  out.onB[2] = mz - half * nz;
  out.depth[0] = depth;
  out.features[0] = edgeFeature(edgeA, edgeB);
  out.count = 1;
  return 1;
}

/**
 * Clips `edge` (p + s·d, |s| ≤ half, d a unit vector, as (px, py, pz, dx, dy, dz, half)) to a
 * box (axes, half extents, centre), slab by slab; true when part of it lies inside, that part's
 * parameter range then in `range` as [low, high].
 */
function clipEdge(
  edge: Float64Array,
  axes: Float64Array,
  halves: Float64Array,
  centre: Vec3Like,
  range: Float64Array,
): boolean {
  const half = edge[6];
  let low = -half;
  let high = half;
  const ox = edge[0] - centre.x;
  const oy = edge[1] - centre.y;
  const oz = edge[2] - centre.z;
  const dx = edge[3];
  const dy = edge[4];
  const dz = edge[5];
  for (let k = 0; k < 3; k++) {
    const kx = axes[3 * k];
    const ky = axes[3 * k + 1];
    const kz = axes[3 * k + 2];
    const o = ox * kx + oy * ky + oz * kz;
    const d = dx * kx + dy * ky + dz * kz;
    const h = halves[k];
    if (d > -PARALLEL_TO_PLANE && d < PARALLEL_TO_PLANE) {
      if (o > h || o < -h) return false;
      continue;
    }
    let t1 = (-h - o) / d;
    let t2 = (h - o) / d;
    if (t1 > t2) {
      const swap = t1;
      t1 = t2;
      t2 = swap;
    }
    if (t1 > low) low = t1;
    if (t2 < high) high = t2;
    if (low > high) return false;
  }
  range[0] = low;
  range[1] = high;
  return true;
}
