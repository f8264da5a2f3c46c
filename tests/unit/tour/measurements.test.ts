// The tour's figures on the real simulation: the spring chains' energy stays bounded through a
// hitch under the accumulator and grows without bound under a variable step; the frame-time ring.

import { describe, expect, it } from 'vitest';
import type { Strategy } from '../../../src/config/settings';
import { CHART_FRAMES, chainEnergy, FrameHistory } from '../../../src/tour/measurements';
import { localSim } from '../physicsHost/host/localSim';

/** The chains' energy after 1 s of 60 Hz frames, and again after a 0.5 s hitch and 0.5 s more. */
function energyThroughHitch(strategy: Strategy): { start: number; before: number; after: number } {
  const { sim } = localSim('spring');
  sim.set({ strategy });
  const start = chainEnergy(sim.drawn.snapshots);
  for (let i = 0; i < 60; i++) sim.frame(1 / 60);
  const before = chainEnergy(sim.drawn.snapshots);
  sim.frame(0.5);
  for (let i = 0; i < 30; i++) sim.frame(1 / 60);
  return { start, before, after: chainEnergy(sim.drawn.snapshots) };
}

describe('chain energy', () => {
  it('is finite for the hanging chains, and bounded through a hitch under the accumulator', () => {
    const { start, before, after } = energyThroughHitch('accumulator');
    expect(Number.isFinite(start)).toBe(true);
    // The chains start swung out and damp slowly: swinging loses energy, never gains it.
    expect(before).toBeLessThanOrEqual(start);
    expect(after).toBeLessThanOrEqual(before);
  });

  it('grows without bound through the same hitch under a variable step', () => {
    const { start, after } = energyThroughHitch('variable');
    // Flung apart: a thousand times the energy, or bodies removed by the state guard (∞).
    expect(after).toBeGreaterThan(1000 * start);
  });
});

describe('frame history', () => {
  it('keeps the newest frames, oldest first, and lists them in milliseconds', () => {
    const history = new FrameHistory();
    for (let i = 1; i <= CHART_FRAMES + 5; i++) history.add(i / 1000);
    expect(history.count).toBe(CHART_FRAMES);
    expect(history.at(0)).toBeCloseTo(6 / 1000, 12);
    expect(history.at(CHART_FRAMES - 1)).toBeCloseTo((CHART_FRAMES + 5) / 1000, 12);
    expect(history.text().split(',').slice(0, 3)).toEqual(['6', '7', '8']);
    history.clear();
    expect(history.count).toBe(0);
    expect(history.text()).toBe('');
  });
});
