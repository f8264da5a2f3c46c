// Worlds this project did not shape: the kinds of scene cannon-es's examples show, each run with
// cannon-es's own parts, with the drop-in installed and under the app's configuration, with the
// same checks — no exception, no NaN, nothing through the ground, resting heights within tolerance.

import { Vec3 } from 'cannon-es';
import type { World } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { installDropIn } from '../../../../src/physics/world/dropIn';
import type { FlatGSSolver } from '../../../../src/physics/solver/flatSolver';
import { applyTuning, DEFAULT_TUNING } from '../../../../src/physics/world/tuning';
import { ProjectNarrowphase } from '../../../../src/physics/narrowphase/projectNarrowphase';
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

type Variant = 'cannon-es' | 'drop-in' | 'app';
const VARIANTS = [{ variant: 'cannon-es' }, { variant: 'drop-in' }, { variant: 'app' }] as const;

/** The world as the variant runs it: stock, with the drop-in, or in the app's configuration. */
function prepare(world: World, variant: Variant): void {
  if (variant === 'cannon-es') return;
  if (variant === 'drop-in') {
    installDropIn(world);
    // The checks below would pass vacuously on a drop-in that installed nothing.
    expect(world.narrowphase).toBeInstanceOf(ProjectNarrowphase);
    return;
  }
  applyTuning(world, DEFAULT_TUNING);
  expect((world.solver as FlatGSSolver).contacts).not.toBeNull();
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

describe.each(VARIANTS)('example worlds with $variant', ({ variant }) => {
  it.each(restingScenes().map((scene) => [scene.name, scene] as const))(
    '%s: no NaN, nothing through the ground, each body rests where it should',
    (_name, scene) => {
      const example = scene.build();
      prepare(example.world, variant);
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
    prepare(example.world, variant);
    run(example, scene.dt, scene.seconds);
    const limit = CONTAINER_HALF - 1 + REST_TOLERANCE;
    for (const { label, body } of example.watched) {
      expect(Math.abs(body.position.x), label).toBeLessThan(limit);
      expect(Math.abs(body.position.z), label).toBeLessThan(limit);
    }
  });

  it('heightfield: 144 small balls stay above the terrain', () => {
    const { world, field, shape, balls } = heightfieldWorld();
    prepare(world, variant);
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

/** Highest centre after the first bounce, per ball of bounceWorld (−∞: it never rose). */
function bouncePeaks(variant: Variant): number[] {
  const { world, balls } = bounceWorld();
  prepare(world, variant);
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

describe('the drop-in keeps what the example pages show', () => {
  it('bounce: balls of restitution 0, 0.7, 0.9 rise as high as with cannon-es (within 5 cm), in that order', () => {
    const before = bouncePeaks('cannon-es');
    const after = bouncePeaks('drop-in');
    expect(after[0]).toBeLessThan(after[1]);
    expect(after[1]).toBeLessThan(after[2]);
    after.forEach((peak, k) => expect(Math.abs(peak - before[k])).toBeLessThan(0.05));
  });
});

describe.each(['drop-in', 'app'] as const)('the friction page with %s', (variant) => {
  it('the frictionless box slides at the tilt of gravity, the rough one holds', () => {
    const { world, slippery, rough } = frictionWorld();
    prepare(world, variant);
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

describe("the friction page's rough box under the app's configuration", () => {
  it('rests on its corners for 10 s: none lets go (no step drops it), nothing kicks it', () => {
    // A corner the position correction lifts a micrometre was dropped from the manifold, and
    // the box pivoted unsupported on the other edge for a step (−0.37 m/s, a 0.36 m/s sideways
    // swing, every 0.3 s). Corners within CONTACT_MARGIN stay, as speculative points.
    const { world, rough } = frictionWorld();
    prepare(world, 'app');
    let slowest = 0;
    let sideways = 0;
    for (let s = 0; s < 600; s++) {
      world.step(1 / 60);
      if (s < 60) continue;
      slowest = Math.min(slowest, rough.velocity.y);
      sideways = Math.max(sideways, Math.abs(rough.velocity.x));
    }
    // Gravity here is 60 m/s²: one unsupported step is 1 m/s; the resting box stays at 1 cm/s.
    expect(slowest).toBeGreaterThan(-0.01);
    expect(sideways).toBeLessThan(0.01);
  });
});

describe("the bounce page in the app's configuration keeps the textbook's law", () => {
  it('balls of restitution 0, 0.7, 0.9 dropped from 4 m rise to 4·e², less damping and the step', () => {
    // Textbook: the lowest point rises to H·e² = 0, 1.96, 3.24 m. Besides, the ball loses 1%/s
    // of its speed to damping (≤ 4% of a height over the 1.6 s) and meets the ground up to one
    // step's fall deep (u·h ≤ 15 cm at 60 Hz). cannon-es gives 2.42 and 3.72 m here.
    const { restitution } = bounceWorld();
    const peaks = bouncePeaks('app');
    // e = 0: no bounce at all, not even from the penetration term.
    expect(peaks[0]).toBe(-Infinity);
    for (let k = 1; k < 3; k++) {
      const textbook = 4 * (restitution[k] ?? 0) ** 2;
      const rise = (peaks[k] ?? 0) - 1;
      expect(rise, `e = ${restitution[k]}`).toBeLessThanOrEqual(textbook);
      expect(rise, `e = ${restitution[k]}`).toBeGreaterThanOrEqual(0.96 * textbook - 0.15);
    }
  });
});
