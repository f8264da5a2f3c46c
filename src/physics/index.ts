// The physics engine's public face: what is used of it from outside src/physics. For now that is
// the cannon-es drop-in the fixed-step package publishes (its `fixed-step/cannon` entry).

export { dropInOf, installDropIn } from './world/dropIn';
export type { DropIn, DropInOptions } from './world/dropIn';
