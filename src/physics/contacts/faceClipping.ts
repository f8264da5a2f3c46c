// The manifold step shared by the box and hull contact generators: an incident face clipped to
// a reference face, worked in the reference face's frame (x, y in its plane, z = height above
// it), then cut down to a few well-spread points, each named by the two lines that cross there
// (its feature, for persistent contacts). Allocation-free; + − × and comparisons only.

/** Most vertices a clipped polygon can have: incident vertices plus one per reference edge. */
const CAPACITY = 64;

/**
 * The buffers one face clip works in, owned by the pair scratch of the generator that clips
 * (boxPair.ts, hullFrame.ts) and handed to these functions explicitly.
 */
export class ClipBuffers {
  /** Two polygon buffers, (x, y, z) per vertex; clipping ping-pongs between them. */
  readonly polygonA = new Float64Array(3 * CAPACITY);
  readonly polygonB = new Float64Array(3 * CAPACITY);
  /**
   * Per vertex of each polygon, the line its outgoing edge lies on: an incident edge
   * (0 … FIRST_CLIP_LINE − 1, numbered by the incident face's vertex it leaves) or a clip plane
   * (FIRST_CLIP_LINE + its number). Sutherland–Hodgman keeps every edge on its line, so a vertex
   * is where its incoming and outgoing lines cross.
   */
  readonly linesA = new Int32Array(CAPACITY);
  readonly linesB = new Int32Array(CAPACITY);
  /** Per vertex of polygonA once chosen from: the pair of lines that meet there (lineId). */
  readonly points = new Int32Array(CAPACITY);
  /** Indices into polygonA of the points `choosePoints` kept. */
  readonly chosen = new Int32Array(4);
}

/** Lines numbered from here are clip planes; below it, incident-face edges. */
export const FIRST_CLIP_LINE = 64;

/** The two lines a clipped vertex lies on, as one number (7 bits each, smaller first). */
function lineId(a: number, b: number): number {
  return a < b ? (a << 7) | b : (b << 7) | a;
}

/**
 * Clipped points up to 1 µm above the reference face still count. cannon-es keeps the same
 * slack; without it a resting body's corners flicker in and out of contact with rounding.
 */
export const POINT_SLOP = 1e-6;
/**
 * How far apart a ground corner may come and stay in its manifold (m): the plane–box generator
 * makes corners this far above the plane, a kept plane–box pair keeps them (mergeTasks.ts), and
 * the solver treats them as speculative (rowSetUp.ts). Without it a corner lifted a micrometre by
 * the position correction is dropped and the box pivots on the rest for a whole step. Only the
 * ground's: kept between boxes, it held a pile's touching neighbours as speculative pairs (+29 %
 * manifolds in pyramid × 7).
 */
export const CONTACT_MARGIN = 1e-4;
/** Points kept per manifold: four spread over the patch hold a body as well as eight. */
export const MAX_POINTS = 4;

function copyVertex(from: Float64Array, i: number, to: Float64Array, j: number): void {
  to[3 * j] = from[3 * i];
  to[3 * j + 1] = from[3 * i + 1];
  to[3 * j + 2] = from[3 * i + 2];
}

/**
 * One Sutherland–Hodgman pass: keeps the part of polygon `from` (n vertices) where
 * `sx·x + sy·y + sz·z ≤ limit`, (sx, sy, sz, limit) = planes[at..at+3], into `to`; returns its
 * vertex count (at most n + 1, capped by the buffers' capacity). The plane comes in an array,
 * not as arguments: V8 boxes double arguments of calls it does not inline (an allocation each).
 * `fromLines`/`toLines` carry each vertex's outgoing line (see ClipBuffers); the plane is line
 * `line`: a vertex where the polygon leaves the plane's side starts an edge along the plane.
 */
export function clipToPlane(
  from: Float64Array,
  fromLines: Int32Array,
  n: number,
  to: Float64Array,
  toLines: Int32Array,
  planes: Float64Array,
  at: number,
  line: number,
): number {
  const sx = planes[at];
  const sy = planes[at + 1];
  const sz = planes[at + 2];
  const limit = planes[at + 3];
  if (n === 0) return 0;
  let count = 0;
  let prev = n - 1;
  let prevInside = limit - sx * from[3 * prev] - sy * from[3 * prev + 1] - sz * from[3 * prev + 2];
  for (let cur = 0; cur < n && count < CAPACITY - 1; cur++) {
    const curInside = limit - sx * from[3 * cur] - sy * from[3 * cur + 1] - sz * from[3 * cur + 2];
    if (prevInside >= 0 !== curInside >= 0) {
      const t = prevInside / (prevInside - curInside);
      const a = 3 * prev;
      const b = 3 * cur;
      // Leaving the inside, the next edge runs along the plane; entering, along prev → cur.
      toLines[count] = prevInside >= 0 ? line : fromLines[prev];
      const c = 3 * count++;
      to[c] = from[a] + t * (from[b] - from[a]);
      to[c + 1] = from[a + 1] + t * (from[b + 1] - from[a + 1]);
      to[c + 2] = from[a + 2] + t * (from[b + 2] - from[a + 2]);
    }
    if (curInside >= 0) {
      toLines[count] = fromLines[cur];
      copyVertex(from, cur, to, count++);
    }
    prev = cur;
    prevInside = curInside;
  }
  return count;
}

/**
 * Keeps the points of `clip.polygonA` (n of them, their lines in `clip.linesA`) at or below the
 * reference face (z ≤ POINT_SLOP) and chooses at most MAX_POINTS of them into `clip.chosen`;
 * returns how many. `clip.points` then names each kept point by the lines that meet there.
 */
export function choosePoints(clip: ClipBuffers, n: number): number {
  const poly = clip.polygonA;
  const lines = clip.linesA;
  const points = clip.points;
  let kept = 0;
  for (let p = 0; p < n; p++) {
    if (poly[3 * p + 2] <= POINT_SLOP) {
      points[kept] = lineId(lines[p === 0 ? n - 1 : p - 1], lines[p]);
      if (p !== kept) copyVertex(poly, p, poly, kept);
      kept++;
    }
  }
  return spreadPoints(clip, kept);
}

/**
 * Chooses at most MAX_POINTS of the first `n` points of `clip.polygonA` (all of them when there
 * are that few) into `clip.chosen`, well spread (see `spread`); returns how many.
 */
export function spreadPoints(clip: ClipBuffers, n: number): number {
  const chosen = clip.chosen;
  if (n <= MAX_POINTS) {
    for (let i = 0; i < n; i++) chosen[i] = i;
    return n;
  }
  return spread(clip.polygonA, n, chosen);
}

/**
 * Picks MAX_POINTS of `n` points: the deepest; the one farthest from it; the one farthest from
 * that line; then the one that adds the most area to their triangle. Areas by cross products
 * only, the first index winning ties, so the choice is the same in every engine.
 */
function spread(poly: Float64Array, n: number, chosen: Int32Array): number {
  let i0 = 0;
  for (let p = 1; p < n; p++) if (poly[3 * p + 2] < poly[3 * i0 + 2]) i0 = p;
  const x0 = poly[3 * i0];
  const y0 = poly[3 * i0 + 1];
  let i1 = -1;
  let far = -1;
  for (let p = 0; p < n; p++) {
    const ex = poly[3 * p] - x0;
    const ey = poly[3 * p + 1] - y0;
    const d2 = ex * ex + ey * ey;
    if (p !== i0 && d2 > far) {
      far = d2;
      i1 = p;
    }
  }
  const x1 = poly[3 * i1];
  const y1 = poly[3 * i1 + 1];
  let i2 = -1;
  let area = -1;
  let side = 1;
  for (let p = 0; p < n; p++) {
    if (p === i0 || p === i1) continue;
    const a = cross2(x0, y0, x1, y1, poly[3 * p], poly[3 * p + 1]);
    if (Math.abs(a) > area) {
      area = Math.abs(a);
      i2 = p;
      side = a < 0 ? -1 : 1;
    }
  }
  const x2 = poly[3 * i2];
  const y2 = poly[3 * i2 + 1];
  // The fourth point: farthest outside the triangle (i0, i1, i2), whichever edge it is beyond.
  let i3 = -1;
  let outside = 0;
  for (let p = 0; p < n; p++) {
    if (p === i0 || p === i1 || p === i2) continue;
    const px = poly[3 * p];
    const py = poly[3 * p + 1];
    const beyond = -Math.min(
      side * cross2(x0, y0, x1, y1, px, py),
      side * cross2(x1, y1, x2, y2, px, py),
      side * cross2(x2, y2, x0, y0, px, py),
    );
    if (beyond > outside) {
      outside = beyond;
      i3 = p;
    }
  }
  chosen[0] = i0;
  chosen[1] = i1;
  chosen[2] = i2;
  if (i3 < 0) return 3;
  chosen[3] = i3;
  return 4;
}

/** z of (b − a) × (c − a): twice the signed area of triangle a, b, c. */
function cross2(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}
