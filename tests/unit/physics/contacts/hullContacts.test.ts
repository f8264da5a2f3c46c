import { Vec3 } from 'cannon-es';
import type { ConvexPolyhedron, Quaternion, Shape, Sphere } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { ContactManifold } from '../../../../src/physics/contacts/contactManifold';
import { collideHulls } from '../../../../src/physics/contacts/hullContacts';
import { hullOf } from '../../../../src/physics/bodies/hullData';
import { collideSphereHull } from '../../../../src/physics/contacts/primitiveContacts';
import { Rng } from '../../../../src/util/rng';
import {
  asHull,
  cannonContacts,
  cannonDepth,
  manifoldNormal,
  manifoldPoint,
  outsideHull,
  projectShape,
  randomQuat,
} from './contactTestKit';

const m = new ContactManifold();

type HullKind = 'box' | 'cylinder' | 'gem';
const PAIRS: readonly [HullKind, HullKind][] = [
  ['box', 'cylinder'],
  ['box', 'gem'],
  ['cylinder', 'cylinder'],
  ['cylinder', 'gem'],
  ['gem', 'gem'],
];

interface HullPose {
  hull: ConvexPolyhedron;
  pos: Vec3;
  quat: Quaternion;
}

function collide(a: HullPose, b: HullPose): number {
  return collideHulls(hullOf(a.hull), a.pos, a.quat, hullOf(b.hull), b.pos, b.quat, m);
}

/**
 * cannon-es's overlaps on every axis its own test tries (each hull's face normals or unique
 * axes, and the cross products of their unique edges), smallest first; null when one separates.
 */
function overlaps(a: HullPose, b: HullPose): number[] | null {
  const axes = [
    ...(a.hull.uniqueAxes ?? a.hull.faceNormals).map((n) => a.quat.vmult(n)),
    ...(b.hull.uniqueAxes ?? b.hull.faceNormals).map((n) => b.quat.vmult(n)),
  ];
  for (const ea of a.hull.uniqueEdges) {
    for (const eb of b.hull.uniqueEdges) {
      const c = a.quat.vmult(ea).cross(b.quat.vmult(eb));
      if (c.length() > 1e-6) axes.push(c.unit());
    }
  }
  const result: number[] = [];
  for (const axis of axes) {
    const o = a.hull.testSepAxis(axis, b.hull, a.pos, a.quat, b.pos, b.quat);
    if (o === false) return null;
    result.push(o);
  }
  return result.sort((x, y) => x - y);
}

function randomPair(
  rng: Rng,
  kinds: readonly [HullKind, HullKind],
  reach: number,
): [HullPose, HullPose] {
  const a = { hull: asHull(projectShape(kinds[0], rng)), pos: new Vec3(), quat: randomQuat(rng) };
  const b = {
    hull: asHull(projectShape(kinds[1], rng)),
    pos: new Vec3(rng.range(-reach, reach), rng.range(-reach, reach), rng.range(-reach, reach)),
    quat: randomQuat(rng),
  };
  return [a, b];
}

const SLOW = 60_000;

describe('hull contacts (boxes, cylinders, gems) against cannon-es convexConvex', () => {
  it.each(PAIRS)(
    '%s–%s: touch exactly when cannon-es finds no separating axis, 1,500 poses',
    (ka, kb) => {
      const rng = new Rng(41);
      let touching = 0;
      for (let n = 0; n < 1500; n++) {
        const [a, b] = randomPair(rng, [ka, kb], 1.2);
        const o = overlaps(a, b);
        if (o !== null && (o[0] as number) < 1e-9) continue;
        const count = collide(a, b);
        if (o === null) expect(count).toBe(0);
        else {
          touching++;
          expect(count).toBeGreaterThan(0);
          expect(count).toBeLessThanOrEqual(4);
        }
      }
      expect(touching).toBeGreaterThan(300);
    },
    SLOW,
  );

  it(
    'where one axis clearly separates best: the same normal as cannon-es and its depth (1e-9 m)',
    () => {
      // "Clearly": every other axis overlaps 10% and 3 mm more (beyond the edge bias of 5% + 2 mm).
      const rng = new Rng(42);
      let clear = 0;
      for (const kinds of PAIRS) {
        for (let n = 0; n < 1500; n++) {
          const [a, b] = randomPair(rng, kinds, 1.2);
          const o = overlaps(a, b);
          if (o === null || (o[1] as number) <= 1.1 * (o[0] as number) + 0.003) continue;
          const count = collide(a, b);
          const normal = manifoldNormal(m);
          let deepest = 0;
          for (let k = 0; k < count; k++) deepest = Math.max(deepest, m.depth[k] as number);
          const theirs = cannonContacts(
            'convexConvex',
            a.hull,
            a.pos,
            a.quat,
            b.hull,
            b.pos,
            b.quat,
          );
          expect((theirs[0]?.ni ?? new Vec3()).dot(normal)).toBeGreaterThan(1 - 1e-9);
          const along = a.hull.testSepAxis(normal, b.hull, a.pos, a.quat, b.pos, b.quat) as number;
          expect(Math.abs(deepest - along)).toBeLessThan(1e-9);
          expect(Math.abs(deepest - (o[0] as number))).toBeLessThan(1e-9);
          clear++;
        }
      }
      expect(clear).toBeGreaterThan(150);
    },
    SLOW,
  );

  it(
    'resting-like contacts: each point inside both hulls, depth apart along the normal',
    () => {
      const rng = new Rng(43);
      let points = 0;
      let edges = 0;
      for (const kinds of PAIRS) {
        for (let n = 0; n < 300; n++) {
          const [a, b] = randomPair(rng, kinds, 0);
          const dir = new Vec3(rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1)).unit();
          let inside = 0;
          let apart = a.hull.boundingSphereRadius + b.hull.boundingSphereRadius;
          for (let k = 0; k < 30; k++) {
            const mid = 0.5 * (inside + apart);
            b.pos = dir.scale(mid);
            if (overlaps(a, b) === null) apart = mid;
            else inside = mid;
          }
          b.pos = dir.scale(apart - rng.range(0, 0.02));
          const count = collide(a, b);
          expect(count).toBeGreaterThan(0);
          const normal = manifoldNormal(m);
          if (m.feature >= 6) edges++;
          for (let k = 0; k < count; k++) {
            const onA = manifoldPoint(m.onA, k);
            const onB = manifoldPoint(m.onB, k);
            const depth = m.depth[k] as number;
            expect(depth).toBeGreaterThanOrEqual(-1e-6);
            expect(Math.abs(normal.dot(onB.vsub(onA)) + depth)).toBeLessThan(1e-12);
            const acts = m.feature < 3 ? onB : m.feature < 6 ? onA : onA.vadd(onB).scale(0.5);
            expect(outsideHull(acts, a.hull, a.pos, a.quat)).toBeLessThan(1e-6 + 1e-12);
            expect(outsideHull(acts, b.hull, b.pos, b.quat)).toBeLessThan(1e-6 + 1e-12);
            points++;
          }
        }
      }
      expect(points).toBeGreaterThan(1500);
      expect(edges).toBeGreaterThan(50);
    },
    SLOW,
  );
});

describe('sphere–hull contacts against cannon-es sphereConvex', () => {
  it.each(['box', 'cylinder', 'gem'] as const)(
    'sphere–%s: touch when cannon-es does; where it reports the closest point, its normal and depth',
    (kind) => {
      const rng = new Rng(44);
      let compared = 0;
      for (let n = 0; n < 3000; n++) {
        const hull = asHull(projectShape(kind, rng));
        const pos = new Vec3();
        const quat = randomQuat(rng);
        const sphere = projectShape('sphere', rng) as Sphere;
        const centre = new Vec3(rng.range(-1.3, 1.3), rng.range(-1.3, 1.3), rng.range(-1.3, 1.3));
        // cannon-es makes no contact once the centre is inside the hull (it looks for faces the
        // centre is in front of); ours pushes out through the nearest face. Compared outside.
        if (outsideHull(centre, hull, pos, quat) <= 0) continue;
        const count = collideSphereHull(sphere, centre, hullOf(hull), pos, quat, m);
        const theirs = cannonContacts(
          'sphereConvex',
          sphere,
          centre,
          randomQuat(rng),
          hull as Shape,
          pos,
          quat,
        );
        const closest = manifoldPoint(m.onB, 0);
        if (count > 0 && Math.abs(closest.vsub(centre).length() - sphere.radius) < 1e-9) continue;
        expect(count).toBe(theirs.length);
        const their = theirs[0];
        if (count === 0 || !their) continue;
        expect(outsideHull(closest, hull, pos, quat)).toBeLessThan(1e-12);
        expect(closest.vsub(centre).length()).toBeLessThan(sphere.radius);
        // cannon-es takes the first vertex within reach, then faces, then edges: compare where
        // that is the closest point.
        if (their.bj.position.vadd(their.rj).vsub(closest).length() > 1e-9) continue;
        expect(their.ni.dot(manifoldNormal(m))).toBeGreaterThan(1 - 1e-9);
        expect(Math.abs(cannonDepth(their) - (m.depth[0] as number))).toBeLessThan(1e-9);
        compared++;
      }
      // cannon-es's vertex-first search rarely lands on the closest point of a 24-vertex cylinder.
      expect(compared).toBeGreaterThan({ box: 200, cylinder: 30, gem: 60 }[kind]);
    },
    SLOW,
  );

  it('the hull point is the closest one: no sampled point of the hull is nearer the centre', () => {
    const rng = new Rng(45);
    for (let n = 0; n < 1000; n++) {
      const hull = asHull(projectShape(rng.pick(['cylinder', 'gem'] as const), rng));
      const pos = new Vec3();
      const quat = randomQuat(rng);
      const centre = new Vec3(rng.range(-1.3, 1.3), rng.range(-1.3, 1.3), rng.range(-1.3, 1.3));
      if (outsideHull(centre, hull, pos, quat) <= 0) continue;
      if (collideSphereHull({ radius: 2 }, centre, hullOf(hull), pos, quat, m) === 0) continue;
      const best = manifoldPoint(m.onB, 0).vsub(centre).length();
      // Points on the hull's surface: every vertex and every face's centroid-to-vertex segment.
      for (const v of hull.vertices) {
        expect(quat.vmult(v).vadd(pos).vsub(centre).length()).toBeGreaterThanOrEqual(best - 1e-12);
      }
      for (const face of hull.faces) {
        const c = new Vec3();
        for (const i of face) c.vadd(hull.vertices[i] as Vec3, c);
        c.scale(1 / face.length, c);
        for (let t = 0; t <= 1; t += 0.125) {
          const p = c.scale(1 - t).vadd((hull.vertices[face[0] as number] as Vec3).scale(t));
          expect(quat.vmult(p).vadd(pos).vsub(centre).length()).toBeGreaterThanOrEqual(
            best - 1e-12,
          );
        }
      }
    }
  });
});
