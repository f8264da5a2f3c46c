// fixed-step/cannon: the project's contact generators, solver and lookup tables installed on any
// cannon-es World in one call, and taken out in one call.

export { dropInOf, installDropIn } from '../../../src/physics/world/dropIn';
export type { DropIn, DropInOptions } from '../../../src/physics/world/dropIn';
