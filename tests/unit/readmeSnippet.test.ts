// The README's "Use it in your own app" snippet type-checks against the package's entries (the
// root entry `fixed-step`, resolved to packages/fixed-step/src), with three.js and cannon-es
// types for the objects it says the app already has.

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SECTION = '## Use it in your own app';

/** The first TypeScript block after the section's heading. */
function snippet(readme: string): string {
  const at = readme.indexOf(SECTION);
  if (at < 0) throw new Error(`README.md has no "${SECTION}" section.`);
  const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(at));
  if (!block?.[1]) throw new Error(`README.md's "${SECTION}" has no ts code block.`);
  return block[1];
}

/** What the snippet's prose says the app has: its world, renderer, scene, camera, bodies, meshes. */
const APP = `
import type * as CANNON from 'cannon-es';
import type * as THREE from 'three';
declare const world: CANNON.World;
declare const renderer: THREE.WebGLRenderer;
declare const scene: THREE.Scene;
declare const camera: THREE.Camera;
declare const boxes: CANNON.Body[];
declare const boxMesh: THREE.InstancedMesh;
declare const ball: CANNON.Body;
declare const ballMesh: THREE.Mesh;
declare const wind: CANNON.Vec3;
`;

/** Type errors in `code`, compiled as a module of the repository with the app's settings. */
function typeErrors(code: string): string[] {
  const file = join(ROOT, 'readme-snippet.ts');
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
    name === file
      ? ts.createSourceFile(name, APP + code, language)
      : readSource(name, language, ...rest);
  const program = ts.createProgram([file], options, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('the README snippet', () => {
  const code = snippet(readFileSync(join(ROOT, 'README.md'), 'utf8'));

  it('is the front door in under 10 lines past its import: bound by body, a force at the step', () => {
    const lines = code.split('\n').filter((line) => line.trim() && !line.startsWith('import '));
    expect(lines.length).toBeLessThanOrEqual(9);
    expect(code).toMatch(/import \{ fixedStep \} from 'fixed-step'/);
    expect(code).toMatch(/physics\.bindInstances\(boxes, boxMesh\)/);
    expect(code).toMatch(/on\('beforeStep'/);
    expect(code).toMatch(/physics\.frame\(nowMs\)/);
  });

  it('type-checks against the package entries', () => {
    expect(typeErrors(code)).toEqual([]);
  });

  it('would name a call the package does not have', () => {
    const errors = typeErrors(code.replace('bindInstances', 'bindAll'));
    expect(errors.join('\n')).toMatch(/bindAll/);
  });
});
