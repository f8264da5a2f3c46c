import { describe, expect, it } from 'vitest';
import {
  createFrameReport,
  FixedStepLoop,
} from '../../../../packages/fixed-step/src/loop/fixedStepLoop';
import type { Stepper } from '../../../../packages/fixed-step/src/loop/fixedStepLoop';

class CountingStepper implements Stepper {
  steps = 0;
  dts: number[] = [];
  step(dt: number): void {
    this.steps++;
    this.dts.push(dt);
  }
}

const limits = { maxFrameSeconds: 0.25, maxStepsPerFrame: 25, timeScale: 1 };

function run(
  loop: FixedStepLoop,
  frames: number[],
): { perFrame: number[]; alphas: number[]; stepper: CountingStepper } {
  const stepper = new CountingStepper();
  const report = createFrameReport();
  const perFrame: number[] = [];
  const alphas: number[] = [];
  for (const f of frames) {
    loop.frame(f, stepper, report);
    perFrame.push(report.steps);
    alphas.push(report.alpha);
  }
  return { perFrame, alphas, stepper };
}

describe('FixedStepLoop', () => {
  it('60 Hz frames at 100 Hz take 1,2,2 steps: exactly 5 per 3 frames over 6000 frames', () => {
    const loop = new FixedStepLoop(1 / 100, limits);
    const { perFrame, stepper } = run(loop, new Array<number>(6000).fill(1 / 60));
    expect(stepper.steps).toBe(10000);
    for (let i = 0; i < 6000; i += 3) {
      expect(perFrame.slice(i, i + 3)).toEqual([1, 2, 2]);
    }
    // The loop's clock ran on by exactly one dt a step.
    expect(loop.simTime).toBeCloseTo(100, 9);
  });

  it('144 Hz frames at 100 Hz take 0 or 1 step, and the total matches elapsed time', () => {
    const loop = new FixedStepLoop(1 / 100, limits);
    const frames = 144 * 60;
    const { perFrame, stepper } = run(loop, new Array<number>(frames).fill(1 / 144));
    expect(new Set(perFrame)).toEqual(new Set([0, 1]));
    expect(stepper.steps).toBe(6000);
  });

  it('alpha stays in [0, 1) for steady, jittered and hitching frames', () => {
    const loop = new FixedStepLoop(1 / 100, limits);
    const frames: number[] = [];
    let seed = 7;
    for (let i = 0; i < 5000; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const u = seed / 2147483648;
      frames.push(i % 500 === 0 ? 0.4 : 0.004 + 0.03 * u);
    }
    const { alphas } = run(loop, frames);
    for (const a of alphas) {
      expect(a).toBeGreaterThanOrEqual(0);
      expect(a).toBeLessThan(1);
    }
  });

  it('alpha is accumulator / dt', () => {
    const loop = new FixedStepLoop(1 / 100, limits);
    const report = createFrameReport();
    loop.frame(0.025, new CountingStepper(), report);
    expect(report.steps).toBe(2);
    expect(report.alpha).toBeCloseTo(0.5, 12);
    expect(loop.accumulator).toBeCloseTo(0.005, 15);
  });

  it('clamps a long frame to maxFrameSeconds and reports the simulated time it cut', () => {
    const loop = new FixedStepLoop(1 / 100, limits);
    const report = createFrameReport();
    const stepper = new CountingStepper();
    loop.frame(3, stepper, report);
    expect(report.steps).toBe(25);
    expect(report.clampedSeconds).toBeCloseTo(2.75, 12);
    expect(report.droppedSeconds).toBe(0);
  });

  it('a 10 s frame reports the 9.75 simulated seconds the clamp cut (4.875 at time scale 0.5)', () => {
    for (const [timeScale, clamped, steps] of [
      [1, 9.75, 25],
      [0.5, 4.875, 12],
    ] as const) {
      const loop = new FixedStepLoop(1 / 100, { ...limits, timeScale });
      const report = createFrameReport();
      loop.frame(10, new CountingStepper(), report);
      expect(report.clampedSeconds).toBeCloseTo(clamped, 12);
      expect(report.steps).toBe(steps);
      expect(report.droppedSeconds).toBe(0);
      expect(report.throttledSeconds).toBe(0);
    }
  });

  it('accounts for every scaled second: steps + accumulator + dropped + clamped + throttled', () => {
    let seed = 3;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (const strategy of ['accumulator', 'semi-fixed', 'variable'] as const) {
      const loop = new FixedStepLoop(1 / 100, { ...limits, maxStepsPerFrame: 4, timeScale: 1.5 });
      loop.strategy = strategy;
      const stepper: Stepper = {
        step: () => undefined,
        // The governor's guard, at random: sometimes a frame stops after its first step.
        stepAllowed: () => random() > 0.2,
      };
      const report = createFrameReport();
      let asked = 0;
      let accounted = 0;
      let dropped = 0;
      let clamped = 0;
      let throttled = 0;
      for (let i = 0; i < 3000; i++) {
        loop.throttle = i % 7 === 0 ? 0.3 : 1;
        const frameSeconds = i % 50 === 0 ? 0.6 : 0.002 + 0.04 * random();
        const before = loop.simTime + (strategy === 'accumulator' ? loop.accumulator : 0);
        loop.frame(frameSeconds, stepper, report);
        const after = loop.simTime + (strategy === 'accumulator' ? loop.accumulator : 0);
        asked += frameSeconds * 1.5;
        accounted +=
          after - before + report.droppedSeconds + report.clampedSeconds + report.throttledSeconds;
        dropped += report.droppedSeconds;
        clamped += report.clampedSeconds;
        throttled += report.throttledSeconds;
      }
      expect(accounted).toBeCloseTo(asked, 9);
      // Every kind of loss happened, so each term was checked (variable takes one step a frame
      // and so never hits the cap of 4).
      expect(clamped).toBeGreaterThan(0);
      expect(throttled).toBeGreaterThan(0);
      if (strategy !== 'variable') expect(dropped).toBeGreaterThan(0);
    }
  });

  it('drops whole steps past the cap and reports them, keeping only the fraction', () => {
    const loop = new FixedStepLoop(1 / 100, { ...limits, maxStepsPerFrame: 5 });
    const report = createFrameReport();
    loop.frame(0.123, new CountingStepper(), report);
    expect(report.steps).toBe(5);
    expect(report.droppedSeconds).toBeCloseTo(0.07, 12);
    expect(loop.accumulator).toBeCloseTo(0.003, 12);
    // The next ordinary frame is not burdened with the backlog.
    loop.frame(1 / 60, new CountingStepper(), report);
    expect(report.steps).toBe(1);
  });

  it('a hitch slows the simulation down instead of spiralling: steps per frame never exceed the cap', () => {
    const loop = new FixedStepLoop(1 / 240, { ...limits, maxStepsPerFrame: 10 });
    const { perFrame } = run(loop, new Array<number>(100).fill(0.25));
    expect(Math.max(...perFrame)).toBe(10);
    expect(loop.simTime).toBeCloseTo((100 * 10) / 240, 9);
  });

  it('while paused takes no steps and keeps alpha; single step advances exactly one step', () => {
    const loop = new FixedStepLoop(1 / 100, limits);
    const report = createFrameReport();
    const stepper = new CountingStepper();
    loop.frame(0.015, stepper, report);
    const alpha = report.alpha;
    loop.paused = true;
    loop.frame(1, stepper, report);
    expect(report.steps).toBe(0);
    expect(report.alpha).toBe(alpha);
    loop.singleStep(stepper);
    expect(stepper.steps).toBe(2);
    expect(loop.simTime).toBeCloseTo(0.02, 15);
  });

  it('reset starts a timeline at the time given, with an empty accumulator', () => {
    const loop = new FixedStepLoop(1 / 100, limits);
    run(loop, [0.1, 0.017]);
    loop.reset();
    expect([loop.simTime, loop.accumulator]).toEqual([0, 0]);
    run(loop, [0.1, 0.017]);
    loop.reset(2.5);
    expect([loop.simTime, loop.accumulator, loop.displayTime()]).toEqual([2.5, 0, 2.5]);
  });

  it('negative, NaN and infinite frame times count as zero', () => {
    const loop = new FixedStepLoop(1 / 100, limits);
    const { stepper } = run(loop, [-5, Number.NaN, Infinity, -Infinity]);
    expect(stepper.steps).toBe(0);
    expect(loop.accumulator).toBe(0);
  });

  it('time scale scales simulated time per real second', () => {
    const loop = new FixedStepLoop(1 / 100, { ...limits, timeScale: 0.5 });
    const { stepper } = run(loop, new Array<number>(600).fill(1 / 60));
    expect(stepper.steps).toBe(500);
  });

  it('changing the rate keeps time continuous: no time lost or invented beyond one step', () => {
    const loop = new FixedStepLoop(1 / 100, limits);
    const report = createFrameReport();
    const stepper = new CountingStepper();
    for (let i = 0; i < 100; i++) loop.frame(1 / 60, stepper, report);
    loop.setDt(1 / 30);
    for (let i = 0; i < 100; i++) loop.frame(1 / 60, stepper, report);
    loop.setDt(1 / 240);
    for (let i = 0; i < 100; i++) loop.frame(1 / 60, stepper, report);
    const simulated = stepper.dts.reduce((a, b) => a + b, 0);
    const real = 300 / 60;
    expect(Math.abs(real - simulated - loop.accumulator)).toBeLessThan(1e-9);
    expect(real - simulated).toBeLessThan(1 / 30 + 1e-9);
    expect(stepper.dts.slice(-1)[0]).toBeCloseTo(1 / 240, 15);
  });
});

describe('FixedStepLoop throttle and step guard', () => {
  it('a throttle keeps that share of frame time; the rest is reported, not owed', () => {
    const loop = new FixedStepLoop(1 / 100, limits);
    loop.throttle = 0.25;
    const stepper = new CountingStepper();
    const report = createFrameReport();
    let given = 0;
    for (let i = 0; i < 600; i++) {
      loop.frame(1 / 60, stepper, report);
      given += report.throttledSeconds;
    }
    expect(stepper.steps).toBe(250);
    expect(given).toBeCloseTo(7.5, 9);
  });

  it('steps at an even rate under a throttle, so alpha sweeps up between steps', () => {
    const loop = new FixedStepLoop(1 / 100, limits);
    loop.throttle = 0.1;
    const stepper = new CountingStepper();
    const report = createFrameReport();
    let rises = 0;
    let previous = 0;
    for (let i = 0; i < 600; i++) {
      loop.frame(1 / 60, stepper, report);
      expect(report.steps).toBeLessThanOrEqual(1);
      if (report.steps === 0) {
        expect(report.alpha).toBeGreaterThan(previous);
        rises++;
      }
      previous = report.alpha;
    }
    expect(rises).toBeGreaterThan(400);
  });

  it('stepAllowed() false after the first step drops the rest like the cap does', () => {
    const loop = new FixedStepLoop(1 / 100, limits);
    const allowed: boolean[] = [];
    const stepper: Stepper = {
      step: () => undefined,
      stepAllowed: () => {
        allowed.push(false);
        return false;
      },
    };
    const report = createFrameReport();
    loop.frame(0.1, stepper, report);
    expect(report.steps).toBe(1);
    expect(allowed).toHaveLength(1);
    expect(report.droppedSeconds).toBeCloseTo(0.09, 9);
    expect(report.alpha).toBeLessThan(1e-6);
  });
});
