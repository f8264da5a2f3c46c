// fixed-step/interpolation: previous and current snapshots of a world's bodies in flat arrays,
// and the pose each is drawn at between them (four render modes). No three.js, no cannon-es import.

export { BodySnapshots } from './snapshot/bodySnapshots';
export { SLEEPING, writeBodyStates } from './snapshot/bodyPoses';
export type { BodyLike, PoseArrays, QuatLike, Vec3Like } from './snapshot/bodyPoses';
export { Snapshot, SnapshotPair } from './snapshot/snapshots';
export {
  FramePoses,
  INTERPOLATION_MODES,
  interpolateAt,
  interpolatePoses,
} from './interp/interpolate';
export type { AlphaHolder, InterpolationMode } from './interp/interpolate';
