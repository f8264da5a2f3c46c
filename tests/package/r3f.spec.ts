// fixed-step/r3f as a user gets it: the packed tarball installed with React, React Three Fiber,
// three.js and cannon-es in a fresh project; examples/r3f and a probe page (tests/package/
// r3fProbe.ts) built there and run in Chromium under each frameloop, in StrictMode.

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
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
import { blendGap, DRAWN_TOLERANCE, firstBlendingFrame } from './drawnFrames';
import type { ProbeScene, RapierScene } from './r3fProbe';

test.describe.configure({ mode: 'serial' });

/** The example's front door (R3F makes it inside the tree), found as it draws its first frame. */
const OBSERVED = `
import { _roots as observedRoots } from '@react-three/fiber';
import { FixedStep as ObservedFixedStep } from 'fixed-step/r3f';
import type { InstancedMesh as ObservedMesh } from 'three';
let observed: ObservedFixedStep<CANNON.World, CANNON.Body> | undefined;
const observedFrame = ObservedFixedStep.prototype.frame;
ObservedFixedStep.prototype.frame = function (nowMs: number) {
  observed = this as ObservedFixedStep<CANNON.World, CANNON.Body>;
  observedFrame.call(this, nowMs);
};
function observedMesh(): ObservedMesh | undefined {
  let found: ObservedMesh | undefined;
  for (const root of observedRoots.values()) {
    root.store.getState().scene.traverse((o) => {
      if ((o as ObservedMesh).isInstancedMesh) found = o as ObservedMesh;
    });
  }
  return found;
}
Object.assign(window, {
  example: {
    world, boxes, ball,
    get physics() { return observed; },
    get report() { return observed?.lastFrame; },
    get snapshots() { return observed?.snapshots; },
    get mesh() { return observedMesh(); },
    get boxIndices() { return boxes.map((b) => observed?.slot(b) ?? -1); },
  },
});
`;

let packFolder = '';
let project = '';
let site: { url: string; server: Server } | undefined;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  packFolder = temporaryFolder('pack');
  // The probe drives a Rapier world too (engine={rapierEngine}): installed with the rest.
  const rapier = { '@dimforge/rapier3d-compat': '0.21.0' };
  project = exampleProject(pack(packFolder).tarball, 'r3f', OBSERVED, rapier);
  addProbePage(project, 'r3fProbe.ts');
  viteBuild(project);
  site = await serve(join(project, 'dist'));
});

test.afterAll(() => {
  site?.server.close();
  for (const folder of [project, packFolder]) {
    if (folder !== '') rmSync(folder, { recursive: true, force: true });
  }
});

/**
 * The hooks are typed by the engine's body: each misuse a new user's strict tsc let through is an
 * error now (an unused @ts-expect-error would fail the check), and a cannon-es Body and a Rapier
 * RigidBody both pass.
 */
const HOOK_MISUSE = `import * as CANNON from 'cannon-es';
import type { RigidBody, World } from '@dimforge/rapier3d-compat';
import { useRef } from 'react';
import { Mesh } from 'three';
import type { InstancedMesh } from 'three';
import { useBody, useFixedStep, useInstances } from 'fixed-step/r3f';

export function Misuse(props: { body: CANNON.Body; rigid: RigidBody }): null {
  const mesh = useRef<Mesh>(null);
  const instances = useRef<InstancedMesh>(null);
  // @ts-expect-error a string is not a body
  useBody('not a body', mesh);
  // @ts-expect-error numbers are not bodies
  useInstances([1, 2, 3], instances);
  // @ts-expect-error 42 is not a body
  useFixedStep().bind(42, new Mesh());
  useBody(props.body, mesh);
  useBody(props.rigid, mesh);
  useInstances([props.body], instances);
  useFixedStep<CANNON.World, CANNON.Body>().bind(props.body, new Mesh());
  useFixedStep<World, RigidBody>().bind(props.rigid, new Mesh());
  return null;
}
`;

test('examples/r3f and the probe type-check against the tarball (and built in beforeAll); hook misuse does not', () => {
  const options = JSON.parse(readFileSync(join(project, 'tsconfig.json'), 'utf8')) as {
    compilerOptions: object;
  };
  writeFileSync(join(project, 'misuse.ts'), HOOK_MISUSE);
  typecheck(project, 'tsconfig.all.json', {
    compilerOptions: options.compilerOptions,
    files: ['main.tsx', 'probe.ts', 'misuse.ts'],
  });
});

test('examples/r3f, built from the tarball, draws each box at lerp/slerp of its snapshots at alpha', async ({
  page,
}) => {
  if (site === undefined) throw new Error('the project was not served');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(site.url);
  await page.waitForFunction(() => {
    const e = (window as unknown as { example?: { physics?: unknown; mesh?: unknown } }).example;
    return e?.physics !== undefined && e.mesh !== undefined;
  });
  const frame = await firstBlendingFrame(page, 60_000);
  expect(frame, 'a frame inside a step while the tower falls and turns').not.toBeNull();
  if (frame === null) throw new Error('unreachable');
  expect(blendGap(frame)).toBeLessThan(DRAWN_TOLERANCE);
  expect(errors).toEqual([]);
});

/** The probe page, loaded. */
async function probe(page: Page): Promise<void> {
  await openProbe(page, site?.url);
}

/** What the probe page hands a test (see r3fProbe.ts). */
interface Probe {
  mount(
    frameloop: 'always' | 'demand' | 'never',
    options?: { sleep?: boolean; push?: boolean },
  ): Promise<ProbeScene>;
  mountRapier(): Promise<RapierScene>;
  advance(seconds: number): void;
  invalidate(): void;
}

test("frameloop 'never': no step without advance; forces in useBeforeStep give the same trajectory at 30, 60 and 144 Hz frames", async ({
  page,
}) => {
  await probe(page);
  const result = await page.evaluate(async () => {
    const p = (window as unknown as { probe: Probe }).probe;
    const run = async (fps: number): Promise<{ idle: number; path: number[] }> => {
      const scene = await p.mount('never', { push: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const idle = scene.physics?.stats.frames ?? -1;
      for (let k = 1; scene.trajectory.length < 3 * 150; k++) p.advance(k / fps);
      scene.root.unmount();
      return { idle, path: scene.trajectory.slice(0, 3 * 150) };
    };
    return [await run(60), await run(30), await run(144)];
  });
  for (const run of result) expect(run.idle).toBe(0);
  expect(result[0].path).toHaveLength(450);
  expect(result[1].path).toEqual(result[0].path);
  expect(result[2].path).toEqual(result[0].path);
});

test('a mesh is drawn at lerp/slerp of its snapshots at alpha; a removed body is unbound; a moved one never streaks', async ({
  page,
}) => {
  await probe(page);
  const r = await page.evaluate(async () => {
    const p = (window as unknown as { probe: Probe }).probe;
    const s = await p.mount('never');
    const physics = s.physics;
    const mesh = s.spinnerMesh;
    if (physics === undefined || mesh === undefined) throw new Error('not mounted');
    const gaps: number[] = [];
    const moved: number[] = [];
    for (let k = 1; k <= 40; k++) {
      p.advance(k / 144);
      const i = physics.slot(s.spinner);
      const { previous, current } = physics.snapshots;
      const a = physics.lastFrame.alpha;
      const lerp = [0, 1, 2].map(
        (c) => previous.position[3 * i + c] * (1 - a) + current.position[3 * i + c] * a,
      );
      gaps.push(Math.hypot(...lerp.map((v, c) => v - mesh.position.getComponent(c))));
      moved.push(Math.abs(mesh.position.y - current.position[3 * i + 1]));
    }
    // Orientation: slerp of the two snapshot quaternions at alpha, by three.js.
    const i = physics.slot(s.spinner);
    const q = (b: Float64Array) =>
      mesh.quaternion.clone().fromArray(Array.from(b.subarray(4 * i, 4 * i + 4)));
    const want = q(physics.snapshots.previous.quaternion).slerp(
      q(physics.snapshots.current.quaternion),
      physics.lastFrame.alpha,
    );
    const turn = mesh.quaternion.angleTo(want);
    const turned = mesh.quaternion.angleTo(q(physics.snapshots.current.quaternion));
    // A removal, then a teleport with one step a frame.
    s.world.removeBody(s.boxes[1]);
    let t = 40 / 144;
    p.advance((t += 0.01));
    const hidden = Array.from(s.boxMesh?.instanceMatrix.array.subarray(16, 31) ?? []);
    const before = s.ballMesh?.position.x ?? 0;
    s.ball.position.x += 40;
    const xs: number[] = [];
    for (let k = 0; k < 5; k++) {
      p.advance((t += 0.01));
      xs.push(s.ballMesh?.position.x ?? 0);
    }
    const slots = [physics.slot(s.boxes[1]), physics.slot(s.boxes[2])];
    return { gaps, moved, turn, turned, hidden, before, xs, slots, alpha: physics.lastFrame.alpha };
  });
  expect(Math.max(...r.gaps)).toBeLessThan(1e-9);
  expect(Math.max(...r.moved)).toBeGreaterThan(1e-3); // drawn between, not at the last step
  expect(r.turn).toBeLessThan(1e-6);
  expect(r.turned).toBeGreaterThan(1e-4);
  expect(r.slots[0]).toBe(-1);
  expect(r.slots[1]).toBeGreaterThanOrEqual(0);
  expect(r.hidden).toEqual(new Array(15).fill(0));
  for (const x of r.xs) expect(x).toBeGreaterThan(r.before + 39);
});

test('sleeping bodies are not redrawn; frameloop demand rests when all sleep and wakes without a burst', async ({
  page,
}) => {
  await probe(page);
  const r = await page.evaluate(async () => {
    const p = (window as unknown as { probe: Probe }).probe;
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const s = await p.mount('demand', { sleep: true });
    const physics = s.physics;
    if (physics === undefined || s.boxMesh === undefined) throw new Error('not mounted');
    // Awake at first: frames run by themselves until every bound body sleeps.
    const from = performance.now();
    while (s.world.bodies.some((b) => b.mass > 0 && b.sleepState !== 2)) {
      if (performance.now() - from > 20_000) throw new Error('the scene never fell asleep');
      await wait(50);
    }
    await wait(300);
    const rest = { frames: physics.stats.frames, version: s.boxMesh.instanceMatrix.version };
    await wait(800);
    const still = { frames: physics.stats.frames, version: s.boxMesh.instanceMatrix.version };
    // Woken, and a frame asked for: it runs again from now, the 0.8 s of rest not simulated.
    const steps = physics.stats.steps;
    // (Hitches while the page loaded may have been clamped already: count from here.)
    const { clampedSeconds, droppedSeconds } = physics.stats;
    s.ball.wakeUp();
    s.ball.velocity.set(0, 4, 0);
    p.invalidate();
    await wait(300);
    return {
      rest,
      still,
      resumedFrames: physics.stats.frames - still.frames,
      steps: physics.stats.steps - steps,
      clamped: physics.stats.clampedSeconds - clampedSeconds,
      dropped: physics.stats.droppedSeconds - droppedSeconds,
    };
  });
  expect(r.still).toEqual(r.rest); // no frames, no matrix upload at rest
  expect(r.resumedFrames).toBeGreaterThan(3);
  expect(r.steps).toBeGreaterThan(3);
  expect(r.steps).toBeLessThan(45); // about 0.3 s of steps, not the rest's 0.8 s
  expect(r.clamped).toBe(0);
  expect(r.dropped).toBe(0);
});

test("frameloop 'always' steps by itself, keeping real time", async ({ page }) => {
  await probe(page);
  const r = await page.evaluate(async () => {
    const p = (window as unknown as { probe: Probe }).probe;
    const s = await p.mount('always');
    const stats = () => {
      const t = s.physics?.stats;
      return [t?.frames ?? 0, t?.steps ?? 0, (t?.droppedSeconds ?? 0) + (t?.clampedSeconds ?? 0)];
    };
    const t0 = performance.now();
    const [f0, n0, lost0] = stats();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const [f1, n1, lost1] = stats();
    const seconds = (performance.now() - t0) / 1000;
    return { frames: f1 - f0, simulated: (n1 - n0) / 100 + (lost1 - lost0), seconds };
  });
  expect(r.frames).toBeGreaterThan(3);
  // Steps at 100 Hz plus what the clamp and the step cap gave up on slow frames: real time,
  // give or take a frame at either end of the window.
  expect(Math.abs(r.simulated - r.seconds)).toBeLessThan(0.35);
});

test('a Rapier world under the provider: drawn between its snapshots, forces in useBeforeStep the same at 30, 60 and 144 Hz frames', async ({
  page,
}) => {
  await probe(page);
  const r = await page.evaluate(async () => {
    const p = (window as unknown as { probe: Probe }).probe;
    const run = async (fps: number) => {
      const s = await p.mountRapier();
      const physics = s.physics;
      const mesh = s.spinnerMesh;
      if (physics === undefined || mesh === undefined) throw new Error('not mounted');
      let gap = 0;
      let behind = 0;
      for (let k = 1; s.trajectory.length < 3 * 150; k++) {
        p.advance(k / fps);
        const i = physics.slot(s.spinner);
        const { previous, current } = physics.snapshots;
        const a = physics.lastFrame.alpha;
        const y = previous.position[3 * i + 1] * (1 - a) + current.position[3 * i + 1] * a;
        gap = Math.max(gap, Math.abs(mesh.position.y - y));
        behind = Math.max(behind, Math.abs(mesh.position.y - current.position[3 * i + 1]));
      }
      s.root.unmount();
      return { gap, behind, path: s.trajectory.slice(0, 3 * 150) };
    };
    return [await run(60), await run(30), await run(144)];
  });
  for (const run of r) expect(run.gap).toBeLessThan(1e-9);
  expect(r[2].behind).toBeGreaterThan(1e-3); // at 144 Hz frames, drawn between steps
  expect(r[0].path).toHaveLength(450);
  expect(r[1].path).toEqual(r[0].path);
  expect(r[2].path).toEqual(r[0].path);
});
