// fixed-step: the front door (`fixedStep(world, { hz })`) and every entry's parts in one. Side-effect
// free, so a bundler keeps only what is used: an app importing only the loop from here gets no
// three.js and no cannon-es code.

export { fixedStep, FixedStep } from './fixedStep';
export type { BindInstancesOptions, BindOptions, FixedStepOptions } from './fixedStep';
export { cannonEngine } from './engine';
export type { BodyStates, FixedStepBody, FixedStepEngine, FixedStepWorld } from './engine';
export { DRAW_MODES } from './boundBodies';
export type { DrawMode } from './boundBodies';
export type { FixedStepStats, StepInfo, StepListener, VisibilityDocument } from './frontDoorParts';
export * from './loop';
export * from './interpolation';
export * from './three';
export * from './cannon';
