// Finds the physics kernels from their sources alone: a kernel source is a file under src/physics
// that imports the `int` type; its entry points are the functions whose TSDoc says `@kernel`.
// Constants they import are read by importing the modules their import declarations name.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/** One parameter of a kernel entry point, as its source declares it. */
export interface KernelParam {
  name: string;
  /** `number`, `int`, `boolean`, `Float64Array`, `Int32Array` or `Uint8Array`. */
  type: string;
}

/** A kernel entry point: exported from the module, called from TypeScript through its binding. */
export interface KernelEntry {
  name: string;
  /** The source that declares it, relative to the repository root. */
  path: string;
  params: KernelParam[];
  /** `void`, `number`, `int` or `boolean`. */
  result: string;
}

/** Every kernel source and entry point, and the numbers the sources import. */
export interface KernelSources {
  sources: { path: string; text: string }[];
  entries: KernelEntry[];
  constants: Record<string, number>;
}

/** Where the kernels' `int` type is declared: a file importing it from here is a kernel source. */
const INT_MODULE = 'kernelTypes';

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The module specifiers of a source's import declarations (from its syntax tree). */
function importsOf(source: ts.SourceFile): string[] {
  return source.statements
    .filter(ts.isImportDeclaration)
    .map((statement) => (statement.moduleSpecifier as ts.StringLiteral).text);
}

function isKernelSource(source: ts.SourceFile): boolean {
  return importsOf(source).some((from) => from.split('/').pop() === INT_MODULE);
}

/** Whether a function's TSDoc carries the `@kernel` tag. */
function isEntry(fn: ts.FunctionDeclaration): boolean {
  const exported = fn.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) === true;
  return exported && ts.getJSDocTags(fn).some((tag) => tag.tagName.text === 'kernel');
}

function typeText(node: ts.TypeNode | undefined, source: ts.SourceFile): string {
  return node === undefined ? 'void' : node.getText(source);
}

/** A source the build writes before compiling (jobKinds.ts): its text and the numbers it exports. */
export interface WrittenSource {
  text: string;
  constants: Record<string, number>;
}

/**
 * The kernel sources under `physicsFolder` (absolute), their entry points and imported numbers;
 * files named `generated` (the calls the build writes) are not sources. `written`, by absolute
 * path: sources as the build is about to write them, read in place of the files.
 */
export async function readKernelSources(
  root: string,
  physicsFolder: string,
  generated: string,
  written: ReadonlyMap<string, WrittenSource> = new Map(),
): Promise<KernelSources> {
  const sources: KernelSources['sources'] = [];
  const entries: KernelEntry[] = [];
  const constants: Record<string, number> = {};
  for (const file of [...new Set([...filesUnder(physicsFolder), ...written.keys()])].sort()) {
    if (file.endsWith(`/${generated}`)) continue;
    const text = written.get(file)?.text ?? readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    if (!isKernelSource(source)) continue;
    const path = relative(root, file).split('\\').join('/');
    sources.push({ path, text });
    for (const statement of source.statements) {
      if (!ts.isFunctionDeclaration(statement) || !isEntry(statement)) continue;
      entries.push({
        name: statement.name?.text ?? '',
        path,
        params: statement.parameters.map((p) => ({
          name: p.name.getText(source),
          type: typeText(p.type, source),
        })),
        result: typeText(statement.type, source),
      });
    }
    for (const from of importsOf(source)) {
      if (!from.startsWith('.')) continue;
      const target = resolve(dirname(file), `${from}.ts`);
      const module: Record<string, unknown> =
        written.get(target)?.constants ?? (await import(pathToFileURL(target).href));
      for (const [name, value] of Object.entries(module)) {
        if (typeof value !== 'number') continue;
        if (name in constants && constants[name] !== value) {
          throw new Error(`${path}: ${name} is ${value} here and ${constants[name]} elsewhere`);
        }
        constants[name] = value;
      }
    }
  }
  return { sources, entries, constants };
}
