// The step-parts table of `npm run bench -- --pyramid`: where a busy pyramid step goes, part by
// part, as tests/support/stepParts.ts clocks it.

import type { StepParts } from '../tests/support/stepParts';
import { fixed, formatTable } from './report';

/**
 * The table: each part's ms a step; "rest" columns are what their part's named parts leave. "On
 * cannon-es's objects" sums the work on cannon-es's bodies and equations as World.step keeps them
 * (its sort by each body's bounds, the stand-in equations its loop reads, its own loops).
 */
export function stepPartsTable(results: readonly StepParts[]): string {
  return formatTable(
    [
      'pyramid layers × boxes',
      'step',
      'broadphase (its sort)',
      'contacts',
      'pack + tasks',
      'plan',
      'merge',
      'stand-ins',
      'rest of contacts: generators',
      'solve',
      'set-up',
      'sweeps',
      'store',
      'rest of solve: bodies in and out, relax',
      'rest of step: cannon-es',
      "on cannon-es's objects: sort, stand-ins, rest of step",
    ],
    results.map(({ layers, boxes, stepMs, partMs: p }) => {
      const cannonRest = stepMs - p.broadphase - p.contacts - p.solve;
      return [
        `${layers} × ${boxes}`,
        fixed(stepMs, 1),
        `${fixed(p.broadphase, 1)} (${fixed(p.sort, 1)})`,
        fixed(p.contacts, 1),
        fixed(p.pack + p.tasks, 1),
        fixed(p.plan, 1),
        fixed(p.merge, 1),
        fixed(p.standIns, 1),
        fixed(p.contacts - p.pack - p.tasks - p.plan - p.merge - p.standIns, 1),
        fixed(p.solve, 1),
        fixed(p.setUp, 1),
        fixed(p.sweeps, 1),
        fixed(p.store, 1),
        fixed(p.solve - p.setUp - p.sweeps - p.store, 1),
        fixed(cannonRest, 1),
        fixed(p.sort + p.standIns + cannonRest, 1),
      ];
    }),
  );
}
