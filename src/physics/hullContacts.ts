// Convex hull contacts for the narrowphase (cylinders, gems, and boxes against them): the same
// method as box–box — separating axes, then reference-face clipping or an edge pair — over any
// convex polyhedron's faces and edge directions (hullData.ts). Allocation-free once warm.

import { writeAxes } from './contactManifold';
import type { ContactManifold, QuatLike, Vec3Like } from './contactManifold';
import { choosePoints, chosen, clipToLine, polygonA, polygonB, setVertex } from './faceClipping';
import type { HullData } from './hullData';

/** As for boxes (boxBoxContacts.ts): an edge pair must be 5% shallower than a face to win. */
const EDGE_BIAS = 1.05;
/** sin² of the angle below which two edge directions count as parallel (no axis from them). */
const PARALLEL_SIN2 = 1e-12;

const axesA = new Float64Array(9);
const axesB = new Float64Array(9);
/** rot[3r + c] = A_r · B_c: turns B-frame vectors into A's frame. */
const rot = new Float64Array(9);
/** B's centre in A's frame. */
const offset = new Float64Array(3);
/** B's vertices in A's frame, grown on demand (the only allocation, once per larger hull). */
let verticesB = new Float64Array(3 * 64);
/** Projection scratch: [min A, max A, min B, max B]. */
const range = new Float64Array(4);
/** The best axis so far, in A's frame, pointing from A to B. */
const axis = new Float64Array(3);
const scratch = new Float64Array(3);

/** What decided the normal, as ContactManifold.feature reports it (same ranges as box–box). */
const FACE_A = 0;
const FACE_B = 3;
const EDGES = 6;

/**
 * Contacts between hull A and hull B (each at a position and orientation), written to `out`
 * with the normal from A to B; returns how many (0: apart). Works in A's frame throughout.
 */
export function collideHulls(
  hullA: HullData,
  posA: Vec3Like,
  quatA: QuatLike,
  hullB: HullData,
  posB: Vec3Like,
  quatB: QuatLike,
  out: ContactManifold,
): number {
  out.count = 0;
  out.feature = -1;
  writeAxes(quatA, axesA);
  writeAxes(quatB, axesB);
  const dx = posB.x - posA.x;
  const dy = posB.y - posA.y;
  const dz = posB.z - posA.z;
  for (let r = 0; r < 3; r++) {
    const ax = axesA[3 * r] as number;
    const ay = axesA[3 * r + 1] as number;
    const az = axesA[3 * r + 2] as number;
    offset[r] = ax * dx + ay * dy + az * dz;
    for (let c = 0; c < 3; c++) {
      rot[3 * r + c] =
        ax * (axesB[3 * c] as number) +
        ay * (axesB[3 * c + 1] as number) +
        az * (axesB[3 * c + 2] as number);
    }
  }
  const nb = hullB.vertexCount;
  if (verticesB.length < 3 * nb) verticesB = new Float64Array(3 * nb);
  const vb = hullB.vertices;
  for (let k = 0; k < nb; k++) {
    toFrameA(vb[3 * k] as number, vb[3 * k + 1] as number, vb[3 * k + 2] as number, true);
    verticesB[3 * k] = scratch[0] as number;
    verticesB[3 * k + 1] = scratch[1] as number;
    verticesB[3 * k + 2] = scratch[2] as number;
  }

  // Most pairs the broadphase hands over do not touch; the line between the centres separates
  // most of those at the cost of one projection. It only ever proves "apart".
  const ox = offset[0] as number;
  const oy = offset[1] as number;
  const oz = offset[2] as number;
  const centreDistance = Math.sqrt(ox * ox + oy * oy + oz * oz);
  if (
    centreDistance > 1e-9 &&
    overlapAlong(hullA, nb, ox / centreDistance, oy / centreDistance, oz / centreDistance) < 0
  ) {
    return 0;
  }

  let best = Infinity;
  let kind = -1;
  let bestI = 0;
  let bestJ = 0;
  const faces = hullA.axisFaces;
  for (let a = 0; a < faces.length; a++) {
    const f = faces[a] as number;
    const n = hullA.normals;
    const overlap = overlapAlong(
      hullA,
      nb,
      n[3 * f] as number,
      n[3 * f + 1] as number,
      n[3 * f + 2] as number,
    );
    if (overlap < 0) return 0;
    if (overlap < best) {
      best = overlap;
      kind = FACE_A;
      keepAxis(n[3 * f] as number, n[3 * f + 1] as number, n[3 * f + 2] as number);
    }
  }
  const facesB = hullB.axisFaces;
  for (let b = 0; b < facesB.length; b++) {
    const g = facesB[b] as number;
    const n = hullB.normals;
    toFrameA(n[3 * g] as number, n[3 * g + 1] as number, n[3 * g + 2] as number, false);
    const x = scratch[0] as number;
    const y = scratch[1] as number;
    const z = scratch[2] as number;
    const overlap = overlapAlong(hullA, nb, x, y, z);
    if (overlap < 0) return 0;
    if (overlap < best) {
      best = overlap;
      kind = FACE_B;
      keepAxis(x, y, z);
    }
  }
  const dirA = hullA.directions;
  const dirB = hullB.directions;
  for (let j = 0; j < hullB.directionCount; j++) {
    toFrameA(dirB[3 * j] as number, dirB[3 * j + 1] as number, dirB[3 * j + 2] as number, false);
    const ex = scratch[0] as number;
    const ey = scratch[1] as number;
    const ez = scratch[2] as number;
    for (let i = 0; i < hullA.directionCount; i++) {
      const ax = dirA[3 * i] as number;
      const ay = dirA[3 * i + 1] as number;
      const az = dirA[3 * i + 2] as number;
      let cx = ay * ez - az * ey;
      let cy = az * ex - ax * ez;
      let cz = ax * ey - ay * ex;
      const length2 = cx * cx + cy * cy + cz * cz;
      if (length2 < PARALLEL_SIN2) continue;
      const length = Math.sqrt(length2);
      cx /= length;
      cy /= length;
      cz /= length;
      const overlap = overlapAlong(hullA, nb, cx, cy, cz);
      if (overlap < 0) return 0;
      if (overlap * EDGE_BIAS < best) {
        best = overlap;
        kind = EDGES;
        bestI = i;
        bestJ = j;
        keepAxis(cx, cy, cz);
      }
    }
  }
  if (kind === EDGES) return edgeContact(hullA, hullB, bestI, bestJ, best, posA, out);
  return faceContact(hullA, hullB, kind === FACE_B, posA, posB, out);
}

/** Writes R·v (+ B's offset when `point`) into scratch: a B-frame vector or point in A's frame. */
function toFrameA(x: number, y: number, z: number, point: boolean): void {
  scratch[0] =
    (rot[0] as number) * x +
    (rot[1] as number) * y +
    (rot[2] as number) * z +
    (point ? (offset[0] as number) : 0);
  scratch[1] =
    (rot[3] as number) * x +
    (rot[4] as number) * y +
    (rot[5] as number) * z +
    (point ? (offset[1] as number) : 0);
  scratch[2] =
    (rot[6] as number) * x +
    (rot[7] as number) * y +
    (rot[8] as number) * z +
    (point ? (offset[2] as number) : 0);
}

/** Writes Rᵀ·(v − B's offset when `point`) into scratch: an A-frame vector or point in B's frame. */
function toFrameB(x: number, y: number, z: number, point: boolean): void {
  if (point) {
    x -= offset[0] as number;
    y -= offset[1] as number;
    z -= offset[2] as number;
  }
  scratch[0] = (rot[0] as number) * x + (rot[3] as number) * y + (rot[6] as number) * z;
  scratch[1] = (rot[1] as number) * x + (rot[4] as number) * y + (rot[7] as number) * z;
  scratch[2] = (rot[2] as number) * x + (rot[5] as number) * y + (rot[8] as number) * z;
}

/**
 * How much the two hulls' projections on the unit axis (A's frame) overlap, negative when a
 * gap separates them; leaves `axisSign` +1 when B lies on the axis's positive side.
 */
let axisSign = 1;
function overlapAlong(hullA: HullData, nb: number, x: number, y: number, z: number): number {
  project(hullA.vertices, hullA.vertexCount, x, y, z, 0);
  project(verticesB, nb, x, y, z, 2);
  const aboveA = (range[1] as number) - (range[2] as number);
  const belowA = (range[3] as number) - (range[0] as number);
  axisSign = aboveA <= belowA ? 1 : -1;
  return aboveA <= belowA ? aboveA : belowA;
}

function project(
  vertices: Float64Array,
  count: number,
  x: number,
  y: number,
  z: number,
  at: number,
): void {
  let low = Infinity;
  let high = -Infinity;
  for (let k = 0; k < count; k++) {
    const d =
      (vertices[3 * k] as number) * x +
      (vertices[3 * k + 1] as number) * y +
      (vertices[3 * k + 2] as number) * z;
    if (d < low) low = d;
    if (d > high) high = d;
  }
  range[at] = low;
  range[at + 1] = high;
}

function keepAxis(x: number, y: number, z: number): void {
  axis[0] = axisSign * x;
  axis[1] = axisSign * y;
  axis[2] = axisSign * z;
}

/** The face of `hull` whose outward normal (given in `hull`'s frame) points most along (x, y, z). */
function faceToward(hull: HullData, x: number, y: number, z: number): number {
  const n = hull.normals;
  let best = 0;
  let bestDot = -Infinity;
  for (let f = 0; f < hull.faceCount; f++) {
    const d =
      (n[3 * f] as number) * x + (n[3 * f + 1] as number) * y + (n[3 * f + 2] as number) * z;
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
 * hull's frame, then in the reference face's own frame (hullData.ts), where its edges are lines.
 */
function faceContact(
  hullA: HullData,
  hullB: HullData,
  referenceIsB: boolean,
  posA: Vec3Like,
  posB: Vec3Like,
  out: ContactManifold,
): number {
  const nx = axis[0] as number;
  const ny = axis[1] as number;
  const nz = axis[2] as number;
  const ref = referenceIsB ? hullB : hullA;
  const inc = referenceIsB ? hullA : hullB;
  // The reference face faces the other hull: along −axis for B, +axis for A, in its own frame.
  let face: number;
  let incident: number;
  if (referenceIsB) {
    toFrameB(-nx, -ny, -nz, false);
    face = faceToward(hullB, scratch[0] as number, scratch[1] as number, scratch[2] as number);
    incident = faceToward(hullA, nx, ny, nz);
  } else {
    face = faceToward(hullA, nx, ny, nz);
    toFrameB(-nx, -ny, -nz, false);
    incident = faceToward(hullB, scratch[0] as number, scratch[1] as number, scratch[2] as number);
  }
  const ox = ref.faceOrigin[3 * face] as number;
  const oy = ref.faceOrigin[3 * face + 1] as number;
  const oz = ref.faceOrigin[3 * face + 2] as number;
  const ux = ref.faceU[3 * face] as number;
  const uy = ref.faceU[3 * face + 1] as number;
  const uz = ref.faceU[3 * face + 2] as number;
  const vx = ref.faceV[3 * face] as number;
  const vy = ref.faceV[3 * face + 1] as number;
  const vz = ref.faceV[3 * face + 2] as number;
  const fx = ref.normals[3 * face] as number;
  const fy = ref.normals[3 * face + 1] as number;
  const fz = ref.normals[3 * face + 2] as number;
  // The incident face's vertices, in the reference hull's frame, then in the face's frame.
  const first = inc.faceStart[incident] as number;
  const last = inc.faceStart[incident + 1] as number;
  let n = 0;
  for (let i = first; i < last; i++) {
    const k = inc.faceVertices[i] as number;
    let px: number;
    let py: number;
    let pz: number;
    if (referenceIsB) {
      const va = hullA.vertices;
      toFrameB(va[3 * k] as number, va[3 * k + 1] as number, va[3 * k + 2] as number, true);
      px = (scratch[0] as number) - ox;
      py = (scratch[1] as number) - oy;
      pz = (scratch[2] as number) - oz;
    } else {
      px = (verticesB[3 * k] as number) - ox;
      py = (verticesB[3 * k + 1] as number) - oy;
      pz = (verticesB[3 * k + 2] as number) - oz;
    }
    setVertex(
      polygonA,
      n++,
      px * ux + py * uy + pz * uz,
      px * vx + py * vy + pz * vz,
      px * fx + py * fy + pz * fz,
    );
  }
  const edgeFirst = ref.faceStart[face] as number;
  const edgeLast = ref.faceStart[face + 1] as number;
  let from = polygonA;
  let to = polygonB;
  for (let e = edgeFirst; e < edgeLast; e++) {
    n = clipToLine(
      from,
      n,
      to,
      ref.edgeNX[e] as number,
      ref.edgeNY[e] as number,
      ref.edgeC[e] as number,
    );
    const swap = from;
    from = to;
    to = swap;
  }
  if (from !== polygonA) for (let k = 0; k < 3 * n; k++) polygonA[k] = polygonB[k] as number;
  let count = choosePoints(n);
  if (count === 0) {
    // Deep overlaps can leave the incident face wholly above the reference face while the
    // hulls still overlap along every axis: touch at the incident hull's deepest vertex.
    const vertices = referenceIsB ? hullA.vertices : verticesB;
    let lowest = Infinity;
    for (let k = 0; k < inc.vertexCount; k++) {
      let px = vertices[3 * k] as number;
      let py = vertices[3 * k + 1] as number;
      let pz = vertices[3 * k + 2] as number;
      if (referenceIsB) {
        toFrameB(px, py, pz, true);
        px = scratch[0] as number;
        py = scratch[1] as number;
        pz = scratch[2] as number;
      }
      px -= ox;
      py -= oy;
      pz -= oz;
      const z = px * fx + py * fy + pz * fz;
      if (z < lowest) {
        lowest = z;
        setVertex(polygonA, 0, px * ux + py * uy + pz * uz, px * vx + py * vy + pz * vz, z);
      }
    }
    chosen[0] = 0;
    count = 1;
  }

  // Back to the world: through the reference hull's frame.
  const axes = referenceIsB ? axesB : axesA;
  const pos = referenceIsB ? posB : posA;
  const onInc = referenceIsB ? out.onA : out.onB;
  const onRef = referenceIsB ? out.onB : out.onA;
  for (let c = 0; c < count; c++) {
    const p = 3 * (chosen[c] as number);
    const x = polygonA[p] as number;
    const y = polygonA[p + 1] as number;
    const z = polygonA[p + 2] as number;
    const lx = ox + x * ux + y * vx;
    const ly = oy + x * uy + y * vy;
    const lz = oz + x * uz + y * vz;
    const c3 = 3 * c;
    worldPoint(axes, pos, lx, ly, lz, onRef, c3);
    worldPoint(axes, pos, lx + z * fx, ly + z * fy, lz + z * fz, onInc, c3);
    out.depth[c] = -z;
  }
  // The contact normal is the reference face's, pointing from A to B.
  const sign = referenceIsB ? -1 : 1;
  out.normal[0] =
    sign * ((axes[0] as number) * fx + (axes[3] as number) * fy + (axes[6] as number) * fz);
  out.normal[1] =
    sign * ((axes[1] as number) * fx + (axes[4] as number) * fy + (axes[7] as number) * fz);
  out.normal[2] =
    sign * ((axes[2] as number) * fx + (axes[5] as number) * fy + (axes[8] as number) * fz);
  out.feature = referenceIsB ? FACE_B : FACE_A;
  out.count = count;
  return count;
}

function worldPoint(
  axes: Float64Array,
  pos: Vec3Like,
  x: number,
  y: number,
  z: number,
  target: Float64Array,
  at: number,
): void {
  target[at] = pos.x + (axes[0] as number) * x + (axes[3] as number) * y + (axes[6] as number) * z;
  target[at + 1] =
    pos.y + (axes[1] as number) * x + (axes[4] as number) * y + (axes[7] as number) * z;
  target[at + 2] =
    pos.z + (axes[2] as number) * x + (axes[5] as number) * y + (axes[8] as number) * z;
}

/** Segment scratch for edge contacts: ends of A's and B's edge in A's frame. */
const segment = new Float64Array(12);

/**
 * Edge–edge contact: the edge of A along direction i that reaches furthest toward B and the
 * edge of B along direction j that reaches furthest toward A; one point where they cross (the
 * middle of the parts of each inside the other hull, as for boxes), split along the normal by
 * the separating-axis depth.
 */
function edgeContact(
  hullA: HullData,
  hullB: HullData,
  i: number,
  j: number,
  depth: number,
  posA: Vec3Like,
  out: ContactManifold,
): number {
  const nx = axis[0] as number;
  const ny = axis[1] as number;
  const nz = axis[2] as number;
  supportEdge(hullA, hullA.vertices, i, nx, ny, nz, 0);
  supportEdge(hullB, verticesB, j, -nx, -ny, -nz, 6);
  let sum = 0;
  let mx = 0;
  let my = 0;
  let mz = 0;
  // A's edge against B's face planes (in A's frame), then B's edge against A's.
  if (clipSegment(0, hullB, true)) {
    mx += midX;
    my += midY;
    mz += midZ;
    sum++;
  }
  if (clipSegment(6, hullA, false)) {
    mx += midX;
    my += midY;
    mz += midZ;
    sum++;
  }
  if (sum === 0) {
    // Neither edge dips into the other hull (they barely touch): their midpoints' middle.
    for (let k = 0; k < 12; k += 3) {
      mx += segment[k] as number;
      my += segment[k + 1] as number;
      mz += segment[k + 2] as number;
    }
    sum = 4;
  }
  mx /= sum;
  my /= sum;
  mz /= sum;
  const half = 0.5 * depth;
  worldPoint(axesA, posA, mx + half * nx, my + half * ny, mz + half * nz, out.onA, 0);
  worldPoint(axesA, posA, mx - half * nx, my - half * ny, mz - half * nz, out.onB, 0);
  out.normal[0] = (axesA[0] as number) * nx + (axesA[3] as number) * ny + (axesA[6] as number) * nz;
  out.normal[1] = (axesA[1] as number) * nx + (axesA[4] as number) * ny + (axesA[7] as number) * nz;
  out.normal[2] = (axesA[2] as number) * nx + (axesA[5] as number) * ny + (axesA[8] as number) * nz;
  out.depth[0] = depth;
  out.feature = EDGES;
  out.count = 1;
  return 1;
}

/** Writes the ends (A's frame) of `hull`'s edge along direction `d` reaching furthest along n. */
function supportEdge(
  hull: HullData,
  vertices: Float64Array,
  d: number,
  nx: number,
  ny: number,
  nz: number,
  at: number,
): void {
  let best = -Infinity;
  let a = 0;
  let b = 0;
  for (let e = 0; e < hull.edgeCount; e++) {
    if (hull.edgeDirection[e] !== d) continue;
    const p = 3 * (hull.edgeEnds[2 * e] as number);
    const q = 3 * (hull.edgeEnds[2 * e + 1] as number);
    const reach =
      ((vertices[p] as number) + (vertices[q] as number)) * nx +
      ((vertices[p + 1] as number) + (vertices[q + 1] as number)) * ny +
      ((vertices[p + 2] as number) + (vertices[q + 2] as number)) * nz;
    if (reach > best) {
      best = reach;
      a = p;
      b = q;
    }
  }
  for (let c = 0; c < 3; c++) {
    segment[at + c] = vertices[a + c] as number;
    segment[at + 3 + c] = vertices[b + c] as number;
  }
}

let midX = 0;
let midY = 0;
let midZ = 0;

/**
 * Clips the segment at `segment[at..at+5]` (A's frame) to the hull's face planes; true when
 * part of it lies inside, that part's middle in midX/Y/Z. `inFrameB`: the hull is B, whose
 * planes are turned into A's frame on the way.
 */
function clipSegment(at: number, hull: HullData, inFrameB: boolean): boolean {
  const px = segment[at] as number;
  const py = segment[at + 1] as number;
  const pz = segment[at + 2] as number;
  const qx = (segment[at + 3] as number) - px;
  const qy = (segment[at + 4] as number) - py;
  const qz = (segment[at + 5] as number) - pz;
  let low = 0;
  let high = 1;
  const normals = hull.normals;
  for (let f = 0; f < hull.faceCount; f++) {
    let fx = normals[3 * f] as number;
    let fy = normals[3 * f + 1] as number;
    let fz = normals[3 * f + 2] as number;
    let limit = hull.offsets[f] as number;
    if (inFrameB) {
      toFrameA(fx, fy, fz, false);
      fx = scratch[0] as number;
      fy = scratch[1] as number;
      fz = scratch[2] as number;
      limit += fx * (offset[0] as number) + fy * (offset[1] as number) + fz * (offset[2] as number);
    }
    // Inside where f·(p + s·q) ≤ limit.
    const start = fx * px + fy * py + fz * pz - limit;
    const rate = fx * qx + fy * qy + fz * qz;
    if (rate > -1e-12 && rate < 1e-12) {
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
  midX = px + mid * qx;
  midY = py + mid * qy;
  midZ = pz + mid * qz;
  return true;
}
