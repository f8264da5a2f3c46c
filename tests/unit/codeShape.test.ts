// Small modules with one job: no hand-written file over 450 lines, no function over 80 — outside
// the kernels (the physics kernel sources, the per-body interpolation loop), the hot loops in
// physics named below, and the scene builders, whose length is one unrolled loop or one scene's
// layout — and in
// physics, outside the kernels' flat form, no more positional arguments than cannon-es's 13.
// No class or interface in src/ over 45 members; each of the physics host's roles 15 at most.

import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CALLS_FILE } from '../../tools/kernels/kernelCalls';
import { readKernelSources } from '../../tools/kernels/kernelSources';

const MAX_FILE_LINES = 450;
const MAX_FUNCTION_LINES = 80;
/** cannon-es's own narrowphase handlers take 13: no more outside the kernels' flat form. */
const MAX_POSITIONAL = 13;
const MAX_MEMBERS = 45;
const MAX_ROLE_MEMBERS = 15;
const HOST_FILE = join('src', 'physicsHost', 'host', 'physicsHost.ts');

/**
 * The hand-written hot loops of src/physics/ outside the kernel sources that stay whole, by file
 * and name: a contact generator's clipping or feature search, a hull's set-up, the flat solver's
 * sweep — each one pass over flat arrays, unrolled by hand (docs/design.md).
 */
const WHOLE_IN_PHYSICS = [
  'src/physics/bodies/hullData.ts: HullData.constructor',
  'src/physics/contacts/boxBoxContacts.ts: clipFaces',
  'src/physics/contacts/boxEdgeContact.ts: edgeContact',
  'src/physics/contacts/hullContacts.ts: collideHulls',
  'src/physics/contacts/hullFeatures.ts: faceContact',
  'src/physics/contacts/primitiveContacts.ts: collideSphereHull',
  'src/physics/solver/flatSolver.ts: FlatGSSolver.solve',
].map((entry) => entry.replaceAll('/', sep));

/**
 * Kernels and builders the function limit leaves alone: the physics kernel sources (compiled to
 * WebAssembly too), the hot loops named in WHOLE_IN_PHYSICS, the per-body interpolation kernel,
 * and each scene's `build`.
 */
function exempt(file: string, name: string, kernelSources: ReadonlySet<string>): boolean {
  if (kernelSources.has(file) || WHOLE_IN_PHYSICS.includes(`${file}: ${name}`)) return true;
  const kernel = join('packages', 'fixed-step', 'src', 'interp', 'interpolate.ts');
  if (file === kernel && name === 'blendPoses') return true;
  return file.startsWith(join('src', 'scenes')) && name === 'build';
}

/** The physics kernel sources (tools/kernels), as paths of this platform. */
async function kernelSourceFiles(): Promise<Set<string>> {
  const kernels = await readKernelSources('.', 'src/physics', CALLS_FILE);
  return new Set(kernels.sources.map((s) => join(...s.path.split('/'))));
}

/** A function's name as the limit names it: a method's or constructor's with its class's. */
function functionName(node: ts.SignatureDeclaration, source: ts.SourceFile): string {
  const own = ts.isConstructorDeclaration(node)
    ? 'constructor'
    : node.name
      ? node.name.getText(source)
      : '(anonymous)';
  const parent = node.parent;
  return ts.isClassLike(parent) && parent.name ? `${parent.name.text}.${own}` : own;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every function, method, accessor and arrow in `text` longer than `limit` lines. */
function longFunctions(
  file: string,
  text: string,
  limit: number,
): { name: string; lines: number }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const found: { name: string; lines: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > limit) found.push({ name: functionName(node, source), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Every function, method and arrow in `text` declared with more than `limit` parameters, and every
 * call passing more than `limit` arguments (a `this`, declared or a `.call`'s, is not one).
 */
function longSignatures(file: string, text: string, limit: number): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    if (ts.isFunctionLike(node)) {
      const params = node.parameters.filter((p) => p.name.getText(source) !== 'this').length;
      if (params > limit) found.push(`${file}:${line} takes ${params}`);
    }
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const callee = node.expression.getText(source);
      const count = (node.arguments?.length ?? 0) - (callee.endsWith('.call') ? 1 : 0);
      if (count > limit) found.push(`${file}:${line} ${callee} passes ${count}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Every class and interface in `text` with its members by name: fields, methods, accessors (a get
 * and set pair is one member) and constructor parameter properties; not the constructor itself.
 */
function memberCounts(file: string, text: string): Map<string, number> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const counts = new Map<string, number>();
  const visit = (node: ts.Node): void => {
    if ((ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node)) && node.name) {
      const names = new Set<string>();
      for (const member of node.members) {
        if (ts.isConstructorDeclaration(member)) {
          for (const param of member.parameters)
            if (ts.getModifiers(param)?.length) names.add(param.name.getText(source));
        } else if (member.name) names.add(member.name.getText(source));
      }
      counts.set(node.name.text, names.size);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return counts;
}

/** The physics host's roles: the properties of PhysicsHost typed by an interface of its file. */
function hostRoles(text: string): string[] {
  const source = ts.createSourceFile(HOST_FILE, text, ts.ScriptTarget.ES2022, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const host = interfaces.get('PhysicsHost');
  if (!host) throw new Error(`${HOST_FILE} declares no PhysicsHost`);
  return host.members.flatMap((member) => {
    const type = ts.isPropertySignature(member) ? member.type?.getText(source) : undefined;
    return type && interfaces.has(type) ? [type] : [];
  });
}

/** Files a build writes: their own header says so. */
const written = (text: string): boolean => text.startsWith('// Generated by `npm run');

describe('the shape of src/ and the package', () => {
  const files = [...sourceFiles('src'), ...sourceFiles(join('packages', 'fixed-step', 'src'))];

  it(`no file is over ${MAX_FILE_LINES} lines but those a build writes`, () => {
    expect(files.length).toBeGreaterThan(50);
    const long = files
      .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
      .filter(({ text }) => !written(text))
      .map(({ file, text }) => ({ file, lines: text.split('\n').length }))
      .filter((entry) => entry.lines > MAX_FILE_LINES);
    expect(long).toEqual([]);
  });

  it(`no function is over ${MAX_FUNCTION_LINES} lines outside the kernels, scene builders and files a build writes`, async () => {
    const kernelSources = await kernelSourceFiles();
    const long = files
      .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
      .filter(({ text }) => !written(text))
      .flatMap(({ file, text }) =>
        longFunctions(file, text, MAX_FUNCTION_LINES)
          .filter((entry) => !exempt(file, entry.name, kernelSources))
          .map((entry) => `${file}: ${entry.name} (${entry.lines} lines)`),
      );
    expect(long).toEqual([]);
  });

  it(`each hot loop kept whole is still there and over ${MAX_FUNCTION_LINES} lines`, () => {
    const long = new Set(
      files.flatMap((file) =>
        longFunctions(file, readFileSync(file, 'utf8'), MAX_FUNCTION_LINES).map(
          (entry) => `${file}: ${entry.name}`,
        ),
      ),
    );
    expect(WHOLE_IN_PHYSICS.filter((entry) => !long.has(entry))).toEqual([]);
  });

  it(`no call or function in src/physics outside the kernels passes or takes over ${MAX_POSITIONAL} arguments`, async () => {
    const kernelSources = await kernelSourceFiles();
    expect(kernelSources.size).toBeGreaterThan(5);
    const long = files
      .filter((file) => file.startsWith(join('src', 'physics')) && !kernelSources.has(file))
      .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
      .filter(({ text }) => !written(text))
      .flatMap(({ file, text }) => longSignatures(file, text, MAX_POSITIONAL));
    expect(long).toEqual([]);
  });

  it(`no class or interface in src/ has over ${MAX_MEMBERS} members`, () => {
    const wide = files
      .filter((file) => file.startsWith('src'))
      .flatMap((file) =>
        [...memberCounts(file, readFileSync(file, 'utf8'))].map(([name, count]) => ({
          name: `${file}: ${name}`,
          count,
        })),
      )
      .filter((entry) => entry.count > MAX_MEMBERS);
    expect(wide).toEqual([]);
  });

  it(`the physics host and each of its roles have at most ${MAX_ROLE_MEMBERS} members`, () => {
    const text = readFileSync(HOST_FILE, 'utf8');
    const counts = memberCounts(HOST_FILE, text);
    const roles = hostRoles(text);
    expect(roles.length).toBeGreaterThanOrEqual(4);
    const wide = ['PhysicsHost', ...roles]
      .map((name) => ({ name, count: counts.get(name) ?? 0 }))
      .filter((entry) => entry.count > MAX_ROLE_MEMBERS || entry.count === 0);
    expect(wide).toEqual([]);
  });

  it('the member count takes a get and set pair as one, and parameter properties', () => {
    const text = [
      'class A {',
      '  a = 1;',
      '  private b(): void {}',
      '  get c(): number { return 0; }',
      '  set c(v: number) {}',
      '  constructor(private readonly d: number, e: number) {}',
      '}',
      'interface B { f: number; g(): void; readonly h: string }',
    ].join('\n');
    expect([...memberCounts('a.ts', text)]).toEqual([
      ['A', 4],
      ['B', 3],
    ]);
  });

  it('the argument count finds a long function, arrow and call, and leaves a .call its this', () => {
    const names = (n: number): string => Array.from({ length: n }, (_, k) => `a${k}`).join(', ');
    const text = [
      `function wide(${names(14)}) {}`,
      `const arrow = (${names(14)}) => 0;`,
      `wide(${names(14)});`,
      `wide.call(this, ${names(13)});`,
      `type Handler = (this: A, ${names(13)}) => void;`,
      `function fits(${names(13)}) {}`,
    ].join('\n');
    expect(longSignatures('a.ts', text, MAX_POSITIONAL)).toEqual([
      'a.ts:1 takes 14',
      'a.ts:2 takes 14',
      'a.ts:3 wide passes 14',
    ]);
  });

  it('the measure finds a long method, arrow and function, and passes a short one', () => {
    const body = (n: number): string => '  x++;\n'.repeat(n);
    const text = [
      `class A {\n  long(): void {\n${body(80)}  }\n  short(): void {\n${body(77)}  }\n}`,
      `const arrow = () => {\n${body(79)}};`,
      `function plain() {\n${body(79)}}`,
    ].join('\n');
    expect(longFunctions('a.ts', text, MAX_FUNCTION_LINES)).toEqual([
      { name: 'A.long', lines: 82 },
      { name: '(anonymous)', lines: 81 },
      { name: 'plain', lines: 81 },
    ]);
  });
});
