// What "faster must not mean sloppier" is measured by: a stack left alone, a domino run, a tower
// waiting for its ball, a box sliding down a ramp (the pyramid and energy gates beside it) — on
// real cannon-es worlds, for any tuning. tests/unit/physics/world/qualityGates.test.ts holds the app's
// configuration to the limits; `npm run bench` prints them per tuning (bench/qualityTable.ts).

import type { Body } from 'cannon-es';
import { GRAVITY } from '../../src/physics/world/physicsWorld';
import { buildScene, world } from './gateWorlds';
import type { TuningChoice } from './gateWorlds';
import { contactList } from '../../src/physics/narrowphase/manifoldNarrowphase';

const DT = 1 / 100;

export interface StackDrift {
  /** Largest distance any brick moved in 10 s, m (the 1 mm gaps between courses close too). */
  maxMoved: number;
  /** Largest sideways (x–z) distance any brick moved, m: the creep a user sees. */
  maxSideways: number;
}

/** The 36-brick stack scene left alone for 10 s. */
export function stackDrift(tuning: TuningChoice): StackDrift {
  const physics = buildScene('stack', 36, tuning);
  const start = physics.bodies.map((b) => [b.position.x, b.position.y, b.position.z]);
  for (let s = 0; s < 1000; s++) physics.step(DT);
  let maxMoved = 0;
  let maxSideways = 0;
  physics.bodies.forEach((b, i) => {
    const [x, y, z] = start[i] as number[];
    const dx = b.position.x - (x as number);
    const dy = b.position.y - (y as number);
    const dz = b.position.z - (z as number);
    maxMoved = Math.max(maxMoved, Math.sqrt(dx * dx + dy * dy + dz * dz));
    maxSideways = Math.max(maxSideways, Math.sqrt(dx * dx + dz * dz));
  });
  return { maxMoved, maxSideways };
}

/** How far a body's local up axis has tipped from world up: 1 upright, 0 on its side. */
function uprightness(body: Body): number {
  const q = body.quaternion;
  return 1 - 2 * (q.x * q.x + q.z * q.z);
}

export interface DominoRun {
  count: number;
  /** Dominoes tipped past 45° within 30 s. */
  fallen: number;
  /** When the last one tipped, s (NaN if some never did). */
  lastFallSeconds: number;
  /** Dominoes that tipped before the one in front of them: 0 for a run that goes end to end. */
  outOfOrder: number;
}

/** The 90-domino spiral from the nudge: does the wave reach the end, in order? */
export function dominoRun(tuning: TuningChoice): DominoRun {
  const physics = buildScene('dominoes', 90, tuning);
  const count = physics.count;
  const fellAt = new Array<number>(count).fill(-1);
  let fallen = 0;
  for (let s = 1; s <= 3000 && fallen < count; s++) {
    physics.step(DT);
    for (let i = 0; i < count; i++) {
      if ((fellAt[i] as number) < 0 && uprightness(physics.bodies[i] as Body) < Math.SQRT1_2) {
        fellAt[i] = s;
        fallen++;
      }
    }
  }
  let outOfOrder = 0;
  for (let i = 1; i < count; i++) {
    if ((fellAt[i] as number) < (fellAt[i - 1] as number)) outOfOrder++;
  }
  return {
    count,
    fallen,
    lastFallSeconds: fallen === count ? Math.max(...fellAt) * DT : Number.NaN,
    outOfOrder,
  };
}

export interface TowerWait {
  bricks: number;
  /** Bricks asleep after 1 s, before the ball arrives (all of them, for a tower that waits). */
  asleepBeforeBall: number;
  /** Contacts in that step: a sleeping tower has none to solve. */
  contactsBeforeBall: number;
  /** Share of bricks 0.4 m or more below where they started, 4 s in. */
  fallenShare: number;
}

/** The tower scene: asleep and free until its ball arrives (1.6 s), then knocked down. */
export function towerWait(count: number, tuning: TuningChoice): TowerWait {
  const physics = buildScene('tower', count, tuning);
  const bricks = physics.count - 1;
  const startY = physics.bodies.slice(0, bricks).map((b) => b.position.y);
  for (let s = 0; s < 100; s++) physics.step(DT);
  const asleepBeforeBall = physics.bodies.slice(0, bricks).filter((b) => b.sleepState === 2).length;
  const contactsBeforeBall = contactList(physics.world).length;
  for (let s = 100; s < 400; s++) physics.step(DT);
  const fallen = physics.bodies
    .slice(0, bricks)
    .filter((b, i) => b.position.y < (startY[i] as number) - 0.4).length;
  return { bricks, asleepBeforeBall, contactsBeforeBall, fallenShare: fallen / bricks };
}

export interface RampSlide {
  /** Where the box came to rest, m along the ground from the ramp's foot (x). */
  restX: number;
  /** When it fell asleep, s (NaN if it never did within 10 s). */
  restSeconds: number;
  /** Its largest speed on the way, m/s. */
  topSpeed: number;
  /**
   * The speed cannon-es's friction law gives at the foot: four corners on the ice, each with a
   * friction row along the slope bounded by μ·g·m per step, so a = g·sin θ − 4·μ·g / dt, over
   * the slide's length (sqrt(2·a·length)).
   */
  lawSpeed: number;
}

/** The ramp's tilt: the avalanche chute's, the slope the ice was tuned for (materials.ts). */
export const RAMP_DEGREES = 35;

/**
 * A box on an icy ramp (the avalanche chute's surface and tilt) slides down, runs out onto
 * the ground and stops. The foot of the ramp is at x = 0, the ground beyond it at x > 0.
 */
export function rampSlide(tuning: TuningChoice): RampSlide {
  const physics = world(tuning);
  const tilt = (RAMP_DEGREES * Math.PI) / 180;
  const half = { length: 3, thick: 0.15 };
  // The ramp's top face runs from height 2·sin(tilt)·length at x = −2·cos·length down to the
  // ground at x = 0; its centre sits half a thickness below that face's midpoint.
  const cx = -Math.cos(tilt) * half.length + Math.sin(tilt) * half.thick;
  const cy = Math.sin(tilt) * half.length - Math.cos(tilt) * half.thick;
  physics.addStaticBox({
    halfExtents: [half.length, half.thick, 1],
    position: [cx, cy, 0],
    quaternion: [0, 0, -Math.sin(tilt / 2), Math.cos(tilt / 2)],
    material: 'ice',
  });
  const box = 0.25;
  // Resting on the upper end of the ramp's surface, turned with it.
  const along = 2 * half.length - 0.6;
  const sx = -Math.cos(tilt) * along - Math.sin(tilt) * (box + 0.001);
  const sy = Math.sin(tilt) * along + Math.cos(tilt) * (box + 0.001);
  physics.addBody({
    kind: 'box',
    scale: [box, box, box],
    position: [sx, sy, 0],
    quaternion: [0, 0, -Math.sin(tilt / 2), Math.cos(tilt / 2)],
  });
  const body = physics.bodies[0] as Body;
  let topSpeed = 0;
  let restSeconds = Number.NaN;
  for (let s = 1; s <= 1000; s++) {
    physics.step(DT);
    topSpeed = Math.max(topSpeed, body.velocity.length());
    if (body.sleepState === 2) {
      restSeconds = s * DT;
      break;
    }
  }
  const g = -GRAVITY;
  const mu =
    physics.world.getContactMaterial(physics.materials.ice, physics.materials.body)?.friction ?? 0;
  const accel = g * Math.sin(tilt) - (4 * mu * g) / DT;
  return {
    restX: body.position.x,
    restSeconds,
    topSpeed,
    lawSpeed: Math.sqrt(2 * Math.max(accel, 0) * along),
  };
}
