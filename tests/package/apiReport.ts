// The package's public API as one reviewable text: every entry's bundled declarations (and the
// chunks they share), printed without comments, so a change to the surface shows in a diff.
// `npm run api:accept` writes packages/fixed-step/etc/fixed-step.api.md from a fresh build.

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as prettier from 'prettier';
import ts from 'typescript';

const PACKAGE_DIR = resolve(import.meta.dirname, '../../packages/fixed-step');
/** The committed report, compared by the consumer test. */
export const API_REPORT = join(PACKAGE_DIR, 'etc/fixed-step.api.md');

/** One declaration file printed by TypeScript's printer, comments dropped, in a stable layout. */
function printed(file: string): string {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022);
  return ts.createPrinter({ removeComments: true }).printFile(source).trimEnd();
}

/**
 * The report of a built package: each `.d.ts` of `dist` and `dist/chunks`, by name, formatted
 * as the repository's Prettier formats markdown (so `prettier --check .` passes it as written).
 * @param dist - the package's dist folder (of a build or of an installed tarball).
 */
export async function apiReport(dist: string): Promise<string> {
  const files = [
    ...readdirSync(dist).filter((f) => f.endsWith('.d.ts')),
    ...readdirSync(join(dist, 'chunks'))
      .filter((f) => f.endsWith('.d.ts'))
      .map((f) => `chunks/${f}`),
  ].sort();
  const sections = files.map((f) => `## ${f}\n\n\`\`\`ts\n${printed(join(dist, f))}\n\`\`\`\n`);
  const text = [
    '# fixed-step: public API report',
    '',
    'Written by `npm run api:accept` from the bundled declarations; the consumer test',
    '(`npm run test:package`) fails when the packed package differs. Review changes here.',
    '',
    ...sections,
  ].join('\n');
  const options = (await prettier.resolveConfig(API_REPORT)) ?? {};
  return prettier.format(text, { ...options, filepath: API_REPORT });
}

if (process.argv.includes('--accept')) {
  execFileSync('npm', ['run', 'build'], { cwd: PACKAGE_DIR, stdio: 'inherit' });
  writeFileSync(API_REPORT, await apiReport(join(PACKAGE_DIR, 'dist')));
  console.log(`wrote ${API_REPORT}`);
}
