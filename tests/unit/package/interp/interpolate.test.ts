import { describe, expect, it } from 'vitest';
import {
  FramePoses,
  interpolatePoses,
} from '../../../../packages/fixed-step/src/interp/interpolate';
import {
  lerpFlat3,
  SERIES_MIN_COS,
  SlerpWeights,
  slerpFlat,
} from '../../../../packages/fixed-step/src/interp/poseMath';
import { PhysicsWorld } from '../../../../src/physics/world/physicsWorld';
import { WorldSnapshots } from '../../../../src/snapshot/snapshots';
import { Rng } from '../../../../src/util/rng';

/** n bodies whose snapshots hold random poses, turned by up to `maxTurn` rad between them. */
function snapshotsWith(n: number, maxTurn: number, seed = 1): WorldSnapshots {
  const physics = new PhysicsWorld();
  for (let i = 0; i < n; i++) {
    physics.addBody({ kind: 'sphere', scale: [0.3, 0.3, 0.3], position: [2 * i, 5, 0] });
  }
  const snapshots = new WorldSnapshots(physics);
  snapshots.captureFresh();
  const rng = new Rng(seed);
  const { previous, current } = snapshots;
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 3; k++) {
      previous.position[3 * i + k] = rng.range(-10, 10);
      current.position[3 * i + k] = (previous.position[3 * i + k] ?? 0) + rng.range(-0.2, 0.2);
    }
    const q = rng.quaternion();
    // Turn by angle about a random axis: q' = q · (axis·sin(angle/2), cos(angle/2)).
    const angle = rng.range(0, maxTurn);
    const axis = [rng.range(-1, 1), rng.range(-1, 1), rng.range(-1, 1)];
    const norm = Math.hypot(axis[0] ?? 0, axis[1] ?? 0, axis[2] ?? 0);
    const s = Math.sin(angle / 2) / norm;
    const [x, y, z, w] = q;
    const [bx, by, bz, bw] = [
      (axis[0] ?? 0) * s,
      (axis[1] ?? 0) * s,
      (axis[2] ?? 0) * s,
      Math.cos(angle / 2),
    ];
    const turned = [
      w * bx + x * bw + y * bz - z * by,
      w * by - x * bz + y * bw + z * bx,
      w * bz + x * by - y * bx + z * bw,
      w * bw - x * bx - y * by - z * bz,
    ];
    // Store the current quaternion with either sign: q and −q are the same rotation.
    const sign = rng.next() < 0.3 ? -1 : 1;
    for (let k = 0; k < 4; k++) {
      previous.quaternion[4 * i + k] = q[k] ?? 0;
      current.quaternion[4 * i + k] = sign * (turned[k] ?? 0);
    }
  }
  return snapshots;
}

describe('SlerpWeights', () => {
  it('matches the trigonometric weights sin(tθ)/sin θ to 1e-15 wherever it is used', () => {
    const weights = new SlerpWeights();
    for (const alpha of [0.001, 0.13, 0.5, 0.77, 0.999]) {
      weights.setAlpha({ alpha });
      for (let k = 0; k <= 200; k++) {
        const cos = SERIES_MIN_COS + ((1 - SERIES_MIN_COS) * k) / 200;
        const c = cos - 1;
        let from = 0;
        let to = 0;
        for (let j = 8; j >= 0; j--) {
          from = from * c + (weights.from[j] ?? 0);
          to = to * c + (weights.to[j] ?? 0);
        }
        const theta = Math.acos(cos);
        const exactTo = theta === 0 ? alpha : Math.sin(alpha * theta) / Math.sin(theta);
        const exactFrom = theta === 0 ? 1 - alpha : Math.sin((1 - alpha) * theta) / Math.sin(theta);
        expect(Math.abs(to - exactTo)).toBeLessThan(1e-15);
        expect(Math.abs(from - exactFrom)).toBeLessThan(1e-15);
      }
    }
  });
});

describe('interpolatePoses', () => {
  it('equals lerpFlat3 / slerpFlat body by body, for small turns (series) and large ones (trig)', () => {
    for (const maxTurn of [0.05, 0.6, 3]) {
      const snapshots = snapshotsWith(300, maxTurn);
      const draw = new FramePoses();
      const p = new Float64Array(3);
      const q = new Float64Array(4);
      for (const alpha of [0.01, 0.3, 0.5, 0.71, 0.99]) {
        interpolatePoses(snapshots, alpha, 'interpolate', draw);
        for (let i = 0; i < 300; i++) {
          const { previous: a, current: b } = snapshots;
          lerpFlat3(p, 0, a.position, 3 * i, b.position, 3 * i, alpha);
          slerpFlat(q, 0, a.quaternion, 4 * i, b.quaternion, 4 * i, alpha);
          for (let k = 0; k < 3; k++) expect(draw.position[3 * i + k]).toBe(p[k]);
          for (let k = 0; k < 4; k++) {
            expect(Math.abs((draw.quaternion[4 * i + k] ?? 0) - (q[k] ?? 0))).toBeLessThan(2e-15);
          }
        }
      }
    }
  });

  it('alpha 0 draws the previous snapshot exactly; interpolation off, the current one', () => {
    const snapshots = snapshotsWith(50, 0.3);
    const draw = new FramePoses();
    interpolatePoses(snapshots, 0, 'interpolate', draw);
    expect(Array.from(draw.quaternion.subarray(0, 200))).toEqual(
      Array.from(snapshots.previous.quaternion.subarray(0, 200)),
    );
    interpolatePoses(snapshots, 0.4, 'off', draw);
    expect(Array.from(draw.position.subarray(0, 150))).toEqual(
      Array.from(snapshots.current.position.subarray(0, 150)),
    );
  });

  it('a body asleep at both snapshots is drawn at its current pose and marked still', () => {
    const snapshots = snapshotsWith(10, 0.3);
    snapshots.asleep[4] = 1;
    snapshots.previousAsleep[4] = 1;
    // Asleep only now (it fell asleep this step): still blended, not still.
    snapshots.asleep[6] = 1;
    const draw = new FramePoses();
    interpolatePoses(snapshots, 0.4, 'interpolate', draw);
    expect(Array.from(draw.position.subarray(12, 15))).toEqual(
      Array.from(snapshots.current.position.subarray(12, 15)),
    );
    expect(Array.from(draw.still.subarray(0, 10))).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
    expect(draw.position[18]).not.toBe(snapshots.current.position[18]);
  });
});
