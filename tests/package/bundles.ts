// A consumer project's bundles, built in the test process with Vite: which modules of a package
// made it into an app's chunks (tree-shaking), the package's own bytes after gzip (size), and
// the imports of a built file.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import type { Rolldown } from 'vite';

/**
 * Bundles `code` as an app's entry in project `dir`; the output chunks, unwritten.
 * `minified`: as an app ships it, three.js, cannon-es, React and R3F left out (the package's
 * own bytes).
 */
export async function bundle(
  dir: string,
  name: string,
  code: string,
  minified = false,
): Promise<Rolldown.OutputChunk[]> {
  const entry = join(dir, name);
  writeFileSync(entry, code);
  const peers = [/^three($|\/)/, /^cannon-es$/, /^react($|\/)/, /^@react-three\/fiber$/];
  const external = minified ? peers : [];
  const output = await build({
    configFile: false,
    root: dir,
    logLevel: 'silent',
    build: { write: false, minify: minified, rolldownOptions: { input: entry, external } },
  });
  const outputs = Array.isArray(output) ? output : [output];
  return outputs.flatMap((o) => ('output' in o ? o.output : [])).filter((c) => c.type === 'chunk');
}

/** Ids of the modules under node_modules/<name> whose code made it into the chunks. */
export function kept(chunks: readonly Rolldown.OutputChunk[], name: string): string[] {
  return chunks.flatMap((chunk) =>
    Object.entries(chunk.modules)
      .filter(([id, info]) => id.includes(`/node_modules/${name}/`) && info.renderedLength > 0)
      .map(([id]) => id),
  );
}

/** Bytes after gzip of the minified bundle of `code` in project `dir`, the package's own code. */
export async function gzipped(dir: string, name: string, code: string): Promise<number> {
  const chunks = await bundle(dir, name, code, true);
  return gzipSync(chunks.map((c) => c.code).join('\n'), { level: 9 }).length;
}

/** Relative and bare import specifiers of an ES module file. */
export function importsOf(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  return [
    ...code.matchAll(
      /^(?:import|export)\b[^'"]*?from\s*["']([^"']+)["']|^import\s*["']([^"']+)["']/gm,
    ),
  ].map((m) => m[1] ?? m[2] ?? '');
}
