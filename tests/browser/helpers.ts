// Shared steps for the browser tests: open the built app, collect errors, compare rotations.

import { expect } from '@playwright/test';
import type { CDPSession, Page } from '@playwright/test';
import type { SandboxApi } from '../../src/api/scriptingApi';
import { CHAPTERS } from '../../src/tour/chapters';

declare global {
  interface Window {
    sandbox: SandboxApi;
  }
}

/**
 * The viewport of specs that check physics, state and timing rather than pixels. SwiftShader draws
 * on the CPU and every scripted frame is drawn: a stack frame keeps its GPU process busy about
 * 0.27 s at 1280 × 760 and 0.1 s here, and mouse events wait behind what is queued (docs/testing.md).
 */
export const PHYSICS_VIEWPORT = { width: 640, height: 400 } as const;

/** Console errors and uncaught exceptions seen by the page, as text. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/**
 * Opens the app with a query string and waits until `window.sandbox` is ready. The server sends
 * the two cross-origin isolation headers, so the page must be isolated and a physics worker must
 * share memory with it: without the headers every worker test would still pass on transferred
 * buffers. `isolated: false` for a test that strips the headers on purpose.
 */
export async function openSandbox(
  page: Page,
  query: string,
  { isolated = true }: { isolated?: boolean } = {},
): Promise<void> {
  await page.goto(`./${query}`);
  await expect(page.locator('body[data-ready=true]')).toHaveCount(1);
  const transport = await page.evaluate(() => ({
    isolated: crossOriginIsolated,
    thread: window.sandbox.stats().thread,
    transport: window.sandbox.stats().transport,
  }));
  expect(transport.isolated, 'crossOriginIsolated').toBe(isolated);
  if (transport.thread === 'worker') {
    expect(transport.transport, 'worker transport').toBe(isolated ? 'shared' : 'transfer');
  }
}

/**
 * Waits until physics has published every step asked for (in worker mode the steps a frame asks
 * for arrive a little later; on the main thread at once) and returns that step. Paused, the state
 * then stands still, so a single step after it is exactly one more.
 */
export async function settledStep(page: Page): Promise<number> {
  let asked = -1;
  await expect
    .poll(async () => {
      const now = await page.evaluate(() => ({
        asked: window.sandbox.stats().step,
        published: window.sandbox.state().step,
      }));
      asked = now.asked;
      return now.published === now.asked;
    })
    .toBe(true);
  return asked;
}

/**
 * Waits until the GPU has drawn everything the page asked of it (a one-pixel read of the view
 * waits for every command before it). Scripted frames (`advance`) each draw without waiting on
 * the GPU, and SwiftShader here falls far behind: state.spec's every-scene test on the page's
 * thread (about 450 scripted frames in 6 s) left the GPU process a minute of drawing, which the
 * next test's new browser context waited behind — past that test's 90 s.
 */
export async function drainDrawing(page: Page): Promise<void> {
  await page.evaluate(() => {
    const canvas = document.getElementById('view');
    const gl = canvas instanceof HTMLCanvasElement ? canvas.getContext('webgl2') : null;
    gl?.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
  });
}

/** Waits for `count` animation frames of the page (an event, not a guess at how long they take). */
export async function animationFrames(page: Page, count: number): Promise<void> {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        let left = n;
        const tick = (): void => {
          if (--left <= 0) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    count,
  );
}

export type Vec3 = [number, number, number];

export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
export const unit = (a: Vec3): Vec3 => {
  const length = Math.sqrt(dot(a, a));
  return [a[0] / length, a[1] / length, a[2] / length];
};

/** Angle in radians between two rotations given as quaternions (q and −q are the same). */
export function quatAngle(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  for (let k = 0; k < 4; k++) dot += (a[k] ?? 0) * (b[k] ?? 0);
  const sign = dot < 0 ? -1 : 1;
  let minus = 0;
  let plus = 0;
  for (let k = 0; k < 4; k++) {
    minus += ((a[k] ?? 0) - sign * (b[k] ?? 0)) ** 2;
    plus += ((a[k] ?? 0) + sign * (b[k] ?? 0)) ** 2;
  }
  return 4 * Math.atan2(Math.sqrt(minus), Math.sqrt(plus));
}

/**
 * Draws one frame (through `advance`, so no step is taken while paused) and copies the WebGL
 * canvas into a small 2D canvas in the same task, before the drawing buffer is presented and
 * cleared. Returns its RGBA bytes.
 */
export async function canvasPixels(page: Page, width = 320, height = 190): Promise<number[]> {
  return page.evaluate(
    async ([w, h]) => {
      await window.sandbox.advance([0]);
      const source = document.getElementById('view') as HTMLCanvasElement;
      const copy = document.createElement('canvas');
      copy.width = w;
      copy.height = h;
      const context = copy.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.drawImage(source, 0, 0, w, h);
      return Array.from(context.getImageData(0, 0, w, h).data);
    },
    [width, height],
  );
}

/** A blank or single-colour canvas has one colour bucket; a lit scene with bodies has many. */
export function colourStats(rgba: readonly number[]): { distinctColours: number; stdDev: number } {
  const buckets = new Set<number>();
  let sum = 0;
  let sumSquares = 0;
  const n = rgba.length / 4;
  for (let i = 0; i < rgba.length; i += 4) {
    const r = rgba[i] ?? 0;
    const g = rgba[i + 1] ?? 0;
    const b = rgba[i + 2] ?? 0;
    buckets.add(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3));
    const luma = 0.299 * r + 0.587 * g + 0.114 * b;
    sum += luma;
    sumSquares += luma * luma;
  }
  const mean = sum / n;
  return { distinctColours: buckets.size, stdDev: Math.sqrt(sumSquares / n - mean * mean) };
}

export async function canvasColourStats(
  page: Page,
): Promise<{ distinctColours: number; stdDev: number }> {
  return colourStats(await canvasPixels(page));
}

/** A point on the page, CSS px. */
export interface PagePoint {
  x: number;
  y: number;
}

/** Presses, moves and lifts one mouse button or one finger (a CDP touch point). */
interface Pointer {
  down(at: PagePoint): Promise<void>;
  move(to: PagePoint): Promise<void>;
  up(): Promise<void>;
}

function mousePointer(page: Page): Pointer {
  return {
    down: async ({ x, y }) => {
      await page.mouse.move(x, y);
      await page.mouse.down();
    },
    move: ({ x, y }) => page.mouse.move(x, y),
    up: () => page.mouse.up(),
  };
}

/**
 * Sends raw touch events through CDP (Input.dispatchTouchEvent), as a touch screen does: the page
 * must have been opened with `hasTouch`. Each entry of `points` is one finger, held at once.
 */
export async function touch(
  page: Page,
  type: 'touchStart' | 'touchMove' | 'touchEnd',
  points: readonly PagePoint[],
): Promise<void> {
  // One session per page: a touch begun in one CDP session cannot be moved from another.
  let cdp = touchSessions.get(page);
  if (!cdp) {
    cdp = await page.context().newCDPSession(page);
    touchSessions.set(page, cdp);
  }
  await cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map(({ x, y }, id) => ({ x, y, id })),
  });
}
const touchSessions = new WeakMap<Page, CDPSession>();

function fingerPointer(page: Page): Pointer {
  return {
    down: (at) => touch(page, 'touchStart', [at]),
    move: (to) => touch(page, 'touchMove', [to]),
    up: () => touch(page, 'touchEnd', []),
  };
}

/** Heights (y) of every body's current snapshot. */
export function bodyHeights(page: Page): Promise<number[]> {
  return page.evaluate(async () =>
    Array.from(
      { length: window.sandbox.state().bodies },
      (_, i) => window.sandbox.pose(i).current.p[1] ?? 0,
    ),
  );
}

/**
 * Presses on `at` (the middle of the canvas by default) with the mouse or one finger and drags
 * 200 px up in ten moves, stepping the scene between them; returns how far the body that rose
 * most went up, in metres. In the stack scene the camera looks at the tower's middle, so the
 * canvas centre is on a brick.
 */
export async function dragCentreUp(
  page: Page,
  input: 'mouse' | 'finger' = 'mouse',
  at?: PagePoint,
): Promise<number> {
  const before = await bodyHeights(page);
  const box = await page.locator('#view').boundingBox();
  if (!box) throw new Error('no canvas');
  const { x, y } = at ?? { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const pointer = input === 'mouse' ? mousePointer(page) : fingerPointer(page);
  await pointer.down({ x, y });
  for (let k = 1; k <= 10; k++) {
    await pointer.move({ x, y: y - 20 * k });
    await page.evaluate(async () => await window.sandbox.advance(new Array(5).fill(1 / 60)));
  }
  const after = await bodyHeights(page);
  await pointer.up();
  return Math.max(...after.map((h, i) => h - (before[i] ?? 0)));
}

/**
 * Before the page loads: every Worker it starts is kept in `window.startedWorkers`, so a test
 * can break one from outside (see `breakWorker`).
 */
export async function keepStartedWorkers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Original = window.Worker;
    const started: Worker[] = [];
    (window as unknown as { startedWorkers: Worker[] }).startedWorkers = started;
    window.Worker = class extends Original {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        started.push(this);
      }
    };
  });
}

/**
 * Makes a worker the page started fail (`which`: its index, −1 the newest) with a message it
 * cannot handle, as a bug in it would. Needs `keepStartedWorkers`.
 */
export async function breakWorker(page: Page, which = -1): Promise<void> {
  await page.evaluate((index) => {
    const workers = (window as unknown as { startedWorkers: Worker[] }).startedWorkers;
    workers.at(index)?.postMessage({ type: 'commands', commands: null });
  }, which);
}

/**
 * Opens the panel (it starts closed on a phone) and every folder in it. lil-gui drops a folder's
 * `lil-closed` class on the animation frame after the click: each is waited for before looking
 * again, or the next look finds the same folder and clicks it shut again.
 */
export async function openPanelFolders(page: Page): Promise<void> {
  const panel = page.getByTestId('panel');
  if (await panel.evaluate((root) => root.classList.contains('lil-closed'))) {
    await panel.locator('.lil-title').first().click();
    await expect(panel).not.toHaveClass(/lil-closed/);
  }
  const closedTitles = panel.locator('.lil-gui.lil-closed > .lil-title');
  while ((await closedTitles.count()) > 0) {
    const title = await closedTitles.first().elementHandle();
    if (!title) break;
    await title.click();
    await page.waitForFunction(
      (element) => !element.parentElement?.classList.contains('lil-closed'),
      title,
    );
  }
}

/** Waits until tour chapter `index` is open and its settings are those the sandbox reports. */
export async function expectChapter(page: Page, index: number): Promise<void> {
  const chapter = CHAPTERS[index];
  if (!chapter) throw new Error(`no chapter ${index}`);
  await expect.poll(() => page.evaluate(() => window.sandbox.tour.current())).toBe(chapter.id);
  await expect(page.getByTestId('tour-card')).toHaveAttribute('data-chapter', chapter.id);
  await expect
    .poll(() =>
      page.evaluate((keys) => {
        const settings = window.sandbox.settings() as unknown as Record<string, unknown>;
        return Object.fromEntries(keys.map((key) => [key, settings[key]]));
      }, Object.keys(chapter.settings)),
    )
    .toEqual(chapter.settings);
  await expect
    .poll(() => page.evaluate(() => window.sandbox.stats().thread))
    .toBe(chapter.settings.physicsThread);
}
