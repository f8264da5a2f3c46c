// The solve order's colouring (src/physics/manifolds/contactOrder.ts): within a level, runs of one colour
// share no moving body, as Box2D v3's graph colouring promises — on piles standing, struck and
// falling. The order is what the solver sweeps in, so it fixes the bits of every contact solve.

import { describe, expect, it } from 'vitest';
import { buildScene } from '../../../support/sceneWorlds';
import type { ManifoldNarrowphase } from '../../../../src/physics/narrowphase/manifoldNarrowphase';
import { ContactOrder, mayShareBodies } from '../../../../src/physics/manifolds/contactOrder';

const DT = 1 / 100;

describe('the contact solve order', () => {
  it.each([
    ['pyramid', 7, 60],
    // Standing, then just struck by the block (it lands on 7 layers at about step 156).
    ['pyramid', 7, 175],
    ['rain', 300, 200],
    ['avalanche', 300, 200],
  ] as const)(
    '%s × %i at step %i: no run of one level and colour shares a moving body',
    (scene, count, steps) => {
      const { physics } = buildScene(scene, count);
      for (let s = 0; s < steps; s++) physics.step(DT);
      const world = physics.world;
      const buffer = (world.narrowphase as ManifoldNarrowphase).store.current;
      // The solve's masses as the last solve set them (zero for sleeping and static bodies).
      for (const body of world.bodies) body.updateSolveMassProperties();
      const order = new ContactOrder();
      order.compute(buffer, world.bodies);
      let runs = 0;
      let checked = 0;
      for (let from = 0; from < order.count;) {
        const key = order.keyAt(from);
        const seen = new Set<number>();
        let to = from;
        for (; to < order.count && order.keyAt(to) === key; to++) {
          if (mayShareBodies(key)) continue;
          const m = order.order[to] ?? -1;
          for (const b of [buffer.bodyA[m] ?? -1, buffer.bodyB[m] ?? -1]) {
            if ((world.bodies[b]?.invMassSolve ?? 0) === 0) continue;
            expect(seen.has(b), `body ${b} twice in run ${runs}`).toBe(false);
            seen.add(b);
            checked++;
          }
        }
        runs++;
        from = to;
      }
      expect(runs).toBeGreaterThan(3);
      expect(checked).toBeGreaterThan(200);
    },
    60_000,
  );
});
