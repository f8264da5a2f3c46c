// Per frame: the pose each body is drawn at, from its previous and current snapshot and alpha,
// in one of four render modes (interpolate, off, extrapolate, hermite).

import type { InterpolationMode } from '../config/settings';
import type { Snapshots } from '../snapshot/snapshots';
import { hermiteFlat3, integrateQuatFlat, lerpFlat3, slerpFlat } from './poseMath';

/** The pose every body is drawn at this frame; render turns it into instance matrices. */
export class DrawPoses {
  position = new Float64Array(3 * 256);
  quaternion = new Float64Array(4 * 256);
  count = 0;

  ensureCapacity(count: number): void {
    if (3 * count <= this.position.length) return;
    let capacity = this.position.length / 3;
    while (capacity < count) capacity *= 2;
    this.position = new Float64Array(3 * capacity);
    this.quaternion = new Float64Array(4 * capacity);
  }
}

/**
 * Writes the pose every body is drawn at, from the two snapshots and alpha (how far the display
 * is past the current snapshot, in steps of `snapshots.intervalSeconds`):
 * - interpolate: lerp/slerp previous → current. Smooth, one step behind the display.
 * - off: current as is. Judders whenever steps per frame vary (60 Hz frames, 100 Hz steps: 1,2,2).
 * - extrapolate: current pushed forward by its velocities × alpha·h. On time, but overshoots
 *   whenever a collision is about to change the velocity.
 * - hermite: cubic Hermite on position using both snapshots' velocities (slerp for orientation:
 *   a velocity-aware quaternion curve would need angular accelerations the snapshots lack).
 */
export function interpolatePoses(
  snapshots: Snapshots,
  alpha: number,
  mode: InterpolationMode,
  out: DrawPoses,
): DrawPoses {
  const n = snapshots.count;
  out.ensureCapacity(n);
  out.count = n;
  const cur = snapshots.current;
  const prev = snapshots.previous;
  const curPos = cur.position,
    curQuat = cur.quaternion;
  const outPos = out.position,
    outQuat = out.quaternion;
  const h = snapshots.intervalSeconds;
  switch (mode) {
    case 'off':
      // An indexed copy, not set(subarray()): a subarray view would allocate every frame.
      for (let k = 0; k < 3 * n; k++) outPos[k] = curPos[k] as number;
      for (let k = 0; k < 4 * n; k++) outQuat[k] = curQuat[k] as number;
      return out;
    case 'interpolate':
      for (let i = 0; i < n; i++) {
        lerpFlat3(outPos, 3 * i, prev.position, 3 * i, curPos, 3 * i, alpha);
        slerpFlat(outQuat, 4 * i, prev.quaternion, 4 * i, curQuat, 4 * i, alpha);
      }
      return out;
    case 'extrapolate': {
      const ahead = alpha * h;
      const v = cur.velocity,
        w = cur.angularVelocity;
      for (let i = 0; i < n; i++) {
        const i3 = 3 * i;
        outPos[i3] = (curPos[i3] as number) + (v[i3] as number) * ahead;
        outPos[i3 + 1] = (curPos[i3 + 1] as number) + (v[i3 + 1] as number) * ahead;
        outPos[i3 + 2] = (curPos[i3 + 2] as number) + (v[i3 + 2] as number) * ahead;
        integrateQuatFlat(outQuat, 4 * i, curQuat, 4 * i, w, i3, ahead);
      }
      return out;
    }
    case 'hermite':
      for (let i = 0; i < n; i++) {
        hermiteFlat3(
          outPos,
          3 * i,
          prev.position,
          prev.velocity,
          curPos,
          cur.velocity,
          3 * i,
          h,
          alpha,
        );
        slerpFlat(outQuat, 4 * i, prev.quaternion, 4 * i, curQuat, 4 * i, alpha);
      }
      return out;
  }
}
