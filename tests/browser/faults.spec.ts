// Physics and GPU faults in the real page: bodies whose state turns NaN or leaves the world are
// removed with a visible warning while the rest runs on untouched, and a lost WebGL context
// shows a message, the simulation carries on, and after restore the scene draws exactly again.

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { SpawnInput } from '../../src/state/spawnSpec';
import {
  PHYSICS_VIEWPORT,
  canvasPixels,
  collectPageErrors,
  colourStats,
  openSandbox,
} from './helpers';

test.use({ viewport: PHYSICS_VIEWPORT });

type State = ReturnType<Window['sandbox']['state']>;

/**
 * Loads `scene`, runs `lead` frames, adds `spawns` through the API, runs `tail` frames; and the
 * same without the spawns, as a control. Returns both, plus the states on the way.
 */
async function withAndWithout(
  page: Page,
  scene: string,
  spawns: SpawnInput[],
  lead: number,
  tail: number,
): Promise<{
  control: State;
  before: State;
  spawned: number;
  after: State;
  finite: boolean;
  removed: number;
}> {
  return page.evaluate(
    async ({ scene, spawns, lead, tail }) => {
      const s = window.sandbox;
      const frames = (n: number): number[] => new Array<number>(n).fill(1 / 60);
      await s.load(scene, { seed: 4 });
      await s.advance(frames(lead + tail));
      const control = s.state();
      await s.load(scene, { seed: 4 });
      await s.advance(frames(lead));
      const before = s.state();
      for (const spec of spawns) s.spawn(spec);
      await s.advance([0]);
      const spawned = s.state().bodies + s.stats().removedBodies;
      await s.advance(frames(tail));
      const after = s.state();
      const finite = Array.from({ length: after.bodies }, (_, i) => s.pose(i)).every((pose) =>
        [...pose.previous.p, ...pose.current.p, ...pose.rendered.p, ...pose.rendered.q].every(
          Number.isFinite,
        ),
      );
      return { control, before, spawned, after, finite, removed: s.stats().removedBodies };
    },
    { scene, spawns, lead, tail },
  );
}

test('bodies that break are removed with a warning; the rest runs on bit for bit', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openSandbox(page, '?scene=playground');
  // Well away from everything: an absurd density (mass × g overflows, which would turn it NaN
  // on its first step) and an absurd, finite velocity (1e308 m/s leaves the world in one step).
  const result = await withAndWithout(
    page,
    'playground',
    [
      { kind: 'box', scale: 0.5, position: [25, 4, 25], density: 1e308 },
      { kind: 'sphere', position: [-25, 4, 25], velocity: [1e308, 0, 0] },
    ],
    30,
    120,
  );
  expect(result.spawned).toBe(result.before.bodies + 2);
  expect(result.after.bodies).toBe(result.before.bodies);
  expect(result.removed).toBe(2);
  expect(result.finite).toBe(true);
  // The rest of the scene is exactly where it would be had the broken bodies never existed.
  expect(result.after.step).toBe(result.control.step);
  expect(result.after.hash).toBe(result.control.hash);

  // One warning each: the box went before its first step, the sphere after it.
  const warnings = page.locator('.message-warning');
  await expect(warnings).toHaveCount(2);
  const at = result.before.step;
  await expect(warnings.first()).toBeVisible();
  await expect(warnings.first()).toHaveText(
    `Removed 1 body whose physics state broke (box #40 at step ${at}: its weight (mass × g) is too large to simulate). The rest of the scene keeps running.×`,
  );
  await expect(warnings.nth(1)).toContainText(
    `Removed 1 body whose physics state broke (sphere #40 at step ${at + 1}: left the world (more than 100000 m from the origin))`,
  );
  // They are about this world: another scene loaded takes them off.
  await page.evaluate(async () => await window.sandbox.load('stack'));
  await expect(warnings).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('an overweight body dropped into a pile never touches it: the pile runs on bit for bit', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openSandbox(page, '?scene=pile&count=1');
  // Stepped, its NaN would spread through every contact of the pile and the ground in one step.
  const result = await withAndWithout(
    page,
    'pile',
    [{ kind: 'box', scale: 0.5, position: [0, 2, 0], density: 1e308 }],
    40,
    80,
  );
  expect(result.removed).toBe(1);
  expect(result.after.bodies).toBe(result.before.bodies);
  expect(result.after.hash).toBe(result.control.hash);
  expect(result.finite).toBe(true);
  await expect(page.locator('.message-warning')).toContainText('Removed 1 body');
  expect(errors).toEqual([]);
});

test('WebGL context loss: a message while lost, the simulation carries on, the restored picture equals a never-lost page', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  // Interpolation off: what is drawn depends on the step alone, so a replay can be compared.
  const query = '?scene=pile&count=120&seed=3&interp=off';
  await openSandbox(page, query);
  await page.evaluate(async () => {
    const canvas = document.getElementById('view') as HTMLCanvasElement;
    const gl = canvas.getContext('webgl2');
    const lose = gl?.getExtension('WEBGL_lose_context');
    if (!lose) throw new Error('WEBGL_lose_context is not available');
    (window as unknown as { lose: WEBGL_lose_context }).lose = lose;
    window.sandbox.run();
    lose.loseContext();
  });
  const lost = page.locator('.message-warning', { hasText: 'WebGL context was lost' });
  await expect(lost).toBeVisible();
  expect((await page.evaluate(async () => window.sandbox.stats())).contextLost).toBe(true);
  // Nothing can be drawn: the canvas reads back blank.
  expect(colourStats(await canvasPixels(page)).distinctColours).toBeLessThanOrEqual(2);

  // The requestAnimationFrame drive keeps simulating while nothing can be drawn.
  await page.evaluate(async () => window.sandbox.run());
  const lostAt = await page.evaluate(async () => window.sandbox.state().step);
  await expect
    .poll(() => page.evaluate(async () => window.sandbox.state().step), { timeout: 30_000 })
    .toBeGreaterThan(lostAt + 20);
  // Paused, and caught up: in worker mode steps asked for before the pause still arrive, and
  // are drawn; the state compared is the one drawn.
  const reached = await page.evaluate(async () => {
    window.sandbox.pause();
    await window.sandbox.advance([0]);
    return window.sandbox.state();
  });

  await page.evaluate(async () =>
    (window as unknown as { lose: WEBGL_lose_context }).lose.restoreContext(),
  );
  await expect(page.locator('.message-info', { hasText: 'context was restored' })).toBeVisible();
  await expect(lost).toHaveCount(0);
  expect((await page.evaluate(async () => window.sandbox.stats())).contextLost).toBe(false);
  const restored = await canvasPixels(page);
  expect(colourStats(restored).distinctColours).toBeGreaterThan(50);

  // A second page, whose context is never lost, replays the same scene to the same step with
  // the same inputs (none: no spawn, no drag, the scene's own camera) and draws it.
  const fresh = await page.context().newPage();
  const freshErrors = collectPageErrors(fresh);
  await openSandbox(fresh, query);
  const replayed = await fresh.evaluate(async (steps) => {
    const s = window.sandbox;
    await s.advance([0]);
    await s.load('pile', { count: 120, seed: 3 });
    await s.advance(new Array(steps).fill(0.01));
    s.pause();
    return { state: s.state(), contextLost: s.stats().contextLost };
  }, reached.step);
  // The two pages hold the same physics, bit for bit, so they must draw the same picture.
  expect(replayed.state.step).toBe(reached.step);
  expect(replayed.state.hash).toBe(reached.hash);
  expect(replayed.contextLost).toBe(false);
  const never = await canvasPixels(fresh);
  await fresh.close();

  // Same build, same SwiftShader, same canvas size, same poses, same camera: the pictures are
  // the same but for rounding (measured: identical). A channel may differ by 2 levels of 255
  // on 0.1% of the pixels; a restore that lost anything that is drawn (a body, a shadow, the
  // scenery, a colour) changes far more.
  let differing = 0;
  for (let i = 0; i < never.length; i++) {
    if (Math.abs((never[i] ?? 0) - (restored[i] ?? 0)) > 2) differing++;
  }
  expect(differing / never.length).toBeLessThan(0.001);
  expect(errors).toEqual([]);
  expect(freshErrors).toEqual([]);
});
