// The determinism lab names where its two worlds part: the first step at which their states
// differ, and there the first body (by id) and field — checked against every step of both worlds
// recorded here, straight from the bodies, by a comparison of its own.

import { describe, expect, it } from 'vitest';
import { Simulation } from '../../../src/app/simulation';
import { TwinLab } from '../../../src/app/twinLab';
import { LocalHost } from '../../../src/physicsHost/host/localHost';

const FIELDS = ['position', 'quaternion', 'velocity', 'angularVelocity'] as const;
const SIZES = [3, 4, 3, 3];

/** Every body's id and its 13 numbers after each step, read from the cannon-es bodies. */
type Steps = Map<number, { ids: number[]; values: number[][] }>;

/** The host of a world stepped on this thread (the lab's worlds are, unless put in workers). */
function localHostOf(sim: Simulation): LocalHost {
  const host = sim.host;
  if (!(host instanceof LocalHost)) throw new Error('This world steps in a worker.');
  return host;
}

function watch(sim: Simulation, steps: Steps): void {
  const host = localHostOf(sim);
  const physics = host.core.physics;
  host.stepping.onStep = (step) => {
    const ids: number[] = [];
    const values: number[][] = [];
    physics.bodies.forEach((body, i) => {
      ids.push(physics.idAt(i));
      const { position: p, quaternion: q, velocity: v, angularVelocity: w } = body;
      values.push([p.x, p.y, p.z, q.x, q.y, q.z, q.w, v.x, v.y, v.z, w.x, w.y, w.z]);
    });
    steps.set(step, { ids, values });
  };
}

/** The first step both worlds reached with any number differing, its first body and field. */
function firstDifference(
  left: Steps,
  right: Steps,
): { step: number; body: number; field: string } | null {
  const steps = [...left.keys()].filter((step) => right.has(step)).sort((a, b) => a - b);
  for (const step of steps) {
    const a = left.get(step);
    const b = right.get(step);
    if (!a || !b) continue;
    for (let i = 0; i < a.values.length; i++) {
      for (let k = 0; k < 13; k++) {
        if (Object.is(a.values[i]?.[k], b.values[i]?.[k])) continue;
        let field = 0;
        let offset = k;
        while (offset >= (SIZES[field] ?? 0)) offset -= SIZES[field++] ?? 0;
        return { step, body: a.ids[i] ?? -1, field: `${FIELDS[field]}[${offset}]` };
      }
    }
  }
  return null;
}

function lab(): { lab: TwinLab; left: Steps; right: Steps } {
  const main = new Simulation('determinism', { count: 30, seed: 3 });
  const twinLab = new TwinLab(main, 60, 144, 7);
  const left: Steps = new Map();
  const right: Steps = new Map();
  watch(main, left);
  watch(twinLab.twin, right);
  return { lab: twinLab, left, right };
}

describe('determinism lab: where the worlds part', () => {
  it('under the accumulator they never do', () => {
    const { lab: twin, left, right } = lab();
    for (let f = 0; f < 150; f++) twin.frame(1 / 60);
    expect(firstDifference(left, right)).toBeNull();
    expect(twin.report().divergence).toBeNull();
    expect(twin.report().divergedAt).toBe(-1);
  });

  it('a nudge to one world only: that step, and the first body and field that differ there', () => {
    const { lab: twin, left, right } = lab();
    for (let f = 0; f < 40; f++) twin.frame(1 / 60);
    // The right world alone gets a body pushed sideways at its next step.
    twin.twin.queue({ type: 'teleport', id: 12, position: [0.5, 6, 0.25], velocity: [3, 0, 0] });
    const nudgedAt = twin.twin.host.stepping.nextStep;
    for (let f = 0; f < 40; f++) twin.frame(1 / 60);
    const expected = firstDifference(left, right);
    expect(expected?.step).toBe(nudgedAt + 1);
    expect(twin.report().divergence).toEqual(expected);
    expect(twin.report().divergedAt).toBe(nudgedAt + 1);
  });

  it('under the variable loop: from the first step, named the same way', () => {
    const { lab: twin, left, right } = lab();
    twin.twin.set({ strategy: 'variable' });
    for (let f = 0; f < 30; f++) twin.frame(1 / 60);
    const expected = firstDifference(left, right);
    expect(expected).not.toBeNull();
    expect(twin.report().divergence).toEqual(expected);
  });
});
