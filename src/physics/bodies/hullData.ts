// A convex hull's geometry in flat arrays, in its own frame, made once per cannon-es shape and
// kept while the shape lives: what the hull contact generators read on every call. A pure
// function of the shape's vertices and faces, so it is cached geometry, not simulation state.

import { Box, ConvexPolyhedron } from 'cannon-es';
import type { Shape } from 'cannon-es';

/** Two unit vectors closer to parallel than this (|dot| above 1 − it) count as one direction. */
const SAME_DIRECTION = 1e-9;

export class HullData {
  readonly vertexCount: number;
  /** Vertex k at 3k. */
  readonly vertices: Float64Array;
  readonly faceCount: number;
  /** Face f's vertices are faceVertices[faceStart[f] .. faceStart[f + 1]). */
  readonly faceStart: Int32Array;
  readonly faceVertices: Int32Array;
  /** Unit outward normal of face f at 3f; its plane is normal · p = offsets[f]. */
  readonly normals: Float64Array;
  readonly offsets: Float64Array;
  /**
   * Face f's own frame: origin (its centroid) and two unit in-plane axes u, v, with
   * u × v = normal. Face-vertex i sits at (faceX[i], faceY[i]) in it, and edge i (from vertex
   * i to the next) keeps the face on the side where `sx·x + sy·y ≤ limit`, with
   * (sx, sy, limit) = edgeLines[3i .. 3i + 2].
   */
  readonly faceOrigin: Float64Array;
  readonly faceU: Float64Array;
  readonly faceV: Float64Array;
  readonly faceX: Float64Array;
  readonly faceY: Float64Array;
  readonly edgeLines: Float64Array;
  /**
   * The planes of the faces round face f (every face sharing a vertex with it), in f's frame:
   * `sx·x + sy·y + sz·z ≤ limit` with (sx, sy, sz, limit) = ringPlanes[4k .. 4k + 3] for k in
   * ringStart[f] .. ringStart[f + 1]. A polygon under f clipped to them stays inside the hull;
   * clipped to f's edges alone it would poke out past the slanted faces beside it.
   */
  readonly ringStart: Int32Array;
  readonly ringPlanes: Float64Array;
  /** Faces whose normals are distinct up to sign: the face axes a separating-axis test needs. */
  readonly axisFaces: Int32Array;
  /** Distinct edge directions (unit, up to sign) at 3d, and each edge's ends and direction. */
  readonly directionCount: number;
  readonly directions: Float64Array;
  readonly edgeCount: number;
  readonly edgeEnds: Int32Array;
  readonly edgeDirection: Int32Array;

  constructor(shape: ConvexPolyhedron) {
    const vertexCount = shape.vertices.length;
    this.vertexCount = vertexCount;
    this.vertices = new Float64Array(3 * vertexCount);
    let cx = 0;
    let cy = 0;
    let cz = 0;
    shape.vertices.forEach((v, k) => {
      this.vertices.set([v.x, v.y, v.z], 3 * k);
      cx += v.x / vertexCount;
      cy += v.y / vertexCount;
      cz += v.z / vertexCount;
    });
    const faces = shape.faces;
    this.faceCount = faces.length;
    this.faceStart = new Int32Array(faces.length + 1);
    faces.forEach((face, f) => (this.faceStart[f + 1] = this.faceStart[f] + face.length));
    const total = this.faceStart[faces.length];
    this.faceVertices = new Int32Array(faces.flat());
    this.normals = new Float64Array(3 * faces.length);
    this.offsets = new Float64Array(faces.length);
    this.faceOrigin = new Float64Array(3 * faces.length);
    this.faceU = new Float64Array(3 * faces.length);
    this.faceV = new Float64Array(3 * faces.length);
    this.faceX = new Float64Array(total);
    this.faceY = new Float64Array(total);
    this.edgeLines = new Float64Array(3 * total);
    const axisFaces: number[] = [];
    const directions: number[][] = [];
    const edges = new Map<number, [number, number, number]>();
    const at = (k: number): number[] => Array.from(this.vertices.subarray(3 * k, 3 * k + 3));
    faces.forEach((face, f) => {
      const points = face.map(at);
      const n = newellNormal(points);
      const origin = centroid(points);
      // Outward: away from the hull's centroid, whatever way the face is wound.
      if (dot(n, sub(origin, [cx, cy, cz])) < 0) scaleInPlace(n, -1);
      this.normals.set(n, 3 * f);
      this.offsets[f] = dot(n, origin);
      this.faceOrigin.set(origin, 3 * f);
      const u = unit(sub(points[1], points[0]));
      const v = cross(n, u);
      this.faceU.set(u, 3 * f);
      this.faceV.set(v, 3 * f);
      const first = this.faceStart[f];
      const flat = points.map((p) => [dot(sub(p, origin), u), dot(sub(p, origin), v)]);
      flat.forEach(([x, y], i) => {
        this.faceX[first + i] = x;
        this.faceY[first + i] = y;
        const [nx, ny] = flat[(i + 1) % flat.length];
        // The edge's outward side: perpendicular to it, away from the centroid at (0, 0).
        let ex = ny - y;
        let ey = x - nx;
        const length = Math.sqrt(ex * ex + ey * ey);
        ex /= length;
        ey /= length;
        let c = ex * x + ey * y;
        if (c < 0) {
          ex = -ex;
          ey = -ey;
          c = -c;
        }
        this.edgeLines.set([ex, ey, c], 3 * (first + i));
      });
      if (!axisFaces.some((g) => Math.abs(dot(n, at3(this.normals, g))) > 1 - SAME_DIRECTION)) {
        axisFaces.push(f);
      }
      face.forEach((a, i) => {
        const b = face[(i + 1) % face.length];
        const key = Math.min(a, b) * vertexCount + Math.max(a, b);
        if (edges.has(key)) return;
        const d = unit(sub(at(b), at(a)));
        let index = directions.findIndex((e) => Math.abs(dot(e, d)) > 1 - SAME_DIRECTION);
        if (index < 0) index = directions.push(d) - 1;
        edges.set(key, [a, b, index]);
      });
    });
    this.ringStart = new Int32Array(faces.length + 1);
    const ring: number[] = [];
    faces.forEach((face, f) => {
      const origin = at3(this.faceOrigin, f);
      const u = at3(this.faceU, f);
      const v = at3(this.faceV, f);
      const n = at3(this.normals, f);
      faces.forEach((other, g) => {
        if (g === f || !other.some((k) => face.includes(k))) return;
        const m = at3(this.normals, g);
        ring.push(dot(m, u), dot(m, v), dot(m, n), this.offsets[g] - dot(m, origin));
      });
      this.ringStart[f + 1] = ring.length / 4;
    });
    this.ringPlanes = new Float64Array(ring);
    this.axisFaces = new Int32Array(axisFaces);
    this.directionCount = directions.length;
    this.directions = new Float64Array(directions.flat());
    this.edgeCount = edges.size;
    this.edgeEnds = new Int32Array([...edges.values()].flatMap(([a, b]) => [a, b]));
    this.edgeDirection = new Int32Array([...edges.values()].map(([, , d]) => d));
  }
}

const cache = new WeakMap<ConvexPolyhedron, HullData>();

/**
 * The hull data of a shape, made on first use. Shapes here never change their vertices after
 * they are built; a shape that did would need a new ConvexPolyhedron (cannon-es itself caches
 * edges and normals the same way, in computeEdges/computeNormals).
 */
export function hullOf(shape: ConvexPolyhedron): HullData {
  let data = cache.get(shape);
  if (data === undefined) {
    data = new HullData(shape);
    cache.set(shape, data);
  }
  return data;
}

/**
 * Builds the hull data of a body's shape when the body is made, so a step never pays for it
 * (a few kilobytes and a few microseconds per shape, which would otherwise land in whichever
 * step first brings that shape into contact). Boxes meet hulls through their polyhedron.
 */
export function prepareHull(shape: Shape): void {
  if (shape instanceof Box) hullOf(shape.convexPolyhedronRepresentation);
  else if (shape instanceof ConvexPolyhedron) hullOf(shape);
}

function at3(array: Float64Array, i: number): number[] {
  return [array[3 * i], array[3 * i + 1], array[3 * i + 2]];
}

function sub(a: readonly number[], b: readonly number[]): number[] {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

function dot(a: readonly number[], b: readonly number[]): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

function cross(a: readonly number[], b: readonly number[]): number[] {
  const [ax, ay, az] = a as [number, number, number];
  const [bx, by, bz] = b as [number, number, number];
  return [ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx];
}

function scaleInPlace(a: number[], s: number): void {
  for (let i = 0; i < 3; i++) a[i] = a[i] * s;
}

function unit(a: number[]): number[] {
  const length = Math.sqrt(dot(a, a));
  scaleInPlace(a, 1 / length);
  return a;
}

function centroid(points: readonly number[][]): number[] {
  const c = [0, 0, 0];
  for (const p of points) for (let i = 0; i < 3; i++) c[i] = c[i] + p[i] / points.length;
  return c;
}

/** Newell's normal of a planar polygon: robust to near-collinear first vertices. */
function newellNormal(points: readonly number[][]): number[] {
  const n = [0, 0, 0];
  points.forEach((p, i) => {
    const q = points[(i + 1) % points.length];
    const [px, py, pz] = p as [number, number, number];
    const [qx, qy, qz] = q as [number, number, number];
    n[0] = n[0] + (py - qy) * (pz + qz);
    n[1] = n[1] + (pz - qz) * (px + qx);
    n[2] = n[2] + (px - qx) * (py + qy);
  });
  return unit(n);
}
