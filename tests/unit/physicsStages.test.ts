// The physics stages three ways — docs/design.md's table, eslint.config.js's PIPELINE and the
// folders of src/physics and tests/unit/physics — name the same stages in the same order, each
// importing the same folders, none above itself.

import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';

interface Row {
  stage: string;
  mayImport: string[];
}

/** The rows of design.md's "Physics stages" table, in order. */
function tableRows(markdown: string): Row[] {
  const section = markdown.split(/^## Physics stages$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => /^\| `[^`]+\/` /.test(line))
    .map((line) => {
      const cells = line.split('|').map((cell) => cell.trim());
      return {
        stage: (cells[1] ?? '').replace(/^`|\/`$/g, ''),
        mayImport: [...(cells[3] ?? '').matchAll(/`([^`]+)\/`/g)].map((m) => m[1] ?? ''),
      };
    });
}

const entries = (folder: string) => readdirSync(folder, { withFileTypes: true });
const folders = (folder: string) =>
  entries(folder)
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const files = (folder: string) =>
  entries(folder)
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

let rows: Row[] = [];
let pipeline: Record<string, string[]> = {};

beforeAll(async () => {
  rows = tableRows(readFileSync('docs/design.md', 'utf8'));
  const config = (await import(new URL('../../eslint.config.js', import.meta.url).href)) as {
    PIPELINE: Record<string, string[]>;
  };
  pipeline = config.PIPELINE;
});

describe('physics stages', () => {
  it('design.md has the table', () => {
    expect(rows.length).toBeGreaterThan(4);
  });

  it("the table's stages are the folders of src/physics, which holds no file but its face", () => {
    expect(rows.map((row) => row.stage).sort()).toEqual(folders('src/physics').sort());
    expect(files('src/physics')).toEqual(['index.ts']);
  });

  it("tests/unit/physics has the stages' folders and no file of its own", () => {
    const stages = rows.map((row) => row.stage);
    expect(folders('tests/unit/physics').filter((f) => !stages.includes(f))).toEqual([]);
    expect(files('tests/unit/physics')).toEqual([]);
  });

  it('no stage holds more than 12 files', () => {
    const crowded = rows.filter((row) => files(`src/physics/${row.stage}`).length > 12);
    expect(crowded.map((row) => row.stage)).toEqual([]);
  });

  it("each row's may-import column is the stage's lint rule, and PIPELINE has no other stage", () => {
    const stages = new Set(rows.map((row) => row.stage));
    const asRule = (name: string) => (stages.has(name) ? `physics/${name}` : name);
    for (const { stage, mayImport } of rows) {
      expect([stage, mayImport.map(asRule).sort()]).toEqual([
        stage,
        [...(pipeline[`physics/${stage}`] ?? [])].sort(),
      ]);
    }
    const ruled = Object.keys(pipeline).filter((folder) => folder.startsWith('physics/'));
    expect(ruled.sort()).toEqual([...stages].map((stage) => `physics/${stage}`).sort());
  });

  it('a stage imports only stages above it in the table (lower in the step)', () => {
    const stages = rows.map((row) => row.stage);
    const upward = rows.flatMap(({ stage, mayImport }, k) =>
      mayImport
        .filter((name) => stages.includes(name) && stages.indexOf(name) >= k)
        .map((name) => `${stage} → ${name}`),
    );
    expect(upward).toEqual([]);
  });

  it('the table reader reads a row', () => {
    const text = '## Physics stages\n\n| `a/` | job | `b/`, `util/` |\n\n## Next\n| `c/` | x | |';
    expect(tableRows(text)).toEqual([{ stage: 'a', mayImport: ['b', 'util'] }]);
  });
});
