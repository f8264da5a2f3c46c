import { describe, expect, it } from 'vitest';
import { Simulation } from '../../../src/app/simulation';
import { Rng } from '../../../src/util/rng';

/** Drives a fresh seeded pile with the given frame durations; returns the hash at every step count reached. */
function hashesByStep(
  frames: readonly number[],
  interpolation: 'interpolate' | 'off' = 'interpolate',
): Map<number, string> {
  const sim = new Simulation('pile', { count: 80, seed: 7 });
  sim.set({ interpolation });
  const hashes = new Map<number, string>();
  for (const seconds of frames) {
    const report = sim.frame(seconds);
    hashes.set(report.step, sim.host.bodies.hash());
  }
  return hashes;
}

const frames = (hz: number, seconds: number): number[] =>
  new Array<number>(Math.round(hz * seconds)).fill(1 / hz);

function jittered(seconds: number): number[] {
  const rng = new Rng(99);
  const out: number[] = [];
  let total = 0;
  while (total < seconds) {
    // 4–30 ms frames with a 200 ms hitch now and then (under the 0.25 s clamp).
    const f = rng.next() < 0.02 ? 0.2 : rng.range(0.004, 0.03);
    out.push(f);
    total += f;
  }
  return out;
}

describe('determinism', () => {
  const run30 = hashesByStep(frames(30, 2.5));
  const run60 = hashesByStep(frames(60, 2.5));
  const run144 = hashesByStep(frames(144, 2.5));
  const runJitter = hashesByStep(jittered(2.5));

  it('the same scene reaches the same hash at every step count shared by 30, 60, 144 Hz and jittered frames', () => {
    const runs = [run30, run60, run144, runJitter];
    let compared = 0;
    for (const [step, hash] of run60) {
      for (const other of runs) {
        const theirs = other.get(step);
        if (theirs !== undefined) {
          expect(theirs, `step ${step}`).toBe(hash);
          compared++;
        }
      }
    }
    // 30 Hz frames take 3-4 steps each, so shared counts are sparse but plentiful.
    expect(compared).toBeGreaterThan(150);
    expect(run60.get(250)).toBeDefined();
  });

  it('bodies really move (the hash changes from step to step)', () => {
    expect(new Set(run60.values()).size).toBeGreaterThan(100);
  });

  it('interpolation on or off never changes the physics', () => {
    const off = hashesByStep(frames(60, 1.5), 'off');
    const on = hashesByStep(frames(60, 1.5), 'interpolate');
    expect([...off.entries()]).toEqual([...on.entries()]);
  });

  it('a different seed gives different physics', () => {
    const sim = new Simulation('pile', { count: 80, seed: 8 });
    for (const seconds of frames(60, 1)) sim.frame(seconds);
    expect(sim.host.bodies.hash()).not.toBe(run60.get(100));
  });
});

describe('reset', () => {
  it.each(['carousel', 'tunnel', 'spring', 'determinism', 'pile'])(
    '%s: reset rebuilds the scene as loaded, fixed-size scenes included',
    (scene) => {
      const sim = new Simulation(scene, { seed: 5 });
      const fresh = sim.host.bodies.hash();
      for (let f = 0; f < 20; f++) sim.frame(1 / 60);
      expect(sim.host.bodies.hash()).not.toBe(fresh);
      sim.reset();
      expect(sim.scene.seed).toBe(5);
      expect(sim.host.stepping.nextStep).toBe(0);
      expect(sim.host.bodies.hash()).toBe(fresh);
    },
  );
});
