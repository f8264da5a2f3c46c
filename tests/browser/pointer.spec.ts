// The mouse and the F key in a real Chromium: F throws a body from the camera toward the mouse
// pointer, and a click (not a drag) on a body tracks it with the stutter meter.

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { findScene } from '../../src/scenes/registry';
import { collectPageErrors, cross, dot, openSandbox, sub, unit } from './helpers';
import type { Vec3 } from './helpers';

/**
 * The playground's camera, as the scene defines it: it looks at its target, so the middle of the
 * canvas is the ray from the camera through the target. `right` and `up` span the screen.
 */
const view = findScene('playground')?.view ?? { camera: [0, 0, 0], target: [0, 0, -1] };
const CAMERA = view.camera as Vec3;
const TARGET = view.target as Vec3;
const FORWARD = unit(sub(TARGET, CAMERA));
const RIGHT = unit(cross(FORWARD, [0, 1, 0]));
const UP = cross(RIGHT, FORWARD);

/**
 * The pointer sits on whole pixels and the canvas starts at (0, 0), so the aim is exact but for
 * float rounding (1e-15 measured). A pixel moves the ray's tangent by 1.2e-3 here (760 px high,
 * 50° field of view); 1e-6, under a thousandth of a pixel, fails any aim that is a pixel off.
 */
const AIM = 1e-6;

/** Opens an empty playground, paused (so a throw or a spawn applies at once, and stays put). */
async function openPaused(page: Page): Promise<{ x: number; y: number }> {
  await openSandbox(page, '?scene=playground&count=0');
  await page.evaluate(async () => {
    await window.sandbox.advance([0]);
    window.sandbox.pause();
  });
  const box = await page.locator('#view').boundingBox();
  if (!box) throw new Error('no canvas');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Moves the mouse to (x, y) over the canvas, presses F and reads the body that was added. */
async function throwAt(page: Page, x: number, y: number): Promise<{ p: Vec3; v: Vec3 }> {
  const before = await page.evaluate(async () => window.sandbox.state().bodies);
  await page.mouse.move(x, y);
  await page.keyboard.press('f');
  // Paused, the throw applies at once — in worker mode once the worker has heard of it.
  await expect
    .poll(() => page.evaluate(async () => window.sandbox.state().bodies))
    .toBeGreaterThanOrEqual(before + 1);
  return page.evaluate(async (expected) => {
    const s = window.sandbox;
    const bodies = s.state().bodies;
    if (bodies !== expected) throw new Error(`F added ${bodies - expected + 1} bodies, not 1`);
    const { p, v } = s.pose(bodies - 1).current;
    return { p, v };
  }, before + 1);
}

test('F throws a body from the camera toward the mouse pointer', async ({ page }) => {
  const errors = collectPageErrors(page);
  const centre = await openPaused(page);
  const offset = 150;
  const throws = {
    centre: await throwAt(page, centre.x, centre.y),
    right: await throwAt(page, centre.x + offset, centre.y),
    up: await throwAt(page, centre.x, centre.y - offset),
    downLeft: await throwAt(page, centre.x - offset, centre.y + offset / 2),
  };
  const tangents: Record<string, { x: number; y: number }> = {};
  for (const [name, { p, v }] of Object.entries(throws)) {
    const speed = Math.sqrt(dot(v, v));
    const direction = unit(v);
    // Thrown, not dropped: fast, and leaving from the camera along its own line of flight.
    expect(speed, name).toBeGreaterThan(10);
    const fromCamera = sub(p, CAMERA);
    const along = dot(fromCamera, direction);
    expect(along, name).toBeGreaterThan(0);
    expect(along, name).toBeLessThan(3);
    const offLine = sub(fromCamera, direction.map((d) => d * along) as Vec3);
    expect(Math.sqrt(dot(offLine, offLine)), name).toBeLessThan(1e-6);
    // Where the line points on screen: tangents of its angles right and up of the view's axis.
    const ahead = dot(direction, FORWARD);
    expect(ahead, name).toBeGreaterThan(0);
    tangents[name] = { x: dot(direction, RIGHT) / ahead, y: dot(direction, UP) / ahead };
  }
  // Through the middle of the canvas: straight at the scene's target.
  expect(Math.hypot(tangents.centre?.x ?? 1, tangents.centre?.y ?? 1)).toBeLessThan(AIM);
  // 150 px right: to the right and level; 150 px up: up and straight. Pixels are square, so the
  // same distance on screen is the same tangent across and up, whatever the field of view.
  const right = tangents.right ?? { x: 0, y: 1 };
  const up = tangents.up ?? { x: 1, y: 0 };
  expect(right.x).toBeGreaterThan(0.1);
  expect(Math.abs(right.y)).toBeLessThan(AIM);
  expect(up.y).toBeGreaterThan(0.1);
  expect(Math.abs(up.x)).toBeLessThan(AIM);
  expect(Math.abs(right.x - up.y)).toBeLessThan(AIM);
  // 150 px left and 75 px down: left by as much as right was right, down by half.
  const downLeft = tangents.downLeft ?? { x: 0, y: 0 };
  expect(Math.abs(downLeft.x + right.x)).toBeLessThan(AIM);
  expect(Math.abs(downLeft.y + up.y / 2)).toBeLessThan(AIM);

  // Running again, the thrown body flies away from the camera.
  const distances = await page.evaluate(async (camera) => {
    const s = window.sandbox;
    const last = s.state().bodies - 1;
    const distance = (): number =>
      Math.hypot(...s.pose(last).current.p.map((x, k) => x - (camera[k] ?? 0)));
    const before = distance();
    s.resume();
    await s.advance(new Array(6).fill(1 / 60));
    return { before, after: distance() };
  }, CAMERA);
  expect(distances.after).toBeGreaterThan(distances.before + 1);
  expect(errors).toEqual([]);
});

test('a click on a body tracks it with the stutter meter; a drag does not', async ({ page }) => {
  const errors = collectPageErrors(page);
  const centre = await openPaused(page);
  // Nothing tracked yet: the panel is hidden and its chart not built (it costs a software-drawn
  // page about a second of its start); the first show builds it.
  const panel = page.getByTestId('stutter-panel');
  await expect(panel).toBeHidden();
  await expect(panel).toHaveAttribute('data-chart', 'none');
  // A ball off to the side (body 0) and a box on the view's target, under the canvas middle
  // (body 1). The ball is tracked first, so a click that tracked anything but the box shows.
  await page.evaluate(async (target) => {
    const s = window.sandbox;
    s.spawn({ kind: 'sphere', position: [3, 1, -3] });
    s.spawn({ kind: 'box', scale: 1, position: target });
    // A frame of no time applies the spawns (and waits for a worker to) before tracking.
    await s.advance([0]);
    s.track(0);
  }, TARGET);
  await expect(panel).toContainText('body 0 —');
  await expect(panel).toHaveAttribute('data-chart', 'ready');
  await expect(panel.locator('.uplot canvas')).toBeVisible();

  // Press and release with the pointer moved 30 px: a drag, not a click.
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.down();
  await page.mouse.move(centre.x + 30, centre.y, { steps: 3 });
  await page.mouse.up();
  expect(await page.evaluate(async () => window.sandbox.stats().tracked)).toBe(0);

  await page.evaluate(async () => await window.sandbox.load('playground', { count: 0 }));
  await page.evaluate(async (target) => {
    const s = window.sandbox;
    s.spawn({ kind: 'sphere', position: [3, 1, -3] });
    s.spawn({ kind: 'box', scale: 1, position: target });
    // A frame of no time applies the spawns (and waits for a worker to) before tracking.
    await s.advance([0]);
    s.track(0);
  }, TARGET);
  await page.mouse.click(centre.x, centre.y);
  await expect.poll(() => page.evaluate(async () => window.sandbox.stats().tracked)).toBe(1);
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('body 1 —');
  await expect(page.getByTestId('delete-tracked')).toBeVisible();

  // A click on empty sky changes nothing.
  await page.mouse.click(centre.x, 40);
  expect(await page.evaluate(async () => window.sandbox.stats().tracked)).toBe(1);

  // The meter measures the clicked body as it falls.
  const stutter = await page.evaluate(async () => {
    const s = window.sandbox;
    s.resume();
    await s.advance(new Array(30).fill(1 / 60));
    return s.stats().stutter;
  });
  expect(stutter.frames).toBeGreaterThan(10);
  expect(errors).toEqual([]);
});
