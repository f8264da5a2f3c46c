import { quat } from 'gl-matrix';
import { Quaternion } from 'three';
import { describe, expect, it } from 'vitest';
import { lerpFlat3, slerpFlat } from '../../../../packages/fixed-step/src/interp/poseMath';
import { Rng } from '../../../../src/util/rng';

const out4 = (): Float64Array => new Float64Array(4);
const length4 = (q: ArrayLike<number>): number =>
  Math.hypot(q[0] ?? 0, q[1] ?? 0, q[2] ?? 0, q[3] ?? 0);
/**
 * Rotation angle between two unit quaternions (q and −q are the same rotation), by the
 * atan2 of chord lengths: acos of the dot product loses half the digits near zero.
 */
const angleBetween = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  const get = (q: ArrayLike<number>, k: number): number => q[k] ?? 0;
  let dot = 0;
  for (let k = 0; k < 4; k++) dot += get(a, k) * get(b, k);
  const sign = dot < 0 ? -1 : 1;
  let minus = 0;
  let plus = 0;
  for (let k = 0; k < 4; k++) {
    minus += (get(a, k) - sign * get(b, k)) ** 2;
    plus += (get(a, k) + sign * get(b, k)) ** 2;
  }
  return 4 * Math.atan2(Math.sqrt(minus), Math.sqrt(plus));
};
const axisAngle = (x: number, y: number, z: number, angle: number): Float64Array => {
  const n = Math.hypot(x, y, z);
  const s = Math.sin(angle / 2) / n;
  return Float64Array.of(x * s, y * s, z * s, Math.cos(angle / 2));
};

describe('lerpFlat3', () => {
  const a = Float64Array.of(0.1, -7.3, 1e5 / 3);
  const b = Float64Array.of(0.3, 2.9, -1 / 7);
  it('t = 0 gives a exactly', () => {
    expect(Array.from(lerpFlat3(new Float64Array(3), 0, a, 0, b, 0, 0))).toEqual(Array.from(a));
  });
  it('t = 1 gives b exactly', () => {
    expect(Array.from(lerpFlat3(new Float64Array(3), 0, a, 0, b, 0, 1))).toEqual(Array.from(b));
  });
  it('a == b gives a for any t', () => {
    for (const t of [0.1, 0.5, 0.93])
      expect(Array.from(lerpFlat3(new Float64Array(3), 0, a, 0, a, 0, t))).toEqual(Array.from(a));
  });
  it('reads and writes at offsets in flat arrays', () => {
    const flatA = Float64Array.of(9, 9, 0, 0, 0);
    const flatB = Float64Array.of(0, 2, 4, 6);
    const out = new Float64Array(6);
    lerpFlat3(out, 3, flatA, 2, flatB, 1, 0.5);
    expect(Array.from(out)).toEqual([0, 0, 0, 1, 2, 3]);
  });
});

describe('slerpFlat', () => {
  const a = axisAngle(1, 2, 3, 0.7);
  const b = axisAngle(-2, 1, 0.5, 2.1);

  it('t = 0 gives the previous quaternion exactly', () => {
    expect(Array.from(slerpFlat(out4(), 0, a, 0, b, 0, 0))).toEqual(Array.from(a));
  });
  it('t = 1 gives the current quaternion exactly', () => {
    expect(Array.from(slerpFlat(out4(), 0, a, 0, b, 0, 1))).toEqual(Array.from(b));
  });
  it('a == b gives a (unit length) for any t', () => {
    for (const t of [0.25, 0.5, 0.75]) {
      const q = slerpFlat(out4(), 0, a, 0, a, 0, t);
      for (let k = 0; k < 4; k++) expect(q[k]).toBeCloseTo(a[k] ?? 0, 15);
    }
  });
  it('a == −b (the same rotation) takes the shortest arc: the result is that rotation', () => {
    const negated = a.map((v) => -v);
    for (const t of [0.2, 0.5, 0.8]) {
      const q = slerpFlat(out4(), 0, a, 0, negated, 0, t);
      expect(angleBetween(q, a)).toBeLessThan(1e-7);
      expect(length4(q)).toBeCloseTo(1, 15);
    }
  });
  it('takes the shortest arc when the stored signs disagree', () => {
    const from = axisAngle(0, 1, 0, 0.2);
    const to = axisAngle(0, 1, 0, 0.6).map((v) => -v);
    const q = slerpFlat(out4(), 0, from, 0, to, 0, 0.5);
    expect(angleBetween(q, axisAngle(0, 1, 0, 0.4))).toBeLessThan(1e-12);
  });
  it('rotations 180° apart meet halfway at 90°', () => {
    const identity = Float64Array.of(0, 0, 0, 1);
    const half = axisAngle(0, 0, 1, Math.PI);
    const q = slerpFlat(out4(), 0, identity, 0, half, 0, 0.5);
    expect(angleBetween(q, axisAngle(0, 0, 1, Math.PI / 2))).toBeLessThan(1e-12);
  });
  it('moves at constant angular speed: angle from a grows linearly with t', () => {
    const total = angleBetween(a, b);
    for (const t of [0.1, 0.3, 0.6, 0.9]) {
      expect(angleBetween(slerpFlat(out4(), 0, a, 0, b, 0, t), a)).toBeCloseTo(t * total, 12);
    }
  });
  it('output is unit length, also in the near-parallel fallback', () => {
    const nearly = axisAngle(1, 2, 3, 0.7 + 1e-9);
    const rng = new Rng(3);
    for (let i = 0; i < 200; i++) {
      const t = rng.next();
      expect(length4(slerpFlat(out4(), 0, a, 0, nearly, 0, t))).toBeCloseTo(1, 15);
      expect(
        length4(slerpFlat(out4(), 0, rng.quaternion(), 0, rng.quaternion(), 0, t)),
      ).toBeCloseTo(1, 14);
    }
  });
  it('agrees with three.js Quaternion.slerp to 1e-12 on random pairs', () => {
    const rng = new Rng(42);
    for (let i = 0; i < 1000; i++) {
      const qa = rng.quaternion();
      const qb = rng.quaternion();
      const t = rng.next();
      const ours = slerpFlat(out4(), 0, qa, 0, qb, 0, t);
      const theirs = new Quaternion(...qa).slerp(new Quaternion(...qb), t);
      expect(Math.abs((ours[0] ?? 0) - theirs.x)).toBeLessThan(1e-12);
      expect(Math.abs((ours[1] ?? 0) - theirs.y)).toBeLessThan(1e-12);
      expect(Math.abs((ours[2] ?? 0) - theirs.z)).toBeLessThan(1e-12);
      expect(Math.abs((ours[3] ?? 0) - theirs.w)).toBeLessThan(1e-12);
    }
  });
  it('agrees with gl-matrix quat.slerp (same rotation) on random pairs', () => {
    const rng = new Rng(9);
    for (let i = 0; i < 1000; i++) {
      const qa = rng.quaternion();
      const qb = rng.quaternion();
      const t = rng.next();
      const ours = slerpFlat(out4(), 0, qa, 0, qb, 0, t);
      const theirs = quat.slerp(
        new Float64Array(4) as unknown as quat,
        qa as unknown as quat,
        qb as unknown as quat,
        t,
      );
      expect(angleBetween(ours, theirs)).toBeLessThan(1e-9);
    }
  });
});
