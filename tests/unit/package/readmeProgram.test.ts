// The package README's opening program is examples/minimal/main.ts, word for word; it type-checks
// against the package's sources, and its glue (the statements that touch fixed-step), counted on
// its syntax tree, stays within the ten statements and four imported names.

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { glueStatements, importedNames } from './glueCount';

const ROOT = resolve(import.meta.dirname, '../..', '..');
const EXAMPLE = join(ROOT, 'examples/minimal/main.ts');
const README = join(ROOT, 'packages/fixed-step/README.md');

/** The first ```ts block of the package README. */
function readmeProgram(): string {
  const block = /```ts\n([\s\S]*?)```/.exec(readFileSync(README, 'utf8'));
  if (!block?.[1]) throw new Error('packages/fixed-step/README.md has no ts code block.');
  return block[1];
}

/** Type errors of `code` as a module of the repository, `fixed-step` resolved to its sources. */
function typeErrors(code: string): string[] {
  const file = join(ROOT, 'examples/minimal/readme-program.ts');
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    baseUrl: ROOT,
    paths: { 'fixed-step': ['packages/fixed-step/src/index.ts'] },
  };
  const host = ts.createCompilerHost(options);
  const readSource = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === file ? ts.createSourceFile(name, code, language) : readSource(name, language, ...rest);
  const program = ts.createProgram([file], options, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('the package README’s program', () => {
  const program = readmeProgram();

  it('is examples/minimal/main.ts, word for word', () => {
    expect(program).toBe(readFileSync(EXAMPLE, 'utf8'));
  });

  it('type-checks against the package', () => {
    expect(typeErrors(program)).toEqual([]);
  });

  it('takes at most 10 statements of glue and 4 imported names', () => {
    const glue = glueStatements(program);
    expect(glue.length, glue.join('\n')).toBeLessThanOrEqual(10);
    expect(glue.length).toBe(7);
    const source = ts.createSourceFile('main.ts', program, ts.ScriptTarget.ES2022, true);
    expect(importedNames(source).all).toEqual(['CANNON', 'THREE', 'fixedStep']);
  });

  it('the same count gives the 0.1 README’s program 17 statements and 8 names', () => {
    const old = `import { installDropIn } from 'fixed-step/cannon';
import { BodySnapshots, DrawPoses, interpolatePoses } from 'fixed-step/interpolation';
import { createFrameReport, FixedStepLoop, FrameClock } from 'fixed-step/loop';
import { InstancedPoses } from 'fixed-step/three';
installDropIn(world);
const loop = new FixedStepLoop(1 / 100, { maxFrameSeconds: 0.25, maxStepsPerFrame: 10, timeScale: 1 });
const clock = new FrameClock();
const report = createFrameReport();
const snapshots = new BodySnapshots();
snapshots.captureFresh(world.bodies);
const poses = new DrawPoses();
const boxes = new InstancedPoses(mesh, boxBodies.map((b) => world.bodies.indexOf(b)));
const stepper = { step(dt: number) { world.step(dt); snapshots.capture(world.bodies, dt); } };
renderer.setAnimationLoop((nowMs) => {
  clock.tick(nowMs);
  loop.frame(clock.seconds, stepper, report);
  interpolatePoses(snapshots, report, 'interpolate', poses);
  boxes.write(poses);
  renderer.render(scene, camera);
});`;
    expect(glueStatements(old)).toHaveLength(17);
    const source = ts.createSourceFile('old.ts', old, ts.ScriptTarget.ES2022, true);
    expect(importedNames(source).all).toHaveLength(8);
  });
});
