// One frame's drawing for the front door: the draw poses of every bound body (the front door's
// mode for all, then each body's own mode where it has one), written into its Object3D or instance.

import { interpolateAt } from '../interp/interpolate';
import type { AlphaHolder, FramePoses, InterpolationMode } from '../interp/interpolate';
import { integrateQuatFlat, lerpFlat3, slerpFlat } from '../interp/poseMath';
import { composeInstance, restingUnchanged } from '../three/instanceMatrix';
import { FOLLOW } from './boundBodies';
import type { BoundBodies, DrawMode, InstanceTarget } from './boundBodies';

/** The interpolation kernel's name for each draw mode, in DRAW_MODES order. */
const KERNEL_MODES: readonly InterpolationMode[] = ['interpolate', 'off', 'extrapolate'];

/** The interpolation kernel's name for a draw mode. */
export function kernelMode(mode: DrawMode): InterpolationMode {
  return mode === 'none' ? 'off' : mode;
}

/**
 * Writes the pose every bound body is drawn at into `poses`: one pass of the kernel in the
 * front door's mode, then each body with a mode of its own redone alone.
 */
export function drawPoses(
  bound: BoundBodies<unknown, unknown>,
  times: AlphaHolder,
  mode: DrawMode,
  poses: FramePoses,
): void {
  interpolateAt(bound, times, kernelMode(mode), poses);
  if (bound.overrides === 0) return;
  const modes = bound.modes;
  for (let i = 0; i < bound.count; i++) {
    const own = modes[i];
    if (own === FOLLOW || KERNEL_MODES[own] === kernelMode(mode)) continue;
    poseOne(bound, i, own, times, poses);
  }
}

/** Body i's pose in mode `own` (a DRAW_MODES index): the kernel's arithmetic for one body. */
function poseOne(
  bound: BoundBodies<unknown, unknown>,
  i: number,
  own: number,
  times: AlphaHolder,
  poses: FramePoses,
): void {
  const i3 = 3 * i;
  const i4 = 4 * i;
  const previous = bound.previous;
  const current = bound.current;
  const position = poses.position;
  const quaternion = poses.quaternion;
  if (own === 0) {
    lerpFlat3(position, i3, previous.position, i3, current.position, i3, times.alpha);
    slerpFlat(quaternion, i4, previous.quaternion, i4, current.quaternion, i4, times.alpha);
    return;
  }
  if (own === 1) {
    for (let k = 0; k < 3; k++) position[i3 + k] = current.position[i3 + k];
    for (let k = 0; k < 4; k++) quaternion[i4 + k] = current.quaternion[i4 + k];
    return;
  }
  const ahead = times.alpha * bound.intervalSeconds;
  const v = current.velocity;
  for (let k = 0; k < 3; k++) position[i3 + k] = current.position[i3 + k] + v[i3 + k] * ahead;
  integrateQuatFlat(quaternion, i4, current.quaternion, i4, current.angularVelocity, i3, ahead);
}

/**
 * Writes each bound body's draw pose into what shows it: an Object3D's position and quaternion,
 * or an instance matrix (a resting body already drawn at its pose is skipped, and a mesh is
 * marked for upload only when one of its matrices changed).
 */
export function writeBound(
  bound: BoundBodies<unknown, unknown>,
  poses: FramePoses,
  meshes: readonly InstanceTarget[],
): void {
  const position = poses.position;
  const quaternion = poses.quaternion;
  const still = poses.still;
  const objects = bound.objects;
  const targets = bound.targets;
  const instance = bound.instance;
  const rest = bound.restPose;
  for (let i = 0; i < bound.count; i++) {
    const object = objects[i];
    // A resting body whose object or matrix already shows its pose is not written again.
    if (restingUnchanged(position, quaternion, still, i, rest, 7 * i)) continue;
    const i3 = 3 * i;
    const i4 = 4 * i;
    if (object !== null) {
      object.position.set(position[i3], position[i3 + 1], position[i3 + 2]);
      object.quaternion.set(
        quaternion[i4],
        quaternion[i4 + 1],
        quaternion[i4 + 2],
        quaternion[i4 + 3],
      );
      continue;
    }
    const target = targets[i];
    if (target === null) continue;
    const k = instance[i];
    const matrices = target.mesh.instanceMatrix.array as Float32Array;
    composeInstance(matrices, 16 * k, position, quaternion, i, target.scales, 3 * k);
    target.changed = true;
  }
  for (let m = 0; m < meshes.length; m++) {
    const target = meshes[m];
    if (!target.changed) continue;
    target.changed = false;
    target.mesh.instanceMatrix.needsUpdate = true;
  }
}
