// The physics engine's face: everything the rest of src/ (and the fixed-step package's drop-in
// entry) uses of it. Outside src/physics, code imports physics from here alone (ESLint's layers,
// imports.test.ts); what is not here is the engine's own.

// The world and its bodies.
export { GRAVITY, PhysicsWorld } from './world/physicsWorld';
export type {
  BodyMake,
  BodyRemovalListener,
  BodySpec,
  PoseResetListener,
  QuatTuple,
  StateArrays,
  StaticBoxSpec,
  Vec3Tuple,
} from './world/physicsWorld';
export { MATERIAL_NAMES } from './bodies/materials';
export type { SavedSpring, SpringEnds, SpringSpec } from './bodies/springs';
// Commands at a step, the state guard, the configuration.
export { COMMAND_TYPES, CommandQueue } from './world/commands';
export type { AnchorMotion, Command, CommandAction, DragHold } from './world/commands';
export { StateGuard, WORLD_LIMIT_METERS } from './world/stateGuard';
export type { FaultReason, FaultReport } from './world/stateGuard';
export { BROADPHASES, DEFAULT_TUNING, NARROWPHASES, SOLVERS } from './world/tuning';
export type { PhysicsTuning } from './world/tuning';
// Exact state: the bodies' motion and clock, and the persistent contacts.
export {
  readClock,
  readMotion,
  readOrder,
  SLEEP_STATES,
  writeClock,
  writeMotion,
  writeOrder,
} from './world/exactState';
export type { BodyMotion, SleepStateName } from './world/exactState';
export {
  NUMBERS_PER_MANIFOLD,
  NUMBERS_PER_POINT,
  readContacts,
  writeContacts,
} from './narrowphase/manifoldState';
export type { SavedContacts } from './narrowphase/manifoldState';
export { POINTS_PER_MANIFOLD } from './manifolds/manifoldStore';
// Where the kernels run.
export { compileContactKernels } from './kernels/kernelMemory';
export type { KernelMode } from './kernels/kernelMemory';
// The cannon-es drop-in the fixed-step package publishes (its `fixed-step/cannon` entry).
export { dropInOf, installDropIn } from './world/dropIn';
export type { DropIn, DropInOptions } from './world/dropIn';
