// The package's consumer test (npm run test:package): packs packages/fixed-step, installs the
// tarball into a fresh project, builds examples/minimal there and opens it in Chromium. It
// serves the built example itself (an ephemeral port), so it needs no preview server.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './tests/browser/findChromium';

export default defineConfig({
  testDir: 'tests/package',
  outputDir: 'test-results',
  // Packing, installing, type-checking and building come first, in the suite's beforeAll.
  timeout: 300_000,
  expect: { timeout: 15_000 },
  workers: 1,
  fullyParallel: false,
  reporter: [['list']],
  forbidOnly: !!process.env.CI,
  use: {
    viewport: { width: 960, height: 600 },
    launchOptions: { executablePath: await findChromium(), args: CHROMIUM_ARGS },
  },
});
