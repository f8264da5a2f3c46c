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
import type { StandDownRule } from '../../../src/physics/helperStandDown';
import { ThreadTeam } from '../../../src/physics/threadTeam';
import { StateHasher } from '../../../src/state/stateHasher';

const DT = 1 / 100;
/** A helper never stood down: these tests are about its share, whatever the machine's load. */
const ALWAYS_SHARE: StandDownRule = {
  windowSteps: 1,
  sleepsLimit: Infinity,
  graceSteps: 0,
  firstSteps: 1,
  lastSteps: 1,
};

/**
 * The state hash after each of `steps` steps of a fresh scene, on one thread or two; on two,
 * `sleepsBefore[s]` sleeps waiting on the helper are reported before step s, and each step's
 * kernel calls and manifolds handed to the helper are kept.
 */
async function hashes(
  scene: string,
  count: number,
  steps: number,
  two: boolean,
  rule = ALWAYS_SHARE,
  sleepsBefore: Readonly<Record<number, number>> = {},
) {
  const { physics } = buildScene(scene, count);
  const thread = two ? await useSecondThread(physics, rule) : null;
  const hasher = new StateHasher();
  const out: string[] = [];
  const stepCalls: number[] = [];
  const stepHandedOver: number[] = [];
  try {
    for (let s = 0; s < steps; s++) {
      const team = thread?.team;
      const calls = team?.calls ?? 0;
      const handedOver = team?.handedOver ?? 0;
      if (sleepsBefore[s] !== undefined) team?.standDown.slept(sleepsBefore[s]);
      physics.step(DT);
      out.push(hasher.hex(physics));
      stepCalls.push((team?.calls ?? 0) - calls);
      stepHandedOver.push((team?.handedOver ?? 0) - handedOver);
    }
  } finally {
    await thread?.close();
  }
  const team = thread?.team;
  return {
    hashes: out,
    handedOver: team?.handedOver ?? 0,
    calls: team?.calls ?? 0,
    stepCalls,
    stepHandedOver,
    stoodDown: team?.standDown.stoodDown ?? 0,
  };
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

  it('a helper stood down for keeping this thread waiting: the same hashes, the steps it sits out all this thread’s', async () => {
    // The meetings' sleeps are reported as they would be (HelperStandDown.slept): before step 30
    // (it sits out 30–33; its retry at 34 fails too: 34–41) and before step 60 (60–63), all
    // before the pyramid falls asleep. A limit far past what real meetings sleep (at most a few
    // hundred times a step on a loaded machine) leaves the judging to these.
    const rule: StandDownRule = {
      windowSteps: 4,
      sleepsLimit: 1e6,
      graceSteps: 0,
      firstSteps: 4,
      lastSteps: 16,
    };
    const sleepsBefore = { 30: 2e6, 34: 2e6, 60: 2e6 };
    const standDowns = [
      [30, 4],
      [34, 8],
      [60, 4],
    ];
    const one = await hashes('pyramid', 5, 160, false);
    const two = await hashes('pyramid', 5, 160, true, rule, sleepsBefore);
    expect(two.stoodDown).toBe(16);
    for (let s = 0; s < 100; s++) {
      const down = standDowns.find(([first = 0, steps = 0]) => s >= first && s < first + steps);
      // A step sat out hands the helper no sweep; its pair plan and set-up were shared on the
      // stand-down's first step (judged at its sweeps), none after.
      const handedOver = two.stepHandedOver[s];
      const calls = two.stepCalls[s];
      if (down === undefined) {
        expect(handedOver, `sweeps handed over at step ${s}`).toBeGreaterThan(0);
        expect(calls, `kernel calls at step ${s}`).toBeGreaterThan(0);
      } else {
        expect(handedOver, `sweeps handed over at step ${s}`).toBe(0);
        if (s === down[0]) expect(calls, `kernel calls at step ${s}`).toBeGreaterThan(0);
        else expect(calls, `kernel calls at step ${s}`).toBe(0);
      }
    }
    expect(new Set(one.hashes).size).toBeGreaterThan(80);
    expect(two.hashes).toEqual(one.hashes);
  }, 60_000);

  it('a helper that never answers: the step fails within the time limit, saying why', () => {
    const { physics } = buildScene('pyramid', 3);
    const solver = physics.world.solver;
    if (!(solver instanceof FlatGSSolver)) throw new Error('not the flat solver');
    // Its messages go nowhere: no thread ever takes the arrays or sweeps its halves.
    solver.usePartner(new ThreadTeam(() => undefined, 200));
    expect(() => physics.step(DT)).toThrow(
      'No answer within 200 ms from the second physics thread, taking new arrays.',
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
