// Small modules with one job: no production file over 450 lines, no function over 80 — outside
// the hand-written kernels (the physics kernels in src/physics/, the per-body interpolation loop)
// and the scene builders, whose length is one unrolled loop or one scene's layout.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MAX_FILE_LINES = 450;
const MAX_FUNCTION_LINES = 80;

/**
 * Kernels and builders the function limit leaves alone: every function in src/physics/ (contact
 * generators, the flat solver, hull data: hot loops unrolled by hand, see docs/design.md), the
 * per-body interpolation kernel, and each scene's `build`.
 */
function exempt(file: string, name: string): boolean {
  if (file.startsWith(join('src', 'physics'))) return true;
  if (file === join('src', 'interp', 'interpolate.ts') && name === 'blendPoses') return true;
  return file.startsWith(join('src', 'scenes')) && name === 'build';
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
      const name = node.name ? node.name.getText(source) : '(anonymous)';
      if (lines > limit) found.push({ name, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the shape of src/', () => {
  const files = sourceFiles('src');

  it(`no file is over ${MAX_FILE_LINES} lines`, () => {
    expect(files.length).toBeGreaterThan(50);
    const long = files
      .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter((entry) => entry.lines > MAX_FILE_LINES);
    expect(long).toEqual([]);
  });

  it(`no function is over ${MAX_FUNCTION_LINES} lines outside the kernels and scene builders`, () => {
    const long = files.flatMap((file) =>
      longFunctions(file, readFileSync(file, 'utf8'), MAX_FUNCTION_LINES)
        .filter((entry) => !exempt(file, entry.name))
        .map((entry) => `${file}: ${entry.name} (${entry.lines} lines)`),
    );
    expect(long).toEqual([]);
  });

  it('the measure finds a long method, arrow and function, and passes a short one', () => {
    const body = (n: number): string => '  x++;\n'.repeat(n);
    const text = [
      `class A {\n  long(): void {\n${body(80)}  }\n  short(): void {\n${body(77)}  }\n}`,
      `const arrow = () => {\n${body(79)}};`,
      `function plain() {\n${body(79)}}`,
    ].join('\n');
    expect(longFunctions('a.ts', text, MAX_FUNCTION_LINES)).toEqual([
      { name: 'long', lines: 82 },
      { name: '(anonymous)', lines: 81 },
      { name: 'plain', lines: 81 },
    ]);
  });
});
