// Builds the package from its own sources (and, for the drop-in, the sandbox's engine through its
// face, src/physics/index.ts): one ES module per entry plus shared chunks (Vite's library mode),
// and one bundled .d.ts per entry (tsc, then rollup-plugin-dts). `npm pack` runs it first.

import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';
import dts from 'rollup-plugin-dts';
import { build } from 'vite';

const HERE = dirname(fileURLToPath(import.meta.url));
const DIST = join(HERE, 'dist');
const TYPES = join(DIST, 'types');

/** The package's entries: `exports` in package.json names each as `./<name>` (index as `.`). */
export const ENTRIES = [
  'index',
  'core',
  'loop',
  'interpolation',
  'three',
  'cannon',
  'rapier',
  'r3f',
] as const;

/** Peers the entries import, left to the app: three.js, cannon-es, Rapier, React, R3F. */
const PEERS = [
  /^three($|\/)/,
  /^cannon-es$/,
  /^@dimforge\/rapier3d-compat$/,
  /^react($|\/)/,
  /^@react-three\/fiber$/,
];

/** `fixed-step/<entry>` → src/<entry>.ts, for the engine's imports of the package by name. */
function selfReferences(): { find: RegExp; replacement: string }[] {
  return ENTRIES.map((name) => ({
    find: new RegExp(`^fixed-step${name === 'index' ? '' : `/${name}`}$`),
    replacement: join(HERE, 'src', `${name}.ts`),
  }));
}

async function buildModules(): Promise<void> {
  await build({
    configFile: false,
    root: HERE,
    logLevel: 'warn',
    // The engine imports the pose layout by the package's own name, as the app does.
    resolve: { alias: selfReferences() },
    build: {
      outDir: DIST,
      emptyOutDir: true,
      target: 'es2022',
      // Readable output: a bundler downstream minifies, and a stack trace names real functions.
      minify: false,
      lib: {
        entry: Object.fromEntries(ENTRIES.map((name) => [name, join(HERE, 'src', `${name}.ts`)])),
        formats: ['es'],
      },
      rolldownOptions: {
        external: PEERS,
        output: { chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
}

/**
 * Declarations: tsc emits one .d.ts per source file into dist/types, then rollup-plugin-dts
 * bundles them into one .d.ts per entry beside its .js (declarations two entries share in
 * dist/chunks, so a class from `fixed-step` and from `fixed-step/loop` is one type). Only what
 * the entries export is kept: no sandbox or physics internals, go-to-definition lands in dist/.
 */
async function buildDeclarations(): Promise<void> {
  const tsc = resolve(HERE, '../../node_modules/typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', join(HERE, 'tsconfig.build.json')], {
    stdio: 'inherit',
  });
  const emitted = join(TYPES, relative(resolve(HERE, '../..'), join(HERE, 'src')));
  const bundle = await rollup({
    input: Object.fromEntries(ENTRIES.map((name) => [name, join(emitted, `${name}.d.ts`)])),
    external: PEERS,
    plugins: [dts({ respectExternal: false })],
    onwarn(warning) {
      throw new Error(`rollup-plugin-dts: ${warning.message}`);
    },
  });
  await bundle.write({
    dir: DIST,
    format: 'es',
    entryFileNames: '[name].d.ts',
    // A chunk is named after its first module, `interpolate.d` for interpolate.d.ts: drop the `.d`.
    chunkFileNames: (chunk) => `chunks/${chunk.name.replace(/\.d$/, '')}.d.ts`,
  });
  await bundle.close();
  rmSync(TYPES, { recursive: true, force: true });
}

rmSync(DIST, { recursive: true, force: true });
await buildModules();
await buildDeclarations();
console.log(`fixed-step built into ${relative(process.cwd(), DIST) || '.'}`);
