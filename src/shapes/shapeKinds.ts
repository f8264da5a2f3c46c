// Shape kinds as plain data shared by physics (collision shapes) and render (one InstancedMesh
// each). A body is a unit shape of its kind stretched by a per-body scale; nothing here imports
// cannon-es or three, and nothing uses Math's engine-rounded functions (see util/exactMath.ts).

import { assertNever } from '../util/assertNever';

export const SHAPE_KINDS = ['box', 'sphere', 'cylinder', 'dumbbell', 'gem'] as const;
export type ShapeKind = (typeof SHAPE_KINDS)[number];

export function shapeKindIndex(kind: ShapeKind): number {
  return SHAPE_KINDS.indexOf(kind);
}

export function isShapeKind(value: unknown): value is ShapeKind {
  return typeof value === 'string' && (SHAPE_KINDS as readonly string[]).includes(value);
}

/**
 * The rule a kind's scale breaks beyond being positive, or null: the unit shapes are round in
 * these directions, and a stretched one would not match its collider ('cylinder': x must equal
 * z; 'uniform': x = y = z). Spawns, saved states and recordings all check it, and word it.
 */
export function scaleRule(
  kind: ShapeKind,
  scale: readonly [number, number, number],
): 'cylinder' | 'uniform' | null {
  const [x, y, z] = scale;
  if (kind === 'cylinder' && x !== z) return 'cylinder';
  if ((kind === 'sphere' || kind === 'dumbbell' || kind === 'gem') && !(x === y && y === z)) {
    return 'uniform';
  }
  return null;
}

/**
 * What the scale means for each unit shape:
 * - box: half extents (x, y, z) of a 2×2×2 cube
 * - sphere: radius (x; y and z must equal it)
 * - cylinder: radius (x = z) and half height (y), Y-up like three.js and cannon-es
 * - dumbbell: uniform scale of two balls on a bar along X (a compound body)
 * - gem: uniform scale of a unit icosahedron (a convex polyhedron)
 */
export const DUMBBELL = { ballRadius: 0.4, ballOffset: 0.7, barRadius: 0.14 } as const;

/** Unit icosahedron (circumradius 1): 12 vertices, 20 faces wound counter-clockwise outward. */
export const GEM_VERTICES: readonly (readonly [number, number, number])[] = buildGemVertices();
export const GEM_FACES: readonly (readonly [number, number, number])[] =
  buildGemFaces(GEM_VERTICES);

function buildGemVertices(): [number, number, number][] {
  const phi = (1 + Math.sqrt(5)) / 2;
  const raw: [number, number, number][] = [
    [-1, phi, 0],
    [1, phi, 0],
    [-1, -phi, 0],
    [1, -phi, 0],
    [0, -1, phi],
    [0, 1, phi],
    [0, -1, -phi],
    [0, 1, -phi],
    [phi, 0, -1],
    [phi, 0, 1],
    [-phi, 0, -1],
    [-phi, 0, 1],
  ];
  // Not Math.hypot: engines round its last bit differently; a square root they all round alike.
  const length = Math.sqrt(1 + phi * phi);
  return raw.map(([x, y, z]) => [x / length, y / length, z / length]);
}

/** Every triple of mutually adjacent vertices is a face; wind each so its normal points out. */
function buildGemFaces(
  vertices: readonly (readonly [number, number, number])[],
): [number, number, number][] {
  const distance = (a: number, b: number): number => {
    const [ax, ay, az] = vertices[a];
    const [bx, by, bz] = vertices[b];
    return Math.sqrt((ax - bx) * (ax - bx) + (ay - by) * (ay - by) + (az - bz) * (az - bz));
  };
  // Vertices 0 and 1, (−1, φ, 0) and (1, φ, 0) before scaling, are neighbours.
  const edge = distance(0, 1);
  const adjacent = (a: number, b: number): boolean => Math.abs(distance(a, b) - edge) < 1e-9;
  const faces: [number, number, number][] = [];
  const n = vertices.length;
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      for (let c = b + 1; c < n; c++) {
        if (adjacent(a, b) && adjacent(b, c) && adjacent(a, c))
          faces.push(outward(vertices, a, b, c));
      }
    }
  }
  return faces;
}

function outward(
  v: readonly (readonly [number, number, number])[],
  a: number,
  b: number,
  c: number,
): [number, number, number] {
  const [ax, ay, az] = v[a];
  const [bx, by, bz] = v[b];
  const [cx, cy, cz] = v[c];
  const ux = bx - ax,
    uy = by - ay,
    uz = bz - az;
  const wx = cx - ax,
    wy = cy - ay,
    wz = cz - az;
  const nx = uy * wz - uz * wy,
    ny = uz * wx - ux * wz,
    nz = ux * wy - uy * wx;
  return nx * ax + ny * ay + nz * az > 0 ? [a, b, c] : [a, c, b];
}

/** Volume of the unit shape stretched by the scale, for density-based masses. */
export function shapeVolume(kind: ShapeKind, sx: number, sy: number, sz: number): number {
  switch (kind) {
    case 'box':
      return 8 * sx * sy * sz;
    case 'sphere':
      return (4 / 3) * Math.PI * sx * sx * sx;
    case 'cylinder':
      return Math.PI * sx * sx * 2 * sy;
    case 'dumbbell': {
      const { ballRadius, barRadius, ballOffset } = DUMBBELL;
      const ball = (4 / 3) * Math.PI * ballRadius * ballRadius * ballRadius;
      const bar = Math.PI * barRadius * barRadius * 2 * ballOffset;
      return (2 * ball + bar) * sx * sx * sx;
    }
    case 'gem':
      return 2.5362 * sx * sx * sx; // unit icosahedron of circumradius 1
    default:
      return assertNever(kind, 'shape kind');
  }
}
