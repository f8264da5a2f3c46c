// One body's poses as plain data, for `sandbox.pose(index)`: its previous and current snapshot
// (with the velocities stored beside them) and the pose its instance matrix was last drawn at.

import { t } from '../i18n/language';
import type { Snapshot } from 'fixed-step/interpolation';

export interface Pose {
  p: [number, number, number];
  q: [number, number, number, number];
}

/** A snapshot pose with the velocities stored beside it (extrapolate and hermite use them). */
export interface SnapshotPose extends Pose {
  v: [number, number, number];
  w: [number, number, number];
}

export interface BodyPoses {
  previous: SnapshotPose;
  current: SnapshotPose;
  rendered: Pose;
}

/** Where the drawn pose is read back from: the instance matrices (render's BodyInstances). */
export interface DrawnPoses {
  readPose(index: number): Pose | null;
}

function vec3At(values: Float64Array, i: number): [number, number, number] {
  return [values[3 * i] ?? 0, values[3 * i + 1] ?? 0, values[3 * i + 2] ?? 0];
}

function poseAt(buffer: Snapshot, i: number): SnapshotPose {
  const q = buffer.quaternion;
  return {
    p: vec3At(buffer.position, i),
    q: [q[4 * i] ?? 0, q[4 * i + 1] ?? 0, q[4 * i + 2] ?? 0, q[4 * i + 3] ?? 1],
    v: vec3At(buffer.velocity, i),
    w: vec3At(buffer.angularVelocity, i),
  };
}

/** Body `index`'s poses; throws if it has not been drawn yet. The caller checks `index`. */
export function readPose(
  snapshots: { readonly previous: Snapshot; readonly current: Snapshot },
  drawn: DrawnPoses,
  index: number,
): BodyPoses {
  const rendered = drawn.readPose(index);
  if (!rendered) throw new Error(t('api.notDrawn', { index }));
  return {
    previous: poseAt(snapshots.previous, index),
    current: poseAt(snapshots.current, index),
    rendered,
  };
}
