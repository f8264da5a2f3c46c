// Commands carry the step they apply at: applied at exactly that step boundary whatever frames
// drive the steps (several steps per frame included), late ones at the next boundary, and as
// plain data a log of them replays the same physics in another world.

import { describe, expect, it } from 'vitest';
import type { Command, CommandAction } from '../../../../src/physics/world/commands';
import { localSim } from '../../physicsHost/host/localSim';

const ball = (x: number): CommandAction => ({
  type: 'spawn',
  spec: { kind: 'sphere', scale: [0.3, 0.3, 0.3], position: [x, 7, 0], velocity: [0, 0, 2] },
});

/** [atStep, action]: spawns, a throw, a removal and a teleport, none on a 30 Hz frame's first step. */
const SCHEDULE: [number, CommandAction][] = [
  [37, ball(0)],
  [80, ball(1)],
  [80, { type: 'remove', id: 5 }],
  [81, ball(-1)],
  [121, { type: 'teleport', id: 7, position: [2, 6, 2] }],
  [
    155,
    {
      type: 'spawn',
      spec: { kind: 'box', scale: [0.3, 0.3, 0.3], position: [6, 2, 6], velocity: [-20, 3, -20] },
    },
  ],
];

interface Run {
  hashes: Map<number, string>;
  counts: Map<number, number>;
}

/** A pile driven by `frameHz` frames for 2 s with SCHEDULE queued up front; hash after every step. */
function run(frameHz: number, schedule = SCHEDULE): Run {
  const { sim, core, host } = localSim('pile', { count: 30, seed: 3 });
  for (const [atStep, action] of schedule) sim.queue(action, atStep);
  const hashes = new Map<number, string>();
  const counts = new Map<number, number>();
  host.stepping.onStep = (step) => {
    hashes.set(step, sim.host.bodies.hash());
    counts.set(step, core.physics.count);
  };
  for (let f = 0; f < 2 * frameHz; f++) sim.frame(1 / frameHz);
  return { hashes, counts };
}

describe('commands at a step', () => {
  const runs = [30, 60, 144].map((hz) => run(hz));

  it('30, 60 and 144 Hz frames reach the same hash at every step with the same commands', () => {
    const [first, ...others] = runs;
    if (!first) throw new Error('no runs');
    expect(first.hashes.size).toBe(200);
    for (const other of others) {
      for (let step = 1; step <= 200; step++)
        expect(other.hashes.get(step), `step ${step}`).toBe(first.hashes.get(step));
    }
    // The commands really changed the physics: a run without them parts from step 38 on.
    const bare = run(60, []);
    expect(bare.hashes.get(37)).toBe(first.hashes.get(37));
    expect(bare.hashes.get(38)).not.toBe(first.hashes.get(38));
  });

  it('each applies just before its step runs, whatever frame that step falls in', () => {
    for (const { counts } of runs) {
      // `onStep(n)` reports the world after step n − 1: a spawn at step 37 is first seen at 38.
      expect(counts.get(37)).toBe(30);
      expect(counts.get(38)).toBe(31);
      expect(counts.get(80)).toBe(31);
      // Step 80: a spawn and a removal; step 81: another spawn.
      expect(counts.get(81)).toBe(31);
      expect(counts.get(82)).toBe(32);
      expect(counts.get(155)).toBe(32);
      expect(counts.get(156)).toBe(33);
    }
  });

  it('a late command (its step already run) applies at the next boundary', () => {
    const { sim, core } = localSim('pile', { count: 10 });
    for (let f = 0; f < 30; f++) sim.frame(1 / 60);
    expect(core.physics.stepIndex).toBe(50);
    sim.queue(ball(0), 12);
    sim.queue(ball(1), 52);
    sim.frame(0);
    expect(core.physics.count).toBe(11);
    // Steps 50 and 51 run without the second; the boundary before step 52 brings it.
    sim.frame(0.02);
    expect(core.physics.stepIndex).toBe(52);
    expect(core.physics.count).toBe(11);
    sim.frame(0.01);
    expect(core.physics.count).toBe(12);
  });

  it('by default applies at the next step, and at once while paused', () => {
    const { sim, core } = localSim('pile', { count: 10 });
    sim.frame(0.05);
    expect(sim.queue(ball(0)).atStep).toBe(5);
    sim.set({ paused: true });
    sim.frame(0);
    expect(core.physics.count).toBe(11);
    sim.queue({ type: 'remove', id: 0 });
    sim.frame(0);
    expect(core.physics.count).toBe(10);
    expect(core.physics.stepIndex).toBe(5);
  });

  it('refuses a step that is not a whole number ≥ 0, and queues nothing', () => {
    const { sim, core } = localSim('pile', { count: 10 });
    for (const atStep of [-1, 1.5, Number.NaN]) {
      expect(() => sim.queue(ball(0), atStep)).toThrow(
        `atStep = ${atStep} is invalid: expected an integer ≥ 0.`,
      );
    }
    expect(core.commands.pending).toBe(0);
  });

  it('as plain data, a log of them replays the same physics in another world at another frame rate', () => {
    // Live: commands queued from "the UI" at 60 Hz frames, naming bodies by the index seen then.
    const { sim: live, core: liveCore, host: liveHost } = localSim('pile', { count: 30, seed: 6 });
    const log: Command[] = [];
    const liveHashes = new Map<number, string>();
    liveHost.stepping.onStep = (step) => liveHashes.set(step, live.host.bodies.hash());
    for (let f = 0; f < 120; f++) {
      if (f % 17 === 5) log.push(live.queue(ball(f % 5)));
      if (f % 23 === 11) {
        const index = (7 * f) % liveCore.physics.count;
        log.push(live.queue({ type: 'remove', id: liveCore.physics.idAt(index) }));
      }
      if (f === 40)
        log.push(
          live.queue({ type: 'teleport', id: liveCore.physics.idAt(3), position: [0, 9, 0] }),
        );
      live.frame(1 / 60);
    }
    expect(log.length).toBeGreaterThan(10);
    // Replay: a fresh world gets structured clones of the log up front, at 144 Hz frames.
    const {
      sim: replay,
      core: replayCore,
      host: replayHost,
    } = localSim('pile', { count: 30, seed: 6 });
    for (const command of log) replayCore.commands.push(structuredClone(command));
    const replayHashes = new Map<number, string>();
    replayHost.stepping.onStep = (step) => replayHashes.set(step, replay.host.bodies.hash());
    for (let f = 0; f < 288; f++) replay.frame(1 / 144);
    expect(replayHashes.size).toBe(200);
    expect([...replayHashes]).toEqual([...liveHashes]);
  });
});
