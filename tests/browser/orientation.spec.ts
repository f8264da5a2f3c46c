// Orientation in a real Chromium: for every render mode and view, the quaternion read back from
// the drawn instance matrix is what the mode's formula gives from the previous and current
// snapshot at the reported alpha — on spinning bodies that really turn between the snapshots,
// both within the slerp's polynomial range (100 Hz) and past it, on its trigonometric path (10 Hz).

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { Pose, SnapshotPose } from '../../src/api/scriptingApi';
import type { SpawnInput } from '../../src/state/spawnSpec';
import { PHYSICS_VIEWPORT, collectPageErrors, openSandbox, quatAngle } from './helpers';

type Quat = [number, number, number, number];
type Vec3 = [number, number, number];
type Mode = 'interpolate' | 'off' | 'extrapolate' | 'hermite';

test.use({ viewport: PHYSICS_VIEWPORT });

/**
 * Readback tolerance, rad. The drawn pose is a float32 instance matrix: each element of scale·R
 * is rounded to 24 bits (relative error ≤ 6e-8), and three.js decomposes it back in float64, so
 * the read rotation is off by a few times 6e-8 rad (measured: under 3e-7). The formulas here are
 * float64 and differ from the app's by ~1e-15. 1e-6 rad is above both, and 50 times below the
 * smallest difference a wrong drawing makes here (checked below for every body: previous instead
 * of current, nlerp instead of slerp, extrapolating by the wrong time all differ by ≥ 5e-5 rad).
 */
const TOLERANCE = 1e-6;
/** A wrong drawing must miss the formula by this much for the check to mean anything. */
const DISCRIMINATION = 50 * TOLERANCE;
/** Least turn between the snapshots a sampled body must make, rad. */
const MIN_TURN = 0.05;
/**
 * The app slerps with a polynomial while the half angle's cosine is ≥ 0.95 (a turn ≤ 0.635 rad
 * per step) and with sines beyond: the 10 Hz bodies all turn more than this.
 */
const TRIG_SLERP_TURN = 0.7;

function dot(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let k = 0; k < 4; k++) sum += (a[k] ?? 0) * (b[k] ?? 0);
  return sum;
}

/** Textbook slerp along the shorter arc: sin((1−t)θ)/sin θ · a + sin(tθ)/sin θ · b. */
function slerp(a: Quat, b: Quat, t: number): Quat {
  const sign = dot(a, b) < 0 ? -1 : 1;
  const theta = Math.acos(Math.min(1, sign * dot(a, b)));
  const wa = Math.sin((1 - t) * theta) / Math.sin(theta);
  const wb = (sign * Math.sin(t * theta)) / Math.sin(theta);
  return a.map((x, k) => x * wa + (b[k] ?? 0) * wb) as Quat;
}

/** The normalised linear blend that a cheaper "slerp" would be: wrong away from t = 0, ½, 1. */
function nlerp(a: Quat, b: Quat, t: number): Quat {
  const sign = dot(a, b) < 0 ? -1 : 1;
  return normalized(a.map((x, k) => x * (1 - t) + sign * (b[k] ?? 0) * t) as Quat);
}

/** q turned by the world-frame angular velocity w held for `seconds` (rotation applied on the left). */
function rotateBy(q: Quat, w: Vec3, seconds: number): Quat {
  const speed = Math.hypot(w[0], w[1], w[2]);
  const half = (speed * seconds) / 2;
  const s = Math.sin(half) / speed;
  const [dx, dy, dz, dw] = [w[0] * s, w[1] * s, w[2] * s, Math.cos(half)];
  const [x, y, z, qw] = q;
  return [
    dw * x + dx * qw + dy * z - dz * y,
    dw * y - dx * z + dy * qw + dz * x,
    dw * z + dx * y - dy * x + dz * qw,
    dw * qw - dx * x - dy * y - dz * z,
  ];
}

interface Sample {
  alpha: number;
  intervalSeconds: number;
  poses: { previous: SnapshotPose; current: SnapshotPose; rendered: Pose }[];
}

function normalized(q: Quat): Quat {
  const length = Math.sqrt(dot(q, q));
  return q.map((x) => x / length) as Quat;
}

/** Spinning bodies high above the playground (nothing to hit while the test runs). */
function spinners(speeds: number[]): SpawnInput[] {
  const kinds = ['box', 'gem', 'dumbbell', 'cylinder', 'sphere'] as const;
  const axes: Vec3[] = [
    [1, 0, 0],
    [0, 1, 0],
    [0.3, 0.8, -0.52],
    [-0.6, 0.1, 0.79],
    [0.57, -0.57, 0.59],
  ];
  return speeds.map((speed, i) => {
    const axis = axes[i % axes.length] ?? [1, 0, 0];
    const length = Math.hypot(...axis);
    return {
      kind: kinds[i % kinds.length] ?? 'box',
      scale: i % kinds.length === 0 ? [0.9, 0.45, 0.2] : 0.6,
      position: [-10 + 2.5 * i, 40, -3 + (i % 3) * 3],
      quaternion: normalized([0.1 * i, 0.2, -0.3, 0.9]),
      angularVelocity: axis.map((x) => (x / length) * speed) as Vec3,
    };
  });
}

/**
 * Loads an empty playground at `physicsHz`, spawns the spinners, runs `frames` through `advance`
 * and reads alpha and every body's pose, all in one task (no animation frame in between).
 */
async function sample(
  page: Page,
  physicsHz: number,
  bodies: SpawnInput[],
  frames: number[],
): Promise<Sample> {
  return page.evaluate(
    async ({ physicsHz, bodies, frames }) => {
      const s = window.sandbox;
      await s.advance([0]);
      await s.load('playground', { count: 0 });
      s.set({ physicsHz });
      for (const body of bodies) s.spawn(body);
      const reports = await s.advance(frames);
      return {
        alpha: reports[reports.length - 1]?.alpha ?? -1,
        intervalSeconds: 1 / physicsHz,
        poses: Array.from({ length: s.state().bodies }, (_, i) => s.pose(i)),
      };
    },
    { physicsHz, bodies, frames },
  );
}

/** What `mode` must draw, from the snapshots at alpha. */
function expectedQuat(mode: Mode, pose: Sample['poses'][number], sampled: Sample): Quat {
  const { previous, current } = pose;
  if (mode === 'off') return current.q;
  if (mode === 'extrapolate') {
    return rotateBy(current.q, current.w, sampled.alpha * sampled.intervalSeconds);
  }
  return slerp(previous.q, current.q, sampled.alpha);
}

/** Checks every body; returns the largest readback error, rad. */
function checkOrientations(mode: Mode, sampled: Sample, minTurn: number): number {
  const { alpha } = sampled;
  // Away from 0, ½ and 1, where slerp, nlerp, previous and current can coincide.
  expect(alpha).toBeGreaterThan(0.2);
  expect(alpha).toBeLessThan(0.4);
  let worst = 0;
  for (const pose of sampled.poses) {
    const { previous, current, rendered } = pose;
    const turn = quatAngle(previous.q, current.q);
    expect(turn).toBeGreaterThanOrEqual(minTurn);
    const expected = expectedQuat(mode, pose, sampled);
    // The check has teeth: drawing either snapshot as is, or the wrong curve, would miss.
    const wrong: Quat[] = [previous.q];
    if (mode !== 'off') wrong.push(current.q);
    if ((mode === 'interpolate' || mode === 'hermite') && minTurn >= TRIG_SLERP_TURN) {
      wrong.push(nlerp(previous.q, current.q, alpha));
    }
    if (mode === 'extrapolate') {
      wrong.push(rotateBy(current.q, current.w, 0.5 * alpha * sampled.intervalSeconds));
    }
    for (const q of wrong) expect(quatAngle(q, expected)).toBeGreaterThan(DISCRIMINATION);
    const error = quatAngle(rendered.q, expected);
    expect(error).toBeLessThan(TOLERANCE);
    worst = Math.max(worst, error);
  }
  return worst;
}

/** Second half of the split view: another mode than the one under test, so a mix-up shows. */
const SPLIT_RIGHT: Record<Mode, Mode> = {
  interpolate: 'off',
  off: 'interpolate',
  extrapolate: 'hermite',
  hermite: 'extrapolate',
};

for (const mode of ['interpolate', 'off', 'extrapolate', 'hermite'] as const) {
  test(`render mode ${mode}: the drawn orientation of turning bodies is the mode's formula, in every view`, async ({
    page,
  }, testInfo) => {
    const errors = collectPageErrors(page);
    await openSandbox(page, `?scene=playground&count=0&interp=${mode}`);
    const worst: string[] = [];
    for (const view of ['single', 'split', 'ghost'] as const) {
      await page.evaluate(
        async ({ view, right }) => window.sandbox.set({ view, splitRight: right }),
        {
          view,
          right: SPLIT_RIGHT[mode],
        },
      );
      // 100 Hz: 6 to 50 rad/s turn 0.06 to 0.5 rad a step (the polynomial slerp); 3 frames of
      // 1/60 s and one of 23 ms take 7 steps and leave alpha 0.3.
      const fine = await sample(page, 100, spinners([6, 11, 17, 24, 32, 41, 50]), [
        1 / 60,
        1 / 60,
        1 / 60,
        0.023,
      ]);
      worst.push(`${view} 100 Hz ${checkOrientations(mode, fine, MIN_TURN).toExponential(1)}`);
      // 10 Hz: 9 to 25 rad/s turn 0.8 to 1.8 rad a step (the trigonometric slerp); 130 ms take
      // one step and leave alpha 0.3.
      const coarse = await sample(page, 10, spinners([9, 12, 16, 20, 25]), [0.05, 0.05, 0.03]);
      worst.push(
        `${view} 10 Hz ${checkOrientations(mode, coarse, TRIG_SLERP_TURN).toExponential(1)}`,
      );
    }
    testInfo.annotations.push({
      type: 'worst readback error (rad)',
      description: worst.join('; '),
    });
    console.log(`${mode}: worst readback error (rad) ${worst.join('; ')}`);
    expect(errors).toEqual([]);
  });
}
