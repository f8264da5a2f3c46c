// The stutter meter against the carousel's geometry: docs/timestep-lab.md's table, cell by cell, from an
// independent model of what each render mode draws; and the meter keeping to its tracked body.

import { describe, expect, it } from 'vitest';
import type { InterpolationMode } from '../../../src/config/settings';
import { StutterMeter } from '../../../src/stats/stutterMeter';
import { localSim } from '../physicsHost/host/localSim';

function meterFor(
  mode: InterpolationMode,
  frameSeconds: number,
  frames = 300,
): { jitter: number; error: number; frames: number } {
  const { sim } = localSim('carousel');
  sim.set({ interpolation: mode });
  for (let i = 0; i < frames; i++) sim.frame(frameSeconds);
  return sim.meter.result();
}

/** The carousel (6 m radius, 6 m/s, so 1 rad/s), 100 Hz physics, 60 Hz display. */
const RADIUS = 6;
const OMEGA = 1;
const DT = 0.01;
const FRAME = 1 / 60;

type Vec = [number, number, number];
const onCircle = (t: number): Vec => [
  RADIUS * Math.cos(OMEGA * t),
  0,
  RADIUS * Math.sin(OMEGA * t),
];
const velocity = (t: number): Vec => [
  -RADIUS * OMEGA * Math.sin(OMEGA * t),
  0,
  RADIUS * OMEGA * Math.cos(OMEGA * t),
];
const distance = (a: Vec, b: Vec): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/**
 * Where each render mode draws the mover at display frame k, from the definitions alone: frame k
 * shows time k/60; the last step is at n·dt with n = ⌊k/60 ÷ dt⌋ and alpha the rest, in steps.
 */
function modelDrawn(mode: InterpolationMode, k: number): Vec {
  const n = Math.floor((k * FRAME) / DT + 1e-7);
  const a = (k * FRAME) / DT - n;
  const [p0, p1] = [onCircle((n - 1) * DT), onCircle(n * DT)];
  const [v0, v1] = [velocity((n - 1) * DT), velocity(n * DT)];
  return [0, 1, 2].map((j) => {
    const [x0, x1, u0, u1] = [p0[j] ?? 0, p1[j] ?? 0, v0[j] ?? 0, v1[j] ?? 0];
    if (mode === 'off') return x1;
    if (mode === 'interpolate') return x0 + (x1 - x0) * a;
    if (mode === 'extrapolate') return x1 + u1 * a * DT;
    const [a2, a3] = [a * a, a * a * a];
    return (
      (2 * a3 - 3 * a2 + 1) * x0 +
      (a3 - 2 * a2 + a) * DT * u0 +
      (3 * a2 - 2 * a3) * x1 +
      (a3 - a2) * DT * u1
    );
  }) as Vec;
}

/**
 * The meter's two figures from the model. 60 Hz frames at 100 Hz take 1, 2, 2 steps with alpha
 * 2/3, 1/3, 0, over and over; the circle looks the same from every point on it, so the 120-frame
 * window (40 whole cycles) averages exactly what one cycle does.
 */
function model(mode: InterpolationMode): { jitter: number; error: number } {
  const ratios: number[] = [];
  let error = 0;
  for (let k = 301; k <= 303; k++) {
    const drawnStep = distance(modelDrawn(mode, k), modelDrawn(mode, k - 1));
    ratios.push(drawnStep / distance(onCircle(k * FRAME), onCircle((k - 1) * FRAME)));
    error += distance(modelDrawn(mode, k), onCircle(k * FRAME)) / 3;
  }
  const mean = (ratios[0] + ratios[1] + ratios[2]) / 3;
  const variance = ratios.reduce((sum, r) => sum + (r - mean) ** 2, 0) / 3;
  return { jitter: Math.sqrt(variance) / mean, error };
}

/**
 * docs/timestep-lab.md's table as printed: jitter to 0.1%, error to 1 mm (to 0.1 mm below a millimetre).
 */
const DOCS_TABLE: Record<InterpolationMode, { jitter: string; error: string }> = {
  interpolate: { jitter: '0.0%', error: '60 mm' },
  off: { jitter: '28.3%', error: '20 mm' },
  extrapolate: { jitter: '0.0%', error: '0.1 mm' },
  hermite: { jitter: '0.0%', error: '60 mm' },
};

function printed(result: { jitter: number; error: number }): { jitter: string; error: string } {
  const mm = 1000 * result.error;
  return {
    jitter: `${(100 * result.jitter).toFixed(1)}%`,
    error: `${mm < 1 ? mm.toFixed(1) : mm.toFixed(0)} mm`,
  };
}

/**
 * Float64 rounding is all that separates meter and model: positions of 6 m carry ~1e-15 m, the
 * step times summed over 500 steps ~1e-13 s (6e-13 m at 6 m/s), and a ratio divides by a 0.1 m
 * frame displacement, so both figures agree to ~1e-11 at worst (1e-14 measured). 1e-10 is still
 * 70 000 times below the smallest figure in the table (extrapolate's 7e-6 jitter), so a mode that
 * drew anything else, one frame late or with another curve, fails.
 */
const MODEL_TOLERANCE = 1e-10;

describe('stutter meter on the carousel (60 Hz frames, 100 Hz physics): the docs table', () => {
  for (const mode of ['interpolate', 'off', 'extrapolate', 'hermite'] as const) {
    it(`${mode}: jitter ${DOCS_TABLE[mode].jitter}, error ${DOCS_TABLE[mode].error}, as the model of the mode gives`, () => {
      const measured = meterFor(mode, FRAME);
      const expected = model(mode);
      expect(measured.frames).toBe(120);
      expect(Math.abs(measured.jitter - expected.jitter)).toBeLessThan(MODEL_TOLERANCE);
      expect(Math.abs(measured.error - expected.error)).toBeLessThan(MODEL_TOLERANCE);
      expect(printed(measured)).toEqual(DOCS_TABLE[mode]);
    });
  }

  it('off: the 1-2-2 beat gives √2/5, less the chords’ shortfall (under 5e-6)', () => {
    // Drawn steps are chords: two steps' chord is 2·cos(ω·dt/2) times one step's, not 2, which
    // turns the coefficient of variation of {1, 2, 2} (√2/5) into √2(2c − 1)/(1 + 4c) with
    // c = cos(0.005): 4.2e-6 below √2/5.
    const c = Math.cos((OMEGA * DT) / 2);
    const off = meterFor('off', FRAME).jitter;
    expect(Math.abs(off - (Math.SQRT2 * (2 * c - 1)) / (1 + 4 * c))).toBeLessThan(MODEL_TOLERANCE);
    expect(Math.abs(off - Math.SQRT2 / 5)).toBeLessThan(5e-6);
  });

  it('at 144 Hz frames (0 or 1 step each) interpolation off judders even more', () => {
    expect(meterFor('off', 1 / 144).jitter).toBeGreaterThan(0.5);
    expect(meterFor('interpolate', 1 / 144).jitter).toBeLessThan(0.001);
  });
  it('tracks nothing outside the carousel until a body is chosen', () => {
    const { sim } = localSim('pile', { count: 20 });
    for (let i = 0; i < 30; i++) sim.frame(1 / 60);
    expect(sim.meter.result().frames).toBe(0);
    sim.track(5);
    for (let i = 0; i < 30; i++) sim.frame(1 / 60);
    expect(sim.meter.result().frames).toBeGreaterThan(20);
  });
  it('changing the render mode restarts the window', () => {
    const { sim } = localSim('carousel');
    for (let i = 0; i < 200; i++) sim.frame(1 / 60);
    sim.set({ interpolation: 'off' });
    expect(sim.meter.result().frames).toBe(0);
  });
});

describe('the tracked body keeps its identity', () => {
  it('removing the tracked body stops the meter and says so, never switching to another body', () => {
    const { sim, core } = localSim('pile', { count: 20 });
    sim.track(5);
    for (let i = 0; i < 30; i++) sim.frame(1 / 60);
    expect(sim.meter.result().frames).toBeGreaterThan(20);
    sim.queue({ type: 'remove', id: core.physics.idAt(5) });
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
    const { sim, core } = localSim('pile', { count: 20 });
    const body = core.physics.bodies[19];
    sim.track(19);
    for (let i = 0; i < 30; i++) sim.frame(1 / 60);
    const frames = sim.meter.result().frames;
    sim.queue({ type: 'remove', id: core.physics.idAt(2) });
    sim.frame(1 / 60);
    // The last body moved into slot 2; the meter follows it and keeps its window.
    expect(sim.trackedIndex).toBe(2);
    expect(core.physics.bodies[2]).toBe(body);
    expect(sim.meter.trackedRemoved).toBe(false);
    expect(sim.meter.result().frames).toBeGreaterThan(frames);
  });

  it('the state guard removing the tracked body inside a multi-step frame ends the tracking', () => {
    const { sim, core } = localSim('pile', { count: 20, seed: 3 });
    for (let i = 0; i < 20; i++) sim.frame(1 / 60);
    sim.track(4);
    const tracked = core.physics.bodies[4];
    sim.frame(1 / 60);
    const brokenAt = core.physics.stepIndex + 2;
    // Before the third of the frame's five steps, the body is flung past the world's edge.
    core.physics.addStepHook((step) => {
      if (step === brokenAt) tracked?.position.set(0, 3e5, 0);
    });
    const report = sim.frame(0.05);
    expect(report.steps).toBe(5);
    expect(core.guard.removed).toBe(1);
    expect(core.physics.bodies).not.toContain(tracked);
    expect(sim.meter.trackedRemoved).toBe(true);
    expect(sim.trackedIndex).toBe(-1);
    expect(sim.meter.result().frames).toBe(0);
  });

  it('hears the removal at once, between frames too (a single step while paused)', () => {
    const { sim, core } = localSim('pile', { count: 20, seed: 3 });
    for (let i = 0; i < 20; i++) sim.frame(1 / 60);
    sim.track(7);
    const tracked = core.physics.bodies[7];
    sim.set({ paused: true });
    const brokenAt = core.physics.stepIndex;
    core.physics.addStepHook((step) => {
      if (step === brokenAt) tracked?.velocity.set(1e308, 0, 0);
    });
    sim.singleStep();
    expect(core.guard.removed).toBe(1);
    expect(sim.meter.trackedRemoved).toBe(true);
    expect(sim.meter.trackedId).toBe(-1);
  });
});

describe('checkTracked (a source whose removals the meter does not hear)', () => {
  it('notes at once that the tracked body left, and nothing while it is there', () => {
    const meter = new StutterMeter();
    meter.track(7);
    meter.checkTracked({ bodyIndex: (id) => (id === 7 ? 3 : -1) });
    expect(meter.trackedRemoved).toBe(false);
    expect(meter.trackedId).toBe(7);
    meter.checkTracked({ bodyIndex: () => -1 });
    expect(meter.trackedRemoved).toBe(true);
    expect(meter.trackedId).toBe(-1);
  });
});
