// The stress scenes at 1000 bodies in a real Chromium: physics costs far more than real time
// there, and the page must keep drawing frames, stop each frame's physics at the governor's
// budget, and say "slow motion" with the factor it measured.

import { expect, test } from '@playwright/test';
import { collectPageErrors, openSandbox } from './helpers';

interface Sample {
  ms: number;
  simTime: number;
  steps: number;
  physicsMs: number;
  lastStepMs: number;
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
    // Watch the app's own rAF drive for a few seconds, one sample per frame; then read the HUD
    // as its last refresh left it, row and banner together.
    const { samples, hudRate, banner } = await page.evaluate(async (windowMs) => {
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
            lastStepMs: stats.physicsMsLastStep,
          });
          if (ms - start < windowMs) requestAnimationFrame(tick);
          else resolve();
        };
        requestAnimationFrame(tick);
      });
      const text = (selector: string): string =>
        document.querySelector(selector)?.textContent ?? '';
      return {
        samples: out,
        hudRate: Number.parseFloat(text('[data-stat=simOverReal]')),
        banner: text('.hud-banner'),
      };
    }, 6000);
    expect(samples.length).toBeGreaterThanOrEqual(3);
    // Stock, a frame could take 25 steps of 100+ ms each. The governor starts no step once a
    // frame's steps have cost its budget: all but the last step fit within it.
    for (const sample of samples) {
      if (sample.steps > 1) {
        expect(sample.physicsMs - sample.lastStepMs).toBeLessThan(FRAME_BUDGET_MS);
      }
    }
    const first = samples[0] as Sample;
    const last = samples[samples.length - 1] as Sample;
    expect(last.simTime).toBeGreaterThan(first.simTime);
    await expect(page.getByTestId('hud').locator('[data-stat=physicsMsPerStep]')).toContainText(
      '% of dt',
    );
    // The HUD's simulated ÷ real time is what the test measures across its window (the HUD
    // looks at the last second only, so allow for the scene getting dearer as it goes)...
    const measured = (last.simTime - first.simTime) / ((last.ms - first.ms) / 1000);
    expect(Math.abs(hudRate - measured)).toBeLessThan(Math.max(0.05, measured));
    // ...and below real time the banner says so, with the same number.
    if (hudRate < 0.97) expect(banner).toContain(`slow motion ×${hudRate.toFixed(2)}`);
    expect(errors).toEqual([]);
  });
}
