// Convex hull contacts for the narrowphase (cylinders, gems, and boxes against them): the same
// method as box–box — Gottschalk's separating-axis test, generalised from a box's 3 + 3 + 9 axes
// to any convex polyhedron's face normals and edge-direction cross products (hullData.ts), then
// reference-face clipping or an edge pair. This file finds the axis; hullFeatures.ts makes the
// points. Allocation-free once warm.

import { vertexFeature } from './contactFeatures';
import { writeAxes } from './contactManifold';
import type { ContactManifold, QuatLike, Vec3Like } from './contactManifold';
import { spreadPoints } from './faceClipping';
import type { HullData } from '../bodies/hullData';
import { edgeContact, faceContact } from './hullFeatures';
import { FACE_A, FACE_B, HullPair } from './hullFrame';
import { EDGE_BIAS, EDGE_SLACK, PARALLEL_SIN2 } from './satTolerances';

/** The pair being worked on; one call at a time (each thread has its own module instance). */
const pair = new HullPair();

/** Vertices under a plane considered, at most: the clip buffers' room (a 12-sided cap has 12). */
const MAX_HULL_PLANE_POINTS = 64;

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
  pair.setUp(posA, quatA, hullB, posB, quatB);
  const nb = hullB.vertexCount;
  const offset = pair.offset;
  const vec = pair.vec;
  const probe = pair.probe;
  const sat = pair.sat;

  // Most pairs the broadphase hands over do not touch; the line between the centres separates
  // most of those at the cost of one projection. It only ever proves "apart".
  const ox = offset[0];
  const oy = offset[1];
  const oz = offset[2];
  const centreDistance = Math.sqrt(ox * ox + oy * oy + oz * oz);
  if (centreDistance > 1e-9) {
    probe[0] = ox / centreDistance;
    probe[1] = oy / centreDistance;
    probe[2] = oz / centreDistance;
    testProbe(pair, hullA, nb);
    if (sat[0] < 0) return 0;
  }

  let best = Infinity;
  let kind = -1;
  const facesA = hullA.axisFaces;
  for (let a = 0; a < facesA.length; a++) {
    const f = 3 * facesA[a];
    probe[0] = hullA.normals[f];
    probe[1] = hullA.normals[f + 1];
    probe[2] = hullA.normals[f + 2];
    testProbe(pair, hullA, nb);
    const overlap = sat[0];
    if (overlap < 0) return 0;
    if (overlap < best) {
      best = overlap;
      kind = FACE_A;
      keepProbe(pair);
    }
  }
  const facesB = hullB.axisFaces;
  for (let b = 0; b < facesB.length; b++) {
    pair.rotateToA(hullB.normals, 3 * facesB[b]);
    probe[0] = vec[0];
    probe[1] = vec[1];
    probe[2] = vec[2];
    testProbe(pair, hullA, nb);
    const overlap = sat[0];
    if (overlap < 0) return 0;
    if (overlap < best) {
      best = overlap;
      kind = FACE_B;
      keepProbe(pair);
    }
  }
  const dirA = hullA.directions;
  let edgeBest = Infinity;
  let edgeI = -1;
  let edgeJ = -1;
  const edgeAxis = pair.edgeAxis;
  for (let j = 0; j < hullB.directionCount; j++) {
    pair.rotateToA(hullB.directions, 3 * j);
    const ex = vec[0];
    const ey = vec[1];
    const ez = vec[2];
    for (let i = 0; i < hullA.directionCount; i++) {
      const ax = dirA[3 * i];
      const ay = dirA[3 * i + 1];
      const az = dirA[3 * i + 2];
      const cx = ay * ez - az * ey;
      const cy = az * ex - ax * ez;
      const cz = ax * ey - ay * ex;
      const length2 = cx * cx + cy * cy + cz * cz;
      if (length2 < PARALLEL_SIN2) continue;
      const length = Math.sqrt(length2);
      probe[0] = cx / length;
      probe[1] = cy / length;
      probe[2] = cz / length;
      testProbe(pair, hullA, nb);
      const overlap = sat[0];
      if (overlap < 0) return 0;
      if (overlap < edgeBest) {
        edgeBest = overlap;
        edgeI = i;
        edgeJ = j;
        const side = sat[1];
        edgeAxis[0] = side * probe[0];
        edgeAxis[1] = side * probe[1];
        edgeAxis[2] = side * probe[2];
      }
    }
  }
  const hasEdge = edgeI >= 0;
  pair.depth[0] = edgeBest;
  if (hasEdge && edgeBest * EDGE_BIAS + EDGE_SLACK < best) {
    return edgeContact(pair, hullA, hullB, edgeI, edgeJ, posA, out);
  }
  const count = faceContact(pair, hullA, hullB, kind === FACE_B, posA, posB, out, hasEdge);
  if (count > 0) return count;
  // A face clip can come up empty where the real touch is edge against edge, near the slack:
  // the best edge pair then says where.
  return edgeContact(pair, hullA, hullB, edgeI, edgeJ, posA, out);
}

/** The two hulls' projections on pair.probe: their overlap (negative: a gap) and side, into pair.sat. */
function testProbe(pair: HullPair, hullA: HullData, nb: number): void {
  const range = pair.range;
  const sat = pair.sat;
  project(hullA.vertices, hullA.vertexCount, pair.probe, range, 0);
  project(pair.verticesB, nb, pair.probe, range, 2);
  const aboveA = range[1] - range[2];
  const belowA = range[3] - range[0];
  sat[0] = aboveA <= belowA ? aboveA : belowA;
  sat[1] = aboveA <= belowA ? 1 : -1;
}

/** The lowest and highest of `count` vertices along `probe`, into range[at], range[at + 1]. */
function project(
  vertices: Float64Array,
  count: number,
  probe: Float64Array,
  range: Float64Array,
  at: number,
): void {
  const x = probe[0];
  const y = probe[1];
  const z = probe[2];
  let low = Infinity;
  let high = -Infinity;
  for (let k = 0; k < count; k++) {
    const d = vertices[3 * k] * x + vertices[3 * k + 1] * y + vertices[3 * k + 2] * z;
    if (d < low) low = d;
    if (d > high) high = d;
  }
  range[at] = low;
  range[at + 1] = high;
}

/** pair.axis = the probe, turned to point from A to B. */
function keepProbe(pair: HullPair): void {
  const axis = pair.axis;
  const probe = pair.probe;
  const side = pair.sat[1];
  axis[0] = side * probe[0];
  axis[1] = side * probe[1];
  axis[2] = side * probe[2];
}

/**
 * Contacts between plane A (through `planePos`, normal = `planeQuat` applied to +z, cannon-es's
 * convention) and hull B: the hull's vertices on or below the plane, each touching the plane at
 * its projection, at most four of them (the deepest and the most spread, as a face patch is cut
 * down). The normal points from the plane into the hull. Each point is named by its vertex.
 */
export function collidePlaneHull(
  planePos: Vec3Like,
  planeQuat: QuatLike,
  hull: HullData,
  hullPos: Vec3Like,
  hullQuat: QuatLike,
  out: ContactManifold,
): number {
  out.count = 0;
  out.feature = -1;
  const axes = pair.axesA;
  writeAxes(planeQuat, axes);
  // The plane's frame: x and y in the plane, z its normal.
  const ux = axes[0];
  const uy = axes[1];
  const uz = axes[2];
  const vx = axes[3];
  const vy = axes[4];
  const vz = axes[5];
  const nx = axes[6];
  const ny = axes[7];
  const nz = axes[8];
  const hullAxes = pair.axesB;
  writeAxes(hullQuat, hullAxes);
  const clip = pair.clip;
  const polygon = clip.polygonA;
  const vertexOf = clip.points;
  const vertices = hull.vertices;
  let n = 0;
  for (let k = 0; k < hull.vertexCount && n < MAX_HULL_PLANE_POINTS; k++) {
    const lx = vertices[3 * k];
    const ly = vertices[3 * k + 1];
    const lz = vertices[3 * k + 2];
    const px = hullPos.x + hullAxes[0] * lx + hullAxes[3] * ly + hullAxes[6] * lz - planePos.x;
    const py = hullPos.y + hullAxes[1] * lx + hullAxes[4] * ly + hullAxes[7] * lz - planePos.y;
    const pz = hullPos.z + hullAxes[2] * lx + hullAxes[5] * ly + hullAxes[8] * lz - planePos.z;
    const height = px * nx + py * ny + pz * nz;
    if (height > 0) continue;
    polygon[3 * n] = px * ux + py * uy + pz * uz;
    polygon[3 * n + 1] = px * vx + py * vy + pz * vz;
    polygon[3 * n + 2] = height;
    vertexOf[n] = k;
    n++;
  }
  if (n === 0) return 0;
  const count = spreadPoints(clip, n);
  const chosen = clip.chosen;
  for (let c = 0; c < count; c++) {
    const p = chosen[c];
    const x = polygon[3 * p];
    const y = polygon[3 * p + 1];
    const height = polygon[3 * p + 2];
    // On the plane (A) at the projection; on the hull (B) at the vertex, `height` below it.
    const ax = planePos.x + x * ux + y * vx;
    const ay = planePos.y + x * uy + y * vy;
    const az = planePos.z + x * uz + y * vz;
    const c3 = 3 * c;
    out.onA[c3] = ax;
    out.onA[c3 + 1] = ay;
    out.onA[c3 + 2] = az;
    out.onB[c3] = ax + height * nx;
    out.onB[c3 + 1] = ay + height * ny;
    out.onB[c3 + 2] = az + height * nz;
    out.depth[c] = -height;
    out.features[c] = vertexFeature(true, vertexOf[p], 0);
  }
  out.normal[0] = nx;
  out.normal[1] = ny;
  out.normal[2] = nz;
  out.count = count;
  return count;
}
