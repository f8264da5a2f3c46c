// The drop-in on worlds this project did not shape: the kinds of scene cannon-es's examples
// show, each run with cannon-es's own parts and with the drop-in installed, under the same
// checks — no exception, no NaN, nothing through the ground, resting heights within tolerance.

import { Vec3 } from 'cannon-es';
import type { World } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { installDropIn } from '../../../src/physics/dropIn';
import { ProjectNarrowphase } from '../../../src/physics/projectNarrowphase';
import { stackScenes } from './exampleStacks';
import {
  bounceWorld,
  CONTAINER_HALF,
  frictionWorld,
  heightfieldWorld,
  pageScenes,
} from './exampleWorlds';
import type { ExampleWorld } from './exampleWorlds';

/** Every scene whose bodies are checked against their resting heights. */
function restingScenes() {
  return [...stackScenes(), ...pageScenes()];
}

/** How far a resting centre may sit from its stated height (m): contacts are soft springs. */
const REST_TOLERANCE = 0.02;
/**
 * How far below the ground a body's lowest point may dip while landing (m): the compound page's
 * seven boxes hit the ground at 13 m/s and sink 0.22 m for a step before the contact pushes them
 * out. A body that falls through keeps falling, metres per second.
 */
const DIP_LIMIT = 0.3;

const VARIANTS = [
  { name: 'cannon-es', dropIn: false },
  { name: 'drop-in', dropIn: true },
] as const;

function prepare(world: World, dropIn: boolean): void {
  if (!dropIn) return;
  installDropIn(world);
  // The checks below would pass vacuously on a drop-in that installed nothing.
  expect(world.narrowphase).toBeInstanceOf(ProjectNarrowphase);
}

function finite(world: World): boolean {
  for (const body of world.bodies) {
    const { position: p, quaternion: q, velocity: v } = body;
    if (![p.x, p.y, p.z, q.x, q.y, q.z, q.w, v.x, v.y, v.z].every(Number.isFinite)) return false;
  }
  return true;
}

/** Steps `seconds`, checking every step that nothing is NaN and no watched body sinks too far. */
function run(example: ExampleWorld, dt: number, seconds: number): void {
  const { world, watched, ground } = example;
  const steps = Math.round(seconds / dt);
  for (let s = 0; s < steps; s++) {
    world.step(dt);
    expect(finite(world), `step ${s}`).toBe(true);
    for (const { label, body } of watched) {
      body.updateAABB();
      const low = body.aabb.lowerBound.y;
      if (low < ground - DIP_LIMIT) expect.fail(`${label} at ${low} below the ground at step ${s}`);
    }
  }
}

describe.each(VARIANTS)('example worlds with $name', ({ dropIn }) => {
  it.each(restingScenes().map((scene) => [scene.name, scene] as const))(
    '%s: no NaN, nothing through the ground, each body rests where it should',
    (_name, scene) => {
      const example = scene.build();
      prepare(example.world, dropIn);
      run(example, scene.dt, scene.seconds);
      for (const { label, body, rest, between } of example.watched) {
        const y = body.position.y;
        if (between !== undefined) {
          expect(y, label).toBeGreaterThanOrEqual(between[0] - REST_TOLERANCE);
          expect(y, label).toBeLessThanOrEqual(between[1] + REST_TOLERANCE);
        } else {
          const off = Math.min(...rest.map((height) => Math.abs(height - y)));
          expect(off, `${label} at ${y}, expected one of ${rest.join(', ')}`).toBeLessThan(
            REST_TOLERANCE,
          );
        }
      }
    },
  );

  it('container: every ball stays inside the walls', () => {
    const scene = restingScenes().find((s) => s.name === 'container');
    if (scene === undefined) throw new Error('no container scene');
    const example = scene.build();
    prepare(example.world, dropIn);
    run(example, scene.dt, scene.seconds);
    const limit = CONTAINER_HALF - 1 + REST_TOLERANCE;
    for (const { label, body } of example.watched) {
      expect(Math.abs(body.position.x), label).toBeLessThan(limit);
      expect(Math.abs(body.position.z), label).toBeLessThan(limit);
    }
  });

  it('heightfield: 144 small balls stay above the terrain', () => {
    const { world, field, shape, balls } = heightfieldWorld();
    prepare(world, dropIn);
    const local = new Vec3();
    const heights = shape.data;
    const last = heights.length - 2;
    for (let s = 0; s < 240; s++) {
      world.step(1 / 60);
      expect(finite(world)).toBe(true);
      if (s % 10 !== 9) continue;
      for (const ball of balls) {
        // In the field's frame, z is height. Each cell is two flat triangles between its four
        // corners, so the surface under a point is never lower than the lowest corner.
        field.pointToLocalFrame(ball.position, local);
        const i = Math.min(Math.max(Math.floor(local.x), 0), last);
        const j = Math.min(Math.max(Math.floor(local.y), 0), last);
        const floor = Math.min(
          heights[i][j],
          heights[i + 1][j],
          heights[i][j + 1],
          heights[i + 1][j + 1],
        );
        expect(local.z - 0.1, `ball at step ${s}`).toBeGreaterThan(floor - REST_TOLERANCE);
      }
    }
  });
});

describe('the drop-in keeps what the example pages show', () => {
  /** Highest centre after the first bounce, per ball. */
  function bouncePeaks(dropIn: boolean): number[] {
    const { world, balls } = bounceWorld();
    prepare(world, dropIn);
    const peaks = balls.map(() => -Infinity);
    const risen = balls.map(() => false);
    for (let s = 0; s < 240; s++) {
      world.step(1 / 60);
      expect(finite(world)).toBe(true);
      balls.forEach((ball, k) => {
        if (ball.velocity.y > 0) risen[k] = true;
        if (risen[k]) peaks[k] = Math.max(peaks[k], ball.position.y);
      });
    }
    return peaks;
  }

  it('bounce: balls of restitution 0, 0.7, 0.9 rise as high as with cannon-es (within 5 cm), in that order', () => {
    const before = bouncePeaks(false);
    const after = bouncePeaks(true);
    expect(after[0]).toBeLessThan(after[1]);
    expect(after[1]).toBeLessThan(after[2]);
    after.forEach((peak, k) => expect(Math.abs(peak - before[k])).toBeLessThan(0.05));
  });

  it('friction: the frictionless box slides at the tilt of gravity, the rough one holds', () => {
    const { world, slippery, rough } = frictionWorld();
    prepare(world, true);
    const seconds = 3;
    for (let s = 0; s < 60 * seconds; s++) world.step(1 / 60);
    expect(finite(world)).toBe(true);
    // Gravity's 3 m/s² along x, less the 1 % a second of cannon-es's default linear damping.
    expect(slippery.velocity.x).toBeGreaterThan(0.95 * 3 * seconds);
    expect(slippery.velocity.x).toBeLessThan(3 * seconds);
    expect(Math.abs(rough.velocity.x)).toBeLessThan(0.01);
    expect(slippery.position.y).toBeCloseTo(1, 1);
    expect(rough.position.y).toBeCloseTo(1, 1);
  });
});
