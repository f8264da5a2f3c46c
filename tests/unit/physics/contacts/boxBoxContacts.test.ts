import { Box, Quaternion, Vec3 } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { collideBoxes } from '../../../../src/physics/contacts/boxBoxContacts';
import { ContactManifold } from '../../../../src/physics/contacts/contactManifold';
import { Rng } from '../../../../src/util/rng';
import {
  candidateAxes,
  cannonContacts,
  cannonDepth,
  cannonOverlap,
  manifoldNormal,
  manifoldPoint,
  outsideBox,
  randomBox,
  randomQuat,
} from './contactTestKit';
import type { BoxPose } from './contactTestKit';

const m = new ContactManifold();

function collide(a: BoxPose, b: BoxPose): number {
  return collideBoxes(a.half, a.pos, a.quat, b.half, b.pos, b.quat, m);
}

/** cannon-es's overlap on every candidate axis, or null when one of them separates the boxes. */
function overlaps(a: BoxPose, b: BoxPose): number[] | null {
  const result: number[] = [];
  for (const axis of candidateAxes(a, b)) {
    const o = cannonOverlap(a, b, axis);
    if (o === false) return null;
    result.push(o);
  }
  return result.sort((x, y) => x - y);
}

/** `count` poses of box B placed around box A (at the origin), overlapping or not. */
function* randomPairs(seed: number, count: number): Generator<[BoxPose, BoxPose]> {
  const rng = new Rng(seed);
  for (let n = 0; n < count; n++) yield [randomBox(rng, 0), randomBox(rng, 1.5)];
}

/**
 * Poses like a simulation's: B brought toward A along a random direction until they just
 * touch (bisection on cannon-es's own separating-axis test), then pushed in by 0–20 mm.
 */
function* restingPairs(seed: number, count: number): Generator<[BoxPose, BoxPose]> {
  const rng = new Rng(seed);
  for (let n = 0; n < count; n++) {
    const a = randomBox(rng, 0);
    const b = randomBox(rng, 0);
    b.quat = randomQuat(rng);
    const dir = new Vec3(rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1)).unit();
    let inside = 0;
    let apart = a.half.length() + b.half.length();
    for (let k = 0; k < 30; k++) {
      const mid = 0.5 * (inside + apart);
      b.pos = dir.scale(mid);
      if (overlaps(a, b) === null) apart = mid;
      else inside = mid;
    }
    b.pos = dir.scale(apart - rng.range(0, 0.02));
    yield [a, b];
  }
}

describe('box–box contacts against cannon-es (its generic convexConvex path)', () => {
  it('touch exactly when cannon-es finds no separating axis, over 5,000 random poses', () => {
    let touching = 0;
    for (const [a, b] of randomPairs(1, 5000)) {
      const o = overlaps(a, b);
      // Within rounding of touching, either answer is right.
      if (o !== null && (o[0] as number) < 1e-9) continue;
      const count = collide(a, b);
      if (o === null) expect(count).toBe(0);
      else {
        touching++;
        expect(count).toBeGreaterThan(0);
        expect(count).toBeLessThanOrEqual(4);
      }
    }
    expect(touching).toBeGreaterThan(2000);
  });

  it('where one axis clearly separates best: the same normal and the same depth (1e-9 m)', () => {
    let faces = 0;
    let edges = 0;
    for (const [a, b] of randomPairs(2, 5000)) {
      const o = overlaps(a, b);
      // "Clearly": every other axis overlaps 10% and 3 mm more (beyond the edge bias of 5% + 2 mm).
      if (o === null || (o[1] as number) <= 1.1 * (o[0] as number) + 0.003) continue;
      const count = collide(a, b);
      const normal = manifoldNormal(m);
      let deepest = 0;
      for (let k = 0; k < count; k++) deepest = Math.max(deepest, m.depth[k] as number);
      expect(Math.abs(normal.length() - 1)).toBeLessThan(1e-12);
      // The depth along the normal is the separating-axis overlap, by cannon-es's projection.
      expect(Math.abs(deepest - (cannonOverlap(a, b, normal) as number))).toBeLessThan(1e-9);
      expect(Math.abs(deepest - (o[0] as number))).toBeLessThan(1e-9);
      if (m.feature < 6) {
        faces++;
        // cannon-es clips against its first box's face; hand it the box whose face won, so both
        // clip the same incident face against the same reference face.
        const aFirst = m.feature < 3;
        const [p, q] = aFirst ? [a, b] : [b, a];
        const theirs = cannonContacts(
          'boxBox',
          new Box(p.half),
          p.pos,
          p.quat,
          new Box(q.half),
          q.pos,
          q.quat,
        );
        const theirNormal = (theirs[0]?.ni ?? new Vec3()).scale(aFirst ? 1 : -1);
        expect(theirNormal.dot(normal)).toBeGreaterThan(1 - 1e-9);
        const theirDeepest = Math.max(...theirs.map(cannonDepth));
        expect(Math.abs(deepest - theirDeepest)).toBeLessThan(1e-9);
      } else {
        edges++;
        const theirs = cannonContacts(
          'boxBox',
          new Box(a.half),
          a.pos,
          a.quat,
          new Box(b.half),
          b.pos,
          b.quat,
        );
        expect((theirs[0]?.ni ?? new Vec3()).dot(normal)).toBeGreaterThan(1 - 1e-9);
      }
    }
    expect(faces).toBeGreaterThan(300);
    expect(edges).toBeGreaterThan(300);
  });

  it('resting-like contacts: at most 4 points, each inside both boxes, depth apart along the normal', () => {
    let points = 0;
    for (const [a, b] of restingPairs(3, 2000)) {
      const count = collide(a, b);
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThanOrEqual(4);
      const normal = manifoldNormal(m);
      for (let k = 0; k < count; k++) {
        const onA = manifoldPoint(m.onA, k);
        const onB = manifoldPoint(m.onB, k);
        const depth = m.depth[k] as number;
        expect(depth).toBeGreaterThanOrEqual(-1e-6);
        expect(depth).toBeLessThan(0.021);
        expect(Math.abs(normal.dot(onB.vsub(onA)) + depth)).toBeLessThan(1e-12);
        // Where the contact acts: the incident face's point for a face contact (it lies on one
        // box and inside the other), the midpoint between the two edges for an edge contact.
        const acts = m.feature < 3 ? onB : m.feature < 6 ? onA : onA.vadd(onB).scale(0.5);
        // 1 µm: points that close above the reference face count as touching (cannon-es too).
        expect(outsideBox(acts, a)).toBeLessThan(1e-6 + 1e-12);
        expect(outsideBox(acts, b)).toBeLessThan(1e-6 + 1e-12);
        points++;
      }
    }
    expect(points).toBeGreaterThan(2000);
  }, 60_000);

  it('swapping the boxes flips the normal and keeps the depth', () => {
    for (const [a, b] of randomPairs(4, 1000)) {
      const o = overlaps(a, b);
      if (o === null || (o[1] as number) <= 1.1 * (o[0] as number) + 0.003) continue;
      collide(a, b);
      const normal = manifoldNormal(m);
      const depth = Math.max(...Array.from(m.depth.subarray(0, m.count)));
      collide(b, a);
      expect(manifoldNormal(m).dot(normal)).toBeLessThan(-1 + 1e-9);
      expect(Math.abs(Math.max(...Array.from(m.depth.subarray(0, m.count))) - depth)).toBeLessThan(
        1e-9,
      );
    }
  });

  it('a box resting flat on a wider one gets its four bottom corners', () => {
    const base: BoxPose = {
      half: new Vec3(2, 0.5, 2),
      pos: new Vec3(0, 0, 0),
      quat: randomQuat(new Rng(5)),
    };
    base.quat.set(0, 0, 0, 1);
    const top: BoxPose = {
      half: new Vec3(0.5, 0.25, 0.3),
      pos: new Vec3(0.2, 0.749, -0.1),
      quat: base.quat.clone(),
    };
    expect(collide(base, top)).toBe(4);
    expect(manifoldNormal(m).y).toBeCloseTo(1, 12);
    for (let k = 0; k < 4; k++) {
      expect(m.depth[k]).toBeCloseTo(0.001, 12);
      const corner = manifoldPoint(m.onB, k).vsub(top.pos);
      expect(Math.abs(corner.x)).toBeCloseTo(0.5, 12);
      expect(corner.y).toBeCloseTo(-0.25, 12);
      expect(Math.abs(corner.z)).toBeCloseTo(0.3, 12);
    }
  });

  it('a brick turned on another and tilted by a hair still rests on a face, not an edge', () => {
    // Face and edge axes overlap almost equally here; the edge bias keeps the 4-point face patch.
    const rng = new Rng(6);
    for (let n = 0; n < 200; n++) {
      const base: BoxPose = {
        half: new Vec3(1, 0.25, 0.5),
        pos: new Vec3(0, 0, 0),
        quat: randomQuat(rng),
      };
      base.quat.set(0, 0, 0, 1);
      const yaw = rng.range(0.2, 1.4);
      const tilt = rng.range(-1e-5, 1e-5);
      const turn = new Quaternion();
      turn.setFromEuler(tilt, yaw, tilt);
      const top: BoxPose = {
        half: new Vec3(0.5, 0.25, 0.25),
        pos: new Vec3(rng.range(-0.2, 0.2), 0.499, rng.range(-0.1, 0.1)),
        quat: turn,
      };
      expect(collide(base, top)).toBe(4);
      expect(m.feature).toBeLessThan(6);
    }
  });
});
