// The stacks page of cannon-es's examples, written here from what it contains: every pair of
// shape kinds (sphere, plane, box, compound, tetrahedron, cylinder, particle), the lower one
// resting on the ground and the upper one dropped onto it, with that page's world settings.

import { Body, Box, Cylinder, Particle, Sphere, Vec3, World } from 'cannon-es';
import { ground, single, solverOf, tetrahedron } from './exampleWorlds';
import type { ExampleScene, Watched } from './exampleWorlds';

/** Ground height of the stacks page (its plane sits at y = −1). */
export const STACK_GROUND = -1;

/** A shape kind of the stacks page: how to make its body, and how far it reaches down and up. */
interface StackShape {
  make(): Body;
  /** Centre height above its lowest point, resting as made. */
  below: number;
  /** Highest point above its centre, resting as made. */
  above: number;
}

const SIZE = 1;

/** Four boxes in an L, as the stacks page's compound: one column of three and a foot. */
function compound(): Body {
  const body = new Body({ mass: 5 });
  const box = new Box(new Vec3(0.5 * SIZE, 0.5 * SIZE, 0.5 * SIZE));
  body.addShape(box, new Vec3(0, SIZE, 0));
  body.addShape(box, new Vec3(0, 0, 0));
  body.addShape(box, new Vec3(0, -SIZE, 0));
  body.addShape(box, new Vec3(SIZE, -SIZE, 0));
  return body;
}

const STACK_SHAPES: Record<string, StackShape> = {
  sphere: { make: () => single(new Sphere(SIZE)), below: SIZE, above: SIZE },
  box: { make: () => single(new Box(new Vec3(SIZE, SIZE, SIZE))), below: SIZE, above: SIZE },
  compound: { make: compound, below: 1.5 * SIZE, above: 1.5 * SIZE },
  convex: { make: () => single(tetrahedron()), below: 0.35, above: 1.65 },
  cylinder: {
    make: () => single(new Cylinder(SIZE, SIZE, 2 * SIZE, 10)),
    below: SIZE,
    above: SIZE,
  },
  particle: { make: () => single(new Particle(), 1), below: 0, above: 0 },
};

/** The stacks page's world: its gravity, iterations, contact stiffness and relaxation, and ground. */
function stackWorld(): World {
  const world = new World();
  world.gravity.set(0, -10, 0);
  solverOf(world).iterations = 20;
  world.defaultContactMaterial.contactEquationStiffness = 1e7;
  world.defaultContactMaterial.contactEquationRelaxation = 5;
  world.addBody(ground(STACK_GROUND));
  return world;
}

/**
 * One stack of the stacks page: `lower` resting on the ground (or nothing, for "plane"), `upper`
 * dropped onto it from half a metre above. The upper body may stay on top or fall beside.
 */
function stackScene(lowerName: string, upperName: string): ExampleScene {
  return {
    name: `stack ${lowerName}/${upperName}`,
    dt: 1 / 60,
    seconds: 4,
    build() {
      const world = stackWorld();
      const upper = STACK_SHAPES[upperName];
      const watched: Watched[] = [];
      let top = STACK_GROUND;
      // A tetrahedron's apex and a ball's crown are no place to rest: what lands there may lean.
      const leans = lowerName === 'convex' || lowerName === 'sphere';
      if (lowerName !== 'plane') {
        const lower = STACK_SHAPES[lowerName];
        const body = lower.make();
        body.position.set(0, STACK_GROUND + lower.below + 0.5, 0);
        world.addBody(body);
        const rest = STACK_GROUND + lower.below;
        watched.push({ label: lowerName, body, rest: [rest] });
        top = rest + lower.above;
      }
      const body = upper.make();
      // The stacks page puts a particle a little off the top's centre.
      body.position.set(upperName === 'particle' ? -0.02 : 0, top + upper.below + 0.5, 0);
      world.addBody(body);
      const fallen = STACK_GROUND + upper.below;
      const stacked = top + upper.below;
      watched.push(
        leans
          ? { label: upperName, body, rest: [], between: [fallen, stacked] }
          : { label: upperName, body, rest: [stacked, fallen] },
      );
      return { world, ground: STACK_GROUND, watched };
    },
  };
}

const STACK_KINDS = ['sphere', 'plane', 'box', 'compound', 'convex', 'cylinder', 'particle'];

/** Every pair the stacks page shows: each kind under each later kind, and each solid on itself. */
export function stackScenes(): ExampleScene[] {
  const scenes: ExampleScene[] = [];
  STACK_KINDS.forEach((lower, i) => {
    for (const upper of STACK_KINDS.slice(i)) {
      if (upper === 'plane' || (upper === lower && lower === 'particle')) continue;
      scenes.push(stackScene(lower, upper));
    }
  });
  return scenes;
}
