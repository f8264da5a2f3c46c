// How the cannon-es world is configured for throughput: contact generation, broadphase, the
// step's bookkeeping tables, solver and sleeping, in one typed object. The defaults carry the
// measurements that chose them; `npm run bench` and `npm run bench -- --tuning` build worlds
// with the alternatives (cannon-es's own parts among them) to compare in one run.

import { GSSolver, NaiveBroadphase, SAPBroadphase } from 'cannon-es';
import type { Broadphase, Narrowphase, World } from 'cannon-es';
import { assertNever } from '../../util/assertNever';
import { SleepAwareSAPBroadphase } from '../broadphase/broadphase';
import { SparseCollisionMatrix } from '../broadphase/collisionMatrix';
import { FlatGSSolver } from '../solver/flatSolver';
import { installLookupTables } from './lookupTables';
import { ManifoldNarrowphase } from '../narrowphase/manifoldNarrowphase';
import { ProjectNarrowphase } from '../narrowphase/projectNarrowphase';

/**
 * cannon-es's GridBroadphase is not offered: it bins a body by its first shape only (a dumbbell
 * by one ball), files the ground plane into a whole layer of cells, needs the world's bounds up
 * front, and on the first step of rain × 250 it threw a TypeError inside narrowphase (its pair
 * lists fell out of step) — leaving cannon-es's shared step state broken for every world after.
 */
export const BROADPHASES = ['sap', 'cannon-sap', 'naive'] as const;
export type BroadphaseName = (typeof BROADPHASES)[number];

/**
 * 'manifold': the project's contact generators with persistent manifolds — points kept from step
 * to step by feature, their impulses carried for warm starting, resting pairs' points reused
 * (manifoldNarrowphase.ts); the flat solver works them. 'project': the same generators, made
 * afresh every step as cannon-es equations (projectNarrowphase.ts). 'cannon': cannon-es's own.
 */
export const NARROWPHASES = ['manifold', 'project', 'cannon'] as const;
export type NarrowphaseName = (typeof NARROWPHASES)[number];

/**
 * 'flat-gs': cannon-es's GSSolver arithmetic over flat arrays, the same bits (flatSolver.ts);
 * 'gs': cannon-es's GSSolver, for the drop-in's option to keep it.
 */
export const SOLVERS = ['flat-gs', 'gs'] as const;
export type SolverName = (typeof SOLVERS)[number];

/** The fields of every configuration; which narrowphase goes with which solver is PhysicsTuning's. */
export interface TuningFields {
  /**
   * 'manifold' only: how much of last step's impulses every solve starts from (Catto, GDC
   * 2005), normal and friction, 0 … 1 (0: from zero, as cannon-es).
   */
  warmStart: number;
  frictionWarmStart: number;
  /**
   * 'manifold' only: a touching pair keeps last step's points while its bodies have moved less
   * than this relative to each other since the points were made, m (planTasks.ts), less any
   * point that has come apart; 0: the generators run for every pair every step. The default,
   * 0.5 mm, holds the quality gates; 1 mm lets the stack drift past them (docs/contacts.md).
   */
  reuseMotion: number;
  /**
   * 'manifold' only: sweeps after the solve that take back the velocity the penetration term
   * gave (positions still corrected; ManifoldRows.relax). 0: none, as cannon-es.
   */
  relaxIterations: number;
  /**
   * 'manifold' only: the contacts' SPOOK spring, stiffness in N/m and relaxation in steps, in
   * place of the contact materials' (cannon-es's defaults: 1e7, 3).
   */
  contactStiffness: number;
  contactRelaxation: number;
  broadphase: BroadphaseName;
  /** Pair hash instead of cannon-es's n²/2 array (see collisionMatrix.ts). */
  sparseCollisionMatrix: boolean;
  /** Hashed overlap keepers and contact-material table (lookupTables.ts); the same results. */
  fastLookups: boolean;
  solverIterations: number;
  solverTolerance: number;
  /** Below this speed (m/s and rad/s, combined) a body counts as still. */
  sleepSpeedLimit: number;
  /** Seconds a body must stay still before it sleeps. */
  sleepTimeLimit: number;
}

/** Persistent manifolds: solved by the flat solver alone. */
export type ManifoldTuning = TuningFields & { narrowphase: 'manifold'; solver: 'flat-gs' };
/** Contacts made afresh every step as cannon-es equations, which either solver works. */
export type EquationTuning = TuningFields & {
  narrowphase: Exclude<NarrowphaseName, 'manifold'>;
  solver: SolverName;
};
/**
 * How a world is configured: one of the two kinds, so a tuning that pairs the manifolds with
 * any solver but the flat one does not compile.
 */
export type PhysicsTuning = ManifoldTuning | EquationTuning;

/**
 * The configuration before persistent contacts: the project's generators made afresh every
 * step, the flat solver from zero impulses, 10 iterations. Kept selectable so `npm run bench`
 * measures before and after in one run and fixtures that pin its hashes keep running.
 */
export const STATELESS_TUNING: Readonly<EquationTuning> = Object.freeze({
  narrowphase: 'project',
  warmStart: 0,
  frictionWarmStart: 0,
  reuseMotion: 0,
  relaxIterations: 0,
  contactStiffness: 1e7,
  contactRelaxation: 3,
  broadphase: 'sap',
  sparseCollisionMatrix: true,
  fastLookups: true,
  solver: 'flat-gs',
  solverIterations: 10,
  solverTolerance: 1e-7,
  sleepSpeedLimit: 0.1,
  sleepTimeLimit: 1,
});

/** Persistent manifolds, warm-started (see NARROWPHASES and the fields for their measurements). */
export const DEFAULT_TUNING: Readonly<ManifoldTuning> = Object.freeze({
  ...STATELESS_TUNING,
  narrowphase: 'manifold',
  solver: 'flat-gs',
  warmStart: 1,
  frictionWarmStart: 0.5,
  reuseMotion: 0.0005,
  solverIterations: 6,
  relaxIterations: 4,
  contactStiffness: 1.5e7,
  contactRelaxation: 8,
});

export function applyTuning(world: World, tuning: PhysicsTuning): void {
  const narrowphase = createNarrowphase(world, tuning.narrowphase);
  world.narrowphase = narrowphase;
  const broadphase = createBroadphase(world, tuning.broadphase);
  world.broadphase = broadphase;
  broadphase.setWorld(world);
  if (tuning.sparseCollisionMatrix) {
    world.collisionMatrix = new SparseCollisionMatrix();
    world.collisionMatrixPrevious = new SparseCollisionMatrix();
  }
  if (tuning.fastLookups) installLookupTables(world);
  const solver = createSolver(tuning.solver);
  solver.iterations = tuning.solverIterations;
  solver.tolerance = tuning.solverTolerance;
  world.solver = solver;
  // The manifolds are solved by the flat solver alone (PhysicsTuning allows no other with them).
  if (narrowphase instanceof ManifoldNarrowphase && solver instanceof FlatGSSolver) {
    narrowphase.reuseMotion = tuning.reuseMotion;
    solver.contacts = narrowphase.store;
    solver.warmStart.normal = tuning.warmStart;
    solver.warmStart.friction = tuning.frictionWarmStart;
    solver.relaxIterations = tuning.relaxIterations;
    narrowphase.spring.stiffness = tuning.contactStiffness;
    narrowphase.spring.relaxation = tuning.contactRelaxation;
  }
}

function createNarrowphase(world: World, name: NarrowphaseName): Narrowphase {
  switch (name) {
    case 'manifold':
      return new ManifoldNarrowphase(world);
    case 'project':
      return new ProjectNarrowphase(world);
    case 'cannon':
      return world.narrowphase;
    default:
      return assertNever(name, 'narrowphase');
  }
}

function createBroadphase(world: World, name: BroadphaseName): Broadphase {
  switch (name) {
    case 'sap':
      return new SleepAwareSAPBroadphase(world);
    case 'cannon-sap':
      return new SAPBroadphase(world);
    case 'naive':
      return new NaiveBroadphase();
    default:
      return assertNever(name, 'broadphase');
  }
}

function createSolver(name: SolverName): GSSolver {
  switch (name) {
    case 'flat-gs':
      return new FlatGSSolver();
    case 'gs':
      return new GSSolver();
    default:
      return assertNever(name, 'solver');
  }
}
