import { describe, expect, it } from 'vitest';
import { Simulation } from '../../../src/app/simulation';
import type { InterpolationMode } from '../../../src/config/settings';

function meterFor(
  mode: InterpolationMode,
  frameSeconds: number,
  frames = 300,
): { jitter: number; error: number; frames: number } {
  const sim = new Simulation('carousel');
  sim.set({ interpolation: mode });
  for (let i = 0; i < frames; i++) sim.frame(frameSeconds);
  return sim.meter.result();
}

describe('stutter meter on the carousel (60 Hz frames, 100 Hz physics)', () => {
  it('interpolation off shows the 1-2-2 step beat: jitter ≈ 28% (theory: √2/5)', () => {
    const off = meterFor('off', 1 / 60);
    expect(off.frames).toBe(120);
    expect(off.jitter).toBeCloseTo(Math.SQRT2 / 5, 3);
  });
  it('interpolation on is smooth: jitter ≈ 0', () => {
    expect(meterFor('interpolate', 1 / 60).jitter).toBeLessThan(0.001);
  });
  it('interpolation lags one step (speed × dt = 6 cm); extrapolation is on time', () => {
    expect(meterFor('interpolate', 1 / 60).error).toBeCloseTo(0.06, 3);
    expect(meterFor('extrapolate', 1 / 60).error).toBeLessThan(0.001);
  });
  it('at 144 Hz frames (0 or 1 step each) interpolation off judders even more', () => {
    expect(meterFor('off', 1 / 144).jitter).toBeGreaterThan(0.5);
    expect(meterFor('interpolate', 1 / 144).jitter).toBeLessThan(0.001);
  });
  it('tracks nothing outside the carousel until a body is chosen', () => {
    const sim = new Simulation('pile', { count: 20 });
    for (let i = 0; i < 30; i++) sim.frame(1 / 60);
    expect(sim.meter.result().frames).toBe(0);
    sim.track(5);
    for (let i = 0; i < 30; i++) sim.frame(1 / 60);
    expect(sim.meter.result().frames).toBeGreaterThan(20);
  });
  it('changing the render mode restarts the window', () => {
    const sim = new Simulation('carousel');
    for (let i = 0; i < 200; i++) sim.frame(1 / 60);
    sim.set({ interpolation: 'off' });
    expect(sim.meter.result().frames).toBe(0);
  });
});
