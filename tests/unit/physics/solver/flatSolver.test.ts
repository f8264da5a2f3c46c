import { GSSolver, HingeConstraint, PointToPointConstraint, Vec3 } from 'cannon-es';
import type { Solver } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { StateHasher } from '../../../../src/state/stateHasher';
import { FlatGSSolver } from '../../../../src/physics/solver/flatSolver';
import { PhysicsWorld } from '../../../../src/physics/world/physicsWorld';
import { STATELESS_TUNING } from '../../../../src/physics/world/tuning';
import { findScene } from '../../../../src/scenes/registry';
import { Rng } from '../../../../src/util/rng';

type Build = (physics: PhysicsWorld) => void;

function scene(id: string, count: number): Build {
  return (physics) => findScene(id)?.build(physics, new Rng(4), count);
}

/** Two bricks hinged together and one pinned to a point: constraint equations of every kind. */
const hinged: Build = (physics) => {
  scene('stack', 12)(physics);
  const a = physics.bodies[10];
  const b = physics.bodies[11];
  if (!a || !b) throw new Error('stack too small');
  physics.world.addConstraint(
    new HingeConstraint(a, b, {
      pivotA: new Vec3(0.25, 0, 0),
      pivotB: new Vec3(-0.25, 0, 0),
      axisA: new Vec3(0, 0, 1),
      axisB: new Vec3(0, 0, 1),
    }),
  );
  physics.world.addConstraint(
    new PointToPointConstraint(a, new Vec3(0, 0.25, 0), b, new Vec3(0, -0.25, 0)),
  );
  b.velocity.set(2, 3, 0);
};

/**
 * Steps a fresh world with `solver`, returning the state hash and iteration count each step,
 * and how many steps gave the solver equations to solve.
 */
function run(
  build: Build,
  steps: number,
  solver: () => Solver,
): { hashes: string[]; iterations: number[]; solvesWithEquations: number; solver: Solver } {
  const physics = new PhysicsWorld(STATELESS_TUNING);
  physics.world.solver = solver();
  build(physics);
  const hashes: string[] = [];
  const iterations: number[] = [];
  const hasher = new StateHasher();
  const inner = physics.world.solver;
  const solve = inner.solve.bind(inner);
  let solvesWithEquations = 0;
  inner.solve = (dt, world) => {
    if (inner.equations.length > 0) solvesWithEquations++;
    const n = solve(dt, world);
    iterations.push(n);
    return n;
  };
  for (let s = 0; s < steps; s++) {
    physics.step(1 / 100);
    hashes.push(hasher.hex(physics));
  }
  return { hashes, iterations, solvesWithEquations, solver: inner };
}

/**
 * FlatGSSolver hands a solve over to GSSolver's own loop when it cannot address a body by its
 * index; were it to do that always, the comparisons below would compare GSSolver with itself.
 * Every solve with equations must have taken the flat path.
 */
function expectFlatPathRan(result: ReturnType<typeof run>): void {
  const solver = result.solver;
  if (!(solver instanceof FlatGSSolver)) throw new Error('not the flat solver');
  expect(result.solvesWithEquations).toBeGreaterThan(0);
  expect(solver.fallbackSolves).toBe(0);
  expect(solver.flatSolves).toBe(result.solvesWithEquations);
}

const SLOW = 60_000;

describe('FlatGSSolver: cannon-es GSSolver over flat arrays, the same bits', () => {
  it.each([
    ['tower × 120 (boxes, a ball, sleepers waking)', scene('tower', 120), 350],
    ['rain × 150 (every shape kind, compounds, walls)', scene('rain', 150), 300],
    ['avalanche × 120 (a slope of ice, posts)', scene('avalanche', 120), 300],
    ['dominoes (frictionless contacts)', scene('dominoes', 40), 300],
    ['a hinge and a point-to-point joint (constraint equations)', hinged, 200],
  ] as const)(
    '%s: the same state hash after every step',
    (_name, build, steps) => {
      const stock = run(build, steps, () => new GSSolver());
      const flat = run(build, steps, () => new FlatGSSolver());
      expectFlatPathRan(flat);
      expect(new Set(stock.hashes).size).toBeGreaterThan(steps / 2);
      expect(flat.hashes).toEqual(stock.hashes);
      // The same iterations too: the tolerance test sees the same numbers.
      expect(flat.iterations).toEqual(stock.iterations);
    },
    SLOW,
  );

  it(
    'stops at the tolerance after the same number of iterations',
    () => {
      // Piles rarely meet any tolerance (resting contacts keep trading impulse); a toppling
      // domino run at 0.1 stops early on most steps.
      const loose = (make: () => GSSolver) => () => {
        const solver = make();
        solver.tolerance = 0.1;
        solver.iterations = 50;
        return solver;
      };
      const stock = run(
        scene('dominoes', 40),
        300,
        loose(() => new GSSolver()),
      );
      const flat = run(
        scene('dominoes', 40),
        300,
        loose(() => new FlatGSSolver()),
      );
      expect(stock.iterations.filter((n) => n > 0 && n < 50).length).toBeGreaterThan(50);
      expectFlatPathRan(flat);
      expect(flat.iterations).toEqual(stock.iterations);
      expect(flat.hashes).toEqual(stock.hashes);
    },
    SLOW,
  );

  it("over a body list other than the world's (a SplitSolver island) it solves as GSSolver does", () => {
    // Equations from a knocked tower, solved over the bodies in reverse order: the flat
    // layout cannot address them by index and must hand over to GSSolver's own loop.
    const physics = new PhysicsWorld(STATELESS_TUNING);
    scene('tower', 120)(physics);
    for (let s = 0; s < 250; s++) physics.step(1 / 100);
    const world = physics.world;
    const equations = [...world.contacts, ...world.frictionEquations];
    expect(equations.length).toBeGreaterThan(100);
    const island = { bodies: world.bodies.slice().reverse() } as unknown as typeof world;
    const start = world.bodies.map((b) => [
      ...b.velocity.toArray(),
      ...b.angularVelocity.toArray(),
    ]);
    const solveWith = (solver: GSSolver): number[] => {
      world.bodies.forEach((b, i) => {
        const v = start[i] as number[];
        b.velocity.set(v[0] as number, v[1] as number, v[2] as number);
        b.angularVelocity.set(v[3] as number, v[4] as number, v[5] as number);
      });
      for (const eq of equations) solver.addEquation(eq);
      solver.solve(1 / 100, island);
      return world.bodies.flatMap((b) => [...b.velocity.toArray(), ...b.angularVelocity.toArray()]);
    };
    const stock = solveWith(new GSSolver());
    expect(stock).not.toEqual(start.flat());
    const flat = new FlatGSSolver();
    expect(solveWith(flat)).toEqual(stock);
    // This one must be GSSolver's own loop: the flat layout cannot address these bodies.
    expect(flat.fallbackSolves).toBe(1);
    expect(flat.flatSolves).toBe(0);
  });
});
