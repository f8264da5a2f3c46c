import { ArrayCollisionMatrix, Body } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { SparseCollisionMatrix } from '../../../../src/physics/broadphase/collisionMatrix';
import { Rng } from '../../../../src/util/rng';

/** Bodies with the indices cannon-es gives them in a world. */
function bodies(n: number): Body[] {
  return Array.from({ length: n }, (_, i) => {
    const body = new Body({ mass: 1 });
    body.index = i;
    return body;
  });
}

describe('SparseCollisionMatrix', () => {
  it('answers every get exactly as ArrayCollisionMatrix over random set/reset sequences', () => {
    const list = bodies(300);
    const dense = new ArrayCollisionMatrix();
    dense.setNumObjects(list.length);
    const sparse = new SparseCollisionMatrix();
    const rng = new Rng(11);
    const pick = (): Body => list[rng.int(0, list.length - 1)] as Body;
    let checked = 0;
    let mismatches = 0;
    for (let step = 0; step < 40; step++) {
      dense.reset();
      sparse.reset();
      // Up to 3000 pairs a step: far past the table's first size, so it grows mid-step.
      const sets = rng.int(0, 3000);
      for (let k = 0; k < sets; k++) {
        const a = pick();
        const b = pick();
        const value = rng.next() < 0.9;
        dense.set(a, b, value);
        sparse.set(a, b, value);
      }
      for (let k = 0; k < 2000; k++) {
        const a = pick();
        const b = pick();
        const expected = dense.get(a, b) ? 1 : 0;
        if (sparse.get(a, b) !== expected || sparse.get(b, a) !== expected) mismatches++;
        checked++;
      }
    }
    expect(checked).toBe(80_000);
    expect(mismatches).toBe(0);
  });

  it('forgets every pair on reset, and a cleared pair reads 0', () => {
    const [a, b, c] = bodies(3) as [Body, Body, Body];
    const sparse = new SparseCollisionMatrix();
    sparse.set(a, b, true);
    sparse.set(b, c, true);
    expect(sparse.get(b, a)).toBe(1);
    sparse.set(a, b, false);
    expect(sparse.get(a, b)).toBe(0);
    expect(sparse.get(c, b)).toBe(1);
    sparse.reset();
    expect(sparse.get(b, c)).toBe(0);
  });
});
