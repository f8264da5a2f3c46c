// fixed-step/core: the front door with no engine of its own — `FixedStep`, the engine interface
// (`FixedStepEngine`) and the loop — for an adapter to any engine. Needs no cannon-es, no Rapier.

export { FixedStep } from './frontDoor/fixedStep';
export type { BindInstancesOptions, BindOptions, FixedStepOptions } from './frontDoor/fixedStep';
export { cannonEngine } from './frontDoor/engine';
export type {
  BodyStates,
  FixedStepBody,
  FixedStepEngine,
  FixedStepWorld,
} from './frontDoor/engine';
export { DRAW_MODES } from './frontDoor/boundBodies';
export type { DrawMode } from './frontDoor/boundBodies';
export type {
  FixedStepStats,
  StepInfo,
  StepListener,
  VisibilityDocument,
} from './frontDoor/frontDoorParts';
export * from './loop';
// What the front door's declarations name from the parts, so they come from here too.
export { FramePoses } from './interp/interpolate';
export { Snapshot, SnapshotPair } from './snapshot/snapshots';
export type { QuatLike, Vec3Like } from './snapshot/bodyPoses';
