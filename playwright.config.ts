// Playwright Test against the production build (`vite build` + `vite preview`) in a real,
// locally found Chromium (see tests/browser/findChromium.ts).
import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './tests/browser/findChromium';
import { previewPort } from './tests/browser/freePort';

// A server of this run's own, on a free port ($PREVIEW_PORT names one instead): never whatever
// already answers on a fixed port (another checkout's build).
const PORT = await previewPort();
const CHROMIUM = { executablePath: await findChromium(), args: CHROMIUM_ARGS };
/** The layout spec's second font set: other Latin families first for the page's generic names. */
const SECOND_FONTS = resolve('tests/browser/fonts/second-font-set.conf');

export default defineConfig({
  testDir: 'tests/browser',
  outputDir: 'test-results',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // Two cores: one browser at a time keeps SwiftShader frame times sane for every test.
  workers: 1,
  fullyParallel: false,
  reporter: [['list']],
  // On CI (.ci/run sets CI=1) a test.only left in by mistake fails the run instead of
  // silently skipping every other test.
  forbidOnly: !!process.env.CI,
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    viewport: { width: 1280, height: 760 },
    launchOptions: CHROMIUM,
  },
  projects: [
    { name: 'chromium' },
    // The layout holds with the reader's fonts, not this machine's: the layout spec again with
    // the text laid out by a second font set (.ci/run installs the families it names).
    {
      name: 'second-fonts',
      testMatch: /layout\.spec\.ts$/,
      use: {
        launchOptions: { ...CHROMIUM, env: { ...process.env, FONTCONFIG_FILE: SECOND_FONTS } },
      },
    },
  ],
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/`,
    // Never reused: a server already on the port is another build, and the run fails to start.
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
