// fixed-step: the cannon-es front door (`fixedStep(world, { hz })`) and every entry's parts in
// one. Needs cannon-es (the drop-in imports it); without cannon-es import from `fixed-step/core`.
// Side-effect free: an app importing only the loop from here bundles no three.js, no cannon-es.

export { fixedStep } from './frontDoor/fixedStep';
export * from './core';
export * from './interpolation';
export * from './three';
export * from './cannon';
