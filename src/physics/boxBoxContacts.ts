// Box–box contact generation for the narrowphase: a separating-axis test over the 15 candidate
// axes, then a small manifold from the features that touch (reference-face clipping for a face,
// the closest points of two edges for an edge pair). Allocation-free; + − × ÷, sqrt, abs only.

import { writeAxes } from './contactManifold';
import { choosePoints, chosen, clipToPlane, polygonA, polygonB } from './faceClipping';
import type { ContactManifold, QuatLike, Vec3Like } from './contactManifold';

/**
 * An edge–edge axis wins only if it is this much shallower than the best face axis, both
 * relatively and absolutely. Resting boxes have face and edge axes within rounding of each
 * other; a face gives a stable 4-point patch where an edge gives one wandering point, so near
 * ties go to faces. ODE's dBoxBox and Bullet's box–box detector use the same 5%. The 5% alone
 * is not enough at rest: cannon-es settles stacked bodies about 0.1–1 mm into each other, and
 * a brick tilted by 0.002 rad changes its overlaps along nearby axes by its length × tilt, a
 * millimetre or more — so two crossed bricks flickered between a 4-point face patch and a
 * single edge point, and the 36-brick stack crept 58 mm in 10 s (today's cannon-es: 35 mm).
 * With 2 mm on top: 8 mm. A real edge–edge crossing overlaps far more along the faces.
 */
const EDGE_BIAS = 1.05;
const EDGE_SLACK = 0.002;
/**
 * Two edges closer to parallel than this (|A_i × B_j|², i.e. sin² of their angle) give no
 * usable axis: the face axes already cover that direction. cannon-es drops such a cross
 * product once every component is under 1e-6, the same order.
 */
const PARALLEL_SIN2 = 1e-12;

const NEXT = [1, 2, 0] as const;
const PREV = [2, 0, 1] as const;

// Scratch, reused by every call (one call at a time: JavaScript is single-threaded per world).
const axesA = new Float64Array(9);
const axesB = new Float64Array(9);
/** rot[3i + j] = A_i · B_j: B's axes in A's frame, column by column. */
const rot = new Float64Array(9);
const absRot = new Float64Array(9);
/** Centre of B minus centre of A, along A's axes and along B's axes. */
const offsetA = new Float64Array(3);
const offsetB = new Float64Array(3);
/**
 * The reference face's side faces as clip planes (sx, sy, sz, limit) in its frame — a box's
 * sides stand straight, so sz = 0; the limits (half extents) are set per call.
 */
const rectangle = new Float64Array([1, 0, 0, 0, -1, 0, 0, 0, 0, 1, 0, 0, 0, -1, 0, 0]);
/**
 * The winning edge axis, [c1, c2, length, depth], for edgeContact. Doubles pass between the
 * helpers through typed arrays: V8 boxes double arguments, returned doubles and module-level
 * `let`s (an allocation each) wherever it does not inline, and these run every step.
 */
const edgeAxis = new Float64Array(4);
/** An edge, (x, y, z, dx, dy, dz, half length), for clipEdge. */
const edge = new Float64Array(7);
const halfA = new Float64Array(3);
const halfB = new Float64Array(3);

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
  writeAxes(quatA, axesA);
  writeAxes(quatB, axesB);
  halfA[0] = extentsA.x;
  halfA[1] = extentsA.y;
  halfA[2] = extentsA.z;
  halfB[0] = extentsB.x;
  halfB[1] = extentsB.y;
  halfB[2] = extentsB.z;
  const dx = posB.x - posA.x;
  const dy = posB.y - posA.y;
  const dz = posB.z - posA.z;
  for (let i = 0; i < 3; i++) {
    const i3 = 3 * i;
    const ax = axesA[i3] as number;
    const ay = axesA[i3 + 1] as number;
    const az = axesA[i3 + 2] as number;
    offsetA[i] = ax * dx + ay * dy + az * dz;
    offsetB[i] =
      (axesB[i3] as number) * dx + (axesB[i3 + 1] as number) * dy + (axesB[i3 + 2] as number) * dz;
    for (let j = 0; j < 3; j++) {
      const j3 = 3 * j;
      const r =
        ax * (axesB[j3] as number) +
        ay * (axesB[j3 + 1] as number) +
        az * (axesB[j3 + 2] as number);
      rot[i3 + j] = r;
      absRot[i3 + j] = Math.abs(r);
    }
  }

  // Separating axes: overlap of the two boxes' projections; any negative overlap means apart.
  let best = Infinity;
  let feature = -1;
  for (let i = 0; i < 3; i++) {
    const i3 = 3 * i;
    const overlap =
      (halfA[i] as number) +
      (halfB[0] as number) * (absRot[i3] as number) +
      (halfB[1] as number) * (absRot[i3 + 1] as number) +
      (halfB[2] as number) * (absRot[i3 + 2] as number) -
      Math.abs(offsetA[i] as number);
    if (overlap < 0) return 0;
    if (overlap < best) {
      best = overlap;
      feature = i;
    }
  }
  for (let j = 0; j < 3; j++) {
    const overlap =
      (halfB[j] as number) +
      (halfA[0] as number) * (absRot[j] as number) +
      (halfA[1] as number) * (absRot[3 + j] as number) +
      (halfA[2] as number) * (absRot[6 + j] as number) -
      Math.abs(offsetB[j] as number);
    if (overlap < 0) return 0;
    if (overlap < best) {
      best = overlap;
      feature = 3 + j;
    }
  }
  // Edge axes A_i × B_j, worked in A's frame: the cross product has no component along A_i.
  let edgeC1 = 0;
  let edgeC2 = 0;
  let edgeLength = 1;
  for (let i = 0; i < 3; i++) {
    const i1 = NEXT[i];
    const i2 = PREV[i];
    for (let j = 0; j < 3; j++) {
      const c1 = -(rot[3 * i2 + j] as number);
      const c2 = rot[3 * i1 + j] as number;
      const length2 = c1 * c1 + c2 * c2;
      if (length2 < PARALLEL_SIN2) continue;
      const j1 = NEXT[j];
      const j2 = PREV[j];
      const reach =
        (halfA[i1] as number) * (absRot[3 * i2 + j] as number) +
        (halfA[i2] as number) * (absRot[3 * i1 + j] as number) +
        (halfB[j1] as number) * (absRot[3 * i + j2] as number) +
        (halfB[j2] as number) * (absRot[3 * i + j1] as number);
      const gap = reach - Math.abs((offsetA[i1] as number) * c1 + (offsetA[i2] as number) * c2);
      if (gap < 0) return 0;
      const length = Math.sqrt(length2);
      const overlap = gap / length;
      if (overlap * EDGE_BIAS + EDGE_SLACK < best) {
        best = overlap;
        feature = 6 + 3 * i + j;
        edgeC1 = c1;
        edgeC2 = c2;
        edgeLength = length;
      }
    }
  }

  out.feature = feature;
  const normal = out.normal;
  if (feature < 6) {
    const onA = feature < 3;
    const f = onA ? feature : feature - 3;
    const axes = onA ? axesA : axesB;
    const sign = ((onA ? offsetA[f] : offsetB[f]) as number) < 0 ? -1 : 1;
    normal[0] = sign * (axes[3 * f] as number);
    normal[1] = sign * (axes[3 * f + 1] as number);
    normal[2] = sign * (axes[3 * f + 2] as number);
    if (onA) return clipFaces(axesA, halfA, posA, axesB, halfB, posB, f, 1, false, out);
    return clipFaces(axesB, halfB, posB, axesA, halfA, posA, f, -1, true, out);
  }
  edgeAxis[0] = edgeC1;
  edgeAxis[1] = edgeC2;
  edgeAxis[2] = edgeLength;
  edgeAxis[3] = best;
  return edgeContact(feature - 6, posA, posB, out);
}

/**
 * Face contact. The reference box's face `f` (outward normal = `toward` × the manifold normal,
 * so it faces the other box) is the one that won; the incident face is the other box's face
 * most opposed to it. The incident face is clipped to the reference face's rectangle and the
 * points below it are kept. `swapped`: the reference box is B, so A's points are the incident ones.
 */
function clipFaces(
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
  const nx = toward * (normal[0] as number);
  const ny = toward * (normal[1] as number);
  const nz = toward * (normal[2] as number);
  const hf = refHalf[f] as number;
  const cx = refPos.x + hf * nx;
  const cy = refPos.y + hf * ny;
  const cz = refPos.z + hf * nz;
  const u = NEXT[f];
  const v = PREV[f];
  const ux = refAxes[3 * u] as number;
  const uy = refAxes[3 * u + 1] as number;
  const uz = refAxes[3 * u + 2] as number;
  const vx = refAxes[3 * v] as number;
  const vy = refAxes[3 * v + 1] as number;
  const vz = refAxes[3 * v + 2] as number;

  // The incident face: the incident box's axis most (anti)parallel to the reference normal.
  let k = 0;
  let kDot = 0;
  for (let m = 0; m < 3; m++) {
    const d =
      (incAxes[3 * m] as number) * nx +
      (incAxes[3 * m + 1] as number) * ny +
      (incAxes[3 * m + 2] as number) * nz;
    if (Math.abs(d) > Math.abs(kDot)) {
      kDot = d;
      k = m;
    }
  }
  const s = kDot > 0 ? -(incHalf[k] as number) : (incHalf[k] as number);
  const fx = incPos.x + s * (incAxes[3 * k] as number) - cx;
  const fy = incPos.y + s * (incAxes[3 * k + 1] as number) - cy;
  const fz = incPos.z + s * (incAxes[3 * k + 2] as number) - cz;
  const k1 = NEXT[k];
  const k2 = PREV[k];
  const h1 = incHalf[k1] as number;
  const h2 = incHalf[k2] as number;
  const e1x = h1 * (incAxes[3 * k1] as number);
  const e1y = h1 * (incAxes[3 * k1 + 1] as number);
  const e1z = h1 * (incAxes[3 * k1 + 2] as number);
  const e2x = h2 * (incAxes[3 * k2] as number);
  const e2y = h2 * (incAxes[3 * k2 + 1] as number);
  const e2z = h2 * (incAxes[3 * k2 + 2] as number);
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
  for (let c = 0; c < 4; c++) {
    const s1 = c === 0 || c === 3 ? 1 : -1;
    const s2 = c < 2 ? 1 : -1;
    polygonA[3 * c] = bx + s1 * p1x + s2 * p2x;
    polygonA[3 * c + 1] = by + s1 * p1y + s2 * p2y;
    polygonA[3 * c + 2] = bz + s1 * p1z + s2 * p2z;
  }

  // The reference face's rectangle as four lines, |x| ≤ hu and |y| ≤ hv.
  const hu = refHalf[u] as number;
  const hv = refHalf[v] as number;
  rectangle[3] = hu;
  rectangle[7] = hu;
  rectangle[11] = hv;
  rectangle[15] = hv;
  let n = clipToPlane(polygonA, 4, polygonB, rectangle, 0);
  n = clipToPlane(polygonB, n, polygonA, rectangle, 4);
  n = clipToPlane(polygonA, n, polygonB, rectangle, 8);
  n = clipToPlane(polygonB, n, polygonA, rectangle, 12);
  // Keep the points at or below the reference face, at most four, the deepest among them.
  let count = choosePoints(n);
  if (count === 0) {
    // Deep overlaps can leave the incident face wholly above the reference face while the
    // boxes still overlap along every axis: touch at the incident box's deepest corner.
    let px = incPos.x - cx;
    let py = incPos.y - cy;
    let pz = incPos.z - cz;
    for (let m = 0; m < 3; m++) {
      const mx = incAxes[3 * m] as number;
      const my = incAxes[3 * m + 1] as number;
      const mz = incAxes[3 * m + 2] as number;
      const reach =
        mx * nx + my * ny + mz * nz > 0 ? -(incHalf[m] as number) : (incHalf[m] as number);
      px += reach * mx;
      py += reach * my;
      pz += reach * mz;
    }
    polygonA[0] = px * ux + py * uy + pz * uz;
    polygonA[1] = px * vx + py * vy + pz * vz;
    polygonA[2] = px * nx + py * ny + pz * nz;
    chosen[0] = 0;
    count = 1;
  }

  const onInc = swapped ? out.onA : out.onB;
  const onRef = swapped ? out.onB : out.onA;
  for (let c = 0; c < count; c++) {
    const p = 3 * (chosen[c] as number);
    const x = polygonA[p] as number;
    const y = polygonA[p + 1] as number;
    const z = polygonA[p + 2] as number;
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
  }
  out.count = count;
  return count;
}

/**
 * Edge–edge contact (the axis A_i × B_j in edgeAxis): one point where the edge of A along A_i
 * and the edge of B along B_j cross (each box's edge that reaches furthest toward the other),
 * its two surface points split along the normal by the separating-axis depth.
 */
function edgeContact(
  edgeIndex: number,
  posA: Vec3Like,
  posB: Vec3Like,
  out: ContactManifold,
): number {
  const i = (edgeIndex / 3) | 0;
  const j = edgeIndex - 3 * i;
  const i1 = NEXT[i];
  const i2 = PREV[i];
  const c1 = edgeAxis[0] as number;
  const c2 = edgeAxis[1] as number;
  const length = edgeAxis[2] as number;
  const depth = edgeAxis[3] as number;
  // Normal in A's frame is (c1 along A_i1, c2 along A_i2) / length; flip it to point at B.
  const flip =
    (offsetA[i1] as number) * c1 + (offsetA[i2] as number) * c2 < 0 ? -1 / length : 1 / length;
  const n1 = c1 * flip;
  const n2 = c2 * flip;
  const nx = n1 * (axesA[3 * i1] as number) + n2 * (axesA[3 * i2] as number);
  const ny = n1 * (axesA[3 * i1 + 1] as number) + n2 * (axesA[3 * i2 + 1] as number);
  const nz = n1 * (axesA[3 * i1 + 2] as number) + n2 * (axesA[3 * i2 + 2] as number);
  out.normal[0] = nx;
  out.normal[1] = ny;
  out.normal[2] = nz;
  // A's edge: from A's centre, out along each other axis on the side facing B.
  const sa1 = n1 < 0 ? -(halfA[i1] as number) : (halfA[i1] as number);
  const sa2 = n2 < 0 ? -(halfA[i2] as number) : (halfA[i2] as number);
  const ax = posA.x + sa1 * (axesA[3 * i1] as number) + sa2 * (axesA[3 * i2] as number);
  const ay = posA.y + sa1 * (axesA[3 * i1 + 1] as number) + sa2 * (axesA[3 * i2 + 1] as number);
  const az = posA.z + sa1 * (axesA[3 * i1 + 2] as number) + sa2 * (axesA[3 * i2 + 2] as number);
  // B's edge: out along B's other axes on the side facing A (against the normal).
  let bx = posB.x;
  let by = posB.y;
  let bz = posB.z;
  for (let m = 0; m < 3; m++) {
    if (m === j) continue;
    const mx = axesB[3 * m] as number;
    const my = axesB[3 * m + 1] as number;
    const mz = axesB[3 * m + 2] as number;
    const reach = mx * nx + my * ny + mz * nz > 0 ? -(halfB[m] as number) : (halfB[m] as number);
    bx += reach * mx;
    by += reach * my;
    bz += reach * mz;
  }
  const ha = halfA[i] as number;
  const hb = halfB[j] as number;
  const aix = axesA[3 * i] as number;
  const aiy = axesA[3 * i + 1] as number;
  const aiz = axesA[3 * i + 2] as number;
  const bjx = axesB[3 * j] as number;
  const bjy = axesB[3 * j + 1] as number;
  const bjz = axesB[3 * j + 2] as number;
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
  if (clipEdge(axesB, halfB, posB)) {
    const s = 0.5 * ((clipRange[0] as number) + (clipRange[1] as number));
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
  if (clipEdge(axesA, halfA, posA)) {
    const t = 0.5 * ((clipRange[0] as number) + (clipRange[1] as number));
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
    const cosine = rot[3 * i + j] as number;
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
  out.count = 1;
  return 1;
}

/** The parameter range [low, high] left by the last clipEdge that returned true. */
const clipRange = new Float64Array(2);

/**
 * Clips `edge` (p + s·d, |s| ≤ half, d a unit vector) to a box (axes, half extents, centre),
 * slab by slab; true when part of it lies inside, that part's range in clipRange.
 */
function clipEdge(axes: Float64Array, halves: Float64Array, centre: Vec3Like): boolean {
  const half = edge[6] as number;
  let low = -half;
  let high = half;
  const ox = (edge[0] as number) - centre.x;
  const oy = (edge[1] as number) - centre.y;
  const oz = (edge[2] as number) - centre.z;
  const dx = edge[3] as number;
  const dy = edge[4] as number;
  const dz = edge[5] as number;
  for (let k = 0; k < 3; k++) {
    const kx = axes[3 * k] as number;
    const ky = axes[3 * k + 1] as number;
    const kz = axes[3 * k + 2] as number;
    const o = ox * kx + oy * ky + oz * kz;
    const d = dx * kx + dy * ky + dz * kz;
    const h = halves[k] as number;
    if (d > -1e-12 && d < 1e-12) {
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
  clipRange[0] = low;
  clipRange[1] = high;
  return true;
}
