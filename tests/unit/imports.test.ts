// The one-way pipeline at file level, over the source's own imports (type imports included): no
// module in src/ or bench/ reaches itself through its imports, every import in src/ goes from a
// folder to one the pipeline (eslint.config.js's PIPELINE) puts upstream of it, and the pipeline
// itself never leads back.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const IMPORT = /^(?:import|export)\s[^;]*?\sfrom\s+'(\.{1,2}\/[^']+)'/gms;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** File → the project files it imports. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      targets.push(`${normalize(join(dirname(file), match[1] ?? ''))}.ts`);
    }
    graph.set(file, targets);
  }
  return graph;
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

/** The folder of src/ a file is in, or null for the root (src/main.ts). */
function folderOf(file: string): string | null {
  const parts = relative('src', file).split(sep);
  return parts.length > 1 ? (parts[0] ?? null) : null;
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
      const to = folderOf(target);
      if (to === null || to === from) continue;
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
    const folders = readdirSync('src', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(Object.keys(pipeline).sort()).toEqual(folders.sort());
    expect(againstPipeline(importGraph(sourceFiles('src')), pipeline)).toEqual([]);
  });

  it('the pipeline never leads back to a folder (it is a one-way order)', () => {
    expect(findCycle(new Map(Object.entries(pipeline)))).toBeNull();
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

  it('an import against the pipeline is found', () => {
    const graph = new Map([
      ['src/core/physicsCore.ts', ['src/app/stateHasher.ts', 'src/state/timeline.ts']],
    ]);
    expect(againstPipeline(graph, { core: ['state'], app: [], state: [] })).toEqual([
      'src/core/physicsCore.ts → src/app/stateHasher.ts',
    ]);
  });
});
