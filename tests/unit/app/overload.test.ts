import { describe, expect, it } from 'vitest';
import { FRAME_PHYSICS_BUDGET_MS, PHYSICS_SHARE } from '../../../src/loop/overloadGovernor';
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
    expect(sim.nextStep).toBe(500);
    expect(sim.stats.throttledSeconds + sim.stats.droppedSeconds).toBe(0);
    expect(sim.stats.simOverReal()).toBeCloseTo(1, 9);
  });
});
