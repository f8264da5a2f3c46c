// The package's consumer test (npm run test:package): packs packages/fixed-step, installs the
// tarball into a fresh project, builds examples/minimal there and opens it in Chromium. It
// serves the built example itself (an ephemeral port), so it takes the browser suite's set-up
// without its preview server.
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({
  ...base,
  testDir: 'tests/package',
  // Packing, installing, type-checking and building come first, in the suite's beforeAll.
  timeout: 300_000,
  webServer: undefined,
  use: { ...base.use, baseURL: undefined, viewport: { width: 960, height: 600 } },
});
