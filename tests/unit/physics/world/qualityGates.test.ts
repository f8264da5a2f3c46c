import { describe, expect, it } from 'vitest';
import { bodyEnergyGain, ENERGY_SCENES, REST_RISE } from '../../../support/bodyEnergy';
import { pyramidCreep, pyramidImpact } from '../../../support/pyramidGates';
import { dominoRun, rampSlide, stackDrift, towerWait } from '../../../support/qualityGates';
import { findScene } from '../../../../src/scenes/registry';
import type { TuningFields } from '../../../../src/physics/world/tuning';

/**
 * Faster must not mean sloppier: the chosen settings (DEFAULT_TUNING: persistent manifolds,
 * warm-started, on the project's contact generators and flat solver) on real cannon-es worlds.
 * `npm run bench` prints the same measurements for the stateless and cannon-es configurations
 * beside them.
 */
const CHOSEN: Partial<TuningFields> = {};

const SLOW = 120_000;

describe('quality gates', () => {
  it(
    'the 36-brick stack left alone for 10 s drifts at most 5 mm sideways (stateless: 7.7 mm)',
    () => {
      const drift = stackDrift(CHOSEN);
      // Sideways creep is what a user sees as drift.
      expect(drift.maxSideways).toBeLessThanOrEqual(0.005);
      // "Moved" also counts the courses settling onto each other: they start 1 mm apart, 11
      // courses high, and each contact gives a little under the load above it.
      expect(drift.maxMoved).toBeLessThanOrEqual(0.035);
    },
    SLOW,
  );

  it(
    'the pyramid × 11 (1,771 boxes) stands on its own solver: no box moves 10 mm in 1.5 s',
    () => {
      expect(pyramidCreep(CHOSEN)).toBeLessThanOrEqual(0.01);
    },
    SLOW,
  );

  it(
    'the pyramid × 11 still stands once the block has landed on it, the block resting on top',
    () => {
      const impact = pyramidImpact(CHOSEN);
      expect(impact.dropped).toBe(0);
      expect(impact.shifted).toBeLessThanOrEqual(4);
      expect(Math.abs(impact.blockY - impact.apexRestY)).toBeLessThan(0.1);
    },
    SLOW,
  );

  it(
    'the 90-domino spiral topples end to end, each after the one before it',
    () => {
      const run = dominoRun(CHOSEN);
      expect(run.fallen).toBe(run.count);
      expect(run.outOfOrder).toBe(0);
      // As before: cannon-es's own contacts take 11.4 s for the run.
      expect(run.lastFallSeconds).toBeLessThan(15);
    },
    SLOW,
  );

  it.each([100, findScene('tower')?.count?.default ?? 0])(
    'tower × %i: asleep with no contacts until the ball arrives, then knocked down',
    (count) => {
      const tower = towerWait(count, CHOSEN);
      expect(tower.asleepBeforeBall).toBe(tower.bricks);
      expect(tower.contactsBeforeBall).toBe(0);
      // A converged solver holds more of a tall ring together (cannon-es's friction bound does
      // not weaken with the load): the stateless configuration brought 92% of 799 bricks down
      // at 10 iterations and 10% at 20. The ball still brings down the courses it hits.
      expect(tower.fallenShare).toBeGreaterThan(0.15);
    },
    SLOW,
  );

  it(
    'a box on the icy 35° chute slides at the speed cannon-es’s friction law gives, and stops',
    () => {
      const slide = rampSlide(CHOSEN);
      expect(slide.lawSpeed).toBeGreaterThan(2);
      expect(Math.abs(slide.topSpeed - slide.lawSpeed)).toBeLessThan(0.1 * slide.lawSpeed);
      // ...runs out onto the ground past the ramp's foot and comes to rest, asleep.
      expect(slide.restX).toBeGreaterThan(0);
      expect(slide.restSeconds).toBeLessThan(10);
    },
    SLOW,
  );

  it.each(ENERGY_SCENES)(
    '%s × %i: no body at rest gains more energy than a 5 mm fall would give it',
    (scene, count) => {
      const gain = bodyEnergyGain(scene, count, CHOSEN);
      // Most bodies of every scene come to rest with all they touch within the run.
      expect(gain.judged).toBeGreaterThan(0.7 * gain.bodies);
      expect(gain.worstRise).toBeLessThanOrEqual(REST_RISE);
    },
    SLOW,
  );
});
