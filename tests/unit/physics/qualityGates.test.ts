import { describe, expect, it } from 'vitest';
import {
  REST_SCENES,
  dominoRun,
  rampSlide,
  restEnergy,
  stackDrift,
  towerWait,
} from '../../../bench/qualityGates';
import { TODAY_TUNING } from '../../../src/physics/tuning';
import { findScene } from '../../../src/scenes/registry';
import type { PhysicsTuning } from '../../../src/physics/tuning';

/**
 * Faster must not mean sloppier: the chosen settings (DEFAULT_TUNING: the project's contact
 * generators, the flat solver, …) on real cannon-es worlds. `npm run bench` prints the same
 * measurements for cannon-es's own parts beside them.
 */
const CHOSEN: Partial<PhysicsTuning> = {};
/** cannon-es's own narrowphase and solver: what the sandbox ran before, for "as today". */
const TODAY: Partial<PhysicsTuning> = TODAY_TUNING;

const SLOW = 120_000;

describe('quality gates', () => {
  it(
    'the 36-brick stack left alone for 10 s moves at most 35 mm (as before: 35 mm)',
    () => {
      const drift = stackDrift(CHOSEN);
      // Most of it is the courses settling onto each other: they start 1 mm apart, 11 courses
      // high, and cannon-es holds resting bodies a fraction of a millimetre into each other.
      expect(drift.maxMoved).toBeLessThanOrEqual(0.035);
      // Sideways creep is what a user sees as drift; cannon-es's own contacts creep 33 mm.
      expect(drift.maxSideways).toBeLessThanOrEqual(0.01);
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
      expect(tower.fallenShare).toBeGreaterThan(0.6);
    },
    SLOW,
  );

  it(
    'a box on an icy ramp slides down and comes to rest where and when it did before',
    () => {
      const before = rampSlide(TODAY);
      const now = rampSlide(CHOSEN);
      // It slides (frictionless it would reach 6 m/s; ice keeps about half of that)...
      expect(now.topSpeed).toBeGreaterThan(2);
      expect(Math.abs(now.topSpeed - before.topSpeed)).toBeLessThan(0.05 * before.topSpeed);
      // ...and stops, asleep, within a box's width of where it stopped before.
      expect(now.restSeconds).toBeLessThan(10);
      expect(Math.abs(now.restSeconds - before.restSeconds)).toBeLessThan(1);
      expect(Math.abs(now.restX - before.restX)).toBeLessThan(0.5);
    },
    SLOW,
  );

  it.each(REST_SCENES)(
    '%s × %i: once at rest it gains no energy',
    (scene, count) => {
      const rest = restEnergy(scene, count, CHOSEN);
      expect(rest.restSeconds).toBeLessThan(20);
      // Kinetic + potential energy: a brick sliding off a settled heap may speed up again (its
      // height pays for it), but the total may not grow by more than lifting the whole scene
      // 2 mm. A resting contact can lift a body by its penetration (cannon-es settles them
      // 0.1–1 mm deep); more than that is energy from nowhere — jitter, popping, a pump.
      expect(rest.riseMetres).toBeLessThan(0.002);
    },
    SLOW,
  );
});
