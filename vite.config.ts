// Vite config: dev server, production build (with a Content-Security-Policy that forbids inline
// script) and vitest (unit tests only; browser tests are Playwright's, see playwright.config.ts).
import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';

/**
 * The fixed-step package's public entries, read from its source: `fixed-step/loop` is
 * packages/fixed-step/src/loop.ts. Only the names its package.json exports (tsconfig.json's
 * `paths` says the same to TypeScript), so nothing in the app reaches a file inside the package.
 */
function packageEntries(): { find: RegExp; replacement: string }[] {
  const manifest = new URL('./packages/fixed-step/package.json', import.meta.url);
  const { name, exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    name: string;
    exports: Record<string, unknown>;
  };
  return Object.keys(exports)
    .filter((key) => key !== './package.json')
    .map((key) => {
      const entry = key === '.' ? 'index' : key.slice(2);
      return {
        find: new RegExp(`^${name}${key === '.' ? '' : `/${entry}`}$`),
        replacement: fileURLToPath(
          new URL(`./packages/fixed-step/src/${entry}.ts`, import.meta.url),
        ),
      };
    });
}

/**
 * Only the production build gets the policy: Vite's dev server injects its own client and styles
 * inline. The built app loads nothing but its own files, and lil-gui's styles come from its CSS
 * file (injectStyles: false), so 'self' suffices everywhere.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // The contact solver's kernels are WebAssembly compiled from the app's own bytes (src/physics/kernels/kernelMemory.ts).
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  // lil-gui's icon font is embedded in its stylesheet as a data: URL.
  "font-src 'self' data:",
  "connect-src 'self'",
  // The physics worker is a module from this origin (src/physicsHost/worker/physicsWorker.ts).
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
].join('; ');

function contentSecurityPolicy(): Plugin {
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: CONTENT_SECURITY_POLICY },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/**
 * Cross-origin isolation, so the page may share memory with its physics worker
 * (SharedArrayBuffer): the opener policy keeps other origins' windows out of this page's
 * process, and the embedder policy lets in only resources that agree to be embedded — every file
 * here is same-origin. A static host must send the same two headers; without them the app
 * falls back to transferring each step's buffer (see docs/threads.md, Transport).
 */
const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  base: './',
  plugins: [contentSecurityPolicy()],
  resolve: {
    // lil-gui's package exports hide its stylesheet; name the file so it can be bundled.
    alias: [
      {
        find: 'lil-gui.css',
        replacement: fileURLToPath(
          new URL('./node_modules/lil-gui/dist/lil-gui.css', import.meta.url),
        ),
      },
      ...packageEntries(),
    ],
  },
  build: { target: 'es2022', chunkSizeWarningLimit: 1500 },
  server: { headers: ISOLATION_HEADERS },
  // The dev server pre-bundles what the app's page imports; examples/minimal imports the package
  // by name, which only resolves in a project that installed it (tests/package does that).
  optimizeDeps: { entries: ['index.html'] },
  preview: { port: 4173, strictPort: true, headers: ISOLATION_HEADERS },
  // Module workers, so the physics worker shares chunks (cannon-es, the scenes) with the build.
  worker: { format: 'es' },
  test: {
    include: ['tests/unit/**/*.test.ts'],
    // Physics tests step real piles for a second or two; on a busy two-core machine that can
    // pass vitest's 5 s default without anything being wrong.
    testTimeout: 30_000,
    environment: 'node',
    // Every core: vitest keeps one back by default, which on a two-core machine runs the files
    // one after another. No unit test reads a wall clock, so sharing the machine changes nothing.
    maxWorkers: availableParallelism(),
  },
});
