import { describe, expect, it } from 'vitest';
import {
  createFrameReport,
  FixedStepLoop,
} from '../../../../packages/fixed-step/src/loop/fixedStepLoop';
import type { Strategy } from '../../../../src/config/settings';

function stepsFor(
  strategy: Strategy,
  frames: number[],
  limits = {},
): { dts: number[]; perFrame: number[]; alphas: number[]; loop: FixedStepLoop } {
  const loop = new FixedStepLoop(1 / 100, {
    maxFrameSeconds: 0.25,
    maxStepsPerFrame: 25,
    timeScale: 1,
    ...limits,
  });
  loop.strategy = strategy;
  const dts: number[] = [];
  const stepper = { step: (dt: number) => dts.push(dt) };
  const report = createFrameReport();
  const perFrame: number[] = [];
  const alphas: number[] = [];
  for (const f of frames) {
    loop.frame(f, stepper, report);
    perFrame.push(report.steps);
    alphas.push(report.alpha);
  }
  return { dts, perFrame, alphas, loop };
}

describe('semi-fixed', () => {
  it('a 25 ms frame at 100 Hz steps 10, 10, 5 ms', () => {
    const { dts } = stepsFor('semi-fixed', [0.025]);
    expect(dts).toHaveLength(3);
    expect(dts[0]).toBe(0.01);
    expect(dts[1]).toBe(0.01);
    expect(dts[2]).toBeCloseTo(0.005, 12);
  });
  it('consumes every frame exactly: simulated time equals real time, alpha is 0', () => {
    const { dts, alphas } = stepsFor('semi-fixed', new Array<number>(600).fill(1 / 60));
    expect(dts.reduce((a, b) => a + b, 0)).toBeCloseTo(10, 9);
    expect(Math.max(...dts)).toBeLessThanOrEqual(0.01);
    expect(new Set(alphas)).toEqual(new Set([0]));
  });
  it('drops what the step cap leaves and reports it', () => {
    const loop = new FixedStepLoop(1 / 100, {
      maxFrameSeconds: 1,
      maxStepsPerFrame: 4,
      timeScale: 1,
    });
    loop.strategy = 'semi-fixed';
    const report = createFrameReport();
    loop.frame(0.065, { step: () => undefined }, report);
    expect(report.steps).toBe(4);
    expect(report.droppedSeconds).toBeCloseTo(0.025, 12);
  });
});

describe('variable', () => {
  it('takes one step of the (scaled, clamped) frame time', () => {
    const { dts } = stepsFor('variable', [1 / 60, 0.007, 0.5], { timeScale: 0.5 });
    expect(dts).toEqual([0.5 / 60, 0.0035, 0.125]);
  });
  it('takes no step for a zero-length frame', () => {
    expect(stepsFor('variable', [0, 0]).dts).toEqual([]);
  });
});

describe('fixed-per-frame', () => {
  it('takes exactly one dt per frame whatever the frame time: speed follows the display', () => {
    const at144 = stepsFor('fixed-per-frame', new Array<number>(144).fill(1 / 144));
    const at30 = stepsFor('fixed-per-frame', new Array<number>(30).fill(1 / 30));
    expect(new Set(at144.dts)).toEqual(new Set([0.01]));
    // One real second: 1.44 simulated seconds on a 144 Hz display, 0.3 on a 30 Hz one.
    expect(at144.loop.simTime).toBeCloseTo(1.44, 9);
    expect(at30.loop.simTime).toBeCloseTo(0.3, 9);
  });

  it('spends no frame time, so ignores time scale, clamp and throttle and reports nothing given up', () => {
    const loop = new FixedStepLoop(1 / 100, {
      maxFrameSeconds: 0.25,
      maxStepsPerFrame: 25,
      timeScale: 2,
    });
    loop.strategy = 'fixed-per-frame';
    loop.throttle = 0.1;
    const dts: number[] = [];
    const report = createFrameReport();
    for (const frameSeconds of [1 / 60, 10, 0.3, 1 / 144]) {
      loop.frame(frameSeconds, { step: (dt: number) => dts.push(dt) }, report);
      expect(report.steps).toBe(1);
      expect(report.droppedSeconds).toBe(0);
      expect(report.clampedSeconds).toBe(0);
      expect(report.throttledSeconds).toBe(0);
    }
    expect(dts).toEqual([0.01, 0.01, 0.01, 0.01]);
    // A zero-length frame (start, unpause) takes no step.
    loop.frame(0, { step: (dt: number) => dts.push(dt) }, report);
    expect(report.steps).toBe(0);
  });
});

describe('switching strategy', () => {
  it('only the accumulator reports an alpha', () => {
    const { loop } = stepsFor('accumulator', [0.015]);
    expect(loop.alpha()).toBeCloseTo(0.5, 9);
    loop.strategy = 'variable';
    expect(loop.alpha()).toBe(0);
  });
});
