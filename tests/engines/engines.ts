// Opens the production build in either browser engine — Chromium (V8) or Firefox (SpiderMonkey) —
// and runs functions in the page: the harness every cross-engine test is built on.

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import type { Browser, Page } from 'puppeteer-core';
import { preview } from 'vite';
import type { PreviewServer } from 'vite';
import type { SandboxApi } from '../../src/api/scriptingApi';
import { CHROMIUM_ARGS, findChromium } from '../browser/findChromium';
import { previewPort } from '../browser/freePort';

declare global {
  interface Window {
    sandbox: SandboxApi;
  }
}

export const ENGINES = ['chromium', 'firefox'] as const;
export type EngineName = (typeof ENGINES)[number];

/** Debian's Firefox ESR, unless $FIREFOX_PATH names another Firefox. */
export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const XVFB_PATH = '/usr/bin/Xvfb';

/**
 * Why the Firefox half cannot run here, or null when it can. Firefox must run headed: headless
 * Firefox on a machine without a GPU has no WebGL, and the app needs WebGL to start. So it needs
 * a display: a virtual one from Xvfb (preferred: no window pops up on a desktop), else $DISPLAY.
 */
export function firefoxMissing(): string | null {
  if (!existsSync(FIREFOX_PATH)) {
    return `no Firefox at ${FIREFOX_PATH} (apt-get install firefox-esr, or set FIREFOX_PATH)`;
  }
  if (!process.env.DISPLAY && !existsSync(XVFB_PATH)) {
    return `no display for a headed Firefox: $DISPLAY is unset and there is no ${XVFB_PATH} (apt-get install xvfb)`;
  }
  return null;
}

/** The built app (`dist/`, from `vite build`) served by vite preview on 127.0.0.1. */
export interface Served {
  url: string;
  close(): Promise<void>;
}

/** Serves `dist/` on $PREVIEW_PORT, or on a free port of its own (never a fixed one). */
export async function serveBuild(): Promise<Served> {
  if (!existsSync(join(process.cwd(), 'dist', 'index.html'))) {
    throw new Error('dist/index.html is missing: run `npx vite build` first.');
  }
  const port = await previewPort();
  const server: PreviewServer = await preview({
    logLevel: 'warn',
    preview: { host: '127.0.0.1', port, strictPort: true },
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => server.close(),
  };
}

/** One browser with the app open in one page. */
export interface EngineSession {
  engine: EngineName;
  /** The browser's own name and version, e.g. "firefox/153.7.0". */
  version: string;
  /** Errors the page reported (uncaught exceptions and console errors), as text. */
  errors: string[];
  /**
   * Runs `fn(arg)` in the page and returns its result (awaited if a promise). `fn` is sent as
   * source text and `arg` as JSON: `fn` may use only its argument and the page's globals
   * (`window.sandbox`), never variables of the test.
   */
  evaluate<A, R>(fn: (arg: A) => R, arg: A): Promise<Awaited<R>>;
  /** Opens the app again with this query string (e.g. "?scene=stack") and waits until ready. */
  open(query?: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Long enough for the slowest call the suites make (hundreds of steps of an 800-body scene on a
 * loaded two-core machine); a hung browser still fails the test instead of hanging the run.
 */
const PROTOCOL_TIMEOUT_MS = 600_000;
const READY_TIMEOUT_MS = 120_000;

/** Launches `engine` and opens the app at `url` + `query`. */
export async function openApp(engine: EngineName, url: string, query = ''): Promise<EngineSession> {
  let display: VirtualDisplay | null = null;
  let browser: Browser;
  if (engine === 'chromium') {
    browser = await puppeteer.launch({
      browser: 'chrome',
      executablePath: await findChromium(),
      args: CHROMIUM_ARGS,
      headless: true,
      protocolTimeout: PROTOCOL_TIMEOUT_MS,
    });
  } else {
    const missing = firefoxMissing();
    if (missing) throw new Error(`Firefox cannot run here: ${missing}.`);
    ({ browser, display } = await launchFirefox());
  }
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 720 });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${String(error)}`));
  const session: EngineSession = {
    engine,
    version: await browser.version(),
    errors,
    evaluate: <A, R>(fn: (arg: A) => R, arg: A) => evaluateIn<A, R>(page, fn, arg),
    open: (nextQuery = '') => openPage(page, url + nextQuery),
    close: async () => {
      await browser.close();
      display?.stop();
    },
  };
  try {
    await session.open(query);
  } catch (error) {
    await session.close();
    throw error;
  }
  return session;
}

/**
 * Opens the app and waits until it is ready. The server sends the cross-origin isolation
 * headers, so in either engine the page must be isolated and its physics worker must share
 * memory with it (a worker on transferred buffers would pass every hash test just the same).
 */
async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('body[data-ready=true]', { timeout: READY_TIMEOUT_MS });
  const isolation = (await page.evaluate(
    '({ isolated: crossOriginIsolated, thread: window.sandbox.stats().thread, transport: window.sandbox.stats().transport })',
  )) as { isolated: boolean; thread: string; transport: string };
  if (!isolation.isolated || (isolation.thread === 'worker' && isolation.transport !== 'shared')) {
    throw new Error(
      `${url}: expected a cross-origin isolated page with physics on shared memory; got crossOriginIsolated = ${isolation.isolated}, thread ${isolation.thread}, transport ${isolation.transport}.`,
    );
  }
}

/**
 * Sends `fn` as source text with its argument as JSON. TypeScript runners (tsx, vitest) compile
 * named inner functions to calls of an `__name` helper that exists only in Node, so the page gets
 * a harmless one of its own.
 */
function evaluateIn<A, R>(page: Page, fn: (arg: A) => R, arg: A): Promise<Awaited<R>> {
  const json = arg === undefined ? 'undefined' : JSON.stringify(arg);
  const source = `(() => { const __name = (f) => f; return (${fn.toString()})(${json}); })()`;
  return page.evaluate(source) as Promise<Awaited<R>>;
}

interface VirtualDisplay {
  /** e.g. ":3" */
  name: string;
  stop(): void;
}

/**
 * Firefox headed, on a virtual display of its own where Xvfb is installed. Firefox ESR here has
 * crashed while starting, before any page (SIGSEGV, "Failed to launch the browser process: Code:
 * 11"; once in about 60 launches on 2026-11-28): a process that dies at launch is started once
 * more, on a fresh display, and says so on stderr. A second death, or any other error, fails.
 */
async function launchFirefox(): Promise<{ browser: Browser; display: VirtualDisplay | null }> {
  for (let attempt = 1; ; attempt++) {
    const display = existsSync(XVFB_PATH) ? await startVirtualDisplay() : null;
    try {
      const browser = await puppeteer.launch({
        browser: 'firefox',
        protocol: 'webDriverBiDi',
        executablePath: FIREFOX_PATH,
        headless: false,
        protocolTimeout: PROTOCOL_TIMEOUT_MS,
        env: display ? { ...process.env, DISPLAY: display.name } : process.env,
      });
      return { browser, display };
    } catch (error) {
      display?.stop();
      const message = error instanceof Error ? error.message : String(error);
      if (attempt > 1 || !message.startsWith('Failed to launch the browser process')) throw error;
      console.error(
        `Firefox died while starting; starting it once more. ${message.split('\n')[0]}`,
      );
    }
  }
}

/**
 * Starts an Xvfb server on a free display number (Xvfb picks it and writes it to the file
 * descriptor named by -displayfd), so suites in other checkouts can run theirs at the same time.
 */
function startVirtualDisplay(): Promise<VirtualDisplay> {
  return new Promise((resolve, reject) => {
    const xvfb: ChildProcess = spawn(
      XVFB_PATH,
      ['-displayfd', '3', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'],
      { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
    );
    let written = '';
    let stderr = '';
    const fail = (why: string): void => {
      xvfb.kill();
      reject(new Error(`Xvfb did not start: ${why}${stderr ? `\n${stderr}` : ''}`));
    };
    const timer = setTimeout(() => fail('no display number within 20 s'), 20_000);
    xvfb.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    xvfb.on('error', (error) => {
      clearTimeout(timer);
      fail(error.message);
    });
    xvfb.on('exit', (code) => {
      clearTimeout(timer);
      if (!written.includes('\n')) fail(`exited with ${String(code)}`);
    });
    const fd3 = xvfb.stdio[3];
    fd3?.on('data', (chunk: Buffer) => {
      written += chunk.toString();
      if (!written.includes('\n')) return;
      clearTimeout(timer);
      resolve({ name: `:${written.trim()}`, stop: () => xvfb.kill() });
    });
  });
}
