// The step-parts clock (tests/support/stepParts.ts; the bench prints it) times the parts it
// names: each ran inside the window, each nested part within its parent, all within the step.

import { describe, expect, it } from 'vitest';
import { benchStepParts } from '../../../support/stepParts';
import type { StepParts } from '../../../support/stepParts';

function expectNested({ stepMs, partMs: p }: StepParts): void {
  for (const [part, ms] of Object.entries(p)) {
    expect(ms, `${part} was clocked`).toBeGreaterThan(0);
  }
  expect(p.sort).toBeLessThanOrEqual(p.broadphase);
  expect(p.pack + p.tasks + p.plan + p.merge + p.standIns).toBeLessThanOrEqual(p.contacts);
  expect(p.setUp + p.sweeps + p.store).toBeLessThanOrEqual(p.solve);
  expect(p.broadphase + p.contacts + p.solve).toBeLessThanOrEqual(stepMs);
}

describe('stepParts', () => {
  it('clocks every part of a pyramid step', () => {
    const parts = benchStepParts(4, 5, 25);
    expect(parts).toMatchObject({ layers: 4, boxes: 84, steps: 20 });
    expectNested(parts);
  });
});
