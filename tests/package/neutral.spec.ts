// The engine-neutral entries as a user of another engine gets them: the packed tarball installed
// with three.js and no cannon-es, every entry but the root, cannon, rapier and r3f type-checked
// (every declaration) and built, with the README's adapter for a made-up engine, run in Chromium.

import { expect, test } from '@playwright/test';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import {
  bareProject,
  pack,
  PACKAGE_DIR,
  serve,
  temporaryFolder,
  typecheck,
  viteBuild,
} from './consumerProject';

test.describe.configure({ mode: 'serial' });

let packFolder = '';
let project = '';
let site: { url: string; server: Server } | undefined;

/** The README's adapter recipe for a made-up engine (its "Writing an adapter" code block). */
function readmeAdapter(): string {
  const readme = readFileSync(join(PACKAGE_DIR, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('### Writing an adapter for another engine'));
  const block = /```ts\n([\s\S]*?)```/.exec(section);
  if (!block?.[1]) throw new Error('the README has no adapter recipe');
  return block[1];
}

/** Every engine-neutral entry, each export kept (a bundler would drop unused ones). */
const ENTRIES = `import * as core from 'fixed-step/core';
import * as loop from 'fixed-step/loop';
import * as interpolation from 'fixed-step/interpolation';
import * as three from 'fixed-step/three';
export const entries = { core, loop, interpolation, three };
`;

/** A page of the made-up engine's balls in one InstancedMesh, drawn by the front door. */
const PAGE = `import * as THREE from 'three';
import { physicsOf } from './ballEngine';
import type { Ball, BallWorld } from './ballEngine';
import { entries } from './entries';

const world: BallWorld = { balls: new Set(), gravity: -9.81 };
const balls: Ball[] = [];
for (let i = 0; i < 20; i++) {
  const ball = { x: (i % 5) - 2, y: 3 + 0.7 * i, z: Math.floor(i / 5) - 2, vy: 0 };
  world.balls.add(ball);
  balls.push(ball);
}
const renderer = new THREE.WebGLRenderer();
renderer.setSize(480, 320);
document.body.append(renderer.domElement);
const scene = new THREE.Scene();
const camera = new THREE.PerspectiveCamera(50, 1.5, 0.1, 100);
camera.position.set(0, 6, 18);
const mesh = new THREE.InstancedMesh(new THREE.SphereGeometry(0.3), new THREE.MeshNormalMaterial(), 20);
scene.add(mesh);
const physics = physicsOf(world);
physics.bindInstances(balls, mesh);
renderer.setAnimationLoop((nowMs) => {
  physics.frame(nowMs);
  renderer.render(scene, camera);
});
Object.assign(window, { example: { physics, balls, mesh, entries } });
`;

test.beforeAll(() => {
  test.setTimeout(240_000);
  packFolder = temporaryFolder('pack');
  project = bareProject(pack(packFolder).tarball, ['three@0.187.0', '@types/three@0.187.0']);
  writeFileSync(join(project, 'ballEngine.ts'), readmeAdapter());
  writeFileSync(join(project, 'entries.ts'), ENTRIES);
  writeFileSync(join(project, 'main.ts'), PAGE);
  writeFileSync(
    join(project, 'index.html'),
    '<!doctype html><html><body><script type="module" src="./main.ts"></script></body></html>',
  );
});

test.afterAll(() => {
  site?.server.close();
  for (const folder of [project, packFolder]) {
    if (folder !== '') rmSync(folder, { recursive: true, force: true });
  }
});

test('with three.js and no cannon-es, every engine-neutral entry and the README adapter type-check, every declaration read', () => {
  expect(existsSync(join(project, 'node_modules/cannon-es'))).toBe(false);
  typecheck(project, 'tsconfig.json', {
    compilerOptions: {
      target: 'ES2022',
      module: 'ESNext',
      moduleResolution: 'Bundler',
      lib: ['ES2022', 'DOM'],
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      verbatimModuleSyntax: true,
      types: [],
    },
    files: ['main.ts', 'entries.ts', 'ballEngine.ts'],
  });
});

test('and build with Vite, no cannon-es code or import in the output', () => {
  viteBuild(project);
  const built = join(project, 'dist/assets');
  const code = readdirSync(built)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(built, file), 'utf8'));
  expect(code.length).toBeGreaterThan(0);
  // Neither an import of cannon-es nor any of its code (its broadphases, the drop-in's tables).
  expect(code.join('\n')).not.toMatch(
    /from\s*["']cannon-es["']|SAPBroadphase|ArrayCollisionMatrix/,
  );
});

test("the made-up engine's balls are drawn at lerp of their snapshots at alpha, in Chromium", async ({
  page,
}) => {
  site = await serve(join(project, 'dist'));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(site.url);
  await page.waitForFunction(() => 'example' in window);
  // Frames driven here, 7 ms apart, inside one task: instance i's y against its two snapshots.
  const seen = await page.evaluate(() => {
    type Pair = { position: Float64Array };
    const e = (window as unknown as { example: Record<string, unknown> }).example as {
      physics: {
        frame(ms: number): void;
        lastFrame: { alpha: number; steps: number };
        snapshots: { previous: Pair; current: Pair; count: number };
        slot(b: unknown): number;
      };
      balls: unknown[];
      mesh: { instanceMatrix: { array: Float32Array } };
      entries: Record<string, Record<string, unknown>>;
    };
    let t = performance.now() + 1000;
    let worst = 0;
    let blended = 0;
    for (let k = 0; k < 120; k++) {
      e.physics.frame((t += 7));
      const { previous, current } = e.physics.snapshots;
      const alpha = e.physics.lastFrame.alpha;
      for (let i = 0; i < e.balls.length; i++) {
        const slot = e.physics.slot(e.balls[i]);
        const from = previous.position[3 * slot + 1] ?? 0;
        const to = current.position[3 * slot + 1] ?? 0;
        const drawn = e.mesh.instanceMatrix.array[16 * i + 13] ?? 0;
        worst = Math.max(worst, Math.abs(drawn - (from + (to - from) * alpha)));
        if (alpha > 0.2 && Math.abs(to - from) > 0.01) blended++;
      }
    }
    const exported = Object.fromEntries(
      Object.entries(e.entries).map(([name, entry]) => [name, Object.keys(entry).length]),
    );
    return { worst, blended, exported };
  });
  expect(seen.worst).toBeLessThan(2e-5);
  expect(seen.blended).toBeGreaterThan(100);
  for (const count of Object.values(seen.exported)) expect(count).toBeGreaterThan(2);
  expect(errors).toEqual([]);
});
