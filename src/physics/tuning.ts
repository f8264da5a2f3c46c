// How the cannon-es world is configured for throughput: broadphase, collision matrix, solver and
// sleeping, in one typed object. The defaults carry the measurements that chose them; the
// tuning bench (`npm run bench -- --tuning`) builds worlds with the alternatives to compare.

import { GridBroadphase, GSSolver, NaiveBroadphase, SAPBroadphase, Vec3 } from 'cannon-es';
import type { Broadphase, World } from 'cannon-es';
import { SleepAwareSAPBroadphase } from './broadphase';
import { SparseCollisionMatrix } from './collisionMatrix';

export const BROADPHASES = ['sap', 'cannon-sap', 'naive', 'grid'] as const;
export type BroadphaseName = (typeof BROADPHASES)[number];

export interface PhysicsTuning {
  broadphase: BroadphaseName;
  /** Pair hash instead of cannon-es's n²/2 array (see collisionMatrix.ts). */
  sparseCollisionMatrix: boolean;
  solverIterations: number;
  solverTolerance: number;
  /** Below this speed (m/s and rad/s, combined) a body counts as still. */
  sleepSpeedLimit: number;
  /** Seconds a body must stay still before it sleeps. */
  sleepTimeLimit: number;
}

export const DEFAULT_TUNING: Readonly<PhysicsTuning> = Object.freeze({
  broadphase: 'sap',
  sparseCollisionMatrix: true,
  solverIterations: 10,
  solverTolerance: 1e-7,
  sleepSpeedLimit: 0.1,
  sleepTimeLimit: 1,
});

/** Grid cells of 2 m over the largest stress scene (a 5000-body bin is ~50 m across). */
function createGrid(): GridBroadphase {
  return new GridBroadphase(new Vec3(-60, -1, -60), new Vec3(60, 59, 60), 60, 30, 60);
}

export function applyTuning(world: World, tuning: PhysicsTuning): void {
  let broadphase: Broadphase;
  switch (tuning.broadphase) {
    case 'sap':
      broadphase = new SleepAwareSAPBroadphase(world);
      break;
    case 'cannon-sap':
      broadphase = new SAPBroadphase(world);
      break;
    case 'naive':
      broadphase = new NaiveBroadphase();
      break;
    case 'grid':
      broadphase = createGrid();
      break;
  }
  world.broadphase = broadphase;
  broadphase.setWorld(world);
  if (tuning.sparseCollisionMatrix) {
    world.collisionMatrix = new SparseCollisionMatrix();
    world.collisionMatrixPrevious = new SparseCollisionMatrix();
  }
  const solver = new GSSolver();
  solver.iterations = tuning.solverIterations;
  solver.tolerance = tuning.solverTolerance;
  world.solver = solver;
}
