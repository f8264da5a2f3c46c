// fixed-step: the front door (`fixedStep(world, { hz })`) and every entry's parts in one. Side-effect
// free, so a bundler keeps only what is used: an app importing only the loop from here gets no
// three.js and no cannon-es code.

export * from './frontDoor';
export * from './loop';
export * from './interpolation';
export * from './three';
export * from './cannon';
