// The soak test (npm run test:soak): the browser suite's setup, its own folder and a long timeout.
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({
  ...base,
  testDir: 'tests/soak',
  // Ten simulated minutes at 500 bodies take a few real minutes on two cores; give it room.
  timeout: 30 * 60_000,
  // It is slow by design; the reporter need not say so.
  reportSlowTests: null,
});
