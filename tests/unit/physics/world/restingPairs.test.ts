// Resting pairs keep last step's points without running their generator (reuseMotion), and a
// kept point that has come apart by more than CONTACT_MARGIN is dropped, as the generator would
// not have made it: a box on the ground, settled, then lifted or tipped by less than the reuse
// tolerance.

import { Quaternion, Vec3 } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { ManifoldNarrowphase } from '../../../../src/physics/narrowphase/manifoldNarrowphase';
import { PhysicsWorld } from '../../../../src/physics/world/physicsWorld';
import { DEFAULT_TUNING } from '../../../../src/physics/world/tuning';

const DT = 1 / 100;

/** A unit box settled on the ground for 0.3 s (awake still), under DEFAULT_TUNING but `reuse`. */
function settledBox(reuseMotion: number): { physics: PhysicsWorld; np: ManifoldNarrowphase } {
  const physics = new PhysicsWorld({ ...DEFAULT_TUNING, reuseMotion });
  physics.addBody({ kind: 'box', scale: [0.5, 0.5, 0.5], position: [0, 0.5, 0] });
  for (let s = 0; s < 30; s++) physics.step(DT);
  const np = physics.world.narrowphase;
  if (!(np instanceof ManifoldNarrowphase)) throw new Error('DEFAULT_TUNING has manifolds');
  return { physics, np };
}

/** The box's pose moved by `lift` (m, up) and a turn of `angle` (rad) about z; then one step. */
function nudgeAndStep(physics: PhysicsWorld, lift: number, angle: number): void {
  const box = physics.bodies[0];
  box.position.y += lift;
  const turn = new Quaternion().setFromAxisAngle(new Vec3(0, 0, 1), angle);
  turn.mult(box.quaternion, box.quaternion);
  box.aabbNeedsUpdate = true;
  physics.step(DT);
}

describe('resting pairs (reuseMotion)', () => {
  it('the default keeps a resting pair’s four points without running its generator', () => {
    expect(DEFAULT_TUNING.reuseMotion).toBeGreaterThan(0);
    const kept = settledBox(DEFAULT_TUNING.reuseMotion);
    kept.physics.step(DT);
    expect(kept.np.generatorRuns).toBe(0);
    expect(kept.np.store.current.count).toBe(1);
    expect(kept.np.store.current.pointCount).toBe(4);
    const remade = settledBox(0);
    remade.physics.step(DT);
    expect(remade.np.generatorRuns).toBe(1);
    expect(remade.np.store.current.pointCount).toBe(4);
  });

  it.each([
    // Lifted 0.3 mm: every point apart by more than the 0.1 mm margin (the box rests about
    // 0.1 mm deep), the pair has no manifold.
    ['lifted 0.3 mm', 3e-4, 0, 0],
    // Tipped 0.45 mrad about the centre: one edge 0.225 mm up (0.12 mm apart from a resting
    // depth of 0.1 mm: past the margin), the other as far down; under the reuse tolerance.
    ['tipped 0.45 mrad', 0, 4.5e-4, 2],
  ])(
    '%s (under the tolerance): kept points that came apart are dropped',
    (_, lift, angle, left) => {
      const kept = settledBox(DEFAULT_TUNING.reuseMotion);
      const remade = settledBox(0);
      nudgeAndStep(kept.physics, lift, angle);
      nudgeAndStep(remade.physics, lift, angle);
      // Under the tolerance, so the pair was kept, not made again...
      expect(kept.np.generatorRuns).toBe(0);
      // ...and it holds the points the generator makes for the same pose.
      expect(kept.np.store.current.pointCount).toBe(left);
      expect(remade.np.store.current.pointCount).toBe(left);
    },
  );
});
