// What the example pages draw, read in Chromium: the first frame drawn inside a step while the
// boxes fall and turn, and how far each box was drawn from a pose (lerp/slerp at alpha, or not).

import type { Page } from '@playwright/test';
import { Matrix4, Quaternion, Vector3 } from 'three';
import { quatAngle } from '../browser/helpers';

export interface Drawn {
  alpha: number;
  previous: number[][];
  current: number[][];
  matrices: number[];
}

/**
 * The first drawn frame, looked at after every animation frame the example draws, inside a step
 * (alpha in 0.2 … 0.8) while a box falls 2 cm or more a step and a box (the same or another)
 * turns 0.005 rad or more a step: alpha, each box's two snapshots (x, y, z, qx, qy, qz, qw), and
 * its matrix; null if none came within `withinMs`. Every frame, not a poll now and then: the
 * tower topples once, in a few seconds, and on a slow page a poll every second or so could miss
 * all of the frames that show it (one of two fresh-clone runs did, on a slow day).
 */
export async function firstBlendingFrame(page: Page, withinMs: number): Promise<Drawn | null> {
  return page.evaluate(async (ms) => {
    type Buffer = { position: Float64Array; quaternion: Float64Array };
    const e = (window as unknown as { example: Record<string, unknown> }).example as {
      report: { alpha: number };
      snapshots: { previous: Buffer; current: Buffer };
      mesh: { instanceMatrix: { array: Float32Array } };
      boxIndices: number[];
    };
    const pose = (b: Buffer, i: number) => [
      ...b.position.subarray(3 * i, 3 * i + 3),
      ...b.quaternion.subarray(4 * i, 4 * i + 4),
    ];
    // The angle of the rotation between two unit quaternions (selection only: the test measures
    // the drawn frame with a well-conditioned angle in Node).
    const turned = (a: number[], b: number[]): number => {
      const dot = Math.abs(a[3] * b[3] + a[4] * b[4] + a[5] * b[5] + a[6] * b[6]);
      return 2 * Math.acos(Math.min(1, dot));
    };
    const from = performance.now();
    return new Promise<Drawn | null>((resolve) => {
      // Registered between frames, so each call follows the example's own frame callback.
      const look = (): void => {
        const previous = e.boxIndices.map((i) => pose(e.snapshots.previous, i));
        const current = e.boxIndices.map((i) => pose(e.snapshots.current, i));
        const alpha = e.report.alpha;
        const moving = previous.some((p, k) => Math.abs(p[1] - current[k][1]) > 0.02);
        const turning = previous.some((p, k) => turned(p, current[k]) > 0.005);
        if (moving && turning && alpha > 0.2 && alpha < 0.8) {
          resolve({ alpha, previous, current, matrices: [...e.mesh.instanceMatrix.array] });
        } else if (performance.now() - from > ms) resolve(null);
        else requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
  }, withinMs);
}

/** Worst gap (m, or rad of rotation) between what box k was drawn at and `want(k)`. */
export function worstGap(frame: Drawn, want: (k: number) => { p: Vector3; q: Quaternion }): number {
  let worst = 0;
  frame.previous.forEach((_, k) => {
    const p = new Vector3();
    const q = new Quaternion();
    new Matrix4().fromArray(frame.matrices, 16 * k).decompose(p, q, new Vector3());
    const target = want(k);
    worst = Math.max(worst, p.distanceTo(target.p), rotationBetween(q, target.q));
  });
  return worst;
}

/**
 * The angle between two orientations, well conditioned near zero (helpers' quatAngle). Not
 * three's `angleTo` (2·acos of the dot product): near 1 acos turns the float32 matrix's
 * rounding, about 1e-7 rad, into up to 4e-4 rad.
 */
function rotationBetween(a: Quaternion, b: Quaternion): number {
  return quatAngle([a.x, a.y, a.z, a.w], [b.x, b.y, b.z, b.w]);
}

export function poseOf(values: number[]): { p: Vector3; q: Quaternion } {
  const [x = 0, y = 0, z = 0, qx = 0, qy = 0, qz = 0, qw = 1] = values;
  return { p: new Vector3(x, y, z), q: new Quaternion(qx, qy, qz, qw) };
}

/** Float32 matrices hold a pose to about a millionth of the scene's size. */
export const DRAWN_TOLERANCE = 2e-5;

/** Worst gap between what each box was drawn at and lerp/slerp of its two snapshots at alpha. */
export function blendGap(frame: Drawn): number {
  return worstGap(frame, (k) => {
    const a = poseOf(frame.previous[k] ?? []);
    const b = poseOf(frame.current[k] ?? []);
    return {
      p: new Vector3().lerpVectors(a.p, b.p, frame.alpha),
      q: new Quaternion().slerpQuaternions(a.q, b.q, frame.alpha),
    };
  });
}
