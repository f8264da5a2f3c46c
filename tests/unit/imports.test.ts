// The one-way pipeline at file level, over the source's own imports (type imports included): no
// module in src/ or bench/ reaches itself through its imports, every import in src/ goes from a
// folder to one the pipeline (eslint.config.js's PIPELINE) puts upstream of it, and the pipeline
// itself never leads back. The fixed-step package stands below it all: src/ reaches it by its
// entries' names alone, and it reaches src/ only from its drop-in entry, through the engine's face.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const IMPORT = /^(?:import|export)\s[^;]*?\sfrom\s+'(\.{1,2}\/[^']+)'/gms;
/** An import of the package by name: `fixed-step`, `fixed-step/loop`… */
const PACKAGE_IMPORT = /^(?:import|export)\s[^;]*?\sfrom\s+'(fixed-step(?:\/[^']+)?)'/gms;
const PACKAGE_SOURCE = 'packages/fixed-step/src';

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The file an import of the package by name reads in this repository: its entry's source. */
function entrySource(specifier: string): string {
  const entry = specifier === 'fixed-step' ? 'index' : specifier.slice('fixed-step/'.length);
  return join(PACKAGE_SOURCE, `${entry}.ts`);
}

/** File → the project files it imports (by path, or the package's entries by name). */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const match of text.matchAll(IMPORT)) {
      targets.push(`${normalize(join(dirname(file), match[1] ?? ''))}.ts`);
    }
    for (const match of text.matchAll(PACKAGE_IMPORT)) targets.push(entrySource(match[1] ?? ''));
    graph.set(file, targets);
  }
  return graph;
}

/** Imports, as `file → target`, from files of `graph` to files outside `folder`. */
function leaving(graph: ReadonlyMap<string, readonly string[]>, folder: string): string[] {
  return [...graph].flatMap(([file, targets]) =>
    targets.filter((t) => !t.startsWith(`${folder}${sep}`)).map((t) => `${file} → ${t}`),
  );
}

/** One cycle as a path that comes back to its first node, or null (depth-first, three colours). */
function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): string[] | null => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') return [...path.slice(path.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    path.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of graph.keys()) {
    if (state.has(file)) continue;
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

/** The folder of src/ a file is in (physics/world, say), or null for the root (src/main.ts). */
function folderOf(file: string): string | null {
  const parts = relative('src', file).split(sep);
  return parts.length > 1 ? parts.slice(0, -1).join('/') : null;
}

/** A folder of folders' face (src/physics/index.ts): what is used of it from outside. */
const isFace = (file: string): boolean =>
  file.endsWith(`${sep}index.ts`) && codeFolders().some((f) => f.startsWith(`${folderOf(file)}/`));

/** The folders of src/ that hold source files, as paths under src/ (physics/world, say). */
function codeFolders(folder = 'src'): string[] {
  const entries = readdirSync(folder, { withFileTypes: true });
  const under = entries
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => codeFolders(join(folder, entry.name)));
  // A face (index.ts in a folder of folders) is not code of that folder's own.
  const own = entries.some(
    (entry) =>
      entry.isFile() &&
      entry.name.endsWith('.ts') &&
      (under.length === 0 || entry.name !== 'index.ts'),
  );
  return own && folder !== 'src' ? [relative('src', folder).split(sep).join('/'), ...under] : under;
}

/**
 * The pipeline with each entry that names a parent folder (physics, in the folders outside it)
 * put as the folders under it.
 */
function expanded(pipeline: Readonly<Record<string, readonly string[]>>): Record<string, string[]> {
  const folders = Object.keys(pipeline);
  const named = (entry: string) =>
    folders.filter((folder) => folder === entry || folder.startsWith(`${entry}/`));
  return Object.fromEntries(
    Object.entries(pipeline).map(([folder, allowed]) => [folder, allowed.flatMap(named)]),
  );
}

/** Imports from a folder of src/ to another that the pipeline does not allow it, as text. */
function againstPipeline(
  graph: ReadonlyMap<string, readonly string[]>,
  pipeline: Readonly<Record<string, readonly string[]>>,
): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (from === null) continue;
    for (const target of targets) {
      if (target.startsWith(PACKAGE_SOURCE)) continue;
      const to = folderOf(target);
      if (to === null || to === from) continue;
      // A face imports the folders under it, and nothing else.
      if (isFace(file) && to.startsWith(`${from}/`)) continue;
      if (!(pipeline[from] ?? []).includes(to)) found.push(`${file} → ${target}`);
    }
  }
  return found;
}

let pipeline: Record<string, string[]> = {};

beforeAll(async () => {
  // The lint config is plain JavaScript: its table is read, and checked to be what it says.
  const config = (await import(new URL('../../eslint.config.js', import.meta.url).href)) as {
    PIPELINE?: unknown;
  };
  const table = config.PIPELINE;
  if (typeof table !== 'object' || table === null) throw new Error('eslint.config.js: no PIPELINE');
  pipeline = table as Record<string, string[]>;
});

describe('imports', () => {
  it('in src/ form no cycle', () => {
    const graph = importGraph(sourceFiles('src'));
    expect(graph.size).toBeGreaterThan(50);
    expect(findCycle(graph)).toBeNull();
  });

  it('in bench/ (and what it imports of src/) form no cycle', () => {
    const graph = importGraph([...sourceFiles('bench'), ...sourceFiles('src')]);
    expect(findCycle(graph)).toBeNull();
  });

  it('in src/ all run along the pipeline', () => {
    expect(Object.keys(pipeline).sort()).toEqual(codeFolders().sort());
    expect(againstPipeline(importGraph(sourceFiles('src')), expanded(pipeline))).toEqual([]);
  });

  it("the package imports nothing of src/ but the engine's face, from its drop-in entry", () => {
    const graph = importGraph(sourceFiles(PACKAGE_SOURCE));
    expect(graph.size).toBeGreaterThan(20);
    // Its value and its type export, both from the face.
    expect(new Set(leaving(graph, PACKAGE_SOURCE))).toEqual(
      new Set([`${join(PACKAGE_SOURCE, 'cannon.ts')} → ${join('src', 'physics', 'index.ts')}`]),
    );
  });

  it('src/ reaches the package by the names of its engine-neutral entries, never a file inside', () => {
    const graph = importGraph(sourceFiles('src'));
    const reached = new Set(
      [...graph.values()].flat().filter((target) => target.startsWith(PACKAGE_SOURCE)),
    );
    const entries = ['core', 'loop', 'interpolation', 'three'].map((e) =>
      join(PACKAGE_SOURCE, `${e}.ts`),
    );
    expect(reached.size).toBeGreaterThan(0);
    expect([...reached].filter((target) => !entries.includes(target))).toEqual([]);
    // Relative paths into the package would be files inside it: none, the names are the door.
    const relativeIn = [...graph].flatMap(([file]) =>
      [...readFileSync(file, 'utf8').matchAll(IMPORT)]
        .filter((m) => (m[1] ?? '').includes('packages/'))
        .map(() => file),
    );
    expect(relativeIn).toEqual([]);
  });

  it('src/ and the package together form no cycle', () => {
    const graph = importGraph([...sourceFiles('src'), ...sourceFiles(PACKAGE_SOURCE)]);
    expect(findCycle(graph)).toBeNull();
  });

  it("the names the app imports are the package's exports, each read from its entry's source", async () => {
    const manifest = JSON.parse(readFileSync('packages/fixed-step/package.json', 'utf8')) as {
      exports: Record<string, unknown>;
    };
    const names = Object.keys(manifest.exports)
      .filter((key) => key !== './package.json')
      .map((key) => (key === '.' ? 'fixed-step' : `fixed-step/${key.slice(2)}`));
    const tsconfig = readFileSync('tsconfig.json', 'utf8');
    const paths = Object.fromEntries(
      [...tsconfig.matchAll(/"(fixed-step[^"]*)": \["\.\/([^"]+)"\]/g)].map((m) => [m[1], m[2]]),
    );
    expect(Object.keys(paths).sort()).toEqual([...names].sort());
    for (const name of names) expect(paths[name]).toBe(entrySource(name));
    // Vite (the app's build and vitest) maps the same names to the same files.
    const { default: config } = (await import('../../vite.config')) as {
      default: { resolve: { alias: { find: RegExp | string; replacement: string }[] } };
    };
    for (const name of names) {
      const alias = config.resolve.alias.find(
        (a) => typeof a.find !== 'string' && a.find.test(name),
      );
      expect(relative('.', alias?.replacement ?? ''), name).toBe(entrySource(name));
    }
  });

  it('a folder with folders under it holds no source file of its own (physics/, say)', () => {
    const folders = codeFolders();
    const parents = folders.filter((folder) => folders.some((f) => f.startsWith(`${folder}/`)));
    expect(parents).toEqual([]);
  });

  it('the pipeline never leads back to a folder (it is a one-way order)', () => {
    expect(findCycle(new Map(Object.entries(expanded(pipeline))))).toBeNull();
  });

  it('the cycle finder finds a cycle of three', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ]);
    expect(findCycle(graph)).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
  });

  it('a stage importing a stage above it is found, and a parent folder names all under it', () => {
    const graph = new Map([
      ['src/physics/kernels/kernelMemory.ts', ['src/physics/solver/flatSolver.ts']],
      ['src/scenes/stack.ts', ['src/physics/world/physicsWorld.ts']],
    ]);
    const table = {
      'physics/kernels': [],
      'physics/world': ['physics/kernels'],
      scenes: ['physics'],
    };
    expect(againstPipeline(graph, expanded(table))).toEqual([
      'src/physics/kernels/kernelMemory.ts → src/physics/solver/flatSolver.ts',
    ]);
  });

  it('an import against the pipeline is found', () => {
    const graph = new Map([
      ['src/physicsHost/core/physicsCore.ts', ['src/app/stateHasher.ts', 'src/state/timeline.ts']],
    ]);
    expect(againstPipeline(graph, { 'physicsHost/core': ['state'], app: [], state: [] })).toEqual([
      'src/physicsHost/core/physicsCore.ts → src/app/stateHasher.ts',
    ]);
  });
});
