// fixed-step/rapier as a user gets it: the packed tarball installed with three.js and Rapier in a
// fresh project, examples/rapier type-checked and built there, and run in Chromium: boxes drawn
// at lerp/slerp of their snapshots, a teleport drawn with no streak, a removed body unbound.

import { expect, test } from '@playwright/test';
import { rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import {
  addProbePage,
  exampleProject,
  openProbe,
  pack,
  serve,
  temporaryFolder,
  typecheck,
  viteBuild,
} from './consumerProject';
import type { RapierProbe } from './rapierProbe';
import { blendGap, DRAWN_TOLERANCE, firstBlendingFrame, poseOf, worstGap } from './drawnFrames';

test.describe.configure({ mode: 'serial' });

let packFolder = '';
let project = '';
let site: { url: string; server: Server } | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  packFolder = temporaryFolder('pack');
  project = exampleProject(pack(packFolder).tarball, 'rapier');
  // Built with the example: resting and falling RigidBodies (tests/package/rapierProbe.ts).
  addProbePage(project, 'rapierProbe.ts');
});

test.afterAll(() => {
  site?.server.close();
  for (const folder of [project, packFolder]) {
    if (folder !== '') rmSync(folder, { recursive: true, force: true });
  }
});

test('examples/rapier type-checks against the tarball with no cannon-es; a cannon-es world or a handle does not', () => {
  writeFileSync(
    join(project, 'types.ts'),
    `import type { RigidBody, World } from '@dimforge/rapier3d-compat';
import { FixedStep, fixedStep, rapierEngine } from 'fixed-step/rapier';
import type { Object3D } from 'three';
export const ok = (w: World, b: RigidBody, o: Object3D) => fixedStep(w, { hz: 100 }).bind(b, o);
export const own = (w: World): FixedStep<World, RigidBody> => new FixedStep(w, {}, rapierEngine);
// @ts-expect-error a cannon-es world is not a Rapier World
export const cannon = (w: { step(dt: number): void; bodies: unknown[] }) => fixedStep(w);
// @ts-expect-error bound by RigidBody, not by handle
export const handle = (w: World, b: RigidBody, o: Object3D) => fixedStep(w).bind(b.handle, o);
`,
  );
  typecheck(project, 'tsconfig.types.json', {
    compilerOptions: {
      strict: true,
      noEmit: true,
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      // Rapier's own declarations name Symbol.dispose.
      lib: ['ESNext', 'DOM'],
      verbatimModuleSyntax: true,
      skipLibCheck: false,
      types: [],
    },
    files: ['main.ts', 'types.ts'],
  });
});

test('examples/rapier, built from the tarball, draws each box at lerp/slerp of its snapshots at alpha', async ({
  page,
}) => {
  viteBuild(project);
  site = await serve(join(project, 'dist'));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(site.url);
  await page.waitForFunction(() => 'example' in window);
  const frame = await firstBlendingFrame(page, 60_000);
  expect(frame, 'a frame inside a step while the tower falls and turns').not.toBeNull();
  if (frame === null) throw new Error('unreachable');
  expect(blendGap(frame)).toBeLessThan(DRAWN_TOLERANCE);
  expect(worstGap(frame, (k) => poseOf(frame.current[k] ?? []))).toBeGreaterThan(
    100 * DRAWN_TOLERANCE,
  );
  expect(errors).toEqual([]);
});

test('a RigidBody moved with setTranslation is drawn from its new place; a removed one is unbound', async ({
  page,
}) => {
  if (site === undefined) throw new Error('the example was not served');
  await page.goto(site.url);
  await page.waitForFunction(() => 'example' in window);
  // Frames driven inside one task (the page's own cannot run in between): one 100 Hz step a
  // frame, the ball put 40 m away between two frames, a box removed between two others.
  const drawn = await page.evaluate(() => {
    type Body = {
      translation(): { x: number };
      setTranslation(t: { x: number; y: number; z: number }, wake: boolean): void;
    };
    const e = (window as unknown as { example: Record<string, unknown> }).example as {
      world: { removeRigidBody(b: Body): void };
      physics: { frame(ms: number): void; slot(b: Body): number; lastFrame: { steps: number } };
      ball: Body;
      boxes: Body[];
      ballMesh: { position: { x: number } };
      boxMesh: { instanceMatrix: { array: Float32Array } };
    };
    const xs: number[] = [];
    let t = performance.now() + 1000;
    for (let k = 0; k < 30; k++) {
      if (k === 10) e.ball.setTranslation({ x: e.ball.translation().x + 40, y: 0.8, z: 0 }, true);
      if (k === 20) e.world.removeRigidBody(e.boxes[7]);
      e.physics.frame((t += 10));
      xs.push(e.ballMesh.position.x);
    }
    const hidden = Array.from(e.boxMesh.instanceMatrix.array.subarray(16 * 7, 16 * 7 + 15));
    const slots = [e.physics.slot(e.boxes[7]), e.physics.slot(e.boxes[8])];
    return { xs, steps: e.physics.lastFrame.steps, hidden, slots };
  });
  expect(drawn.steps).toBe(1);
  const before = drawn.xs[9] ?? 0;
  for (const x of drawn.xs.slice(10, 15)) expect(x).toBeGreaterThan(before + 39);
  expect(drawn.slots[0]).toBe(-1);
  expect(drawn.slots[1]).toBeGreaterThanOrEqual(0);
  expect(drawn.hidden).toEqual(new Array(15).fill(0));
});

test('a sleeping RigidBody is not rewritten, in a Mesh or an instance, while awake ones are every frame', async ({
  page,
}) => {
  await openProbe(page, site?.url);
  const r = await page.evaluate(() =>
    (window as unknown as { probe: RapierProbe }).probe.sleeping(),
  );
  expect(r.atRest.asleep).toEqual([true, true]);
  expect(r.atRest.awake).toEqual([true, true]);
  expect(r.atRest.steps).toBeGreaterThan(30);
  // [resting, falling]: Mesh writes (position.set, quaternion.set) and instance matrix uploads.
  expect(r.atRest.writes).toEqual([0, 120]);
  expect(r.atRest.versions).toEqual([0, 60]);
  // Woken and thrown, the same balls are written again: the counts above could see a write.
  expect(r.woken.writes[0]).toBeGreaterThan(0);
  expect(r.woken.versions[0]).toBeGreaterThan(0);
});
