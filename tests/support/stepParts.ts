// Where a busy pyramid step goes: the clock around each part of world.step — the broadphase and
// its sort, the narrowphase's packing, tasks, plan, merge and stand-ins, the solver's set-up,
// sweeps and store — by wrapping those methods of one world (bench/stepPartsTable.ts prints it).

import type { PhysicsWorld } from '../../src/physics/world/physicsWorld';
import { DEFAULT_TUNING } from '../../src/physics/world/tuning';
import { pyramidBoxes } from '../../src/scenes/pyramid';
import { buildScene, DT } from './sceneWorlds';

/**
 * The window timed: steps 30–100, while pyramid × 11 stands awake under its own solver (its
 * boxes fall asleep about step 101 and the block lands about step 130: a mean over both says
 * little about either).
 */
export const PARTS_FIRST = 30;
export const PARTS_LAST = 100;

/** The parts timed, each a method of one of the world's parts (the clock nests as they do). */
const PARTS = [
  'broadphase',
  'sort',
  'contacts',
  'pack',
  'tasks',
  'plan',
  'merge',
  'standIns',
  'solve',
  'setUp',
  'sweeps',
  'store',
] as const;
type Part = (typeof PARTS)[number];

/** Mean wall ms per step over the window: the whole step, then each part's. */
export interface StepParts {
  layers: number;
  boxes: number;
  /** Steps in the window. */
  steps: number;
  stepMs: number;
  partMs: Record<Part, number>;
}

/** `owner[name]`, an object the timed methods hang on; a renamed part fails here, by name. */
function partOf(owner: object, name: string): object {
  const found = (owner as Record<string, unknown>)[name];
  if (typeof found !== 'object' || found === null) {
    throw new Error(`stepParts: ${owner.constructor.name} has no ${name} to time.`);
  }
  return found;
}

/**
 * Wraps `owner[method]` so each call adds its wall ms to `totals[slot]`; returns the undo. The
 * wrapper shadows the class's method on this one object and is deleted afterwards.
 */
function clock(owner: object, method: string, totals: Float64Array, slot: number): () => void {
  const record = owner as Record<string, unknown>;
  const original = record[method];
  if (typeof original !== 'function') {
    throw new Error(`stepParts: ${owner.constructor.name} has no method ${method} to time.`);
  }
  if (Object.prototype.hasOwnProperty.call(owner, method)) {
    throw new Error(`stepParts: ${owner.constructor.name}'s ${method} is clocked already.`);
  }
  record[method] = function timed(this: unknown, ...args: unknown[]): unknown {
    const started = performance.now();
    try {
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } finally {
      totals[slot] += performance.now() - started;
    }
  };
  return () => delete record[method];
}

/** Clocks every part of `physics`'s step into `totals` (PARTS' order); returns the undo. */
function clockParts(physics: PhysicsWorld, totals: Float64Array): () => void {
  const world = physics.world;
  const narrowphase = world.narrowphase;
  const rows = partOf(world.solver, 'manifoldRows');
  const at = (part: Part): number => PARTS.indexOf(part);
  const undo = [
    clock(world.broadphase, 'collisionPairs', totals, at('broadphase')),
    clock(world.broadphase, 'sortList', totals, at('sort')),
    clock(narrowphase, 'getContacts', totals, at('contacts')),
    clock(partOf(narrowphase, 'packed'), 'pack', totals, at('pack')),
    clock(narrowphase, 'taskPairs', totals, at('tasks')),
    clock(narrowphase, 'plan', totals, at('plan')),
    clock(narrowphase, 'merge', totals, at('merge')),
    clock(narrowphase, 'standIns', totals, at('standIns')),
    clock(world.solver, 'solve', totals, at('solve')),
    clock(rows, 'setUp', totals, at('setUp')),
    clock(rows, 'iterate', totals, at('sweeps')),
    clock(rows, 'store', totals, at('store')),
  ];
  return () => undo.forEach((u) => u());
}

/**
 * A fresh pyramid of `layers` under DEFAULT_TUNING, its parts clocked over steps [first, last).
 * The clocks cost a few calls a step and stop V8 inlining the parts into their callers: the
 * step reads a little slower than the unclocked benches'.
 */
export function benchStepParts(layers: number, first = PARTS_FIRST, last = PARTS_LAST): StepParts {
  const { physics } = buildScene('pyramid', layers, DEFAULT_TUNING);
  const totals = new Float64Array(PARTS.length);
  const unclock = clockParts(physics, totals);
  let stepMs = 0;
  try {
    for (let s = 0; s < last; s++) {
      if (s === first) totals.fill(0);
      const started = performance.now();
      physics.step(DT);
      if (s >= first) stepMs += performance.now() - started;
    }
  } finally {
    unclock();
  }
  const steps = last - first;
  const partMs = {} as Record<Part, number>;
  PARTS.forEach((part, k) => (partMs[part] = (totals[k] as number) / steps));
  return {
    layers,
    boxes: pyramidBoxes(layers),
    steps,
    stepMs: stepMs / steps,
    partMs,
  };
}
