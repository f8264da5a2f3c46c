// One throughput run: a stress scene on one thread, driven by real animation frames; after a
// warm-up, the simulated ÷ real time, drawn frames, main-thread long tasks and the physics in
// them over a fixed interval, with the HUD's own figures polled beside.

import type { Browser, Page } from '@playwright/test';
import { median } from '../report';
import { openBenchPage, readPage, wait } from './benchPage';
import type { PageRequest, PageStats } from './benchPage';
import { MainThreadProfile } from './cpuProfile';
import type { PhysicsAttribution } from './cpuProfile';
import type { ProbeWindow } from './pageProbe';

/** What one run is asked to do: the page (scene, thread, slowed drawing) and the timing. */
export interface ThroughputPlan extends PageRequest {
  /** Simulated seconds reached by scripted frames first, so both threads start from one state. */
  prerollSeconds: number;
  warmupSeconds: number;
  /**
   * After the warm-up, wait until the page draws this step before measuring (0: do not wait):
   * the pyramid's cold first steps can outlast any fixed warm-up on a slow machine, and the Node
   * bench's window starts at step 20.
   */
  fromStep: number;
  seconds: number;
}

/** The longest wait for `fromStep`, in real seconds; a page slower than this is an error. */
const FROM_STEP_LIMIT_S = 120;

export interface ThroughputResult {
  plan: ThroughputPlan;
  /** Where physics actually ran and how steps reached the page (a failed worker falls back). */
  thread: string;
  transport: string;
  bodies: number;
  physicsHz: number;
  /** Real seconds between the interval's two readings (long tasks, main-thread physics). */
  realSeconds: number;
  /**
   * Simulated seconds of drawn steps ÷ real seconds, from the last frame drawn before the
   * interval to the last drawn in it: whole frames, so a frame of 1 s is not cut in two.
   */
  simOverReal: number;
  /** The HUD's `stats().simOverReal` at the interval's end, and the real seconds its window holds. */
  hudSimOverReal: number;
  hudWindowSeconds: number;
  /** Frames drawn over the same whole frames ÷ their real seconds. */
  drawnFps: number;
  /** The HUD's `stats().physicsMsPerStep`, median of the readings each second. */
  physicsMsPerStep: number;
  /** `stats().latencySteps`, median of the readings each second (0 on the main thread). */
  latencySteps: number;
  /** Simulated time at the interval's start and end (s): where in the scene's life it was. */
  simFrom: number;
  simTo: number;
  /**
   * Simulated seconds the loop gave up over the interval, per real second: cut by the frame
   * clamp, dropped by the step cap and the per-frame guard, kept back by the throttle.
   */
  clampedPerSecond: number;
  droppedPerSecond: number;
  throttledPerSecond: number;
  longTasks: number;
  worstLongTaskMs: number;
  physics: PhysicsAttribution;
  errors: string[];
}

/** The step the page draws: the newest asked for, less the worker's extra latency. */
function drawnStep(stats: PageStats): number {
  return stats.step - stats.latencySteps;
}

/** The simulated time of the step the page draws. */
function drawnSimSeconds(stats: PageStats): number {
  return drawnStep(stats) / stats.physicsHz;
}

/** Waits until the page draws `step` (at most FROM_STEP_LIMIT_S). */
async function waitForDrawnStep(page: Page, step: number): Promise<void> {
  const giveUpAt = Date.now() + FROM_STEP_LIMIT_S * 1000;
  for (;;) {
    const { stats } = await readPage(page);
    const drawn = drawnStep(stats);
    if (drawn >= step) return;
    if (Date.now() > giveUpAt) {
      throw new Error(
        `the page drew step ${drawn} after ${FROM_STEP_LIMIT_S} s; the window waits for step ${step}`,
      );
    }
    await wait(250);
  }
}

export async function runThroughput(
  browser: Browser,
  baseUrl: string,
  plan: ThroughputPlan,
): Promise<ThroughputResult> {
  const { context, page, cdp, errors } = await openBenchPage(browser, baseUrl, plan);
  try {
    // Scripted 60 Hz frames to the same simulated moment in either thread (they wait for their
    // steps), then the animation-frame drive again.
    await page.evaluate(
      async (frames) => {
        await window.sandbox.advance(new Array<number>(frames).fill(1 / 60));
        window.sandbox.run();
      },
      Math.round(plan.prerollSeconds * 60),
    );
    await wait(plan.warmupSeconds * 1000);
    await waitForDrawnStep(page, plan.fromStep);
    const profile = new MainThreadProfile(page, cdp);
    await profile.start();
    const start = await readPage(page);
    const polls: PageStats[] = [];
    const pollEveryMs = 1000;
    const endAt = Date.now() + plan.seconds * 1000;
    while (Date.now() + pollEveryMs <= endAt) {
      await wait(pollEveryMs);
      polls.push((await readPage(page)).stats);
    }
    await wait(Math.max(0, endAt - Date.now()));
    const end = await readPage(page);
    polls.push(end.stats);
    const longTasks = await page.evaluate(
      (from) => (window as unknown as ProbeWindow).__benchProbe.longTasksSince(from),
      start.probe.longTaskCount,
    );
    // Only the tasks that began inside the interval (one that began before it may end in it).
    const inInterval = longTasks.filter(
      (task) => task.startMs >= start.probe.nowMs && task.startMs < end.probe.nowMs,
    );
    const physics = await profile.stop(start.probe.nowMs, end.probe.nowMs, inInterval);
    const realSeconds = (end.probe.nowMs - start.probe.nowMs) / 1000;
    const frameSeconds = (end.probe.lastDrawnAtMs - start.probe.lastDrawnAtMs) / 1000;
    return {
      plan,
      thread: end.stats.thread,
      transport: end.stats.transport,
      bodies: end.stats.bodies,
      physicsHz: end.stats.physicsHz,
      realSeconds,
      simOverReal: (drawnSimSeconds(end.stats) - drawnSimSeconds(start.stats)) / frameSeconds,
      hudSimOverReal: end.stats.simOverReal,
      hudWindowSeconds: end.stats.rateWindowSeconds,
      drawnFps: (end.probe.drawnFrames - start.probe.drawnFrames) / frameSeconds,
      physicsMsPerStep: median(polls.map((s) => s.physicsMsPerStep)),
      latencySteps: median(polls.map((s) => s.latencySteps)),
      simFrom: drawnSimSeconds(start.stats),
      simTo: drawnSimSeconds(end.stats),
      clampedPerSecond: (end.stats.clampedSeconds - start.stats.clampedSeconds) / realSeconds,
      droppedPerSecond: (end.stats.droppedSeconds - start.stats.droppedSeconds) / realSeconds,
      throttledPerSecond: (end.stats.throttledSeconds - start.stats.throttledSeconds) / realSeconds,
      longTasks: inInterval.length,
      worstLongTaskMs: inInterval.reduce((worst, task) => Math.max(worst, task.durationMs), 0),
      physics,
      errors,
    };
  } finally {
    await context.close();
  }
}
