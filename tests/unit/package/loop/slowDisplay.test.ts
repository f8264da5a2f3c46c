import { describe, expect, it } from 'vitest';
import {
  SLOW_DISPLAY_MAX_SECONDS,
  SLOW_DISPLAY_MIN_SECONDS,
} from '../../../../packages/fixed-step/src/loop/displayPace';
import {
  createFrameReport,
  FixedStepLoop,
} from '../../../../packages/fixed-step/src/loop/fixedStepLoop';
import type { FrameReport } from '../../../../packages/fixed-step/src/loop/fixedStepLoop';
import { firstJudgedSlow, jitteryDisplay } from '../../loop/slowFrames';

const limits = { maxFrameSeconds: 0.25, maxStepsPerFrame: 25, timeScale: 1 };

/** Each frame's report (copied), with a stepper that only counts. */
function reports(loop: FixedStepLoop, frames: number[]): FrameReport[] {
  const stepper = { step: (): void => undefined };
  return frames.map((seconds) => ({ ...loop.frame(seconds, stepper, createFrameReport()) }));
}

describe('a steadily slow display (slowDisplay on: physics in a worker, animation frames)', () => {
  it('spends its half-second frames in full once two of them show the display is slow', () => {
    const loop = new FixedStepLoop(1 / 100, limits);
    loop.slowDisplay = true;
    const out = reports(loop, new Array<number>(8).fill(0.5));
    // The first two are judged against a display not yet known to be slow: clamped.
    for (const r of out.slice(0, 2)) {
      expect(r.steps).toBe(25);
      expect(r.clampedSeconds).toBeCloseTo(0.25, 12);
      expect(r.clampSeconds).toBe(0.25);
    }
    for (const r of out.slice(2)) {
      expect(r.steps).toBe(50);
      expect(r.clampedSeconds).toBe(0);
      expect(r.droppedSeconds).toBe(0);
      // The report says which clamp applied: twice the longest recent frame.
      expect(r.clampSeconds).toBe(1);
    }
  });

  it('off (the main thread, or scripted frames): every half-second frame is clamped', () => {
    const loop = new FixedStepLoop(1 / 100, limits);
    const out = reports(loop, new Array<number>(8).fill(0.5));
    for (const r of out) {
      expect(r.steps).toBe(25);
      expect(r.clampedSeconds).toBeCloseTo(0.25, 12);
    }
  });

  it('a hitch among short frames is still a hitch: clamped to maxFrameSeconds', () => {
    const loop = new FixedStepLoop(1 / 100, limits);
    loop.slowDisplay = true;
    const out = reports(loop, [...new Array<number>(30).fill(1 / 60), 5]);
    const hitch = out[out.length - 1] as FrameReport;
    expect(hitch.steps).toBe(25);
    expect(hitch.clampedSeconds).toBeCloseTo(4.75, 12);
    expect(hitch.clampSeconds).toBe(0.25);
  });

  it('a display slower than a frame a second spends at most a second a frame', () => {
    const loop = new FixedStepLoop(1 / 100, limits);
    loop.slowDisplay = true;
    const out = reports(loop, new Array<number>(6).fill(3));
    const last = out[out.length - 1] as FrameReport;
    expect(last.steps).toBe(100 * SLOW_DISPLAY_MAX_SECONDS);
    expect(last.clampedSeconds).toBeCloseTo(3 - SLOW_DISPLAY_MAX_SECONDS, 12);
  });

  it('the step cap rises with the frame it allows, at any time scale', () => {
    const loop = new FixedStepLoop(1 / 100, { ...limits, timeScale: 2 });
    loop.slowDisplay = true;
    const out = reports(loop, new Array<number>(6).fill(0.4));
    const last = out[out.length - 1] as FrameReport;
    // 0.4 s at ×2 is 0.8 s of simulation: 80 steps, none dropped by the 25-step cap.
    expect(last.steps).toBe(80);
    expect(last.droppedSeconds).toBe(0);
  });

  it('a load forgets the display it has seen', () => {
    const loop = new FixedStepLoop(1 / 100, limits);
    loop.slowDisplay = true;
    reports(loop, new Array<number>(5).fill(0.5));
    loop.reset();
    const [first] = reports(loop, [0.5]);
    expect(first?.steps).toBe(25);
  });
});

describe('a slow display whose frames jitter', () => {
  it('spends frames between 0.2 and 0.38 s in full once it has seen three', () => {
    const loop = new FixedStepLoop(1 / 100, limits);
    loop.slowDisplay = true;
    const frames = [0.2, 0.3, 0.22, 0.38, 0.21, 0.35, 0.2, 0.33, 0.27, 0.38];
    const out = reports(loop, frames);
    for (const r of out.slice(3)) {
      expect(r.clampedSeconds).toBe(0);
      expect(r.droppedSeconds).toBe(0);
    }
  });

  it('a frame more than twice the longest of the last four is a hitch', () => {
    const loop = new FixedStepLoop(1 / 100, limits);
    loop.slowDisplay = true;
    const out = reports(loop, [0.3, 0.3, 0.3, 0.3, 0.9]);
    const hitch = out[out.length - 1] as FrameReport;
    expect(hitch.steps).toBe(60);
    expect(hitch.clampedSeconds).toBeCloseTo(0.3, 12);
  });
});

describe('a slow display that jitters and follows long frames with short ones', () => {
  it.each([1, 2, 3])('loses no simulated time over 8 s (seed %i)', (seed) => {
    const loop = new FixedStepLoop(1 / 100, limits);
    loop.slowDisplay = true;
    const frames = jitteryDisplay(8, seed);
    const out = reports(loop, frames);
    // Once two long frames have shown the display is slow, nothing is cut.
    const known = firstJudgedSlow(frames);
    const settled = out.slice(known);
    for (const r of settled) {
      expect(r.clampedSeconds).toBe(0);
      expect(r.droppedSeconds).toBe(0);
    }
    const real = frames.slice(known).reduce((sum, f) => sum + f, 0);
    const sim = settled.reduce((sum, r) => sum + r.steps, 0) / 100;
    // Everything but what waits in the accumulator (under a step) was simulated.
    expect(sim / real).toBeGreaterThan(0.995);
  });

  it('a 5 s stall among those frames still gives up all but a second', () => {
    const loop = new FixedStepLoop(1 / 100, limits);
    loop.slowDisplay = true;
    const out = reports(loop, [...jitteryDisplay(4, 7), 5, ...jitteryDisplay(2, 8)]);
    const frames = out.map((r) => r.frameSeconds);
    const stall = out[frames.indexOf(5)] as FrameReport;
    expect(stall.steps).toBeLessThanOrEqual(100 * SLOW_DISPLAY_MAX_SECONDS);
    expect(stall.clampedSeconds).toBeGreaterThanOrEqual(5 - SLOW_DISPLAY_MAX_SECONDS - 1e-12);
  });

  it("the same frames with slowDisplay off (the main thread) keep the article's clamp", () => {
    const loop = new FixedStepLoop(1 / 100, limits);
    const out = reports(loop, jitteryDisplay(8, 1));
    for (const r of out) {
      expect(r.clampedSeconds).toBeCloseTo(Math.max(0, r.frameSeconds - 0.25), 12);
    }
  });

  it('two hitches in a row among 60 Hz frames are both clamped', () => {
    const loop = new FixedStepLoop(1 / 100, limits);
    loop.slowDisplay = true;
    const out = reports(loop, [...new Array<number>(10).fill(1 / 60), 0.5, 0.5]);
    for (const r of out.slice(-2)) expect(r.clampedSeconds).toBeCloseTo(0.25, 12);
  });
});

describe('a display that is not slow', () => {
  it('a clamp set below its frames (10 ms at 45 frames a second) cuts every frame', () => {
    const loop = new FixedStepLoop(1 / 100, { ...limits, maxFrameSeconds: 0.01 });
    loop.slowDisplay = true;
    const out = reports(loop, new Array<number>(10).fill(0.022));
    for (const r of out) expect(r.clampedSeconds).toBeCloseTo(0.012, 12);
  });
});

describe('a clamp set shorter than a slow frame', () => {
  it('cuts every frame of a slow display too (10 ms on 0.3–0.6 s frames)', () => {
    const loop = new FixedStepLoop(1 / 100, { ...limits, maxFrameSeconds: 0.01 });
    loop.slowDisplay = true;
    const frames = jitteryDisplay(8, 1);
    const out = reports(loop, frames);
    for (const r of out) {
      expect(r.clampSeconds).toBe(0.01);
      expect(r.clampedSeconds).toBeCloseTo(Math.max(0, r.frameSeconds - 0.01), 12);
    }
  });

  it('one of exactly a slow frame is lifted on a slow display, as the default is', () => {
    const loop = new FixedStepLoop(1 / 100, {
      ...limits,
      maxFrameSeconds: SLOW_DISPLAY_MIN_SECONDS,
    });
    loop.slowDisplay = true;
    const out = reports(loop, new Array<number>(6).fill(0.5));
    expect((out[out.length - 1] as FrameReport).clampedSeconds).toBe(0);
  });
});
