// fixed-step/cannon: the project's contact generators, solver and lookup tables installed on any
// cannon-es World in one call, and taken out in one call. Needs cannon-es. The package's one
// import of the engine it comes from, through that engine's face.

export { dropInOf, installDropIn } from '../../../src/physics/index';
export type { DropIn, DropInOptions } from '../../../src/physics/index';
