// Soak: ten simulated minutes at 500 bodies through `sandbox.advance` in the built page, at 60,
// 144 and 30 Hz display rates in turn, a ball thrown into the scene every minute. Every minute:
// the step count is exact, every pose is finite, nothing was removed; the heap (typed arrays
// included) ends flat.

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { collectPageErrors, openSandbox } from '../browser/helpers';
import { heapUsage } from '../browser/memory';

const MINUTES = 10;
const BODIES = 500;
const PHYSICS_HZ = 100;
/** Display rates taken in turn, a minute each: frames of 1/60, 1/144 and 1/30 s. */
const DISPLAY_HZ = [60, 144, 30];

test.use({ viewport: { width: 480, height: 320 } });

test(`${MINUTES} simulated minutes at ${BODIES} bodies: exact steps, no NaN, flat heap`, async ({
  page,
}, testInfo) => {
  const errors = collectPageErrors(page);
  await openSandbox(page, '?scene=playground&count=1&shadows=0');
  await page.evaluate(async (count) => {
    // Stop the animation-frame drive first (advance does), so no frame runs after the load.
    await window.sandbox.advance([0]);
    await window.sandbox.load('playground', { count, seed: 7 });
  }, BODIES);
  const started = Date.now();
  let baselineHeap = 0;
  const log: string[] = [];
  for (let minute = 1; minute <= MINUTES; minute++) {
    const hz = DISPLAY_HZ[(minute - 1) % DISPLAY_HZ.length] ?? 60;
    const result = await page.evaluate(
      async ({ hz, minute }) => {
        const s = window.sandbox;
        // A heavy ball from the side into the middle of the scene, to wake whatever has settled.
        s.spawn({
          kind: 'sphere',
          scale: 0.6,
          position: [-18, 3, (minute % 5) - 2],
          velocity: [25, 2, 0],
          density: 3000,
        });
        // Six 10 s calls: one `advance` never blocks the page for too long.
        for (let k = 0; k < 6; k++) await s.advance(new Array<number>(10 * hz).fill(1 / hz));
        let finite = true;
        const state = s.state();
        for (let i = 0; i < state.bodies && finite; i++) {
          const pose = s.pose(i);
          finite = [...pose.current.p, ...pose.current.q, ...pose.rendered.p].every(
            Number.isFinite,
          );
        }
        const stats = s.stats();
        return { state, finite, removed: stats.removedBodies, awake: stats.awake };
      },
      { hz, minute },
    );
    expect(result.state.step, `minute ${minute}`).toBe(minute * 60 * PHYSICS_HZ);
    expect(result.state.simTime).toBeCloseTo(minute * 60, 6);
    expect(result.state.bodies).toBe(BODIES + minute);
    expect(result.finite, `minute ${minute}`).toBe(true);
    expect(result.removed).toBe(0);
    const heap = await heapBytes(page);
    // The first minute builds the contact pools, the snapshots and the JIT's code: the baseline.
    if (minute === 1) baselineHeap = heap;
    const line = `minute ${minute} (${hz} Hz frames): step ${result.state.step}, ${result.awake} awake, heap ${(heap / 1e6).toFixed(2)} MB, ${((Date.now() - started) / 1000).toFixed(0)} s`;
    log.push(line);
    console.log(line);
  }
  const finalHeap = await heapBytes(page);
  const growth = (finalHeap - baselineHeap) / baselineHeap;
  testInfo.annotations.push({ type: 'soak', description: log.join('\n') });
  console.log(`heap growth after minute 1: ${(100 * growth).toFixed(1)}%`);
  expect(growth).toBeLessThanOrEqual(0.1);
  expect(errors).toEqual([]);
});

/** The JS heap and the typed arrays' backing stores outside it, after a full GC (bytes). */
async function heapBytes(page: Page): Promise<number> {
  const { jsHeap, backingStores } = await heapUsage(page);
  return jsHeap + backingStores;
}
