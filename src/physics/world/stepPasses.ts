// What runs when the world steps: cannon-es's World.step calls the parts applyTuning installed
// (DEFAULT_TUNING's: the broadphase, the manifold narrowphase, the flat solver), and they run
// these passes, in this order; then cannon-es integrates the bodies. docs/design.md's "One step"
// table is this list, and stepPasses.test.ts steps a world and finds them run in this order.

/** The classes whose methods run the passes: the file under src/physics, and where a World has one. */
export const STEP_PARTS = {
  SleepAwareSAPBroadphase: { file: 'broadphase/broadphase.ts', at: 'broadphase' },
  PackedBodies: { file: 'narrowphase/packedBodies.ts', at: 'narrowphase.packed' },
  ManifoldNarrowphase: { file: 'narrowphase/manifoldNarrowphase.ts', at: 'narrowphase' },
  ManifoldRows: { file: 'solver/manifoldRows.ts', at: 'solver.manifoldRows' },
} as const;

/** One pass of a step. */
export interface StepPass {
  /** Its name, as docs/design.md's "One step" gives it. */
  readonly pass: string;
  /** The method that runs it, on one of STEP_PARTS. */
  readonly method: `${keyof typeof STEP_PARTS}.${string}`;
  /** The kernels it calls (kernelCalls.ts): none where it works on cannon-es's objects. */
  readonly kernels: readonly string[];
}

function pass(name: string, method: StepPass['method'], kernels: string[] = []): StepPass {
  return { pass: name, method, kernels };
}

/** A step's passes under DEFAULT_TUNING, in the order they run. */
export const STEP_PASSES: readonly StepPass[] = [
  pass('broadphase', 'SleepAwareSAPBroadphase.collisionPairs', ['sweepPairs']),
  pass('pack', 'PackedBodies.pack'),
  pass('task', 'ManifoldNarrowphase.taskPairs', ['taskPairs']),
  pass('plan', 'ManifoldNarrowphase.plan', ['planTasks']),
  pass('generate', 'ManifoldNarrowphase.generate'),
  pass('merge', 'ManifoldNarrowphase.merge', ['mergeTasks']),
  pass('stand-ins', 'ManifoldNarrowphase.standIns'),
  pass('set-up', 'ManifoldRows.setUp', ['placeRows', 'setUpRange', 'applyStarts']),
  pass('sweeps', 'ManifoldRows.iterate', ['sweepRows']),
  pass('relax', 'ManifoldRows.relax', ['sweepRows']),
  pass('restitution', 'ManifoldRows.bounce'),
  pass('store', 'ManifoldRows.store', ['storeImpulses']),
];
