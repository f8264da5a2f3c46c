// fixed-step/interpolation: previous and current snapshots of a world's bodies in flat arrays,
// and the pose each is drawn at between them (four render modes). No three.js, no cannon-es import.

export { BodySnapshots } from '../../../src/snapshot/bodySnapshots';
export { SLEEPING } from '../../../src/poses/bodyPoses';
export type { BodyLike, QuatLike, Vec3Like } from '../../../src/poses/bodyPoses';
export { PoseBuffer, PosePair } from '../../../src/snapshot/snapshots';
export { DrawPoses, interpolatePoses } from '../../../src/interp/interpolate';
export type { PoseTimes } from '../../../src/interp/interpolate';
export { INTERPOLATION_MODES } from '../../../src/config/settings';
export type { InterpolationMode } from '../../../src/config/settings';
