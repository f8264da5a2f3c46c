// The front door and its engine interface in one module: what the engine entries (Rapier, R3F)
// build on. Its declarations are a file of their own, so theirs never import index.d.ts.

export { FixedStep, fixedStep } from './fixedStep';
export type { BindInstancesOptions, BindOptions, FixedStepOptions } from './fixedStep';
export { cannonEngine } from './engine';
export type { BodyStates, FixedStepBody, FixedStepEngine, FixedStepWorld } from './engine';
export { DRAW_MODES } from './boundBodies';
export type { DrawMode } from './boundBodies';
export type { FixedStepStats, StepInfo, StepListener, VisibilityDocument } from './frontDoorParts';
// What the front door's declarations name from the parts, so they come from here too.
export { FixedStepLoop } from './defaultLoop';
export type { FrameReport, LoopLimits } from '../../../src/loop/fixedStepLoop';
export { FramePoses } from '../../../src/interp/interpolate';
export { SnapshotPair } from '../../../src/snapshot/snapshots';
export type { QuatLike, Vec3Like } from '../../../src/poses/bodyPoses';
