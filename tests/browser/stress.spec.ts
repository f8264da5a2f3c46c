// Overload in a real Chromium. The stress scenes at 1000 bodies, where physics costs far more than
// real time: the page keeps drawing, every frame's physics stops at the governor's budget, and
// sim ÷ real is the rate over exactly the frames stats() names (at most the last 4 s), as the
// HUD shows. Then the slow-motion banner where it must and must not show, and the per-frame
// guard on frames that owe hundreds of steps. Nothing here depends on how fast the machine is:
// how steady the reading is, and the pace either thread reaches, are `npm run bench:browser`'s
// (and the reading's steadiness the unit test's, with made-up frame times).

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import {
  RATE_WINDOW_MAX_SECONDS,
  RATE_WINDOW_MIN_FRAMES,
  RATE_WINDOW_MIN_SECONDS,
} from '../../src/stats/frameStats';
import { FRAME_PHYSICS_BUDGET_MS } from '../../packages/fixed-step/src/loop/overloadGovernor';
import { HUD_REFRESH_MS, SLOW_MOTION_BELOW } from '../../src/ui/hud';
import { PHYSICS_VIEWPORT, animationFrames, collectPageErrors, openSandbox } from './helpers';

test.use({ viewport: PHYSICS_VIEWPORT });

/** One animation frame, read just after the app's own frame (same rAF timestamp). */
interface Sample {
  ms: number;
  displayTime: number;
  simTime: number;
  steps: number;
  droppedSeconds: number;
  clampedSeconds: number;
  physicsMs: number;
  lastStepMs: number;
  physicsMsPerStep: number;
  maxSteps: number;
  dt: number;
  simOverReal: number;
  windowFrames: number;
  windowSeconds: number;
  windowGivenUp: number;
  givenUpTotal: number;
  timeScale: number;
  paused: boolean;
  thread: 'main' | 'worker';
  /** Steps the loop has asked for since the load. */
  step: number;
  /** How far the drawn step lags them (worker mode). */
  latencySteps: number;
  hudRate: string;
  banner: string;
}

interface WatchOptions {
  /** Watch at least this long... */
  minMs: number;
  /**
   * ...and until this many frames have their window, and the frame before theirs, inside the
   * watch, the last a HUD refresh or more after the first (so the HUD has shown one of them,
   * however few frames a second the page draws)...
   */
  windowsInside: number;
  /** ...but no longer than this. */
  maxMs: number;
  /** A hitch of this many seconds injected into the first watched frame. */
  hitchSeconds?: number;
}

/**
 * Reads stats() and the HUD on every animation frame. The app asks for its next frame first
 * thing in its own callback, before this one's, so each sample follows the app's frame, and both
 * got the same timestamp: the frame clock turns exactly these into the frame times stats() sums.
 */
async function watch(page: Page, options: WatchOptions): Promise<Sample[]> {
  const hudMs = HUD_REFRESH_MS;
  return page.evaluate(
    async ({ minMs, windowsInside, maxMs, hitchSeconds, hudMs }) => {
      const samples: Sample[] = [];
      const text = (selector: string): string =>
        document.querySelector(selector)?.textContent ?? '';
      await new Promise<void>((resolve) => {
        let start = -1;
        let inside = 0;
        let firstInsideMs = -1;
        const tick = (ms: number): void => {
          if (start < 0) start = ms;
          const s = window.sandbox.stats();
          const settings = window.sandbox.settings();
          samples.push({
            ms,
            displayTime: s.displayTime,
            simTime: s.simTime,
            steps: s.frame.steps,
            droppedSeconds: s.frame.droppedSeconds,
            clampedSeconds: s.frame.clampedSeconds,
            physicsMs: s.physicsMsThisFrame,
            lastStepMs: s.physicsMsLastStep,
            physicsMsPerStep: s.physicsMsPerStep,
            maxSteps: settings.maxStepsPerFrame,
            dt: 1 / settings.physicsHz,
            simOverReal: s.simOverReal,
            windowFrames: s.rateWindow.frames,
            windowSeconds: s.rateWindow.seconds,
            windowGivenUp: s.rateWindow.givenUpSeconds,
            givenUpTotal: s.droppedSeconds + s.clampedSeconds + s.throttledSeconds,
            timeScale: s.timeScale,
            paused: s.paused,
            thread: s.thread,
            step: s.step,
            latencySteps: s.latencySteps,
            hudRate: text('[data-stat=simOverReal]'),
            banner: text('.hud-banner'),
          });
          if (samples.length - 2 >= s.rateWindow.frames) {
            inside++;
            if (firstInsideMs < 0) firstInsideMs = ms;
          }
          const elapsed = ms - start;
          const enough = inside >= windowsInside && ms - firstInsideMs > hudMs + 1;
          if (elapsed < maxMs && (elapsed < minMs || !enough)) {
            requestAnimationFrame(tick);
          } else resolve();
        };
        if (hitchSeconds !== undefined) window.sandbox.hitch(hitchSeconds);
        requestAnimationFrame(tick);
      });
      return samples;
    },
    { ...options, hudMs },
  );
}

/**
 * Applies a settings patch (if any) and waits until the rate window holds only frames that began
 * after it, so what is watched next is not a mix of before and after.
 */
async function freshWindow(page: Page, patch: Record<string, unknown> = {}): Promise<void> {
  await page.evaluate(async (settings) => {
    window.sandbox.set(settings);
    let frames = 0;
    await new Promise<void>((resolve) => {
      const tick = (): void => {
        frames++;
        // The first frame counted may have begun before the patch: one more than the window.
        if (frames > window.sandbox.stats().rateWindow.frames + 1) resolve();
        else requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
  }, patch);
}

/** What the HUD must show for a frame's stats: the rate row, and the banner's rule. */
function expectedHud(s: Sample): { rate: string; banner: string } {
  const rate = `${s.simOverReal.toFixed(2)}× (${s.windowSeconds.toFixed(1)} s, ${s.windowFrames} frames)`;
  if (s.paused) return { rate, banner: 'paused' };
  const slow = s.windowGivenUp > 0 && s.simOverReal < SLOW_MOTION_BELOW * s.timeScale;
  const banner = slow
    ? `slow motion ×${(s.simOverReal / s.timeScale).toFixed(2)} — ${s.givenUpTotal.toFixed(1)} s given up`
    : '';
  return { rate, banner };
}

/**
 * The simulated ÷ real time the test measures itself over frame k's window (null when the
 * window reaches back before the watch): the display time's change over the rAF timestamps'.
 */
function measuredRate(samples: readonly Sample[], k: number): number | null {
  const s = samples[k] as Sample;
  const before = samples[k - s.windowFrames];
  if (!before) return null;
  return (s.displayTime - before.displayTime) / ((s.ms - before.ms) / 1000);
}

/**
 * Checks the rate window on every frame and returns how many frames had theirs inside the watch.
 * stats() sums the frame times and display-time steps one frame at a time; the test takes one
 * difference of the same timestamps and display times. The two differ only by float64 rounding
 * over a few dozen terms (~1e-15), so they must agree to 1e-9. The window is the newest frames
 * holding a second and sixteen frames, or the most of them within 4 s that hold a second.
 */
function expectRatesOverTheirWindows(samples: readonly Sample[]): number {
  const first = samples[0] as Sample;
  const most = RATE_WINDOW_MAX_SECONDS + 1e-9;
  let inside = 0;
  for (let k = 0; k < samples.length; k++) {
    const s = samples[k] as Sample;
    const watchedSeconds = (s.ms - first.ms) / 1000;
    // Once a second was watched (more happened since the load), the window holds at least that.
    if (k >= RATE_WINDOW_MIN_FRAMES && watchedSeconds >= RATE_WINDOW_MIN_SECONDS) {
      expect(s.windowSeconds).toBeGreaterThanOrEqual(RATE_WINDOW_MIN_SECONDS - 1e-9);
    }
    const measured = measuredRate(samples, k);
    if (measured === null) continue;
    inside++;
    const before = samples[k - s.windowFrames] as Sample;
    const oldest = samples[k - s.windowFrames + 1] as Sample;
    expect(Math.abs(s.windowSeconds - (s.ms - before.ms) / 1000)).toBeLessThan(1e-9);
    expect(Math.abs(s.simOverReal - measured)).toBeLessThan(1e-9);
    const withoutOldest = (s.ms - oldest.ms) / 1000;
    // Within 4 s, unless a second took longer to come (one long frame).
    expect(s.windowSeconds <= most || withoutOldest < RATE_WINDOW_MIN_SECONDS - 1e-9).toBe(true);
    // Sixteen frames, unless the frame before them would have passed the 4 s.
    const older = samples[k - s.windowFrames - 1];
    if (older) {
      const withOlder = (s.ms - older.ms) / 1000;
      expect(s.windowFrames >= RATE_WINDOW_MIN_FRAMES || withOlder > most).toBe(true);
    }
    // The smallest such window: past sixteen frames, without its oldest it would be too short.
    expect(
      s.windowFrames <= RATE_WINDOW_MIN_FRAMES || withoutOldest < RATE_WINDOW_MIN_SECONDS - 1e-9,
    ).toBe(true);
  }
  return inside;
}

/**
 * The HUD refreshes every HUD_REFRESH_MS from the app's frame: on each frame its rate row and
 * banner are those of one frame refreshed less than that long before (or this one), exactly as
 * formatted; and its number is the test's own measurement over that frame's window, to the
 * 0.005 its two decimals round by.
 */
function expectHudShowsStats(samples: readonly Sample[]): void {
  const first = samples[0] as Sample;
  let compared = 0;
  for (let k = 0; k < samples.length; k++) {
    const s = samples[k] as Sample;
    if (s.ms - first.ms < HUD_REFRESH_MS) continue;
    let shownAt = -1;
    for (let j = k; j >= 0 && s.ms - (samples[j] as Sample).ms < HUD_REFRESH_MS + 1; j--) {
      const expected = expectedHud(samples[j] as Sample);
      if (expected.rate === s.hudRate && expected.banner === s.banner) {
        shownAt = j;
        break;
      }
    }
    expect(shownAt, `frame ${k}: HUD "${s.hudRate}" / "${s.banner}"`).toBeGreaterThanOrEqual(0);
    const measured = measuredRate(samples, shownAt);
    if (measured !== null) {
      expect(Math.abs(Number.parseFloat(s.hudRate) - measured)).toBeLessThanOrEqual(0.005 + 1e-9);
      compared++;
    }
  }
  expect(compared).toBeGreaterThan(0);
}

/**
 * The governor's per-frame guard: a step starts only while the frame's steps so far cost less
 * than the budget, so all but the last step fit within it; and a frame it stopped short (steps
 * dropped below the cap) had spent the budget. stats() sums the same step costs the governor
 * does, in the same order; the 1e-9 is for recomputing "all but the last" by a subtraction.
 */
function expectGuardKeptBudget(s: Sample): void {
  if (s.thread !== 'main') return;
  if (s.steps >= 2) {
    expect(s.physicsMs - s.lastStepMs).toBeLessThan(FRAME_PHYSICS_BUDGET_MS + 1e-9);
  }
  if (s.droppedSeconds > 0 && s.steps < s.maxSteps) {
    expect(s.physicsMs).toBeGreaterThanOrEqual(FRAME_PHYSICS_BUDGET_MS - 1e-9);
  }
}

/** The stress scenes, each at 1000 bodies. */
const STRESS_SCENES = ['rain', 'tower', 'avalanche'] as const;

/**
 * Both physics threads. On the page's thread physics shares each drawn frame's budget, so 1000
 * bodies run far below real time and the banner must say so; in a worker they run at the
 * worker's own pace (near real time on a quiet machine), and the banner must follow its rule
 * frame by frame, whichever way the rate falls.
 */
const THREADS = ['main', 'worker'] as const;

/**
 * On the page's thread: 240 steps a second and at most one a frame, so the loop gives up time on
 * any machine whose display draws fewer than SLOW_MOTION_BELOW × 240 = 232 frames a second
 * (headless Chromium draws at most 60): slow motion by the step cap, not by how slow the
 * machine is.
 */
const MAIN_HZ = 240;
const MAIN_MAX_STEPS = 1;

for (const thread of THREADS)
  for (const scene of STRESS_SCENES) {
    test(`${scene} × 1000, physics on the ${thread} thread: frames keep coming, sim ÷ real is true over its window${thread === 'main' ? ', and the HUD says slow motion' : ''}`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const errors = collectPageErrors(page);
      const capped = thread === 'main' ? `&hz=${MAIN_HZ}&maxsteps=${MAIN_MAX_STEPS}` : '';
      await openSandbox(page, `?scene=${scene}&count=1000&shadows=0&thread=${thread}${capped}`);
      // Past the first frames (shaders compile with the first draw); then watch until at least
      // four frames have their window, and the frame before theirs, inside the watch.
      await animationFrames(page, 3);
      const samples = await watch(page, { minMs: 4000, windowsInside: 4, maxMs: 60_000 });
      const first = samples[0] as Sample;
      const last = samples[samples.length - 1] as Sample;
      expect(last.simTime).toBeGreaterThan(first.simTime);

      const inside = expectRatesOverTheirWindows(samples);
      expect(inside).toBeGreaterThanOrEqual(4);
      expectHudShowsStats(samples);

      for (const sample of samples) expectGuardKeptBudget(sample);
      // In a worker (the default) the page draws the newest step published less a latency: it
      // may hold a step while the worker catches up, but never goes back in time.
      for (let k = 1; k < samples.length; k++) {
        const now = samples[k] as Sample;
        const before = samples[k - 1] as Sample;
        expect(now.step - now.latencySteps).toBeGreaterThanOrEqual(
          before.step - before.latencySteps,
        );
      }

      // On the page's thread at most one 240 Hz step a frame: over the watch, no more steps than
      // frames, so sim ÷ real ≤ fps / 240 — below the banner's threshold while the page draws
      // under 232 frames a second — and the banner must say slow motion, with the HUD's own
      // figure (checked frame by frame above).
      if (thread === 'main') {
        const seconds = (last.ms - first.ms) / 1000;
        const fps = (samples.length - 1) / seconds;
        expect(fps).toBeLessThan(SLOW_MOTION_BELOW * MAIN_HZ);
        const steps = last.step - first.step;
        expect(steps).toBeLessThanOrEqual(MAIN_MAX_STEPS * (samples.length - 1));
        expect(last.windowGivenUp).toBeGreaterThan(0);
        expect(last.banner).toMatch(/^slow motion ×\d\.\d\d — \d+\.\d s given up$/);
      }
      expect(errors).toEqual([]);
    });
  }

test('the slow-motion banner: absent when nothing is given up, at ×1 and ×0.5; shown when the clamp cuts every frame', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  // One body: physics costs nothing, so nothing is throttled; a 1 s clamp and a cap of 100 steps
  // (1 s at 100 Hz) cut no frame shorter than a second.
  await openSandbox(page, '?scene=carousel&shadows=0&maxframe=1&maxsteps=100');
  // Past the first frames (shaders compile with the first draw); freshWindow then waits until the
  // window holds none of the frames before it.
  await animationFrames(page, 3);
  await freshWindow(page);
  const atRealTime = await watch(page, { minMs: 2000, windowsInside: 2, maxMs: 20_000 });
  expectRatesOverTheirWindows(atRealTime);
  expectHudShowsStats(atRealTime);
  for (const s of atRealTime) {
    expect(s.windowGivenUp, `window of ${s.windowSeconds} s, ${s.windowFrames} frames`).toBe(0);
    expect(s.simOverReal).toBeCloseTo(1, 9);
    expect(s.banner).toBe('');
  }

  await freshWindow(page, { timeScale: 0.5 });
  const atHalf = await watch(page, { minMs: 2000, windowsInside: 2, maxMs: 20_000 });
  expectHudShowsStats(atHalf);
  for (const s of atHalf) {
    expect(s.simOverReal).toBeCloseTo(0.5, 9);
    expect(s.banner).toBe('');
  }

  // A 10 ms clamp: every frame longer than 10 ms loses the rest, which rAF frames here all are
  // (a display refreshes at 240 Hz at most; SwiftShader draws far slower).
  await freshWindow(page, { timeScale: 1, maxFrameSeconds: 0.01 });
  const clamped = await watch(page, { minMs: 2000, windowsInside: 2, maxMs: 20_000 });
  expectRatesOverTheirWindows(clamped);
  expectHudShowsStats(clamped);
  const last = clamped[clamped.length - 1] as Sample;
  expect(last.windowGivenUp).toBeGreaterThan(0);
  expect(last.simOverReal).toBeLessThan(SLOW_MOTION_BELOW);
  // The HUD shows a refresh at most HUD_REFRESH_MS old (checked above); both say slow motion.
  expect(expectedHud(last).banner).toMatch(/^slow motion ×0\.\d\d — \d+\.\d s given up$/);
  expect(last.banner).toMatch(/^slow motion ×0\.\d\d — \d+\.\d s given up$/);
  expect(errors).toEqual([]);
});

test('the governor guard on frames that owe a hundred steps: all but the last step fit the budget, and it stops only when spent', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  // Rain × 400 pouring: every body awake and falling. A 2 s hitch clamped to 1 s owes 100 steps
  // (100 Hz; the cap of 100 allows them all), or 100 × throttle when the governor has throttled,
  // which it does only when a step costs more than 7.5 ms — 750 ms of physics then. Either way
  // far more than the 33 ms budget pays for unless a step of 400 falling bodies cost under
  // 0.33 ms, so the guard must stop such frames on any machine.
  // The guard is the main thread's (physics and drawing share its frames); in a worker the
  // backlog of steps asked for and not yet published bounds a frame instead.
  await openSandbox(page, '?scene=rain&count=400&shadows=0&maxframe=1&maxsteps=100&thread=main');
  await animationFrames(page, 3);
  const hitches = 5;
  const samples: Sample[] = [];
  const hitchFrames: Sample[] = [];
  for (let i = 0; i < hitches; i++) {
    // Injected in the same task that asks for the watched frames, so the first one has it.
    const watched = await watch(page, {
      minMs: 300,
      windowsInside: 0,
      maxMs: 300,
      hitchSeconds: 2,
    });
    const hitched = watched[0] as Sample;
    expect(hitched.clampedSeconds).toBeGreaterThan(0);
    hitchFrames.push(hitched);
    samples.push(...watched);
  }
  let stoppedByGuard = 0;
  for (const s of hitchFrames) {
    const owed = s.steps + Math.round(s.droppedSeconds / s.dt);
    expect(owed).toBeGreaterThanOrEqual(2);
    expect(s.steps).toBeGreaterThanOrEqual(1);
    // Stopped short of what it owed (below the cap): the budget was spent, and all but the last
    // step fit within it (expectGuardKeptBudget).
    expectGuardKeptBudget(s);
    if (s.steps < owed) stoppedByGuard++;
  }
  expect(stoppedByGuard).toBeGreaterThan(0);
  for (const s of samples) expectGuardKeptBudget(s);
  expect(errors).toEqual([]);
});
