// Opening the built app for one measured run: a fresh browser context (nothing carried over from
// the last run), the probe installed before the app's own scripts, and the page's stats read.

import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { probeScript } from './pageProbe';
import type { ProbeReading, ProbeWindow } from './pageProbe';

/** The viewport the issue's figures were taken at: SwiftShader draws 4–8 frames a second there. */
const VIEWPORT = { width: 1280, height: 720 };

/** A 5000-body scene builds twice (page, then worker) on a busy machine: give it time. */
const READY_TIMEOUT_MS = 120_000;

/** Where physics was asked to run, per run. */
export type Thread = 'main' | 'worker';

/** The page's numbers the bench reads, a subset of `sandbox.stats()`. */
export interface PageStats {
  step: number;
  latencySteps: number;
  simTime: number;
  physicsHz: number;
  timeScale: number;
  thread: string;
  transport: string;
  bodies: number;
  fps: number;
  simOverReal: number;
  /** Real seconds the HUD's rate window (fps, simOverReal) covers. */
  rateWindowSeconds: number;
  physicsMsPerStep: number;
  /** Totals since the load, in simulated seconds (see docs/timestep-lab.md, Time accounting). */
  clampedSeconds: number;
  droppedSeconds: number;
  throttledSeconds: number;
}

export interface BenchPage {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** Page errors and console errors seen so far. */
  errors: string[];
}

/** What page a run opens. */
export interface PageRequest {
  scene: string;
  count: number;
  thread: Thread;
  /** More URL parameters for every run (`maxframe=1&maxsteps=100`), '' for none. */
  params: string;
  /** Busy ms at the start of every animation frame (0: drawing as it is). */
  slowDrawMs: number;
}

/**
 * Opens the app in a fresh context with the probe and waits for it to say it is ready. A URL
 * parameter the app refused (it says so in an error message) fails the run; its other messages
 * (a worker that fell back to the page's thread) are kept with the page's errors.
 */
export async function openBenchPage(
  browser: Browser,
  baseUrl: string,
  request: PageRequest,
): Promise<BenchPage> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript({ content: probeScript({ slowDrawMs: request.slowDrawMs }) });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  const cdp = await context.newCDPSession(page);
  const query = `?scene=${request.scene}&count=${request.count}&thread=${request.thread}`;
  await page.goto(`${baseUrl}${query}${request.params === '' ? '' : `&${request.params}`}`);
  await page.waitForSelector('body[data-ready=true]', {
    state: 'attached',
    timeout: READY_TIMEOUT_MS,
  });
  const refused = await page.locator('.message-error .message-text').allTextContents();
  if (refused.length > 0) {
    await context.close();
    throw new Error(`The page refused its URL parameters: ${refused.join(' ')}`);
  }
  for (const note of await page.locator('.message .message-text').allTextContents()) {
    errors.push(`message: ${note}`);
  }
  return { context, page, cdp, errors };
}

/** Reads the stats the bench uses, and the probe's counters, in one task (one clock). */
export async function readPage(page: Page): Promise<{ stats: PageStats; probe: ProbeReading }> {
  return page.evaluate(() => {
    const s = window.sandbox.stats();
    const settings = window.sandbox.settings();
    const probe = (window as unknown as ProbeWindow).__benchProbe.read();
    return {
      probe,
      stats: {
        step: s.step,
        latencySteps: s.latencySteps,
        simTime: s.simTime,
        physicsHz: settings.physicsHz,
        timeScale: s.timeScale,
        thread: s.thread,
        transport: s.transport,
        bodies: s.bodies,
        fps: s.fps,
        simOverReal: s.simOverReal,
        rateWindowSeconds: s.rateWindow.seconds,
        physicsMsPerStep: s.physicsMsPerStep,
        clampedSeconds: s.clampedSeconds,
        droppedSeconds: s.droppedSeconds,
        throttledSeconds: s.throttledSeconds,
      },
    };
  });
}

/** Sleeps in Node while the page runs on its own animation frames. */
export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
