// The bench's baseline: stock cannon-es's parts (its own narrowphase, GSSolver and n²-sized
// tables) on the project's sleep-aware broadphase, built here from the drop-in's options — the
// configuration the project's contacts and solver are measured against, not one the app ships.

import { STATELESS_TUNING } from '../src/physics/world/tuning';
import type { PhysicsTuning } from '../src/physics/world/tuning';

export const CANNON_PARTS: Readonly<PhysicsTuning> = Object.freeze({
  ...STATELESS_TUNING,
  narrowphase: 'cannon',
  solver: 'gs',
  fastLookups: false,
});
