import { describe, expect, it } from 'vitest';
import { createFrameReport, FixedStepLoop } from '../../../src/loop/fixedStepLoop';
import type { Stepper } from '../../../src/loop/fixedStepLoop';
import {
  FRAME_PHYSICS_BUDGET_MS,
  OverloadGovernor,
  PHYSICS_SHARE,
} from '../../../src/loop/overloadGovernor';

const limits = { maxFrameSeconds: 0.25, maxStepsPerFrame: 25, timeScale: 1 };

/**
 * A pretend physics step that "costs" stepMs: it advances a fake clock the frames are made of,
 * so a frame lasts as long as its steps took plus the drawing (as a real rAF frame would).
 */
class CostlyStepper implements Stepper {
  steps = 0;
  frameMs = 0;
  constructor(
    private readonly governor: OverloadGovernor,
    public stepMs: number,
  ) {}
  step(): void {
    this.steps++;
    this.frameMs += this.stepMs;
    this.governor.recordStep(this.stepMs);
  }
  stepAllowed(): boolean {
    return this.governor.stepAllowed();
  }
}

/** Runs `seconds` of wall time of rAF frames (draw cost drawMs each) under the governor. */
function drive(stepMs: number, seconds: number, drawMs = 4) {
  const governor = new OverloadGovernor();
  const loop = new FixedStepLoop(1 / 100, limits);
  const stepper = new CostlyStepper(governor, stepMs);
  const report = createFrameReport();
  let wallMs = 0;
  let lastFrameMs = 16;
  let frames = 0;
  let longest = 0;
  let kept = 0;
  let lost = 0;
  let passed = 0;
  while (wallMs < seconds * 1000) {
    governor.beginFrame();
    loop.throttle = governor.throttle(loop.dt);
    stepper.frameMs = 0;
    loop.frame(lastFrameMs / 1000, stepper, report);
    passed += lastFrameMs / 1000;
    kept += report.steps * loop.dt;
    lost += report.droppedSeconds + report.clampedSeconds + report.throttledSeconds;
    // The next frame's duration: this frame's physics, its drawing, and vsync at 60 Hz.
    lastFrameMs = Math.max(1000 / 60, stepper.frameMs + drawMs);
    longest = Math.max(longest, lastFrameMs);
    wallMs += lastFrameMs;
    frames++;
  }
  return {
    frames,
    longest,
    simSeconds: loop.simTime,
    wallSeconds: wallMs / 1000,
    kept,
    lost,
    passed,
    left: loop.accumulator,
    governor,
  };
}

describe('OverloadGovernor', () => {
  it('leaves cheap physics alone: throttle 1, real time', () => {
    const run = drive(2, 10);
    expect(run.governor.throttle(1 / 100)).toBe(1);
    expect(run.simSeconds / run.wallSeconds).toBeGreaterThan(0.97);
  });

  it('slows expensive physics to its share of real time instead of freezing frames', () => {
    // 40 ms a step: stock the loop would take 25 steps (a second) per frame.
    const run = drive(40, 20);
    const expected = (PHYSICS_SHARE * 10) / 40;
    expect(run.governor.throttle(1 / 100)).toBeCloseTo(expected, 6);
    expect(run.simSeconds / run.wallSeconds).toBeGreaterThan(0.6 * expected);
    expect(run.simSeconds / run.wallSeconds).toBeLessThan(1.2 * expected);
    // Most frames take no step and just draw; no frame holds more than two steps.
    expect(run.longest).toBeLessThanOrEqual(2 * 40 + 4);
    expect(run.frames / run.wallSeconds).toBeGreaterThan(15);
  });

  it('keeps a 300 ms step to one step a frame (5000 bodies landing)', () => {
    const run = drive(300, 20);
    expect(run.longest).toBeLessThanOrEqual(300 + 4);
    expect(run.frames).toBeGreaterThan(60);
  });

  it('accounts for every second: simulated + given up + still owed = frame time', () => {
    for (const stepMs of [2, 40, 300]) {
      const run = drive(stepMs, 5);
      expect(run.kept + run.lost + run.left).toBeCloseTo(run.passed, 9);
    }
  });

  it('stops a frame once its steps have cost the budget; the first step always runs', () => {
    const governor = new OverloadGovernor();
    governor.beginFrame();
    expect(governor.stepAllowed()).toBe(true);
    governor.recordStep(FRAME_PHYSICS_BUDGET_MS - 1);
    expect(governor.stepAllowed()).toBe(true);
    governor.recordStep(2);
    expect(governor.stepAllowed()).toBe(false);
    governor.beginFrame();
    expect(governor.stepAllowed()).toBe(true);
  });

  it('believes a rising cost at once and a falling one slowly', () => {
    const governor = new OverloadGovernor();
    governor.recordStep(5);
    governor.recordStep(100);
    expect(governor.estimateMs).toBeGreaterThan(50);
    for (let k = 0; k < 5; k++) governor.recordStep(5);
    expect(governor.estimateMs).toBeGreaterThan(30);
    governor.reset();
    expect(governor.throttle(1 / 100)).toBe(1);
  });
});
