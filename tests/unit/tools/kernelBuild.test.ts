// The kernels' build (tools/kernels): the committed module and generated calls are what the kernel
// sources give now, and each kernel is written once — declared in one source, called from the rest
// of src/ only through its generated call, its WebAssembly export named nowhere else.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generatedFiles, ROOT } from '../../../tools/kernels/buildKernels';
import { CALLS_FILE } from '../../../tools/kernels/kernelCalls';
import { readKernelSources } from '../../../tools/kernels/kernelSources';

const SRC = join(ROOT, 'src');

function sourcesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const kernels = await readKernelSources(ROOT, join(SRC, 'physics'), CALLS_FILE);
const names = new Set(kernels.entries.map((entry) => entry.name));
const files = sourcesUnder(SRC).map((path) => ({
  path: relative(ROOT, path),
  source: ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true),
}));
const generated = (path: string): boolean => path.endsWith(`/${CALLS_FILE}`);

/** Every node of a source, depth first. */
function nodesOf(node: ts.Node): ts.Node[] {
  const out: ts.Node[] = [node];
  node.forEachChild((child) => void out.push(...nodesOf(child)));
  return out;
}

describe('the kernels’ build', () => {
  it('finds the entry points and the sources that declare them', () => {
    expect([...names].sort()).toEqual([
      'applyStarts',
      'mergeTasks',
      'placeRows',
      'planTasks',
      'setUpRange',
      'storeImpulses',
      'sweepPairs',
      'sweepRows',
      'taskPairs',
    ]);
    expect(kernels.sources.length).toBeGreaterThanOrEqual(
      new Set(kernels.entries.map((e) => e.path)).size,
    );
  });

  it('the committed module and calls are what the sources give (else: npm run build:kernel)', async () => {
    for (const [path, text] of await generatedFiles()) {
      const committed = readFileSync(path, 'utf8');
      expect(committed, `${relative(ROOT, path)} is stale: run npm run build:kernel`).toBe(text);
    }
  }, 60_000);

  it('declares each kernel once, in one source', () => {
    for (const name of names) {
      const declared = files.filter(
        ({ path, source }) =>
          !generated(path) &&
          source.statements.some((s) => ts.isFunctionDeclaration(s) && s.name?.text === name),
      );
      expect(
        declared.map((f) => f.path),
        name,
      ).toHaveLength(1);
    }
  });

  it('names a kernel’s WebAssembly export only in the generated calls', () => {
    const calls = files.flatMap(({ path, source }) =>
      nodesOf(source)
        .filter(
          (node): node is ts.PropertyAccessExpression =>
            ts.isPropertyAccessExpression(node) &&
            names.has(node.name.text) &&
            node.expression.kind !== ts.SyntaxKind.ThisKeyword,
        )
        .map(() => path),
    );
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((path) => !generated(path))).toEqual([]);
  });

  it('lets the rest of src/ call a kernel only through its generated call', () => {
    const sources = new Set(kernels.sources.map((s) => s.path));
    const direct = files.flatMap(({ path, source }) => {
      if (generated(path) || sources.has(path)) return [];
      return source.statements.flatMap((statement) => {
        if (!ts.isImportDeclaration(statement)) return [];
        const from = (statement.moduleSpecifier as ts.StringLiteral).text;
        const bindings = statement.importClause?.namedBindings;
        if (from.endsWith(CALLS_FILE.replace(/\.ts$/, '')) || bindings === undefined) return [];
        if (!ts.isNamedImports(bindings)) return [];
        return bindings.elements
          .filter((element) => names.has((element.propertyName ?? element.name).text))
          .map((element) => `${path} imports ${element.name.text} from ${from}`);
      });
    });
    expect(direct).toEqual([]);
  });
});
