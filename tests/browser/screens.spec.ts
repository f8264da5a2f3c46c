// What the views show, on a desktop window and on a phone: both halves of the split view come
// from one camera state and stay clear of the panel; on a phone-sized touch screen the panel
// starts closed, the HUD is compact and uncovered, one finger drags a body and two move the camera.

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { findScene } from '../../src/scenes/registry';
import {
  canvasPixels,
  collectPageErrors,
  cross,
  dot,
  dragCentreUp,
  openSandbox,
  sub,
  touch,
  unit,
} from './helpers';
import type { PagePoint, Vec3 } from './helpers';

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The split view's halves as the page lays them out: the divider sits on the boundary between
 * them and spans their height; the halves start at the canvas's left edge (the panel is on the
 * right or along the bottom). Pixel equality of the two halves below confirms this geometry.
 */
async function splitHalves(page: Page): Promise<{ left: Rect; right: Rect }> {
  const divider = await page.getByTestId('split-divider').boundingBox();
  if (!divider) throw new Error('the split divider is not shown');
  const between = Math.round(divider.x + divider.width / 2);
  const y = Math.round(divider.y);
  const height = Math.round(divider.height);
  return {
    left: { x: 0, y, width: between, height },
    right: { x: between, y, width: between, height },
  };
}

/**
 * How alike two halves drawn with one camera are. The same picture drawn 466 px further right is
 * not bit for bit the same: window coordinates are computed in floating point (x·w/2 + x₀), so
 * some edge pixels round differently, and where one of the four antialiasing samples flips on a
 * high-contrast edge the pixel changes by up to a quarter of the contrast. Measured: 800–1 300
 * pixels differ (0.2–0.4% of a half), by up to 16–47 levels of 255. A camera one update behind
 * (the old drawing order, while it eases) moves edges by whole pixels: 24 000–37 000 pixels
 * differ (7–10%), by up to 120–160 levels. So: under 2% of the pixels may differ at all.
 */
const EDGE_SHARE = 0.02;

interface SplitFrame {
  /** Pixels whose colour differs between the left and the right half. */
  differing: number;
  /** Share of the half's pixels that differ at all. */
  differingShare: number;
  /** Largest difference in any colour channel (0–255). */
  maxDifference: number;
  /** A checksum of the left half, to tell one frame's picture from the next. */
  leftChecksum: number;
}

/** Whether a split frame's halves are the same picture, to within edge rounding (see above). */
function sameCamera(frame: SplitFrame): boolean {
  return frame.differingShare < EDGE_SHARE;
}

/**
 * Draws one frame (advance([0]): no step) and compares the two halves pixel for pixel, reading
 * the canvas in the same task, before the drawing buffer is presented and cleared.
 */
function drawSplitFrame(page: Page, halves: { left: Rect; right: Rect }): Promise<SplitFrame> {
  return page.evaluate(async ({ left, right }) => {
    await window.sandbox.advance([0]);
    const source = document.getElementById('view') as HTMLCanvasElement;
    const scale = source.width / source.clientWidth;
    const copy = document.createElement('canvas');
    copy.width = source.width;
    copy.height = source.height;
    const context = copy.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(source, 0, 0);
    const read = (r: typeof left): Uint8ClampedArray =>
      context.getImageData(r.x * scale, r.y * scale, r.width * scale, r.height * scale).data;
    const a = read(left);
    const b = read(right);
    let differing = 0;
    let maxDifference = 0;
    let leftChecksum = 0;
    for (let i = 0; i < a.length; i += 4) {
      let difference = 0;
      for (let c = 0; c < 3; c++)
        difference = Math.max(difference, Math.abs((a[i + c] ?? 0) - (b[i + c] ?? 0)));
      if (difference > 0) differing++;
      maxDifference = Math.max(maxDifference, difference);
      leftChecksum =
        (Math.imul(leftChecksum, 31) +
          (a[i] ?? 0) * 65536 +
          (a[i + 1] ?? 0) * 256 +
          (a[i + 2] ?? 0)) >>>
        0;
    }
    return { differing, differingShare: differing / (a.length / 4), maxDifference, leftChecksum };
  }, halves);
}

/** The element a tap at `point` would reach (the HUD and labels let taps through). */
function elementAt(page: Page, point: PagePoint): Promise<string> {
  return page.evaluate(async ({ x, y }) => {
    const element = document.elementFromPoint(x, y);
    return element ? `${element.tagName.toLowerCase()}#${element.id}.${element.className}` : 'none';
  }, point);
}

/** Points on a 5 × 5 grid over the middle half of `rect` (its centre area). */
function centreArea(rect: Rect): PagePoint[] {
  const points: PagePoint[] = [];
  for (let i = 0; i < 5; i++) {
    for (let j = 0; j < 5; j++) {
      points.push({
        x: rect.x + rect.width * (0.25 + 0.125 * i),
        y: rect.y + rect.height * (0.25 + 0.125 * j),
      });
    }
  }
  return points;
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function inside(inner: Rect, outer: Rect): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

async function canvasBox(page: Page): Promise<Rect> {
  const rect = await page.locator('#view').boundingBox();
  if (!rect) throw new Error('no canvas');
  return rect;
}

async function box(page: Page, testId: string): Promise<Rect> {
  const rect = await page.getByTestId(testId).boundingBox();
  if (!rect) throw new Error(`${testId} is not shown`);
  return rect;
}

/**
 * Applies a settings patch, draws one frame (advance([0]): no step, the same alpha) and keeps a
 * copy of the canvas in the page under `name`, read in the frame's own task.
 */
async function keepCanvas(page: Page, name: string, patch: Record<string, unknown>): Promise<void> {
  await page.evaluate(
    async ({ name, patch }) => {
      window.sandbox.set(patch);
      await window.sandbox.advance([0]);
      const source = document.getElementById('view') as HTMLCanvasElement;
      const copy = document.createElement('canvas');
      copy.width = source.width;
      copy.height = source.height;
      const context = copy.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.drawImage(source, 0, 0);
      const store = window as unknown as { kept?: Record<string, Uint8ClampedArray> };
      store.kept ??= {};
      store.kept[name] = context.getImageData(0, 0, copy.width, copy.height).data;
    },
    { name, patch },
  );
}

/**
 * Pixels of region `a` of one kept canvas that differ from the same-sized region `b` of another
 * by more than 96 levels in some channel: edge rounding between halves moves a pixel by at most
 * 16–47 levels (measured), a body drawn somewhere else by far more.
 */
function strongDifferences(
  page: Page,
  [nameA, a]: [string, Rect],
  [nameB, b]: [string, Rect],
): Promise<number> {
  return page.evaluate(
    ({ nameA, a, nameB, b }) => {
      const kept = (window as unknown as { kept: Record<string, Uint8ClampedArray> }).kept;
      const source = document.getElementById('view') as HTMLCanvasElement;
      const scale = source.width / source.clientWidth;
      const pa = kept[nameA] as Uint8ClampedArray;
      const pb = kept[nameB] as Uint8ClampedArray;
      const width = Math.floor(Math.min(a.width, b.width) * scale);
      const height = Math.floor(Math.min(a.height, b.height) * scale);
      let count = 0;
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const i =
            4 * ((Math.round(a.y * scale) + y) * source.width + Math.round(a.x * scale) + x);
          const j =
            4 * ((Math.round(b.y * scale) + y) * source.width + Math.round(b.x * scale) + x);
          let most = 0;
          for (let c = 0; c < 3; c++)
            most = Math.max(most, Math.abs((pa[i + c] ?? 0) - (pb[j + c] ?? 0)));
          if (most > 96) count++;
        }
      }
      return count;
    },
    { nameA, a, nameB, b },
  );
}

const PLAYGROUND_TARGET = (findScene('playground')?.view.target ?? [0, 0, 0]) as Vec3;

/** Opens an empty playground, paused (a throw or a spawn applies at once); returns the canvas middle. */
async function openPausedPlayground(page: Page): Promise<PagePoint> {
  await openSandbox(page, '?scene=playground&count=0&shadows=0');
  await page.evaluate(async () => {
    await window.sandbox.advance([0]);
    window.sandbox.pause();
    // Where the last pointer event was, mouse or finger: what F aims at (see cameraLine).
    window.addEventListener(
      'pointermove',
      (event) => {
        (window as unknown as { lastPointer: number[] }).lastPointer = [
          event.clientX,
          event.clientY,
        ];
      },
      { capture: true },
    );
  });
  const rect = await canvasBox(page);
  return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
}

/**
 * The camera's line through the canvas middle, read with the F key: F throws a body from the
 * camera toward the pointer (pointer.spec.ts holds it to that), so the thrown body's position
 * and velocity give a point near the camera and the line's direction. The body is removed again.
 */
async function cameraLine(page: Page, centre: PagePoint): Promise<{ p: Vec3; d: Vec3 }> {
  // The pointer F aims at: where the last pointer event over the canvas was (a finger's too).
  await page.mouse.move(centre.x + 1, centre.y);
  await page.mouse.move(centre.x, centre.y);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { lastPointer?: number[] }).lastPointer))
    .toEqual([centre.x, centre.y]);
  // A drawn frame first: the ray is aimed with the camera's matrices as last drawn, and the
  // controls move the camera on touch events between frames (animation frames redraw at once;
  // with the drive stopped, this test draws).
  await page.evaluate(async () => await window.sandbox.advance([0]));
  await page.keyboard.press('f');
  await expect.poll(() => page.evaluate(async () => window.sandbox.state().bodies)).toBe(1);
  const { p, v } = await page.evaluate(async () => window.sandbox.pose(0).current);
  await page.evaluate(async () => window.sandbox.remove(0));
  await expect.poll(() => page.evaluate(async () => window.sandbox.state().bodies)).toBe(0);
  return { p, d: unit(v) };
}

function distanceToLine(point: Vec3, line: { p: Vec3; d: Vec3 }): number {
  const offset = sub(point, line.p);
  const across = cross(offset, line.d);
  return Math.hypot(...across);
}

test.describe('split view at 1280 × 760', () => {
  test.use({ viewport: { width: 1280, height: 760 } });

  test('both halves are drawn from the same camera state while the camera eases', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    // Both halves in the same render mode: with one camera they must draw the same picture.
    await openSandbox(page, '?scene=stack&view=split&interp=off&split=off');
    await page.evaluate(async () => await window.sandbox.advance(new Array(20).fill(1 / 60)));
    const halves = await splitHalves(page);
    const still = await drawSplitFrame(page, halves);
    expect(sameCamera(still), JSON.stringify(still)).toBe(true);

    // Orbit by dragging empty sky, then let go: the controls' damping eases the camera on over
    // the next frames (each frame's update moves it a little further).
    const sky = { x: halves.left.width * 0.75, y: halves.left.y + 100 };
    await page.mouse.move(sky.x, sky.y);
    await page.mouse.down();
    await page.mouse.move(sky.x + 160, sky.y + 10, { steps: 8 });
    await page.mouse.up();
    const first = await drawSplitFrame(page, halves);
    const second = await drawSplitFrame(page, halves);
    console.log('MEASURE', JSON.stringify({ still, first, second }));
    // The camera really is moving from one frame to the next...
    expect(first.leftChecksum).not.toBe(still.leftChecksum);
    expect(second.leftChecksum).not.toBe(first.leftChecksum);
    // ...and within each frame both halves saw the same camera.
    expect(sameCamera(first), JSON.stringify(first)).toBe(true);
    expect(sameCamera(second), JSON.stringify(second)).toBe(true);
    expect(errors).toEqual([]);
  });

  test('with the panel open both halves are uncovered and labelled; closing it widens them', async ({
    page,
  }, testInfo) => {
    const errors = collectPageErrors(page);
    await openSandbox(page, '?scene=stack&view=split&interp=off&split=off');
    await page.evaluate(async () => await window.sandbox.advance(new Array(20).fill(1 / 60)));
    const panel = page.getByTestId('panel');
    await expect(panel).not.toHaveClass(/lil-closed/);
    const panelBox = await box(page, 'panel');
    expect(panelBox.height).toBeGreaterThan(400);

    const halves = await splitHalves(page);
    // The halves are where the divider says (their pictures agree)...
    expect(sameCamera(await drawSplitFrame(page, halves))).toBe(true);
    // ...and both lie left of the panel, the right one included.
    expect(halves.right.x + halves.right.width).toBeLessThanOrEqual(panelBox.x);
    expect(halves.left.width).toBeGreaterThan(400);
    for (const half of [halves.left, halves.right]) {
      for (const point of centreArea(half))
        expect(await elementAt(page, point)).toBe('canvas#view.');
    }
    // Each label sits over its own half, clear of the HUD.
    const hud = await box(page, 'hud');
    const left = await box(page, 'view-label-left');
    const right = await box(page, 'view-label-right');
    expect(inside(left, halves.left)).toBe(true);
    expect(inside(right, halves.right)).toBe(true);
    expect(overlaps(left, hud)).toBe(false);
    await expect(page.getByTestId('view-label-left')).toHaveText('off');
    await expect(page.getByTestId('view-label-right')).toHaveText('off');
    mkdirSync('artifacts', { recursive: true });
    await page.screenshot({ path: 'artifacts/split-1280x760.png' });
    await testInfo.attach('split 1280×760', {
      path: 'artifacts/split-1280x760.png',
      contentType: 'image/png',
    });

    // Closed, the panel is a title bar: the halves take the full width below it.
    await panel.locator('.lil-title').first().click();
    await expect(panel).toHaveClass(/lil-closed/);
    await expect.poll(async () => (await splitHalves(page)).left.width).toBe(640);
    const wide = await splitHalves(page);
    const closedBox = await box(page, 'panel');
    expect(wide.left.y).toBeGreaterThanOrEqual(closedBox.y + closedBox.height);
    expect(sameCamera(await drawSplitFrame(page, wide))).toBe(true);
    expect(inside(await box(page, 'view-label-right'), wide.right)).toBe(true);
    expect(errors).toEqual([]);
  });

  test('the right half draws splitRight and the left the render mode; the ghost overlays the current snapshot — by pixels', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    // The carousel's mover at 6 m/s, 5 steps a second, a quarter of a step past the last one:
    // the current snapshot is 0.9 m ahead of the interpolated pose (more than the mover's
    // length), so each render mode puts it somewhere else on screen. No shadows: a pixel differs
    // only where a body is or is not.
    await openSandbox(
      page,
      '?scene=carousel&hz=5&shadows=0&view=split&interp=interpolate&split=off',
    );
    await page.evaluate(async () => {
      await window.sandbox.advance([0]);
      await window.sandbox.load('carousel');
      const frames = await window.sandbox.advance(new Array(13).fill(0.05));
      if (Math.abs((frames.at(-1)?.alpha ?? 0) - 0.25) > 1e-6) throw new Error('alpha is not 0.25');
    });
    const halves = await splitHalves(page);
    const mode = async (name: string, patch: Record<string, unknown>): Promise<void> =>
      keepCanvas(page, name, patch);
    await mode('interpolate|off', {
      view: 'split',
      interpolation: 'interpolate',
      splitRight: 'off',
    });
    await mode('off|interpolate', {
      view: 'split',
      interpolation: 'off',
      splitRight: 'interpolate',
    });
    // Each half against the other half drawn in the same mode: the same picture but for edge
    // rounding (no pixel off by more than 96 levels); in different modes the mover is in
    // different places (hundreds of pixels off by more than that).
    const right = await strongDifferences(
      page,
      ['interpolate|off', halves.right],
      ['off|interpolate', halves.left],
    );
    const left = await strongDifferences(
      page,
      ['interpolate|off', halves.left],
      ['off|interpolate', halves.right],
    );
    const across = await strongDifferences(
      page,
      ['interpolate|off', halves.left],
      ['interpolate|off', halves.right],
    );
    expect(right, 'the right half is "off" whatever the left shows').toBeLessThanOrEqual(20);
    expect(left, 'the left half is the render mode').toBeLessThanOrEqual(20);
    expect(across, 'the two modes differ on screen').toBeGreaterThan(200);

    // Ghost: the raw current snapshot as a dark wireframe over the interpolated bodies. Against
    // a single view in each mode: the wireframe's pixels lie on the mover as "off" (current)
    // draws it, darkened, and mostly off where "interpolate" draws it.
    await mode('single interpolate', { view: 'single', interpolation: 'interpolate' });
    await mode('single off', { view: 'single', interpolation: 'off' });
    await mode('ghost', { view: 'ghost', interpolation: 'interpolate' });
    await page.evaluate(async () => {
      window.sandbox.pause();
      window.sandbox.remove(0);
    });
    await expect.poll(() => page.evaluate(async () => window.sandbox.state().bodies)).toBe(0);
    await mode('empty', { view: 'single', interpolation: 'interpolate' });
    const ghost = await page.evaluate(() => {
      const kept = (window as unknown as { kept: Record<string, Uint8ClampedArray> }).kept;
      const [g, s, off, empty] = ['ghost', 'single interpolate', 'single off', 'empty'].map(
        (name) => kept[name] as Uint8ClampedArray,
      ) as [Uint8ClampedArray, Uint8ClampedArray, Uint8ClampedArray, Uint8ClampedArray];
      const width = (document.getElementById('view') as HTMLCanvasElement).width;
      const pixels = g.length / 4;
      const at = (p: Uint8ClampedArray, k: number): number => p[k] ?? 0;
      const channel = (a: Uint8ClampedArray, b: Uint8ClampedArray, k: number): number =>
        Math.abs(at(a, k) - at(b, k));
      const differs = (a: Uint8ClampedArray, b: Uint8ClampedArray, i: number, by: number) =>
        Math.max(channel(a, b, 4 * i), channel(a, b, 4 * i + 1), channel(a, b, 4 * i + 2)) > by;
      const brightness = (p: Uint8ClampedArray, i: number): number =>
        at(p, 4 * i) + at(p, 4 * i + 1) + at(p, 4 * i + 2);
      const near = (mask: Uint8Array, i: number): boolean => {
        const x = i % width;
        const y = Math.floor(i / width);
        for (let dy = -2; dy <= 2; dy++)
          for (let dx = -2; dx <= 2; dx++) {
            const j = (y + dy) * width + (x + dx);
            if (j >= 0 && j < pixels && mask[j]) return true;
          }
        return false;
      };
      const current = new Uint8Array(pixels);
      const drawn = new Uint8Array(pixels);
      for (let i = 0; i < pixels; i++) {
        current[i] = differs(off, empty, i, 8) ? 1 : 0;
        drawn[i] = differs(s, empty, i, 8) ? 1 : 0;
      }
      let overlay = 0;
      let onCurrent = 0;
      let onDrawnOnly = 0;
      let darker = 0;
      for (let i = 0; i < pixels; i++) {
        if (!differs(g, s, i, 8)) continue;
        overlay++;
        if (near(current, i)) onCurrent++;
        else if (drawn[i]) onDrawnOnly++;
        if (brightness(g, i) < brightness(s, i)) darker++;
      }
      return { overlay, onCurrent, onDrawnOnly, darker };
    });
    console.log('MEASURE', JSON.stringify({ right, left, across, ghost }));
    expect(ghost.overlay, JSON.stringify(ghost)).toBeGreaterThan(100);
    expect(ghost.onCurrent / ghost.overlay, JSON.stringify(ghost)).toBeGreaterThan(0.9);
    expect(ghost.onDrawnOnly / ghost.overlay, JSON.stringify(ghost)).toBeLessThan(0.1);
    expect(ghost.darker / ghost.overlay, JSON.stringify(ghost)).toBeGreaterThan(0.9);
    expect(errors).toEqual([]);
  });

  test('dragging from the middle of either half lifts the body drawn there', async ({ page }) => {
    await openSandbox(page, '?scene=stack&view=split&interp=off&split=off');
    await page.evaluate(async () => await window.sandbox.advance(new Array(20).fill(1 / 60)));
    const halves = await splitHalves(page);
    for (const half of [halves.left, halves.right]) {
      await page.evaluate(async () => {
        await window.sandbox.load('stack');
        await window.sandbox.advance(new Array(20).fill(1 / 60));
      });
      const middle = { x: half.x + half.width / 2, y: half.y + half.height / 2 };
      expect(await dragCentreUp(page, 'mouse', middle)).toBeGreaterThan(1);
    }
  });
});

test.describe('phone: 412 × 839, touch', () => {
  test.use({ viewport: { width: 412, height: 839 }, isMobile: true, hasTouch: true });

  test('the panel starts closed and opens; the HUD is compact and never covered', async ({
    page,
  }, testInfo) => {
    const errors = collectPageErrors(page);
    await openSandbox(page, '?scene=stack');
    await page.evaluate(async () => await window.sandbox.advance(new Array(20).fill(1 / 60)));
    const panel = page.getByTestId('panel');
    await expect(panel).toHaveClass(/lil-closed/);
    await expect(panel.locator('.lil-controller', { hasText: 'scene' }).first()).toBeHidden();

    const hud = await box(page, 'hud');
    await expect(page.getByTestId('hud')).toBeVisible();
    expect(hud.width).toBeLessThanOrEqual(412 * 0.65);
    expect(hud.height).toBeLessThanOrEqual(839 * 0.15);
    await expect(page.locator('[data-stat=fps]')).toBeVisible();
    await expect(page.locator('[data-stat=simOverReal]')).toBeVisible();
    await expect(page.locator('[data-stat=accumulatorMs]')).toBeHidden();

    const closed = await box(page, 'panel');
    expect(closed.height).toBeLessThan(60);
    expect(overlaps(closed, hud)).toBe(false);
    // Nothing but the canvas lies under the HUD (it lets taps through to the view).
    for (const point of centreArea(hud)) expect(await elementAt(page, point)).toBe('canvas#view.');
    // The view's middle is free for the fingers.
    for (const point of centreArea(await canvasBox(page)))
      expect(await elementAt(page, point)).toBe('canvas#view.');
    mkdirSync('artifacts', { recursive: true });
    await page.screenshot({ path: 'artifacts/phone-412x839.png' });
    await testInfo.attach('phone, panel closed', {
      path: 'artifacts/phone-412x839.png',
      contentType: 'image/png',
    });

    // A tap on the title bar opens it; open, it still leaves the HUD uncovered.
    await panel.locator('.lil-title').first().tap();
    await expect(panel).not.toHaveClass(/lil-closed/);
    const scene = panel.locator('.lil-controller', { hasText: 'scene' }).first();
    await expect(scene).toBeVisible();
    await expect.poll(async () => (await box(page, 'panel')).height).toBeGreaterThan(300);
    expect(overlaps(await box(page, 'panel'), hud)).toBe(false);
    for (const point of centreArea(hud)) expect(await elementAt(page, point)).toBe('canvas#view.');
    await scene.locator('select').selectOption({ label: 'Pile' });
    await expect.poll(() => page.evaluate(async () => window.sandbox.state().bodies)).toBe(300);
    await page.screenshot({ path: 'artifacts/phone-412x839-panel.png' });
    await testInfo.attach('phone, panel open', {
      path: 'artifacts/phone-412x839-panel.png',
      contentType: 'image/png',
    });
    expect(errors).toEqual([]);
  });

  test('one finger on a body drags it', async ({ page }) => {
    const errors = collectPageErrors(page);
    await openSandbox(page, '?scene=stack');
    await page.evaluate(async () => await window.sandbox.advance(new Array(20).fill(1 / 60)));
    expect(await dragCentreUp(page, 'finger')).toBeGreaterThan(1);
    expect(errors).toEqual([]);
  });

  test('two fingers move the camera and drag no body', async ({ page }) => {
    const errors = collectPageErrors(page);
    await openSandbox(page, '?scene=stack&interp=off');
    const canvas = await canvasBox(page);
    const x = canvas.x + canvas.width / 2;
    const y = canvas.y + canvas.height / 2;
    const frames = (): Promise<void> =>
      page.evaluate(async () => {
        await window.sandbox.advance(new Array(5).fill(1 / 60));
      });
    await page.evaluate(async () => {
      await window.sandbox.advance([0]);
      await window.sandbox.load('stack');
    });
    // Both fingers land on the tower (the canvas centre is on a brick), then spread and slide.
    await touch(page, 'touchStart', [
      { x: x - 15, y },
      { x: x + 15, y },
    ]);
    for (let k = 1; k <= 10; k++) {
      await touch(page, 'touchMove', [
        { x: x - 15 - 8 * k, y: y - 12 * k },
        { x: x + 15 + 8 * k, y: y - 12 * k },
      ]);
      await frames();
    }
    await touch(page, 'touchEnd', []);
    const moved = await page.evaluate(async () => window.sandbox.state());
    const withGesture = await canvasPixels(page);

    // The same frames without the gesture: the physics must agree bit for bit (no body was
    // pulled), the picture must not (the camera moved).
    await page.evaluate(async () => {
      await window.sandbox.load('stack');
      await window.sandbox.advance(new Array(50).fill(1 / 60));
    });
    const control = await page.evaluate(async () => window.sandbox.state());
    expect(moved.step).toBe(control.step);
    expect(moved.hash).toBe(control.hash);
    const still = await canvasPixels(page);
    let differing = 0;
    for (let i = 0; i < still.length; i += 4) {
      if (Math.abs((still[i] ?? 0) - (withGesture[i] ?? 0)) > 8) differing++;
    }
    expect(differing / (still.length / 4)).toBeGreaterThan(0.05);
    expect(errors).toEqual([]);
  });

  test('a tap on a body tracks it; a tap on empty space does not', async ({ page }) => {
    const errors = collectPageErrors(page);
    const centre = await openPausedPlayground(page);
    // A ball off to the side (body 0, tracked first) and a box on the view's target, under the
    // canvas middle (body 1): a tap that tracked anything but the box shows.
    await page.evaluate(async (target) => {
      const s = window.sandbox;
      s.spawn({ kind: 'sphere', position: [3, 1, -3] });
      s.spawn({ kind: 'box', scale: 1, position: target });
      await s.advance([0]);
      s.track(0);
    }, PLAYGROUND_TARGET);
    const before = await page.evaluate(async () => window.sandbox.state().hash);
    await touch(page, 'touchStart', [centre]);
    await touch(page, 'touchEnd', []);
    await expect.poll(() => page.evaluate(async () => window.sandbox.stats().tracked)).toBe(1);
    // A tap on the sky tracks nothing else; neither tap moved a body.
    await touch(page, 'touchStart', [{ x: centre.x, y: 30 }]);
    await touch(page, 'touchEnd', []);
    await page.evaluate(async () => await window.sandbox.advance([0]));
    expect(await page.evaluate(async () => window.sandbox.stats().tracked)).toBe(1);
    expect(await page.evaluate(async () => window.sandbox.state().hash)).toBe(before);
    expect(errors).toEqual([]);
  });

  /** The camera's line before and after a gesture on a fresh, paused, empty playground. */
  async function gesture(
    page: Page,
    fingers: (centre: PagePoint, k: number) => PagePoint[],
  ): Promise<{ before: { p: Vec3; d: Vec3 }; after: { p: Vec3; d: Vec3 } }> {
    const centre = await openPausedPlayground(page);
    const before = await cameraLine(page, centre);
    // The line through the canvas middle passes through the view's target.
    expect(distanceToLine(PLAYGROUND_TARGET, before)).toBeLessThan(0.05);
    await touch(page, 'touchStart', fingers(centre, 0));
    for (let k = 1; k <= 10; k++) {
      await touch(page, 'touchMove', fingers(centre, k));
      await page.evaluate(async () => await window.sandbox.advance([0]));
    }
    await touch(page, 'touchEnd', []);
    const after = await cameraLine(page, centre);
    // Nothing was dragged: the world never changed.
    expect(await page.evaluate(async () => window.sandbox.state().bodies)).toBe(0);
    return { before, after };
  }

  const degrees = (a: Vec3, b: Vec3): number => (Math.acos(Math.min(1, dot(a, b))) * 180) / Math.PI;
  const radius = (line: { p: Vec3 }): number => Math.hypot(...sub(line.p, PLAYGROUND_TARGET));

  test('one finger on empty space turns the camera about its target', async ({ page }) => {
    const errors = collectPageErrors(page);
    // One finger on the sky, sliding sideways: the camera orbits its target (and eases on after
    // the finger lifts, always on the sphere about the target).
    const { before, after } = await gesture(page, (centre, k) => [{ x: centre.x + 15 * k, y: 30 }]);
    expect(degrees(before.d, after.d)).toBeGreaterThan(5);
    expect(distanceToLine(PLAYGROUND_TARGET, after)).toBeLessThan(0.05);
    expect(Math.abs(radius(after) - radius(before))).toBeLessThan(0.02 * radius(before));
    expect(errors).toEqual([]);
  });

  test('a pinch zooms the camera in along its line of sight', async ({ page }) => {
    const errors = collectPageErrors(page);
    // Two fingers spreading about the middle: the camera comes closer along the same line (a
    // dolly is applied whole at the next update; no easing turns the view after it).
    const { before, after } = await gesture(page, (centre, k) => [
      { x: centre.x - 20 - 3 * k, y: centre.y },
      { x: centre.x + 20 + 3 * k, y: centre.y },
    ]);
    expect(degrees(before.d, after.d)).toBeLessThan(1);
    expect(distanceToLine(PLAYGROUND_TARGET, after)).toBeLessThan(0.05);
    expect(radius(after)).toBeLessThan(0.9 * radius(before));
    expect(errors).toEqual([]);
  });
});

test.describe('landscape phone: 839 × 412, touch', () => {
  test.use({ viewport: { width: 839, height: 412 }, isMobile: true, hasTouch: true });

  test('the panel starts closed, the HUD is compact and uncovered, and one finger drags a body', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await openSandbox(page, '?scene=stack');
    await page.evaluate(async () => await window.sandbox.advance(new Array(20).fill(1 / 60)));
    const panel = page.getByTestId('panel');
    await expect(panel).toHaveClass(/lil-closed/);
    const hud = await box(page, 'hud');
    expect(hud.height).toBeLessThanOrEqual(412 * 0.3);
    await expect(page.locator('[data-stat=accumulatorMs]')).toBeHidden();
    expect(overlaps(await box(page, 'panel'), hud)).toBe(false);
    for (const point of centreArea(await canvasBox(page)))
      expect(await elementAt(page, point)).toBe('canvas#view.');
    // Opened, it still leaves the HUD uncovered.
    await panel.locator('.lil-title').first().tap();
    await expect(panel).not.toHaveClass(/lil-closed/);
    expect(overlaps(await box(page, 'panel'), hud)).toBe(false);
    await panel.locator('.lil-title').first().tap();
    await expect(panel).toHaveClass(/lil-closed/);
    expect(await dragCentreUp(page, 'finger')).toBeGreaterThan(1);
    expect(errors).toEqual([]);
  });
});
