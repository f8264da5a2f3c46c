// Removing bodies in the real page: `sandbox.remove`, the Delete key and the stutter panel's
// button take the body meant (the tracked one), and the meter says so; in the determinism lab a
// throw reaches both worlds at the same step and a drag is refused with a note saying why.

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { PerspectiveCamera, Vector3 } from 'three';
import { determinismScene } from '../../src/scenes/determinism';
import { collectPageErrors, openSandbox } from './helpers';

/** Where on the page a point of the scene is drawn, with the camera a scene load sets up. */
async function screenPoint(
  page: Page,
  world: number[],
  view: { camera: number[]; target: number[] },
) {
  const box = await page.locator('#view').boundingBox();
  if (!box) throw new Error('no canvas');
  const camera = new PerspectiveCamera(50, box.width / box.height, 0.1, 500);
  camera.position.set(view.camera[0] ?? 0, view.camera[1] ?? 0, view.camera[2] ?? 0);
  camera.lookAt(view.target[0] ?? 0, view.target[1] ?? 0, view.target[2] ?? 0);
  camera.updateMatrixWorld();
  const ndc = new Vector3(world[0], world[1], world[2]).project(camera);
  return { x: box.x + ((ndc.x + 1) / 2) * box.width, y: box.y + ((1 - ndc.y) / 2) * box.height };
}

test('click a body, press Delete: that body goes, the last moves into its place, the meter says so', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  // Paused: a removal then applies at once, and nothing moves between the readings.
  await openSandbox(page, '?scene=stack&paused=1');
  const box = await page.locator('#view').boundingBox();
  if (!box) throw new Error('no canvas');
  // The stack's camera looks at the tower's middle: the canvas centre is on a brick.
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect
    .poll(() => page.evaluate(async () => window.sandbox.stats().tracked))
    .toBeGreaterThan(-1);
  await expect(page.getByTestId('stutter-panel')).toContainText('body ');
  const before = await page.evaluate(async () => {
    const s = window.sandbox;
    const tracked = s.stats().tracked;
    return { tracked, bodies: s.state().bodies, last: s.pose(s.state().bodies - 1).current };
  });
  expect(before.tracked).toBeLessThan(before.bodies - 1);

  await page.keyboard.press('Delete');
  // The removal applies at once while paused — in worker mode once the worker has heard of it.
  await expect
    .poll(() => page.evaluate(async () => window.sandbox.state().bodies))
    .toBe(before.bodies - 1);
  const after = await page.evaluate(
    async (tracked) => ({
      bodies: window.sandbox.state().bodies,
      stats: window.sandbox.stats(),
      inSlot: window.sandbox.pose(tracked).current,
    }),
    before.tracked,
  );
  expect(after.bodies).toBe(before.bodies - 1);
  expect(after.stats.tracked).toBe(-1);
  expect(after.stats.trackedRemoved).toBe(true);
  // The tracked body's slot now holds what was the last body: it was the tracked one that went.
  expect(after.inSlot).toEqual(before.last);
  await expect(page.getByTestId('stutter-panel')).toContainText('tracked body removed');
  await expect(page.getByTestId('stutter-panel')).toBeVisible();

  // Nothing tracked now: Delete says what it needs, and removes nothing.
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('message').filter({ hasText: 'No body is tracked' })).toBeVisible();
  expect(await page.evaluate(async () => window.sandbox.state().bodies)).toBe(before.bodies - 1);
  expect(errors).toEqual([]);
});

test("the stutter panel's delete button and sandbox.remove take the body meant, while running", async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openSandbox(page, '?scene=pile&count=40');
  await expect(page.getByTestId('delete-tracked')).toBeHidden();
  await page.evaluate(async () => window.sandbox.track(7));
  await page.getByTestId('delete-tracked').click();
  // Running: it applies at the next step boundary.
  await expect.poll(() => page.evaluate(async () => window.sandbox.state().bodies)).toBe(39);
  expect(await page.evaluate(async () => window.sandbox.stats())).toMatchObject({
    tracked: -1,
    trackedRemoved: true,
  });
  await expect(page.getByTestId('stutter-panel')).toContainText('tracked body removed');
  await expect(page.getByTestId('delete-tracked')).toBeHidden();
  await expect(page.getByTestId('stutter-panel')).toContainText('tracked body removed');
  await expect(page.getByTestId('delete-tracked')).toBeHidden();

  // Track the last body, remove another: the meter stays on its body, now in the freed slot.
  const result = await page.evaluate(async () => {
    const s = window.sandbox;
    await s.advance([0]);
    s.track(38);
    s.remove(4);
    await s.advance([1 / 60]);
    return { bodies: s.state().bodies, stats: s.stats() };
  });
  expect(result.bodies).toBe(38);
  expect(result.stats.tracked).toBe(4);
  expect(result.stats.trackedRemoved).toBe(false);
  expect(errors).toEqual([]);
});

test('determinism lab: a throw reaches both worlds at the same step; a drag is refused with a note', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openSandbox(page, '?scene=determinism&count=20');
  const view = determinismScene.view;
  const offsetX = determinismScene.twin?.offsetX ?? 0;
  await page.evaluate(async () => await window.sandbox.advance(new Array(40).fill(1 / 60)));
  // Aim F at the left heap (the main world, drawn offsetX to the left).
  const aim = await screenPoint(page, [-offsetX, 1.5, 0], view);
  await page.mouse.move(aim.x, aim.y);
  await page.keyboard.press('f');
  const thrown = await page.evaluate(async () => {
    const s = window.sandbox;
    await s.advance(new Array(120).fill(1 / 60));
    return { bodies: s.state().bodies, twin: s.stats().twin };
  });
  expect(thrown.bodies).toBe(21);
  expect(thrown.twin?.agree).toBe(true);
  expect(thrown.twin?.divergedAt).toBe(-1);
  expect(thrown.twin?.comparedStep).toBeGreaterThan(250);
  await expect(page.getByTestId('twin-verdict')).toContainText('identical');

  // Press on a body of the left heap and pull: no drag, a note says why.
  const lowest = await page.evaluate(async () => {
    const s = window.sandbox;
    let best = 0;
    for (let i = 1; i < s.state().bodies; i++)
      if ((s.pose(i).current.p[1] ?? 0) < (s.pose(best).current.p[1] ?? 0)) best = i;
    return s.pose(best).rendered.p;
  });
  // Poses are in the world's own frame; the main world is drawn offsetX to the left.
  const on = await screenPoint(
    page,
    [(lowest[0] ?? 0) - offsetX, lowest[1] ?? 0, lowest[2] ?? 0],
    view,
  );
  await page.mouse.move(on.x, on.y);
  await page.mouse.down();
  await page.mouse.move(on.x, on.y - 60, { steps: 4 });
  await page.mouse.up();
  await expect(
    page.getByTestId('message').filter({ hasText: 'Dragging is off in the determinism lab' }),
  ).toBeVisible();
  const afterPress = await page.evaluate(async () => {
    await window.sandbox.advance(new Array(30).fill(1 / 60));
    return window.sandbox.stats().twin;
  });
  expect(afterPress?.agree).toBe(true);
  expect(afterPress?.divergedAt).toBe(-1);
  expect(errors).toEqual([]);
});
