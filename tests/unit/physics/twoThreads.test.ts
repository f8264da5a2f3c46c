// The second physics thread (src/physics/threadTeam.ts, a worker_threads helper here): one thread
// and two give the same state hash after every step — the helper planning half the pair tasks,
// setting up half the rows and sweeping half of each run — and the split the sweeps rely on
// (runs of the solve order whose manifolds share no moving body) holds.

import { describe, expect, it } from 'vitest';
import { buildScene } from '../../../bench/physicsBench';
import { useSecondThread } from '../../../bench/twoThreads';
import type { ManifoldNarrowphase } from '../../../src/physics/manifoldNarrowphase';
import { ContactOrder, mayShareBodies } from '../../../src/physics/contactOrder';
import { FlatGSSolver } from '../../../src/physics/flatSolver';
import { ThreadTeam } from '../../../src/physics/threadTeam';
import { StateHasher } from '../../../src/state/stateHasher';

const DT = 1 / 100;

/** The state hash after each of `steps` steps of a fresh scene, on one thread or two. */
async function hashes(scene: string, count: number, steps: number, two: boolean) {
  const { physics } = buildScene(scene, count);
  const thread = two ? await useSecondThread(physics) : null;
  const hasher = new StateHasher();
  const out: string[] = [];
  try {
    for (let s = 0; s < steps; s++) {
      physics.step(DT);
      out.push(hasher.hex(physics));
    }
  } finally {
    await thread?.close();
  }
  return { hashes: out, handedOver: thread?.team.handedOver ?? 0, calls: thread?.team.calls ?? 0 };
}

describe('two physics threads', () => {
  it.each([
    // The block lands on 5 layers at step 85: standing, struck and settling all swept.
    ['pyramid', 5, 160],
    ['rain', 200, 250],
    ['tower', 200, 250],
    ['avalanche', 200, 250],
  ] as const)(
    '%s × %i: the same state hash after every step as one thread',
    async (scene, count, steps) => {
      const one = await hashes(scene, count, steps, false);
      const two = await hashes(scene, count, steps, true);
      // The helper swept real work: a sweep it skipped would change the hash, and a plan
      // that handed it nothing would compare one thread with itself.
      expect(two.handedOver).toBeGreaterThan(1000);
      // It planned pair tasks and set rows up too (half of each, from the middle on).
      expect(two.calls).toBeGreaterThan(steps / 2);
      // The scene moved: equal hashes of a world standing still would prove little.
      expect(new Set(one.hashes).size).toBeGreaterThan(steps / 2);
      expect(two.hashes).toEqual(one.hashes);
    },
    120_000,
  );

  it('a helper that never answers: the step fails within the time limit, saying why', () => {
    const { physics } = buildScene('pyramid', 3);
    const solver = physics.world.solver;
    if (!(solver instanceof FlatGSSolver)) throw new Error('not the flat solver');
    // Its messages go nowhere: no thread ever takes the arrays or sweeps its halves.
    solver.usePartner(new ThreadTeam(() => undefined, 200));
    expect(() => physics.step(DT)).toThrow(
      'The second physics thread did not answer within 200 ms.',
    );
  });

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
