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

describe('the tracked body keeps its identity', () => {
  it('removing the tracked body stops the meter and says so, never switching to another body', () => {
    const sim = new Simulation('pile', { count: 20 });
    sim.track(5);
    for (let i = 0; i < 30; i++) sim.frame(1 / 60);
    expect(sim.meter.result().frames).toBeGreaterThan(20);
    sim.queue({ type: 'remove', id: sim.physics.idAt(5) });
    sim.frame(0);
    expect(sim.trackedIndex).toBe(-1);
    expect(sim.meter.trackedId).toBe(-1);
    expect(sim.meter.trackedRemoved).toBe(true);
    for (let i = 0; i < 30; i++) sim.frame(1 / 60);
    expect(sim.meter.result().frames).toBe(0);
    sim.track(2);
    expect(sim.meter.trackedRemoved).toBe(false);
  });

  it('removing another body leaves the meter on the same body, in whatever slot it now has', () => {
    const sim = new Simulation('pile', { count: 20 });
    const body = sim.physics.bodies[19];
    sim.track(19);
    for (let i = 0; i < 30; i++) sim.frame(1 / 60);
    const frames = sim.meter.result().frames;
    sim.queue({ type: 'remove', id: sim.physics.idAt(2) });
    sim.frame(1 / 60);
    // The last body moved into slot 2; the meter follows it and keeps its window.
    expect(sim.trackedIndex).toBe(2);
    expect(sim.physics.bodies[2]).toBe(body);
    expect(sim.meter.trackedRemoved).toBe(false);
    expect(sim.meter.result().frames).toBeGreaterThan(frames);
  });

  it('the state guard removing the tracked body inside a multi-step frame ends the tracking', () => {
    const sim = new Simulation('pile', { count: 20, seed: 3 });
    for (let i = 0; i < 20; i++) sim.frame(1 / 60);
    sim.track(4);
    const tracked = sim.physics.bodies[4];
    sim.frame(1 / 60);
    const brokenAt = sim.physics.stepIndex + 2;
    // Before the third of the frame's five steps, the body is flung past the world's edge.
    sim.physics.addStepHook((step) => {
      if (step === brokenAt) tracked?.position.set(0, 3e5, 0);
    });
    const report = sim.frame(0.05);
    expect(report.steps).toBe(5);
    expect(sim.guard.removed).toBe(1);
    expect(sim.physics.bodies).not.toContain(tracked);
    expect(sim.meter.trackedRemoved).toBe(true);
    expect(sim.trackedIndex).toBe(-1);
    expect(sim.meter.result().frames).toBe(0);
  });

  it('hears the removal at once, between frames too (a single step while paused)', () => {
    const sim = new Simulation('pile', { count: 20, seed: 3 });
    for (let i = 0; i < 20; i++) sim.frame(1 / 60);
    sim.track(7);
    const tracked = sim.physics.bodies[7];
    sim.set({ paused: true });
    const brokenAt = sim.physics.stepIndex;
    sim.physics.addStepHook((step) => {
      if (step === brokenAt) tracked?.velocity.set(1e308, 0, 0);
    });
    sim.singleStep();
    expect(sim.guard.removed).toBe(1);
    expect(sim.meter.trackedRemoved).toBe(true);
    expect(sim.meter.trackedId).toBe(-1);
  });
});
