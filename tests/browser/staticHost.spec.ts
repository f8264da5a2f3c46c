// The built site on a plain static host: files only, from a subfolder (a project page), with no
// cross-origin isolation headers. Physics must still run in the worker, on transferred buffers.

import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { expect, test } from '@playwright/test';
import { collectPageErrors, PHYSICS_VIEWPORT } from './helpers';
import { freePort } from './freePort';

const DIST = join(process.cwd(), 'dist');
const FOLDER = '/sandbox/';

/** The types a static host sends by file name; nothing else is sent but the length. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
};

/** Serves `dist/` under {@link FOLDER}: a folder's path gives its index.html, anything else 404. */
function staticHost(): Server {
  return createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
    if (!path.startsWith(FOLDER)) return void response.writeHead(404).end();
    const relative = path.slice(FOLDER.length) || 'index.html';
    const file = normalize(join(DIST, relative));
    if (!file.startsWith(DIST + sep)) return void response.writeHead(404).end();
    readFile(file).then(
      (body) => {
        const type = TYPES[extname(file)] ?? 'application/octet-stream';
        response.writeHead(200, { 'Content-Type': type, 'Content-Length': body.length });
        response.end(body);
      },
      () => response.writeHead(404).end(),
    );
  });
}

let server: Server;
let origin = '';

test.beforeAll(async () => {
  const port = await freePort();
  server = staticHost();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test.use({ viewport: PHYSICS_VIEWPORT });

test('from a static host with no isolation headers, in a subfolder: every file loads and physics runs in the worker on transferred buffers', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => failed.push(`failed ${request.url()}`));

  await page.goto(`${origin}${FOLDER}?scene=pile&count=50`);
  await expect(page.locator('body[data-ready=true]')).toHaveCount(1);
  const start = await page.evaluate(() => ({
    isolated: crossOriginIsolated,
    thread: window.sandbox.stats().thread,
    transport: window.sandbox.stats().transport,
  }));
  expect(start).toEqual({ isolated: false, thread: 'worker', transport: 'transfer' });

  // Real animation frames: the worker's published steps keep up with the steps asked for.
  const first = await page.evaluate(() => window.sandbox.state().step);
  await expect
    .poll(() => page.evaluate(() => window.sandbox.state().step), { timeout: 30_000 })
    .toBeGreaterThan(first + 20);
  expect(failed).toEqual([]);
  expect(errors).toEqual([]);
});

test('from the same static host, a tour link opens its chapter with its settings in force', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.goto(`${origin}${FOLDER}?tour=1`);
  await expect(page.locator('body[data-ready=true]')).toHaveCount(1);
  await expect(page.getByTestId('tour-card')).toBeVisible();
  expect(await page.evaluate(() => window.sandbox.tour.current())).toBe('fixed-per-frame');
  expect(await page.evaluate(() => window.sandbox.settings())).toMatchObject({
    strategy: 'fixed-per-frame',
    display: '30',
  });
  await expect(page.getByTestId('tour-measure')).toHaveAttribute('data-value', /^\d/);
  expect(errors).toEqual([]);
});
