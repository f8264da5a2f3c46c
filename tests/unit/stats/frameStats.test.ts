import { describe, expect, it } from 'vitest';
import {
  FrameStats,
  RATE_WINDOW_MAX_SECONDS,
  RATE_WINDOW_MIN_FRAMES,
  RATE_WINDOW_MIN_SECONDS,
} from '../../../src/stats/frameStats';
import { createFrameReport } from '../../../packages/fixed-step/src/loop/fixedStepLoop';
import { Simulation } from '../../../src/app/simulation';
import { Rng } from '../../../src/util/rng';
import { localSim } from '../physicsHost/host/localSim';

interface Row {
  /** The frame time the test handed to the simulation. */
  real: number;
  /** Simulated time the display reached after the frame. */
  display: number;
  /** Simulated time of the steps taken so far. */
  simTime: number;
  windowFrames: number;
  windowSeconds: number;
  simOverReal: number;
  fps: number;
}

/** Runs made-up frame times through a real Simulation and reads its rates after every frame. */
function run(sim: Simulation, frames: readonly number[], realTime = false): Row[] {
  const rows: Row[] = [];
  for (const real of frames) {
    sim.frame(real, realTime);
    const window = sim.stats.measureWindow();
    rows.push({
      real,
      display: sim.displayTime(),
      simTime: sim.loop.simTime,
      windowFrames: window.frames,
      windowSeconds: window.seconds,
      simOverReal: sim.stats.simOverReal(),
      fps: sim.stats.fps(),
    });
  }
  return rows;
}

/** A second short by less than this is a second: 60 × (1/60) sums to 1 − 1.1e-16. */
const SECOND = RATE_WINDOW_MIN_SECONDS - 1e-9;
/** The window's cap, with the same float slack. */
const MOST = RATE_WINDOW_MAX_SECONDS + 1e-9;

function realOf(rows: readonly Row[], from: number, to: number): number {
  let sum = 0;
  for (let i = from; i <= to; i++) sum += (rows[i] as Row).real;
  return sum;
}

/**
 * Checks every row: the window the stats report is the smallest run of newest frames holding a
 * second and RATE_WINDOW_MIN_FRAMES frames (all frames, while fewer were recorded) — or, where
 * those frames would span more than RATE_WINDOW_MAX_SECONDS, the longest run within that which
 * holds a second — and its fps
 * and sim ÷ real are what the test measures itself over exactly those frames: the display
 * time's change over their summed frame times. The sums differ from the stats' own only by
 * float64 rounding over at most a thousand terms (~1e-13), hence the 1e-9.
 */
function expectRatesOverTheirWindow(rows: readonly Row[]): void {
  for (let k = 0; k < rows.length; k++) {
    const row = rows[k] as Row;
    const frames = row.windowFrames;
    const first = k - frames + 1;
    expect(first).toBeGreaterThanOrEqual(0);
    const seconds = realOf(rows, first, k);
    expect(row.windowSeconds).toBeCloseTo(seconds, 9);
    if (first > 0) {
      expect(seconds).toBeGreaterThanOrEqual(SECOND);
      // Enough frames, unless one more would have passed the cap.
      const older = (rows[first - 1] as Row).real;
      expect(frames >= RATE_WINDOW_MIN_FRAMES || seconds + older > MOST).toBe(true);
      // Within the cap, unless it took frames that long to make a second.
      const oldest = (rows[first] as Row).real;
      expect(seconds <= MOST || seconds - oldest < SECOND).toBe(true);
      // Smallest: past sixteen frames, one fewer would be too short (a capped window is the
      // largest within the cap, checked above).
      expect(frames <= RATE_WINDOW_MIN_FRAMES || realOf(rows, first + 1, k) < SECOND).toBe(true);
    }
    const before = first > 0 ? (rows[first - 1] as Row).display : 0;
    const measured = (row.display - before) / seconds;
    expect(Math.abs(row.simOverReal - measured)).toBeLessThan(1e-9 * Math.max(1, measured));
    expect(Math.abs(row.fps - frames / seconds)).toBeLessThan(1e-9 * (frames / seconds));
  }
}

function steady(hz: number, seconds: number): number[] {
  return new Array<number>(Math.round(hz * seconds)).fill(1 / hz);
}

describe('FrameStats rate window', () => {
  it('at 60 fps covers one second: 60 frames, sim ÷ real 1', () => {
    const rows = run(new Simulation('carousel'), steady(60, 5));
    expectRatesOverTheirWindow(rows);
    const last = rows[rows.length - 1] as Row;
    expect(last.windowFrames).toBe(60);
    expect(last.windowSeconds).toBeCloseTo(1, 12);
    expect(last.fps).toBeCloseTo(60, 9);
    expect(last.simOverReal).toBeCloseTo(1, 12);
  });

  it('at 240 fps covers one second: 240 frames', () => {
    const rows = run(new Simulation('carousel'), steady(240, 3));
    expectRatesOverTheirWindow(rows);
    const last = rows[rows.length - 1] as Row;
    expect(last.windowFrames).toBe(240);
    expect(last.fps).toBeCloseTo(240, 9);
    expect(last.simOverReal).toBeCloseTo(1, 12);
  });

  it('at 4 fps covers sixteen frames (4 s), not the two to four a second holds', () => {
    const rows = run(new Simulation('carousel'), steady(4, 10));
    expectRatesOverTheirWindow(rows);
    const last = rows[rows.length - 1] as Row;
    expect(last.windowFrames).toBe(RATE_WINDOW_MIN_FRAMES);
    expect(last.windowSeconds).toBeCloseTo(RATE_WINDOW_MIN_FRAMES / 4, 12);
    expect(last.fps).toBeCloseTo(4, 9);
    // 0.25 s frames are exactly the clamp: nothing is given up.
    expect(last.simOverReal).toBeCloseTo(1, 12);
  });

  it('at time scale 0.05 reads 0.05 every frame: the display time counts, not whole steps', () => {
    const { sim } = localSim('carousel');
    sim.set({ timeScale: 0.05 });
    const rows = run(sim, steady(60, 4));
    expectRatesOverTheirWindow(rows);
    // 5 steps a second: over one second a count of whole steps would read 0.04, 0.05 or 0.06.
    expect(sim.host.stepping.nextStep).toBe(20);
    for (const row of rows) expect(row.simOverReal).toBeCloseTo(0.05, 12);
  });

  it('while fewer frames were recorded, covers all of them since the load', () => {
    const { sim } = localSim('carousel');
    const rows = run(sim, steady(4, 2));
    expectRatesOverTheirWindow(rows);
    expect(rows.map((row) => row.windowFrames)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    sim.load('carousel');
    expect(sim.stats.measureWindow().frames).toBe(0);
    expect(sim.stats.simOverReal()).toBe(0);
  });

  it('through a mix of rates and a hitch, every reading is the rate over its own frames', () => {
    const rng = new Rng(11);
    const frames: number[] = [];
    for (let i = 0; i < 120; i++) frames.push(1 / 60);
    // A 0.41 s hitch: 0.16 s of it is clamped away (maxFrameSeconds 0.25).
    frames.push(0.41);
    for (let i = 0; i < 200; i++) frames.push(rng.range(1 / 250, 1 / 40));
    for (let i = 0; i < 30; i++) frames.push(rng.range(0.15, 0.3));
    const { sim } = localSim('carousel');
    const rows = run(sim, frames);
    expectRatesOverTheirWindow(rows);
    // Just after the hitch the window is the hitch and the 36 frames before it (0.41 + 35/60 s
    // is short of a second), and the clamp's 0.16 s shows in the rate.
    const atHitch = rows[120] as Row;
    expect(atHitch.windowFrames).toBe(37);
    expect(atHitch.simOverReal).toBeCloseTo((0.41 + 36 / 60 - 0.16) / (0.41 + 36 / 60), 9);
    let clamped = 0;
    for (const real of frames) clamped += Math.max(0, real - 0.25);
    expect(sim.stats.clampedSeconds).toBeCloseTo(clamped, 9);
    expect(sim.stats.droppedSeconds + sim.stats.throttledSeconds).toBe(0);
  });

  it('stays steady at a few fps under overload, where the last second alone jumps by factors', () => {
    // The stress scenes in a software-rendered browser: drawing takes 150–400 ms, a step costs
    // 5–60 ms and varies from step to step, so frames come at 2–6 per second, the governor's
    // per-frame guard lets one to seven steps through and drops the rest.
    const { sim, core } = localSim('carousel');
    const rng = new Rng(5);
    // A made-up clock: the drawing time the test adds, plus each step's cost as it is taken.
    let clockMs = 0;
    let stepsSeen = 0;
    sim.nowMs = () => {
      for (; stepsSeen < core.physics.stepIndex; stepsSeen++) clockMs += rng.range(5, 60);
      return clockMs;
    };
    const rows: Row[] = [];
    let frameSeconds = 0.2;
    for (let i = 0; i < 200; i++) {
      const before = clockMs;
      rows.push(...run(sim, [frameSeconds], true));
      clockMs += rng.range(150, 400);
      frameSeconds = (clockMs - before) / 1000;
    }
    expectRatesOverTheirWindow(rows);
    // Over the last second alone, counted in whole steps (what the HUD used to show), the
    // reading jumps by a factor of two or more here: the scenario is a hard one.
    const lastSecond = (to: number): number => {
      let from = to;
      while (realOf(rows, from, to) < SECOND) from--;
      return ((rows[to] as Row).simTime - (rows[from - 1] as Row).simTime) / realOf(rows, from, to);
    };
    const jump = (a: number, b: number): number => Math.max(a / b, b / a);
    let worstLastSecond = 1;
    let worstWindow = 1;
    for (let k = 2 * RATE_WINDOW_MIN_FRAMES; k < rows.length; k++) {
      worstLastSecond = Math.max(worstLastSecond, jump(lastSecond(k), lastSecond(k - 1)));
      const now = (rows[k] as Row).simOverReal;
      worstWindow = Math.max(worstWindow, jump(now, (rows[k - 1] as Row).simOverReal));
    }
    expect(worstLastSecond).toBeGreaterThan(2);
    // The reading is a ratio of sums over sixteen frames or more: one frame in and one out move
    // each sum by about a sixteenth, and these frames differ from the window's average by up to
    // about twice, so ≤ 2 × 2/16 = 25% from one frame to the next.
    expect(worstWindow).toBeLessThan(1.25);
  });
});

describe('FrameStats rate window on a slow display whose rate changes', () => {
  /**
   * Frames as a software-rendered page draws a heavy scene: every long frame (0.3 s growing to
   * 1.2 s over the run) is followed by a 1/60 s one (the browser's next vsync after a long task),
   * one to three frames a second. The frame clamp (0.25 s) cuts more of each long frame as they
   * grow, so the true sim ÷ real falls from 0.8 to below 0.3 while it is watched.
   */
  function slowDisplay(seconds: number): number[] {
    const frames: number[] = [];
    let elapsed = 0;
    while (elapsed < seconds) {
      const long = 0.3 + (0.9 * elapsed) / seconds;
      frames.push(long, 1 / 60);
      elapsed += long + 1 / 60;
    }
    return frames;
  }

  /** The lowest and highest sim ÷ real over every trailing window of 1–5 s ending at row k. */
  function trailingEnvelope(rows: readonly Row[], k: number): [number, number] | null {
    const end = rows[k] as Row;
    let low = Infinity;
    let high = -Infinity;
    for (let first = k; first >= 1; first--) {
      const seconds = realOf(rows, first, k);
      if (seconds > 5 + 1e-9) break;
      if (seconds < SECOND) continue;
      const rate = (end.display - (rows[first - 1] as Row).display) / seconds;
      low = Math.min(low, rate);
      high = Math.max(high, rate);
    }
    return low <= high ? [low, high] : null;
  }

  it('reads the rate of one of the trailing 1–5 s of its frames, never an older mix', () => {
    const rows = run(new Simulation('carousel'), slowDisplay(40));
    expectRatesOverTheirWindow(rows);
    const first = rows[0] as Row;
    const last = rows[rows.length - 1] as Row;
    expect(first.simOverReal).toBeGreaterThan(0.8);
    expect(last.simOverReal).toBeLessThan(0.3);
    let checked = 0;
    let oldRuleOff = 0;
    for (let k = 0; k < rows.length; k++) {
      const envelope = trailingEnvelope(rows, k);
      if (!envelope || realOf(rows, 0, k) < 6) continue;
      const [low, high] = envelope;
      const row = rows[k] as Row;
      expect(row.windowSeconds).toBeLessThanOrEqual(RATE_WINDOW_MAX_SECONDS + 1e-9);
      expect(row.simOverReal, `frame ${k}`).toBeGreaterThanOrEqual(low - 1e-9);
      expect(row.simOverReal, `frame ${k}`).toBeLessThanOrEqual(high + 1e-9);
      checked++;
      // The rule before the cap (sixteen frames, however long they took) read this far off.
      const sixteen = k - RATE_WINDOW_MIN_FRAMES;
      const seconds = realOf(rows, sixteen + 1, k);
      const oldRule = (row.display - (rows[sixteen] as Row).display) / seconds;
      if (oldRule < low * 0.97 || oldRule > high * 1.03) oldRuleOff++;
    }
    expect(checked).toBeGreaterThan(50);
    // The scenario has teeth: the uncapped window strays more than 3% outside every trailing
    // 1–5 s reading on many frames.
    expect(oldRuleOff).toBeGreaterThan(10);
  });

  it('keeps a second even when one frame alone is longer than the cap', () => {
    const stats = new FrameStats();
    const report = createFrameReport();
    for (const [real, display] of [
      [0.5, 0.5],
      [6, 0.75],
      [0.3, 1.05],
    ] as const) {
      report.frameSeconds = real;
      report.displayTime = display;
      stats.endFrame(report, 0);
    }
    // 0.3 s is short of a second, so the 6 s frame joins it: past the cap, the only window
    // that holds a second.
    const window = stats.measureWindow();
    expect(window.frames).toBe(2);
    expect(window.seconds).toBeCloseTo(6.3, 12);
    expect(window.simSeconds).toBeCloseTo(0.55, 12);
  });
});

describe('FrameStats given-up totals', () => {
  it('keeps dropped, clamped and throttled apart, each in simulated seconds', () => {
    const { sim } = localSim('carousel');
    sim.set({ maxStepsPerFrame: 5, timeScale: 0.5 });
    // A 10 s frame at ×0.5: the clamp cuts (10 − 0.25) × 0.5 = 4.875 s; the 12 steps left in
    // 0.125 s meet the cap of 5, which drops 7.
    sim.frame(10);
    expect(sim.stats.lastFrame.steps).toBe(5);
    expect(sim.stats.clampedSeconds).toBeCloseTo(4.875, 12);
    expect(sim.stats.droppedSeconds).toBeCloseTo(0.07, 12);
    expect(sim.stats.throttledSeconds).toBe(0);
    expect(sim.stats.lastFrame.clampedSeconds).toBeCloseTo(4.875, 12);
    // Again, with the 5 ms the first left in the accumulator: 13 steps owed, 8 dropped.
    sim.frame(10);
    expect(sim.stats.clampedSeconds).toBeCloseTo(9.75, 12);
    expect(sim.stats.droppedSeconds).toBeCloseTo(0.15, 12);
    sim.load('carousel');
    expect([
      sim.stats.droppedSeconds,
      sim.stats.clampedSeconds,
      sim.stats.throttledSeconds,
    ]).toEqual([0, 0, 0]);
  });
});
