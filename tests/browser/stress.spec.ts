// The stress scenes at 1000 bodies in a real Chromium: physics costs far more than real time
// there, and the page must keep drawing frames, take at most a step or two per frame, and say
// "slow motion" with the number it measured.

import { expect, test } from '@playwright/test';
import { collectPageErrors, openSandbox } from './helpers';

interface Sample {
  ms: number;
  simTime: number;
  steps: number;
  physicsMs: number;
}

/** FRAME_PHYSICS_BUDGET_MS in src/loop/overloadGovernor.ts. */
const FRAME_BUDGET_MS = 33;

for (const scene of ['rain', 'tower', 'avalanche']) {
  test(`${scene} × 1000: frames keep coming and the HUD reports slow motion honestly`, async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    // No shadows: SwiftShader draws on the CPU, and the shadow pass doubles what it draws.
    await openSandbox(page, `?scene=${scene}&count=1000&shadows=0`);
    // Watch the app's own rAF drive for a few seconds, one sample per frame.
    const samples = await page.evaluate(async (windowMs) => {
      const out: Sample[] = [];
      const start = performance.now();
      await new Promise<void>((resolve) => {
        const tick = (ms: number): void => {
          const stats = window.sandbox.stats();
          out.push({
            ms,
            simTime: stats.simTime,
            steps: stats.stepsThisFrame,
            physicsMs: stats.physicsMsThisFrame,
          });
          if (ms - start < windowMs) requestAnimationFrame(tick);
          else resolve();
        };
        requestAnimationFrame(tick);
      });
      return out;
    }, 6000);
    expect(samples.length).toBeGreaterThanOrEqual(3);
    // Stock, a frame could take 25 steps of 100+ ms each. The governor stops a frame's steps
    // once they have cost its budget: one dear step, or cheap ones adding up to ~the budget.
    for (const sample of samples) {
      if (sample.steps > 1) expect(sample.physicsMs).toBeLessThan(2 * FRAME_BUDGET_MS);
    }

    const stats = await page.evaluate(() => window.sandbox.stats());
    expect(stats.bodies).toBe(1000);
    const hud = page.getByTestId('hud');
    await expect(hud.locator('[data-stat=physicsMsPerStep]')).toContainText('% of dt');
    if (stats.simOverReal < 0.9) {
      const banner = await hud.locator('.hud-banner').textContent();
      const shown = Number(/slow motion ×(\d+\.\d+)/.exec(banner ?? '')?.[1]);
      expect(shown).toBeGreaterThan(0);
      expect(shown).toBeLessThan(0.9);
      // The factor shown is simulated ÷ real time, as the test measures it across its window.
      const first = samples[0] as Sample;
      const last = samples[samples.length - 1] as Sample;
      const measured = (last.simTime - first.simTime) / ((last.ms - first.ms) / 1000);
      expect(Math.abs(shown - measured)).toBeLessThan(Math.max(0.05, measured));
    }
    expect(errors).toEqual([]);
  });
}
