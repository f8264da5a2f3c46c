import { Box, Plane, Sphere, Vec3 } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { ContactManifold } from '../../../../src/physics/contacts/contactManifold';
import {
  collidePlaneBox,
  collideSphereBox,
  collideSpherePlane,
} from '../../../../src/physics/contacts/primitiveContacts';
import { Rng } from '../../../../src/util/rng';
import {
  cannonContacts,
  cannonDepth,
  manifoldNormal,
  manifoldPoint,
  outsideBox,
  randomBox,
  randomQuat,
} from './contactTestKit';

const m = new ContactManifold();

describe('sphere–box contacts against cannon-es (its sphereBox)', () => {
  it('touch when cannon-es does; same normal and depth (1e-9 m); the point is in both shapes', () => {
    const rng = new Rng(21);
    let compared = 0;
    let skipped = 0;
    let inside = 0;
    for (let n = 0; n < 10000; n++) {
      const box = randomBox(rng, 0);
      const r = rng.range(0.1, 1);
      const centre = new Vec3(rng.range(-2, 2), rng.range(-2, 2), rng.range(-2, 2));
      const count = collideSphereBox({ radius: r }, centre, box.half, box.pos, box.quat, m);
      const theirs = cannonContacts(
        'sphereBox',
        new Sphere(r),
        centre,
        randomQuat(rng),
        new Box(box.half),
        box.pos,
        box.quat,
      );
      // Exactly at reach, either answer is right.
      const local = box.quat.conjugate().vmult(centre.vsub(box.pos));
      const closest = new Vec3(
        Math.max(-box.half.x, Math.min(box.half.x, local.x)),
        Math.max(-box.half.y, Math.min(box.half.y, local.y)),
        Math.max(-box.half.z, Math.min(box.half.z, local.z)),
      );
      if (Math.abs(closest.vsub(local).length() - r) < 1e-9) continue;
      expect(count).toBe(theirs.length);
      if (count === 0) continue;
      const normal = manifoldNormal(m);
      const depth = m.depth[0] as number;
      expect(Math.abs(normal.length() - 1)).toBeLessThan(1e-12);
      const onA = manifoldPoint(m.onA, 0);
      const onB = manifoldPoint(m.onB, 0);
      expect(Math.abs(normal.dot(onB.vsub(onA)) + depth)).toBeLessThan(1e-12);
      expect(onA.vsub(centre).length()).toBeCloseTo(r, 12);
      expect(outsideBox(onB, box)).toBeLessThan(1e-12);
      // The box's point is inside the sphere too, unless the sphere sits wholly inside the box.
      if (depth <= r) {
        expect(onB.vsub(centre).length()).toBeLessThan(r + 1e-12);
        inside++;
      }
      const their = theirs[0];
      if (!their) throw new Error('cannon-es made no contact');
      // cannon-es tests the box's faces, then its corners, then its edges, and takes the first
      // feature within reach in that order: beside an edge with a corner also in reach it
      // reports the corner. Compare where it reports the true closest point (the clamped centre),
      // or the nearest face for a centre inside the box; elsewhere the next test checks ours.
      const theirPoint = their.bj.position.vadd(their.rj);
      const closestWorld = box.quat.vmult(closest).vadd(box.pos);
      if (outsideBox(centre, box) > 0 && theirPoint.vsub(closestWorld).length() > 1e-9) {
        skipped++;
        continue;
      }
      expect(their.ni.dot(normal)).toBeGreaterThan(1 - 1e-9);
      expect(Math.abs(cannonDepth(their) - depth)).toBeLessThan(1e-9);
      compared++;
    }
    // About one contact in four is left out: large balls against small boxes reach corners often.
    expect(compared).toBeGreaterThan(1000);
    expect(skipped).toBeLessThan(compared);
    expect(inside).toBeGreaterThan(1000);
  });

  it('the point is the box point closest to the centre (also where cannon-es takes a corner)', () => {
    const rng = new Rng(22);
    let checked = 0;
    for (let n = 0; n < 5000; n++) {
      const box = randomBox(rng, 0);
      const r = rng.range(0.1, 1);
      const centre = new Vec3(rng.range(-2, 2), rng.range(-2, 2), rng.range(-2, 2));
      if (outsideBox(centre, box) <= 0) continue;
      if (collideSphereBox({ radius: r }, centre, box.half, box.pos, box.quat, m) === 0) continue;
      // The closest point of a solid box: the centre clamped to the box, in the box's frame.
      const local = box.quat.conjugate().vmult(centre.vsub(box.pos));
      const clamped = new Vec3(
        Math.max(-box.half.x, Math.min(box.half.x, local.x)),
        Math.max(-box.half.y, Math.min(box.half.y, local.y)),
        Math.max(-box.half.z, Math.min(box.half.z, local.z)),
      );
      const closest = box.quat.vmult(clamped).vadd(box.pos);
      expect(manifoldPoint(m.onB, 0).vsub(closest).length()).toBeLessThan(1e-12);
      const toCentre = centre.vsub(closest).unit();
      expect(manifoldNormal(m).dot(toCentre)).toBeLessThan(-1 + 1e-12);
      checked++;
    }
    expect(checked).toBeGreaterThan(500);
  });
});

describe('plane–box contacts against cannon-es (its planeBox → planeConvex)', () => {
  it('the same corners in the same order, the same normal, points and depths (1e-9 m)', () => {
    const rng = new Rng(23);
    let points = 0;
    for (let n = 0; n < 5000; n++) {
      const box = randomBox(rng, 0);
      const planePos = new Vec3(rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1));
      const planeQuat = randomQuat(rng);
      const count = collidePlaneBox(planePos, planeQuat, box.half, box.pos, box.quat, m);
      const theirs = cannonContacts(
        'planeBox',
        new Plane(),
        planePos,
        planeQuat,
        new Box(box.half),
        box.pos,
        box.quat,
      );
      // A corner within rounding of the plane may go either way.
      const corners = theirs.length;
      if (count !== corners) {
        const normal = planeQuat.vmult(new Vec3(0, 0, 1));
        let nearest = Infinity;
        for (let c = 0; c < 8; c++) {
          const local = new Vec3(
            c & 1 ? box.half.x : -box.half.x,
            c & 2 ? box.half.y : -box.half.y,
            c & 4 ? box.half.z : -box.half.z,
          );
          const height = normal.dot(box.quat.vmult(local).vadd(box.pos).vsub(planePos));
          nearest = Math.min(nearest, Math.abs(height));
        }
        expect(nearest).toBeLessThan(1e-12);
        continue;
      }
      const normal = manifoldNormal(m);
      for (let k = 0; k < count; k++) {
        const their = theirs[k];
        if (!their) throw new Error('missing contact');
        expect(their.ni.dot(normal)).toBeGreaterThan(1 - 1e-12);
        expect(Math.abs(cannonDepth(their) - (m.depth[k] as number))).toBeLessThan(1e-9);
        const theirOnB = their.bj.position.vadd(their.rj);
        const theirOnA = their.bi.position.vadd(their.ri);
        expect(theirOnB.vsub(manifoldPoint(m.onB, k)).length()).toBeLessThan(1e-9);
        expect(theirOnA.vsub(manifoldPoint(m.onA, k)).length()).toBeLessThan(1e-9);
        points++;
      }
    }
    expect(points).toBeGreaterThan(5000);
  });
});

describe('sphere–plane contacts against cannon-es (its spherePlane)', () => {
  it('the same contact, normal, points and depth (1e-9 m), and none when apart', () => {
    const rng = new Rng(24);
    let touching = 0;
    for (let n = 0; n < 5000; n++) {
      const r = rng.range(0.1, 1);
      const centre = new Vec3(rng.range(-2, 2), rng.range(-2, 2), rng.range(-2, 2));
      const planePos = new Vec3(rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1));
      const planeQuat = randomQuat(rng);
      const count = collideSpherePlane({ radius: r }, centre, planePos, planeQuat, m);
      const theirs = cannonContacts(
        'spherePlane',
        new Sphere(r),
        centre,
        randomQuat(rng),
        new Plane(),
        planePos,
        planeQuat,
      );
      const height = planeQuat.vmult(new Vec3(0, 0, 1)).dot(centre.vsub(planePos));
      if (Math.abs(height - r) < 1e-12) continue;
      expect(count).toBe(theirs.length);
      const their = theirs[0];
      if (count === 0 || !their) continue;
      touching++;
      expect(their.ni.dot(manifoldNormal(m))).toBeGreaterThan(1 - 1e-12);
      expect(Math.abs(cannonDepth(their) - (m.depth[0] as number))).toBeLessThan(1e-9);
      expect(their.bi.position.vadd(their.ri).vsub(manifoldPoint(m.onA, 0)).length()).toBeLessThan(
        1e-9,
      );
      expect(their.bj.position.vadd(their.rj).vsub(manifoldPoint(m.onB, 0)).length()).toBeLessThan(
        1e-9,
      );
    }
    expect(touching).toBeGreaterThan(1500);
  });
});
