import { describe, expect, it } from 'vitest';
import {
  createFrameReport,
  FixedStepLoop,
} from '../../../../packages/fixed-step/src/loop/fixedStepLoop';
import type { Stepper } from '../../../../packages/fixed-step/src/loop/fixedStepLoop';
import {
  FRAME_PHYSICS_BUDGET_MS,
  OverloadGovernor,
  PHYSICS_SHARE,
  WORKER_PHYSICS_SHARE,
} from '../../../../packages/fixed-step/src/loop/overloadGovernor';

/** The throttle `governor` sets on a loop stepping `dtSeconds` at `timeScale`. */
function throttleAt(governor: OverloadGovernor, dtSeconds: number, timeScale: number): number {
  const loop = { dt: dtSeconds, timeScale, throttle: 1 };
  governor.throttle(loop);
  return loop.throttle;
}

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

/**
 * Runs `seconds` of wall time of rAF frames (draw cost drawMs each) under the governor, at a
 * time scale. Returns totals, and the steps taken and seconds dropped by the per-frame guard
 * in each frame after the first `settleFrames` (the cost estimate needs a few steps).
 */
function drive(stepMs: number, seconds: number, drawMs = 4, timeScale = 1, settleFrames = 30) {
  const governor = new OverloadGovernor();
  const loop = new FixedStepLoop(1 / 100, { ...limits, timeScale });
  const stepper = new CostlyStepper(governor, stepMs);
  const report = createFrameReport();
  let wallMs = 0;
  let lastFrameMs = 16;
  let frames = 0;
  let longest = 0;
  let kept = 0;
  let lost = 0;
  let passed = 0;
  let throttled = 0;
  let physicsMs = 0;
  const stepsPerFrame: number[] = [];
  const droppedPerFrame: number[] = [];
  while (wallMs < seconds * 1000) {
    governor.beginFrame();
    governor.throttle(loop);
    stepper.frameMs = 0;
    loop.frame(lastFrameMs / 1000, stepper, report);
    passed += (lastFrameMs / 1000) * timeScale;
    kept += report.steps * loop.dt;
    lost += report.droppedSeconds + report.clampedSeconds + report.throttledSeconds;
    throttled += report.throttledSeconds;
    physicsMs += stepper.frameMs;
    if (frames >= settleFrames) {
      stepsPerFrame.push(report.steps);
      droppedPerFrame.push(report.droppedSeconds);
    }
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
    throttled,
    physicsShare: physicsMs / wallMs,
    stepsPerFrame,
    droppedPerFrame,
    left: loop.accumulator,
    governor,
  };
}

describe('OverloadGovernor', () => {
  it('leaves cheap physics alone: throttle 1, real time', () => {
    const run = drive(2, 10);
    expect(throttleAt(run.governor, 1 / 100, 1)).toBe(1);
    expect(run.simSeconds / run.wallSeconds).toBeGreaterThan(0.97);
  });

  it('slows expensive physics to its share of real time instead of freezing frames', () => {
    // 40 ms a step: stock the loop would take 25 steps (a second) per frame.
    const run = drive(40, 20);
    const expected = (PHYSICS_SHARE * 10) / 40;
    expect(throttleAt(run.governor, 1 / 100, 1)).toBeCloseTo(expected, 6);
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

  it('accounts for every second: simulated + given up + still owed = scaled frame time', () => {
    for (const timeScale of [0.5, 1, 2]) {
      for (const stepMs of [2, 40, 300]) {
        const run = drive(stepMs, 5, 4, timeScale);
        expect(run.kept + run.lost + run.left).toBeCloseTo(run.passed, 9);
      }
    }
  });

  it('throttles to PHYSICS_SHARE of real time at any time scale: share × dt ÷ (scale × cost)', () => {
    const governor = new OverloadGovernor();
    governor.recordStep(20);
    // 10 ms steps costing 20 ms: ×1 asks 100 steps a second (2 s of physics), ×2 asks 200.
    expect(throttleAt(governor, 1 / 100, 1)).toBeCloseTo((PHYSICS_SHARE * 10) / 20, 12);
    expect(throttleAt(governor, 1 / 100, 2)).toBeCloseTo((PHYSICS_SHARE * 10) / 40, 12);
    expect(throttleAt(governor, 1 / 100, 0.25)).toBe(1);
    // The boundary: at ×0.5 a step may cost PHYSICS_SHARE × dt ÷ 0.5 (15 ms) before any throttling.
    const edge = new OverloadGovernor();
    edge.recordStep((PHYSICS_SHARE * 10) / 0.5);
    expect(throttleAt(edge, 1 / 100, 0.5)).toBe(1);
    edge.reset();
    edge.recordStep((PHYSICS_SHARE * 10) / 0.5 + 0.01);
    expect(throttleAt(edge, 1 / 100, 0.5)).toBeLessThan(1);
  });

  it('at ×2 asks only for steps physics can pay for: they come evenly and the guard drops none', () => {
    // 20 ms steps at ×2: 200 steps a second would cost 4 s of physics per second.
    const run = drive(20, 20, 4, 2);
    const expected = (PHYSICS_SHARE * 10) / (2 * 20);
    expect(throttleAt(run.governor, 1 / 100, 2)).toBeCloseTo(expected, 12);
    expect(Math.max(...run.droppedPerFrame)).toBe(0);
    expect(Math.max(...run.stepsPerFrame) - Math.min(...run.stepsPerFrame)).toBeLessThanOrEqual(1);
    // Physics takes its share of real time and the simulation runs at 2 × the throttle.
    expect(run.physicsShare).toBeLessThanOrEqual(PHYSICS_SHARE + 0.02);
    expect(run.simSeconds / run.wallSeconds).toBeCloseTo(2 * expected, 2);
  });

  it('at ×0.5 does not throttle a step that costs 1.2 dt: half speed needs only 60% of real time', () => {
    const run = drive(12, 20, 4, 0.5);
    expect(run.throttled).toBe(0);
    expect(Math.max(...run.droppedPerFrame)).toBe(0);
    expect(run.simSeconds / run.wallSeconds).toBeCloseTo(0.5, 2);
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
    expect(throttleAt(governor, 1 / 100, 1)).toBe(1);
  });
});

describe('fed by a worker (a cost once a drawn frame, for all the steps since)', () => {
  it('believes a fallen cost within a second at four frames a second, 25 steps each', () => {
    const governor = new OverloadGovernor();
    governor.share = WORKER_PHYSICS_SHARE;
    governor.recordSteps(20, 25);
    expect(throttleAt(governor, 0.01, 1)).toBeLessThan(0.5);
    for (let frame = 0; frame < 4; frame++) governor.recordSteps(0.5, 25);
    // As 100 steps fed one by one would have left it.
    expect(governor.estimateMs).toBeCloseTo(0.5 + 19.5 * 0.95 ** 100, 9);
    expect(throttleAt(governor, 0.01, 1)).toBe(1);
  });

  it('believes a fallen cost within three seconds at three frames a second, two steps each', () => {
    // A 1,771-box pyramid in a worker while SwiftShader draws: the cold first steps cost about a
    // second, then 41 ms each, and the throttle lets the worker take two steps a 333 ms frame.
    const fed = (realMs: number) => {
      const governor = new OverloadGovernor();
      governor.share = WORKER_PHYSICS_SHARE;
      governor.beginFrame(realMs);
      governor.recordSteps(1000, 1);
      for (let frame = 0; frame < 9; frame++) {
        governor.beginFrame(realMs);
        governor.recordSteps(41, 2);
      }
      return governor.estimateMs;
    };
    // The frames' real time held eight steps each at 41 ms: believed as 72 steps would be.
    expect(fed(333)).toBeCloseTo(41 + 959 * 0.95 ** 72, 9);
    expect(fed(333)).toBeLessThan(70);
    // Counted by steps alone (no real time given: the page's thread), it would still be near 400 ms.
    expect(fed(0)).toBeGreaterThan(350);
  });

  it('believes a risen mean cost half at once, as one step on the main thread', () => {
    const governor = new OverloadGovernor();
    governor.recordSteps(1, 10);
    governor.recordSteps(30, 10);
    expect(governor.estimateMs).toBe(15.5);
  });
});
