// fixed-step/loop: the "Fix Your Timestep!" accumulator with its frame clamp, step cap, overload
// governor and time accounting. Imports no DOM, no three.js and no cannon-es: any engine's step fits.

export {
  copyFrameReport,
  createFrameReport,
  createLoopTimes,
  FixedStepLoop,
} from './loop/fixedStepLoop';
export type { FrameReport, LoopTimes, Stepper } from './loop/fixedStepLoop';
export { DEFAULT_MAX_FRAME_SECONDS, loopLimits } from './loop/loopLimits';
export type { LoopLimits } from './loop/loopLimits';
export { STRATEGIES } from './loop/strategies';
export type { Strategy } from './loop/strategies';
export { FrameClock } from './loop/frameClock';
export {
  FRAME_PHYSICS_BUDGET_MS,
  OverloadGovernor,
  PHYSICS_SHARE,
  WORKER_PHYSICS_SHARE,
} from './loop/overloadGovernor';
export type { ThrottledLoop } from './loop/overloadGovernor';
