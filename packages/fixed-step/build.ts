// Builds the package from the app's own src/ modules (no copies): one ES module per entry plus
// shared chunks (Vite's library mode), and declarations by tsc, rewritten so Node's resolution
// finds them too. `npm run build` here; `npm pack` runs it first.

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const HERE = dirname(fileURLToPath(import.meta.url));
const DIST = join(HERE, 'dist');
const TYPES = join(DIST, 'types');

/** The package's entries: `exports` in package.json names each as `./<name>` (index as `.`). */
export const ENTRIES = ['index', 'loop', 'interpolation', 'three', 'cannon'] as const;

async function buildModules(): Promise<void> {
  await build({
    configFile: false,
    root: HERE,
    logLevel: 'warn',
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
        external: [/^three($|\/)/, /^cannon-es$/],
        output: { chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
}

function buildDeclarations(): void {
  const tsc = resolve(HERE, '../../node_modules/typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', join(HERE, 'tsconfig.build.json')], {
    stdio: 'inherit',
  });
  for (const file of filesUnder(TYPES)) {
    if (file.endsWith('.d.ts')) writeFileSync(file, withExtensions(file));
  }
  const entries = join(TYPES, relative(resolve(HERE, '../..'), join(HERE, 'src')));
  for (const name of ENTRIES) {
    const target = relative(DIST, join(entries, `${name}.js`))
      .split('\\')
      .join('/');
    writeFileSync(join(DIST, `${name}.d.ts`), `export * from './${target}';\n`);
  }
}

/**
 * tsc keeps the extensionless relative imports of the sources ('./snapshots'), which bundlers
 * resolve but Node's ESM resolution (moduleResolution node16/nodenext) does not: each becomes
 * the `.js` path of the file or folder index it names.
 */
function withExtensions(file: string): string {
  const text = readFileSync(file, 'utf8');
  return text.replace(
    /((?:from|import)\s*\(?\s*')(\.{1,2}\/[^']*)(')/g,
    (_match, before: string, specifier: string, after: string) => {
      const base = resolve(dirname(file), specifier);
      if (existsSync(`${base}.d.ts`)) return `${before}${specifier}.js${after}`;
      if (existsSync(join(base, 'index.d.ts'))) return `${before}${specifier}/index.js${after}`;
      throw new Error(`${relative(HERE, file)}: cannot find the declarations of '${specifier}'.`);
    },
  );
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

rmSync(DIST, { recursive: true, force: true });
await buildModules();
buildDeclarations();
console.log(`fixed-step built into ${relative(process.cwd(), DIST) || '.'}`);
