// The broadphase's sort key for a box body — the lower bound of its world bounds along the sort
// axis — the same bits as cannon-es's Body.updateAABB gives it, at a fifth of the work: one axis
// of four turned corners instead of all three of eight, and no bounds written.

import { Shape } from 'cannon-es';
import type { Body, Box } from 'cannon-es';

/**
 * The lower bound along axis `axis` (0 x, 1 y, 2 z) of `body`'s world bounds, as
 * `body.updateAABB()` would set `body.aabb.lowerBound`, where the body's one shape is a box at
 * its centre, unturned; NaN for any other body (then ask cannon-es). Box.calculateWorldAABB
 * takes the least of p + q c over the eight corners c, each turned by Quaternion.vmult; rounding
 * is monotonic and symmetric in sign (−c turns to exactly −(q c)), so that least is p − the
 * largest |q c| along the axis over four corners, each turned here with vmult's arithmetic,
 * operation for operation. Zeros may differ in sign only, which the sort does not tell apart.
 */
export function boxSortKey(body: Body, axis: number): number {
  const shapes = body.shapes;
  if (shapes.length !== 1 || shapes[0].type !== Shape.types.BOX) return Number.NaN;
  const o = body.shapeOffsets[0];
  const r = body.shapeOrientations[0];
  if (o.x !== 0 || o.y !== 0 || o.z !== 0 || r.x !== 0 || r.y !== 0 || r.z !== 0 || r.w !== 1) {
    return Number.NaN;
  }
  const e = (shapes[0] as Box).halfExtents;
  const q = body.quaternion;
  const p = body.position;
  const along = axis === 0 ? p.x : axis === 1 ? p.y : p.z;
  // Box.calculateWorldAABB's corners 0, 1, 2 and 7; 3, 4, 5 and 6 are their opposites.
  const reach = Math.max(
    turned(q.x, q.y, q.z, q.w, e.x, e.y, e.z, axis),
    turned(q.x, q.y, q.z, q.w, -e.x, e.y, e.z, axis),
    turned(q.x, q.y, q.z, q.w, -e.x, -e.y, e.z, axis),
    turned(q.x, q.y, q.z, q.w, e.x, -e.y, e.z, axis),
  );
  return along - reach;
}

/** |(q v) along `axis`|, with Quaternion.vmult's arithmetic. */
function turned(
  qx: number,
  qy: number,
  qz: number,
  qw: number,
  x: number,
  y: number,
  z: number,
  axis: number,
): number {
  const ix = qw * x + qy * z - qz * y;
  const iy = qw * y + qz * x - qx * z;
  const iz = qw * z + qx * y - qy * x;
  const iw = -qx * x - qy * y - qz * z;
  if (axis === 0) return Math.abs(ix * qw + iw * -qx + iy * -qz - iz * -qy);
  if (axis === 1) return Math.abs(iy * qw + iw * -qy + iz * -qx - ix * -qz);
  return Math.abs(iz * qw + iw * -qz + ix * -qy - iy * -qx);
}
