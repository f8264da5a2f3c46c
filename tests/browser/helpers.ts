// Shared steps for the browser tests: open the built app, collect errors, compare rotations.

import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { SandboxApi } from '../../src/api/scriptingApi';

declare global {
  interface Window {
    sandbox: SandboxApi;
  }
}

/** Console errors and uncaught exceptions seen by the page, as text. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** Opens the app with a query string and waits until `window.sandbox` is ready. */
export async function openSandbox(page: Page, query: string): Promise<void> {
  await page.goto(`./${query}`);
  await expect(page.locator('body[data-ready=true]')).toHaveCount(1);
}

/** Angle in radians between two rotations given as quaternions (q and −q are the same). */
export function quatAngle(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  for (let k = 0; k < 4; k++) dot += (a[k] ?? 0) * (b[k] ?? 0);
  const sign = dot < 0 ? -1 : 1;
  let minus = 0;
  let plus = 0;
  for (let k = 0; k < 4; k++) {
    minus += ((a[k] ?? 0) - sign * (b[k] ?? 0)) ** 2;
    plus += ((a[k] ?? 0) + sign * (b[k] ?? 0)) ** 2;
  }
  return 4 * Math.atan2(Math.sqrt(minus), Math.sqrt(plus));
}
