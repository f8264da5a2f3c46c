// The package README's opening program is examples/minimal/main.ts, word for word; it type-checks
// against the package's sources, and its glue (the statements that touch fixed-step), counted on
// its syntax tree, stays within the ten statements and four imported names.

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..', '..');
const EXAMPLE = join(ROOT, 'examples/minimal/main.ts');
const README = join(ROOT, 'packages/fixed-step/README.md');

/** The first ```ts block of the package README. */
function readmeProgram(): string {
  const block = /```ts\n([\s\S]*?)```/.exec(readFileSync(README, 'utf8'));
  if (!block?.[1]) throw new Error('packages/fixed-step/README.md has no ts code block.');
  return block[1];
}

/** Names bound by the program's imports, and those from fixed-step's entries. */
function importedNames(source: ts.SourceFile): { all: string[]; glue: Set<string> } {
  const all: string[] = [];
  const glue = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || statement.importClause === undefined) continue;
    const from = (statement.moduleSpecifier as ts.StringLiteral).text;
    const clause = statement.importClause;
    const names: string[] = [];
    if (clause.name) names.push(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.push(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) names.push(element.name.text);
    }
    all.push(...names);
    if (from === 'fixed-step' || from.startsWith('fixed-step/')) names.forEach((n) => glue.add(n));
  }
  return { all, glue };
}

function mentions(node: ts.Node, names: ReadonlySet<string>): boolean {
  if (ts.isIdentifier(node) && names.has(node.text)) return true;
  return ts.forEachChild(node, (child) => mentions(child, names) || undefined) ?? false;
}

function isStatement(node: ts.Node): node is ts.Statement {
  return ts.isStatement(node) && !ts.isBlock(node);
}

/**
 * The glue: statements that mention fixed-step's imports or a variable made from them (the
 * front door), innermost only (an arrow's statements count, the call that hands it over does
 * not), imports included.
 */
function glueStatements(code: string): string[] {
  const source = ts.createSourceFile('main.ts', code, ts.ScriptTarget.ES2022, true);
  const names = new Set(importedNames(source).glue);
  source.forEachChild(function declare(node): void {
    if (ts.isVariableDeclaration(node) && node.initializer && mentions(node.initializer, names)) {
      if (ts.isIdentifier(node.name)) names.add(node.name.text);
    }
    node.forEachChild(declare);
  });
  const found: string[] = [];
  const visit = (node: ts.Node): boolean => {
    let inner = false;
    node.forEachChild((child) => {
      inner = visit(child) || inner;
    });
    if (!inner && isStatement(node) && mentions(node, names)) {
      found.push(node.getText(source).split('\n')[0] ?? '');
      return true;
    }
    return inner;
  };
  visit(source);
  return found;
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
