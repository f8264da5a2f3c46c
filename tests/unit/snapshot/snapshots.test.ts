import { describe, expect, it } from 'vitest';
import type { PhysicsCore } from '../../../src/physicsHost/core/physicsCore';
import { Snapshot } from 'fixed-step/interpolation';
import { localSim } from '../physicsHost/host/localSim';

/** A full, unskipped copy of the world's state and sleep flags right now. */
function fullCopy(core: PhysicsCore): { state: Snapshot; asleep: Uint8Array } {
  const n = core.physics.count;
  const state = new Snapshot(n);
  const asleep = new Uint8Array(n);
  core.physics.writeState(state, asleep);
  return { state, asleep };
}

function expectSame(buffer: Snapshot, copy: Snapshot, n: number, label: string): void {
  expect(Array.from(buffer.position.subarray(0, 3 * n)), label).toEqual(Array.from(copy.position));
  expect(Array.from(buffer.quaternion.subarray(0, 4 * n)), label).toEqual(
    Array.from(copy.quaternion),
  );
  expect(Array.from(buffer.velocity.subarray(0, 3 * n)), label).toEqual(Array.from(copy.velocity));
  expect(Array.from(buffer.angularVelocity.subarray(0, 3 * n)), label).toEqual(
    Array.from(copy.angularVelocity),
  );
}

describe('WorldSnapshots.capture skips bodies asleep at both snapshots', () => {
  it('yet previous and current always equal full copies of the last two steps', () => {
    // The tower starts asleep, is struck, falls, and parts of it go back to sleep.
    const { sim, core } = localSim('tower', { count: 100 });
    let before = fullCopy(core);
    let skipped = 0;
    for (let s = 0; s < 700; s++) {
      sim.step(1 / 100);
      const now = fullCopy(core);
      const { previous, current, asleep, previousAsleep } = sim.drawn.snapshots;
      const n = core.physics.count;
      if (s % 7 === 0) {
        expectSame(current, now.state, n, `current after step ${s}`);
        expectSame(previous, before.state, n, `previous after step ${s}`);
        expect(Array.from(asleep.subarray(0, n))).toEqual(Array.from(now.asleep));
        expect(Array.from(previousAsleep.subarray(0, n))).toEqual(Array.from(before.asleep));
      }
      for (let i = 0; i < n; i++) if (asleep[i] === 1 && previousAsleep[i] === 1) skipped++;
      before = now;
    }
    // Both phases happened: the standing tower (all skipped) and bodies waking and sleeping.
    expect(skipped).toBeGreaterThan(100 * 100);
    expect(core.physics.sleepingCount()).toBeLessThan(100);
  }, 60_000);

  it('a body teleported while asleep is captured afresh', () => {
    const { sim, core } = localSim('tower', { count: 100 });
    sim.step(1 / 100);
    sim.step(1 / 100);
    sim.queue({ type: 'teleport', id: core.physics.idAt(5), position: [4, 8, 4] });
    sim.frame(0);
    sim.step(1 / 100);
    expect(sim.drawn.snapshots.current.position[15]).toBeCloseTo(4, 3);
    expectSame(
      sim.drawn.snapshots.current,
      fullCopy(core).state,
      core.physics.count,
      'after teleport',
    );
  });
});
