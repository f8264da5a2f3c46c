// fixed-step/interpolation: previous and current snapshots of a world's bodies in flat arrays,
// and the pose each is drawn at between them (four render modes). No three.js, no cannon-es import.

import { INTERPOLATION_MODES as RENDER_MODES } from '../../../src/config/settings';

export { BodySnapshots } from '../../../src/snapshot/bodySnapshots';
export { SLEEPING } from '../../../src/poses/bodyPoses';
export type { BodyLike, QuatLike, Vec3Like } from '../../../src/poses/bodyPoses';
export { Snapshot, SnapshotPair } from '../../../src/snapshot/snapshots';
export { FramePoses, interpolatePoses } from '../../../src/interp/interpolate';
export type { InterpolationMode } from '../../../src/config/settings';

/**
 * The render modes of {@link interpolatePoses}: 'interpolate' (lerp/slerp), 'off' (the current
 * snapshot), 'extrapolate' (ahead by the velocities), 'hermite' (a cubic through both snapshots).
 */
export const INTERPOLATION_MODES: readonly ['interpolate', 'off', 'extrapolate', 'hermite'] =
  RENDER_MODES;
