// Per frame: the pose each body is drawn at, blended from its previous and current snapshot by
// alpha (position lerp, orientation slerp), or the current snapshot as is with interpolation off.

import type { InterpolationMode } from '../config/settings';
import type { Snapshots } from '../snapshot/snapshots';
import { lerpFlat3, slerpFlat } from './poseMath';

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
  if (mode === 'off') {
    // An indexed copy, not set(subarray()): a subarray view would allocate every frame.
    const from3 = cur.position,
      to3 = out.position,
      from4 = cur.quaternion,
      to4 = out.quaternion;
    for (let k = 0; k < 3 * n; k++) to3[k] = from3[k] as number;
    for (let k = 0; k < 4 * n; k++) to4[k] = from4[k] as number;
    return out;
  }
  const prev = snapshots.previous;
  const prevPos = prev.position,
    curPos = cur.position,
    prevQuat = prev.quaternion,
    curQuat = cur.quaternion;
  const outPos = out.position,
    outQuat = out.quaternion;
  for (let i = 0; i < n; i++) {
    lerpFlat3(outPos, 3 * i, prevPos, 3 * i, curPos, 3 * i, alpha);
    slerpFlat(outQuat, 4 * i, prevQuat, 4 * i, curQuat, 4 * i, alpha);
  }
  return out;
}
