// Sphere–box, sphere–hull, sphere–plane and plane–box contact generation for the narrowphase:
// the closest point of a box or convex hull to a sphere's centre, a sphere's lowest point under
// a plane, and the box corners below a plane. Allocation-free; + − × ÷, sqrt, abs.

import { vertexFeature } from './contactFeatures';
import { writeAxes } from './contactManifold';
import type { ContactManifold, QuatLike, Vec3Like } from './contactManifold';
import type { HullData } from '../bodies/hullData';

/** A sphere as its radius, m: passed as the shape, since a double argument would be boxed. */
export interface SphereLike {
  radius: number;
}

const axes = new Float64Array(9);
const half = new Float64Array(3);
const local = new Float64Array(3);
const closest = new Float64Array(3);

/**
 * Contact between sphere A (shape, centre) and box B: at most one point. The box's closest point
 * to the centre is Ericson's closest point on an OBB (Real-Time Collision Detection, 2005, §5.1.4:
 * the centre in the box's axes, each coordinate clamped to the half extent). Outside the box the
 * normal runs from the sphere's centre to that point; with the centre inside the box it is the
 * nearest face's inward normal, so the sphere is pushed out the shortest way. Touching exactly
 * (distance = radius) is no contact, as in cannon-es.
 */
export function collideSphereBox(
  sphere: SphereLike,
  sphereCentre: Vec3Like,
  extents: Vec3Like,
  boxPos: Vec3Like,
  boxQuat: QuatLike,
  out: ContactManifold,
): number {
  out.count = 0;
  out.feature = -1;
  const radius = sphere.radius;
  writeAxes(boxQuat, axes);
  half[0] = extents.x;
  half[1] = extents.y;
  half[2] = extents.z;
  const dx = sphereCentre.x - boxPos.x;
  const dy = sphereCentre.y - boxPos.y;
  const dz = sphereCentre.z - boxPos.z;
  let inside = true;
  for (let k = 0; k < 3; k++) {
    const c = axes[3 * k] * dx + axes[3 * k + 1] * dy + axes[3 * k + 2] * dz;
    const h = half[k];
    local[k] = c;
    if (c > h) {
      closest[k] = h;
      inside = false;
    } else if (c < -h) {
      closest[k] = -h;
      inside = false;
    } else closest[k] = c;
  }
  // Box-local normal from the box toward the sphere centre into `local`, and the depth along it.
  if (inside) {
    let face = 0;
    let room = Infinity;
    for (let k = 0; k < 3; k++) {
      const r = half[k] - Math.abs(local[k]);
      if (r < room) {
        room = r;
        face = k;
      }
    }
    const sign = local[face] < 0 ? -1 : 1;
    closest[face] = sign * half[face];
    local[0] = face === 0 ? sign : 0;
    local[1] = face === 1 ? sign : 0;
    local[2] = face === 2 ? sign : 0;
    out.depth[0] = radius + room;
  } else {
    const ex = local[0] - closest[0];
    const ey = local[1] - closest[1];
    const ez = local[2] - closest[2];
    const distance2 = ex * ex + ey * ey + ez * ez;
    if (distance2 >= radius * radius) return 0;
    const distance = Math.sqrt(distance2);
    local[0] = ex / distance;
    local[1] = ey / distance;
    local[2] = ez / distance;
    out.depth[0] = radius - distance;
  }
  return spherePoint(sphere, sphereCentre, boxPos, out);
}

/**
 * Finishes the one point of sphere A against box or hull B from B's frame (its axes in `axes`):
 * `local` holds B's normal toward the sphere's centre and `closest` B's point nearest it, the
 * depth is in the manifold already. To world: the manifold's normal runs sphere → B.
 */
function spherePoint(
  sphere: SphereLike,
  sphereCentre: Vec3Like,
  pos: Vec3Like,
  out: ContactManifold,
): number {
  const radius = sphere.radius;
  const lx = local[0];
  const ly = local[1];
  const lz = local[2];
  const nx = lx * axes[0] + ly * axes[3] + lz * axes[6];
  const ny = lx * axes[1] + ly * axes[4] + lz * axes[7];
  const nz = lx * axes[2] + ly * axes[5] + lz * axes[8];
  const cx = closest[0];
  const cy = closest[1];
  const cz = closest[2];
  out.normal[0] = -nx;
  out.normal[1] = -ny;
  out.normal[2] = -nz;
  out.onA[0] = sphereCentre.x - radius * nx;
  out.onA[1] = sphereCentre.y - radius * ny;
  out.onA[2] = sphereCentre.z - radius * nz;
  out.onB[0] = pos.x + cx * axes[0] + cy * axes[3] + cz * axes[6];
  out.onB[1] = pos.y + cx * axes[1] + cy * axes[4] + cz * axes[7];
  out.onB[2] = pos.z + cx * axes[2] + cy * axes[5] + cz * axes[8];
  out.features[0] = 0;
  out.count = 1;
  return 1;
}

/**
 * Contacts between plane A (through `planePos`, normal = `planeQuat` applied to +z, cannon-es's
 * convention) and box B: every corner on or below the plane, or at most `margin` above it, in
 * cannon-es's corner order (−−−, +−−, ++−, −+−, −−+, +−+, +++, −++), each touching the plane at
 * its projection.
 */
export function collidePlaneBox(
  planePos: Vec3Like,
  planeQuat: QuatLike,
  extents: Vec3Like,
  boxPos: Vec3Like,
  boxQuat: QuatLike,
  out: ContactManifold,
  margin = 0,
): number {
  out.count = 0;
  out.feature = -1;
  writeAxes(planeQuat, axes);
  const nx = axes[6];
  const ny = axes[7];
  const nz = axes[8];
  writeAxes(boxQuat, axes);
  const hx = extents.x;
  const hy = extents.y;
  const hz = extents.z;
  const xx = hx * axes[0];
  const xy = hx * axes[1];
  const xz = hx * axes[2];
  const yx = hy * axes[3];
  const yy = hy * axes[4];
  const yz = hy * axes[5];
  const zx = hz * axes[6];
  const zy = hz * axes[7];
  const zz = hz * axes[8];
  // Height of the box centre above the plane and of each half-axis along the normal.
  const h0 =
    nx * (boxPos.x - planePos.x) + ny * (boxPos.y - planePos.y) + nz * (boxPos.z - planePos.z);
  const hxn = nx * xx + ny * xy + nz * xz;
  const hyn = nx * yx + ny * yy + nz * yz;
  const hzn = nx * zx + ny * zy + nz * zz;
  // Lowest corner above the plane: no contact, the common case for a body near the ground.
  if (h0 - Math.abs(hxn) - Math.abs(hyn) - Math.abs(hzn) > margin) return 0;
  let count = 0;
  for (let corner = 0; corner < 8; corner++) {
    // cannon-es's order: x sign flips with bit pattern 0,1,1,0; y with 0,0,1,1; z with the 4s bit.
    const sx = corner === 1 || corner === 2 || corner === 5 || corner === 6 ? 1 : -1;
    const sy = (corner & 3) >= 2 ? 1 : -1;
    const sz = corner >= 4 ? 1 : -1;
    const height = h0 + sx * hxn + sy * hyn + sz * hzn;
    if (height > margin) continue;
    const px = boxPos.x + sx * xx + sy * yx + sz * zx;
    const py = boxPos.y + sx * xy + sy * yy + sz * zy;
    const pz = boxPos.z + sx * xz + sy * yz + sz * zz;
    const c3 = 3 * count;
    out.onB[c3] = px;
    out.onB[c3 + 1] = py;
    out.onB[c3 + 2] = pz;
    out.onA[c3] = px - height * nx;
    out.onA[c3 + 1] = py - height * ny;
    out.onA[c3 + 2] = pz - height * nz;
    out.depth[count] = -height;
    out.features[count] = vertexFeature(true, corner, 0);
    count++;
  }
  out.normal[0] = nx;
  out.normal[1] = ny;
  out.normal[2] = nz;
  out.count = count;
  return count;
}

/**
 * Contact between sphere A (shape, centre) and convex hull B: at most one point, at the hull
 * point closest to the centre (outside the hull), or on the nearest face's plane with the
 * centre inside it. The closest point of a convex hull to an outside point lies on a face that
 * the point is in front of, so only those faces are searched.
 */
export function collideSphereHull(
  sphere: SphereLike,
  sphereCentre: Vec3Like,
  hull: HullData,
  hullPos: Vec3Like,
  hullQuat: QuatLike,
  out: ContactManifold,
): number {
  out.count = 0;
  out.feature = -1;
  const radius = sphere.radius;
  writeAxes(hullQuat, axes);
  const dx = sphereCentre.x - hullPos.x;
  const dy = sphereCentre.y - hullPos.y;
  const dz = sphereCentre.z - hullPos.z;
  const cx = axes[0] * dx + axes[1] * dy + axes[2] * dz;
  const cy = axes[3] * dx + axes[4] * dy + axes[5] * dz;
  const cz = axes[6] * dx + axes[7] * dy + axes[8] * dz;
  const normals = hull.normals;
  let nearest = 0;
  let nearestHeight = -Infinity;
  for (let f = 0; f < hull.faceCount; f++) {
    const height =
      normals[3 * f] * cx + normals[3 * f + 1] * cy + normals[3 * f + 2] * cz - hull.offsets[f];
    // A face plane with the whole ball in front of it separates the two.
    if (height >= radius) return 0;
    if (height > nearestHeight) {
      nearestHeight = height;
      nearest = f;
    }
  }
  if (nearestHeight <= 0) {
    // Centre inside: out through the nearest face.
    local[0] = normals[3 * nearest];
    local[1] = normals[3 * nearest + 1];
    local[2] = normals[3 * nearest + 2];
    closest[0] = cx - nearestHeight * local[0];
    closest[1] = cy - nearestHeight * local[1];
    closest[2] = cz - nearestHeight * local[2];
    out.depth[0] = radius - nearestHeight;
  } else {
    let best2 = Infinity;
    closest[0] = 0;
    closest[1] = 0;
    closest[2] = 0;
    for (let f = 0; f < hull.faceCount; f++) {
      const fx = normals[3 * f];
      const fy = normals[3 * f + 1];
      const fz = normals[3 * f + 2];
      const height = fx * cx + fy * cy + fz * cz - hull.offsets[f];
      if (height <= 0) continue;
      // The centre's foot in the face's frame; the face's closest point to it in the plane.
      const ox = cx - hull.faceOrigin[3 * f];
      const oy = cy - hull.faceOrigin[3 * f + 1];
      const oz = cz - hull.faceOrigin[3 * f + 2];
      const ux = hull.faceU[3 * f];
      const uy = hull.faceU[3 * f + 1];
      const uz = hull.faceU[3 * f + 2];
      const vx = hull.faceV[3 * f];
      const vy = hull.faceV[3 * f + 1];
      const vz = hull.faceV[3 * f + 2];
      foot[0] = ox * ux + oy * uy + oz * uz;
      foot[1] = ox * vx + oy * vy + oz * vz;
      closestInFace(hull, f, foot);
      const px = foot[0];
      const py = foot[1];
      const distance2 = height * height + foot[2];
      if (distance2 < best2) {
        best2 = distance2;
        closest[0] = hull.faceOrigin[3 * f] + px * ux + py * vx;
        closest[1] = hull.faceOrigin[3 * f + 1] + px * uy + py * vy;
        closest[2] = hull.faceOrigin[3 * f + 2] + px * uz + py * vz;
      }
    }
    if (best2 >= radius * radius) return 0;
    const distance = Math.sqrt(best2);
    local[0] = (cx - closest[0]) / distance;
    local[1] = (cy - closest[1]) / distance;
    local[2] = (cz - closest[2]) / distance;
    out.depth[0] = radius - distance;
  }
  return spherePoint(sphere, sphereCentre, hullPos, out);
}

/**
 * closestInFace's point in (x, y) and out (x, y, squared distance). A typed array, not double
 * arguments or module-level `let`s: V8 boxes those (an allocation) on calls it does not inline.
 */
const foot = new Float64Array(3);

/**
 * The point of face f (a convex polygon in its own frame) closest to the point (foot[0],
 * foot[1]) of its plane, written back into foot with its squared distance (see `foot`).
 */
function closestInFace(hull: HullData, f: number, foot: Float64Array): void {
  const x = foot[0];
  const y = foot[1];
  const first = hull.faceStart[f];
  const last = hull.faceStart[f + 1];
  const lines = hull.edgeLines;
  let inside = true;
  for (let e = first; e < last; e++) {
    const l = 3 * e;
    if (lines[l] * x + lines[l + 1] * y > lines[l + 2]) {
      inside = false;
      break;
    }
  }
  if (inside) {
    foot[0] = x;
    foot[1] = y;
    foot[2] = 0;
    return;
  }
  foot[2] = Infinity;
  for (let e = first; e < last; e++) {
    const ax = hull.faceX[e];
    const ay = hull.faceY[e];
    const next = e + 1 < last ? e + 1 : first;
    const ex = hull.faceX[next] - ax;
    const ey = hull.faceY[next] - ay;
    let t = ((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey);
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const px = ax + t * ex;
    const py = ay + t * ey;
    const d2 = (x - px) * (x - px) + (y - py) * (y - py);
    if (d2 < foot[2]) {
      foot[0] = px;
      foot[1] = py;
      foot[2] = d2;
    }
  }
}

/**
 * Contact between sphere A (shape, centre) and plane B (through `planePos`, normal = `planeQuat`
 * applied to +z): one point when the centre is within the radius of the plane (touching
 * counts, as in cannon-es), the normal running from the sphere into the plane.
 */
export function collideSpherePlane(
  sphere: SphereLike,
  sphereCentre: Vec3Like,
  planePos: Vec3Like,
  planeQuat: QuatLike,
  out: ContactManifold,
): number {
  out.count = 0;
  out.feature = -1;
  const radius = sphere.radius;
  writeAxes(planeQuat, axes);
  const nx = axes[6];
  const ny = axes[7];
  const nz = axes[8];
  const height =
    nx * (sphereCentre.x - planePos.x) +
    ny * (sphereCentre.y - planePos.y) +
    nz * (sphereCentre.z - planePos.z);
  if (height > radius) return 0;
  out.normal[0] = -nx;
  out.normal[1] = -ny;
  out.normal[2] = -nz;
  out.onA[0] = sphereCentre.x - radius * nx;
  out.onA[1] = sphereCentre.y - radius * ny;
  out.onA[2] = sphereCentre.z - radius * nz;
  out.onB[0] = sphereCentre.x - height * nx;
  out.onB[1] = sphereCentre.y - height * ny;
  out.onB[2] = sphereCentre.z - height * nz;
  out.depth[0] = radius - height;
  out.features[0] = 0;
  out.count = 1;
  return 1;
}

/**
 * Contact between sphere A and sphere B (shapes, centres): one point when the centres are closer
 * than the radii's sum, the normal along the line between them (+x when the centres coincide).
 */
export function collideSphereSphere(
  sphereA: SphereLike,
  centreA: Vec3Like,
  sphereB: SphereLike,
  centreB: Vec3Like,
  out: ContactManifold,
): number {
  out.count = 0;
  out.feature = -1;
  const ra = sphereA.radius;
  const rb = sphereB.radius;
  const dx = centreB.x - centreA.x;
  const dy = centreB.y - centreA.y;
  const dz = centreB.z - centreA.z;
  const distance2 = dx * dx + dy * dy + dz * dz;
  const reach = ra + rb;
  if (distance2 >= reach * reach) return 0;
  const distance = Math.sqrt(distance2);
  const nx = distance > 0 ? dx / distance : 1;
  const ny = distance > 0 ? dy / distance : 0;
  const nz = distance > 0 ? dz / distance : 0;
  out.normal[0] = nx;
  out.normal[1] = ny;
  out.normal[2] = nz;
  out.onA[0] = centreA.x + ra * nx;
  out.onA[1] = centreA.y + ra * ny;
  out.onA[2] = centreA.z + ra * nz;
  out.onB[0] = centreB.x - rb * nx;
  out.onB[1] = centreB.y - rb * ny;
  out.onB[2] = centreB.z - rb * nz;
  out.depth[0] = reach - distance;
  out.features[0] = 0;
  out.count = 1;
  return 1;
}
