// The quality gates' table for `npm run bench`: each tuning's gates (tests/support/qualityGates.ts,
// the measurements the unit tests hold the app's configuration to) side by side.

import { bodyEnergyGain, ENERGY_SCENES, REST_RISE } from '../tests/support/bodyEnergy';
import type { TuningChoice } from '../tests/support/gateWorlds';
import { pyramidCreep, pyramidImpact } from '../tests/support/pyramidGates';
import {
  dominoRun,
  RAMP_DEGREES,
  rampSlide,
  stackDrift,
  towerWait,
} from '../tests/support/qualityGates';
import { fixed, formatTable } from './report';

/**
 * The gates for each named tuning, one row each: what `npm run bench` prints for today's
 * settings and the chosen ones, and `--tuning` for every alternative.
 */
export function qualityTable(variants: readonly (readonly [string, TuningChoice])[]): string {
  const rows = variants.map(([name, tuning]) => {
    const stack = stackDrift(tuning);
    const dominoes = dominoRun(tuning);
    const tower = towerWait(100, tuning);
    const ramp = rampSlide(tuning);
    const creep = pyramidCreep(tuning);
    const impact = pyramidImpact(tuning);
    const rises = ENERGY_SCENES.map(([scene, count]) => bodyEnergyGain(scene, count, tuning));
    return [
      name,
      fixed(1000 * stack.maxMoved, 1),
      fixed(1000 * stack.maxSideways, 1),
      `${dominoes.fallen}/${dominoes.count} in ${fixed(dominoes.lastFallSeconds, 1)} s${dominoes.outOfOrder ? `, ${dominoes.outOfOrder} early` : ''}`,
      `${tower.asleepBeforeBall}/${tower.bricks}, ${fixed(100 * tower.fallenShare, 0)}%`,
      `${fixed(ramp.topSpeed, 2)} m/s (law ${fixed(ramp.lawSpeed, 2)}), rest ${fixed(ramp.restSeconds, 2)} s at x ${fixed(ramp.restX, 2)}`,
      fixed(1000 * creep, 1),
      `${impact.dropped} dropped, block at ${fixed(impact.blockY, 2)} m (apex ${impact.apexRestY})`,
      fixed(1000 * Math.max(...rises.map((r) => r.worstRise)), 2),
    ];
  });
  return formatTable(
    [
      'configuration',
      'stack moved mm (≤ 35)',
      'stack sideways mm (≤ 5)',
      'dominoes fallen',
      'tower × 100 asleep / fallen',
      `icy ${RAMP_DEGREES}° ramp box`,
      'pyramid × 11 worst box at 1.5 s, mm (≤ 10)',
      'pyramid × 11 after the block',
      `worst body's energy gain at rest, mm (≤ ${1000 * REST_RISE}; ${ENERGY_SCENES.map(([s]) => s).join(', ')})`,
    ],
    rows,
  );
}
