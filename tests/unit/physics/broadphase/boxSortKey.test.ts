import { Body, Box, Sphere, Vec3 } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { boxSortKey } from '../../../../src/physics/broadphase/boxSortKey';
import { Rng } from '../../../../src/util/rng';

/** A box body of random size at a random pose (`turned`: a random orientation, else none). */
function randomBox(rng: Rng, turned: boolean): Body {
  const half = new Vec3(rng.range(0.01, 3), rng.range(0.01, 3), rng.range(0.01, 3));
  const body = new Body({ mass: 1, shape: new Box(half) });
  body.position.set(rng.range(-100, 100), rng.range(-100, 100), rng.range(-100, 100));
  if (turned) {
    const [qx, qy, qz, qw] = rng.quaternion();
    body.quaternion.set(qx, qy, qz, qw);
  }
  return body;
}

/** cannon-es's lower bound along `axis`, from its own updateAABB. */
function cannonLower(body: Body, axis: number): number {
  body.updateAABB();
  const l = body.aabb.lowerBound;
  return axis === 0 ? l.x : axis === 1 ? l.y : l.z;
}

describe('boxSortKey', () => {
  it.each([0, 1, 2])(
    "gives a box's lower bound along axis %i as cannon-es's updateAABB does, bit for bit",
    (axis) => {
      const rng = new Rng(11 + axis);
      for (let k = 0; k < 20000; k++) {
        const body = randomBox(rng, k % 4 !== 0);
        const key = boxSortKey(body, axis);
        // === leaves only the sign of a zero free, which the sort's ≤ does not see either.
        expect(key === cannonLower(body, axis), `body ${k}: ${key}`).toBe(true);
      }
    },
  );

  it('answers NaN for any other body: a sphere, two boxes, a box off the centre', () => {
    expect(boxSortKey(new Body({ mass: 1, shape: new Sphere(1) }), 0)).toBeNaN();
    const pair = new Body({ mass: 1 });
    pair.addShape(new Box(new Vec3(1, 1, 1)), new Vec3(-1, 0, 0));
    pair.addShape(new Box(new Vec3(1, 1, 1)), new Vec3(1, 0, 0));
    expect(boxSortKey(pair, 0)).toBeNaN();
    const off = new Body({ mass: 1 });
    off.addShape(new Box(new Vec3(1, 1, 1)), new Vec3(0, 0.5, 0));
    expect(boxSortKey(off, 1)).toBeNaN();
  });
});
