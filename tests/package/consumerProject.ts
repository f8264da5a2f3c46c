// A package user's project, made from scratch in a temporary folder: the packed tarball
// installed with three and cannon-es, the package README's opening program as its main.ts,
// type-checked and built with the repository's own TypeScript and Vite, served on a local port.

import type { Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const PACKAGE_DIR = join(ROOT, 'packages/fixed-step');
const EXAMPLES = join(ROOT, 'examples');
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const VITE = join(ROOT, 'node_modules/vite/bin/vite.js');

/** Runs a command; on failure throws with everything it printed. */
export function run(command: string, args: readonly string[], cwd: string): string {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(
      `${command} ${args.join(' ')} (in ${cwd}) failed:\n${stdout ?? ''}${stderr ?? ''}`,
    );
  }
}

/**
 * npm, installing from the local cache where it can (the machine may reach no registry), dev
 * dependencies included: a vite build() run in the test process sets NODE_ENV=production, which
 * a child npm would take as --omit=dev (and leave @types/react-dom out).
 */
function npm(args: readonly string[], cwd: string): string {
  return run('npm', [...args, '--prefer-offline', '--no-audit', '--no-fund', '--include=dev'], cwd);
}

export interface Packed {
  tarball: string;
  /** Paths inside the tarball, relative to the package folder. */
  files: string[];
}

/** `npm pack` in packages/fixed-step (its prepack script builds it first). */
export function pack(into: string): Packed {
  const out = npm(['pack', '--json', '--pack-destination', into], PACKAGE_DIR);
  const [entry] = JSON.parse(out.slice(out.indexOf('['))) as {
    filename: string;
    files: { path: string }[];
  }[];
  return { tarball: join(into, entry.filename), files: entry.files.map((f) => f.path) };
}

export function temporaryFolder(name: string): string {
  return mkdtempSync(join(tmpdir(), `fixed-step-${name}-`));
}

/** The package README's opening program: its first ```ts block (examples/minimal/main.ts). */
export function readmeProgram(): string {
  const readme = readFileSync(join(PACKAGE_DIR, 'README.md'), 'utf8');
  const block = /```ts\n([\s\S]*?)```/.exec(readme);
  if (!block?.[1]) throw new Error('packages/fixed-step/README.md has no ts code block.');
  return block[1];
}

/**
 * What the test reads of the running program, appended to it: its world, front door, bodies
 * and meshes (the program itself is the README's, or the example's, as is).
 */
export const OBSERVED = `
Object.assign(window, {
  example: {
    world, physics, boxes, boxMesh, ball, ballMesh, report: physics.lastFrame,
    snapshots: physics.snapshots, mesh: boxMesh, boxIndices: boxes.map((b) => physics.slot(b)),
  },
});
`;

/**
 * A project holding an example of examples/ — `minimal` is the README's program — with its
 * index.html, tsconfig and dependencies (the package from the tarball) and three.js's types;
 * its build tools are the repository's. `observed` is appended to its main.ts; `extra`
 * dependencies are installed with the rest, in one npm install.
 */
export function exampleProject(
  tarball: string,
  name = 'minimal',
  observed = OBSERVED,
  extra: Record<string, string> = {},
): string {
  const dir = temporaryFolder(name);
  const from = join(EXAMPLES, name);
  for (const file of ['index.html', 'tsconfig.json']) {
    copyFileSync(join(from, file), join(dir, file));
  }
  // main.ts, or main.tsx for a React example.
  const main = existsSync(join(from, 'main.tsx')) ? 'main.tsx' : 'main.ts';
  const program = name === 'minimal' ? readmeProgram() : readFileSync(join(from, main), 'utf8');
  writeFileSync(join(dir, main), program + observed);
  const example = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const dependencies = { ...example.dependencies, ...extra, 'fixed-step': `file:${tarball}` };
  // Its type packages (three.js's, React's); its build tools are the repository's.
  const types = Object.fromEntries(
    Object.entries(example.devDependencies).filter(([name]) => name.startsWith('@types/')),
  );
  const manifest = {
    name: 'consumer',
    private: true,
    type: 'module',
    dependencies,
    devDependencies: types,
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  npm(['install'], dir);
  installed(dir, [...Object.keys(dependencies), ...Object.keys(types)]);
  return dir;
}

/** Throws unless npm installed each of `names` in `dir` (it can leave one out with no error). */
function installed(dir: string, names: readonly string[]): void {
  const missing = names.filter((name) => !existsSync(join(dir, 'node_modules', name)));
  if (missing.length > 0) throw new Error(`npm left ${missing.join(', ')} out of ${dir}`);
}

/**
 * A project with the tarball and `peers` (exact versions) alone: its other optional peers stay
 * out. With none, not even three.js.
 */
export function bareProject(tarball: string, peers: readonly string[] = []): string {
  const dir = temporaryFolder('bare');
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'bare', private: true, type: 'module' }),
  );
  npm(['install', tarball, ...peers], dir);
  installed(dir, ['fixed-step', ...peers.map((peer) => peer.slice(0, peer.lastIndexOf('@')))]);
  return dir;
}

/**
 * Adds a probe page to a project: `source` (a page in tests/package that imports the package's
 * sources) as probe.ts with those imports turned into the package's entries, a probe.html that
 * loads it, and a vite.config.js that builds it beside index.html.
 */
export function addProbePage(dir: string, source: string): void {
  const probe = readFileSync(join(import.meta.dirname, source), 'utf8')
    .replaceAll("'../../packages/fixed-step/src/index'", "'fixed-step'")
    .replaceAll("'../../packages/fixed-step/src/", "'fixed-step/");
  writeFileSync(join(dir, 'probe.ts'), probe);
  writeFileSync(
    join(dir, 'probe.html'),
    '<!doctype html><html><body><script type="module" src="./probe.ts"></script></body></html>',
  );
  writeFileSync(
    join(dir, 'vite.config.js'),
    "export default { build: { rolldownOptions: { input: ['index.html', 'probe.html'] } } };\n",
  );
}

/** Opens a served project's probe page; throws if it reported an error while loading. */
export async function openProbe(page: Page, siteUrl: string | undefined): Promise<void> {
  if (siteUrl === undefined) throw new Error('the project was not served');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${siteUrl}probe.html`);
  await page.waitForFunction(() => 'probe' in window);
  if (errors.length > 0) throw new Error(`the probe page failed: ${errors.join('; ')}`);
}

/** tsc -p on a tsconfig written into the project (throws with the errors). */
export function typecheck(dir: string, name: string, config: object): void {
  writeFileSync(join(dir, name), JSON.stringify(config, null, 2));
  run(process.execPath, [TSC, '-p', join(dir, name)], dir);
}

/** `vite build` of the project's index.html into its dist/. */
export function viteBuild(dir: string): void {
  run(process.execPath, [VITE, 'build', '--logLevel', 'warn'], dir);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

/** Serves `folder` on 127.0.0.1 at a port the system picks; resolves to the base URL. */
export async function serve(folder: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = normalize(
      join(folder, decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/')),
    );
    const file = path.endsWith('/') ? join(path, 'index.html') : path;
    try {
      if (!file.startsWith(folder)) throw new Error('outside');
      const body = readFileSync(file);
      response.writeHead(200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}/`, server };
}
