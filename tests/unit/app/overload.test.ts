import { describe, expect, it } from 'vitest';
import {
  FRAME_PHYSICS_BUDGET_MS,
  PHYSICS_SHARE,
} from '../../../packages/fixed-step/src/loop/overloadGovernor';
import { localSim } from '../physicsHost/host/localSim';
import type { LocalSim } from '../physicsHost/host/localSim';

/** Makes every physics step of `sim` cost exactly `stepMs` on its clock, and nothing else. */
function costly({ sim, core }: LocalSim, stepMs: number): void {
  sim.nowMs = () => stepMs * core.physics.stepIndex;
}

describe('Simulation under overload, on an injected clock', () => {
  it('at ×2 with 20 ms steps keeps share × dt ÷ (2 × 20 ms) of each real-time frame', () => {
    const local = localSim('carousel');
    const sim = local.sim;
    sim.set({ timeScale: 2 });
    costly(local, 20);
    // The first frame has no estimate yet: 1/60 s at ×2 owes three steps, and the guard stops
    // after two (40 ms ≥ the 33 ms budget).
    sim.frame(1 / 60, true);
    expect(sim.stats.lastFrame.steps).toBe(2);
    expect(sim.stats.physicsMsThisFrame).toBe(40);
    expect(sim.stats.physicsMsThisFrame).toBeGreaterThanOrEqual(FRAME_PHYSICS_BUDGET_MS);
    expect(sim.stats.droppedSeconds).toBeCloseTo(0.01, 12);
    const throttle = (PHYSICS_SHARE * 10) / (2 * 20);
    let throttled = 0;
    for (let i = 0; i < 600; i++) {
      sim.frame(1 / 60, true);
      expect(sim.loop.throttle).toBe(throttle);
      expect(sim.stats.lastFrame.steps).toBeLessThanOrEqual(1);
      throttled += (2 / 60) * (1 - throttle);
    }
    expect(sim.stats.throttledSeconds).toBeCloseTo(throttled, 9);
    // Nothing more dropped: the throttle asks only for what physics can pay for.
    expect(sim.stats.droppedSeconds).toBeCloseTo(0.01, 12);
    expect(sim.stats.physicsMsPerStep).toBe(20);
    expect(sim.stats.simOverReal()).toBeCloseTo(2 * throttle, 9);
  });

  it('scripted frames (advance, the Node tests) are never throttled, however dear the steps', () => {
    const local = localSim('carousel');
    const sim = local.sim;
    costly(local, 500);
    for (let i = 0; i < 300; i++) sim.frame(1 / 60);
    expect(sim.host.stepping.nextStep).toBe(500);
    expect(sim.stats.throttledSeconds + sim.stats.droppedSeconds).toBe(0);
    expect(sim.stats.simOverReal()).toBeCloseTo(1, 9);
  });

  it('with the governor off a real-time frame takes every step the clamp and cap allow', () => {
    const local = localSim('carousel');
    const sim = local.sim;
    sim.set({ governor: false });
    costly(local, 20);
    for (let i = 0; i < 60; i++) {
      sim.frame(1 / 60, true);
      expect(sim.loop.throttle).toBe(1);
    }
    // 60 frames of 1/60 s at 100 Hz owe 100 steps, and all are taken: nothing throttled or
    // dropped, so a frame's physics costs more than the frame (the start of a spiral).
    expect(sim.host.stepping.nextStep).toBe(100);
    expect(sim.stats.throttledSeconds + sim.stats.droppedSeconds).toBe(0);
    expect(sim.stats.simOverReal()).toBeCloseTo(1, 9);
    sim.set({ governor: true });
    for (let i = 0; i < 60; i++) sim.frame(1 / 60, true);
    expect(sim.stats.throttledSeconds).toBeGreaterThan(0);
  });

  it('an emulated step cost is real work before each step, and the governor sees it', () => {
    const { sim } = localSim('carousel');
    sim.set({ stepCostMs: 12 });
    const start = performance.now();
    sim.frame(0.05);
    // Five steps of 12 ms each: the frame cannot be quicker than the work it was made to do.
    expect(performance.now() - start).toBeGreaterThanOrEqual(5 * 12);
    expect(sim.host.stepping.nextStep).toBe(5);
    // Measured by the real clock, every step costs at least its 12 ms: more than its 10 ms dt, so
    // real-time frames are slowed down, never allowed to spiral.
    expect(sim.stats.physicsMsPerStep).toBeGreaterThanOrEqual(12);
    for (let i = 0; i < 10; i++) sim.frame(1 / 60, true);
    expect(sim.loop.throttle).toBeLessThan(1);
    expect(sim.stats.throttledSeconds + sim.stats.droppedSeconds).toBeGreaterThan(0);
  });
});
