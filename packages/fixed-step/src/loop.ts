// fixed-step/loop: the "Fix Your Timestep!" accumulator with its frame clamp, step cap, overload
// governor and time accounting. Imports no DOM, no three.js and no cannon-es: any engine's step fits.

export { createFrameReport, createLoopTimes } from '../../../src/loop/fixedStepLoop';
export { DEFAULT_MAX_FRAME_SECONDS, FixedStepLoop, loopLimits } from './defaultLoop';
export type { FrameReport, LoopLimits, LoopTimes, Stepper } from '../../../src/loop/fixedStepLoop';
export { FrameClock } from '../../../src/loop/frameClock';
export {
  FRAME_PHYSICS_BUDGET_MS,
  OverloadGovernor,
  PHYSICS_SHARE,
} from '../../../src/loop/overloadGovernor';
export type { ThrottledLoop } from '../../../src/loop/overloadGovernor';
export type { Strategy } from '../../../src/config/settings';
