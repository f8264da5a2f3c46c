// Worlds of the kinds cannon-es's own examples show (bounce, friction, jenga, a container of
// spheres, compounds, convex polyhedra, a trimesh, a heightfield; the stacks are in
// exampleStacks.ts), written here from what those pages contain, with plain cannon-es calls and
// cannon-es's settings, so the drop-in is tried on worlds this project did not shape.

import {
  Body,
  Box,
  ContactMaterial,
  ConvexPolyhedron,
  Cylinder,
  Heightfield,
  Material,
  Plane,
  SAPBroadphase,
  Sphere,
  Trimesh,
  Vec3,
  World,
} from 'cannon-es';
import type { Shape } from 'cannon-es';
import { Rng } from '../../../../src/util/rng';

/**
 * A body whose resting height is checked: its centre ends within tolerance of one of `rest`, or,
 * where it may come to lean on a slanted or rounded top, between the two heights of `between`.
 */
export interface Watched {
  label: string;
  body: Body;
  /** Centre heights it may come to rest at (stacked, or fallen to the ground beside). */
  rest: number[];
  /** Lowest and highest centre height it may rest at, when it can lean. */
  between?: [number, number];
}

export interface ExampleWorld {
  world: World;
  /** Height of the ground (the lowest surface under every body). */
  ground: number;
  watched: Watched[];
}

export interface ExampleScene {
  name: string;
  /** Step length the example runs at (its Demo steps at 60 Hz). */
  dt: number;
  seconds: number;
  build(): ExampleWorld;
}

/** The stacks page's tetrahedron: corner at the origin, edges of 2 along the axes, shifted by −0.35. */
export function tetrahedron(): ConvexPolyhedron {
  const offset = -0.35;
  const corners = [
    [0, 0, 0],
    [2, 0, 0],
    [0, 2, 0],
    [0, 0, 2],
  ];
  return new ConvexPolyhedron({
    vertices: corners.map(([x, y, z]) => new Vec3(x + offset, y + offset, z + offset)),
    faces: [
      [0, 3, 2],
      [0, 1, 3],
      [0, 2, 1],
      [1, 2, 3],
    ],
  });
}

export function single(shape: Shape, mass = 5): Body {
  const body = new Body({ mass });
  body.addShape(shape);
  return body;
}

export function ground(y: number, material?: Material): Body {
  const body = new Body({ mass: 0, material });
  body.addShape(new Plane());
  body.position.set(0, y, 0);
  body.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
  return body;
}

/** cannon-es types `world.solver` as the base Solver; its default is a GSSolver. */
export function solverOf(world: World): { iterations: number } {
  return world.solver as unknown as { iterations: number };
}

/** Three balls of restitution 0, 0.7 and 0.9 dropped from 5 m (the bounce page). */
export function bounceWorld(): { world: World; balls: Body[]; restitution: number[] } {
  const world = new World();
  world.gravity.set(0, -10, 0);
  const groundMaterial = new Material('ground');
  world.addBody(ground(0, groundMaterial));
  const restitution = [0, 0.7, 0.9];
  const balls = restitution.map((e, k) => {
    const material = new Material();
    const body = new Body({ mass: 10, material, position: new Vec3(3 * (k - 1), 5, 1) });
    body.addShape(new Sphere(1));
    body.linearDamping = 0.01;
    world.addBody(body);
    world.addContactMaterial(
      new ContactMaterial(groundMaterial, material, { friction: 0, restitution: e }),
    );
    return body;
  });
  return { world, balls, restitution };
}

/** A slippery box and a rough one on the ground under gravity tilted along x (the friction page). */
export function frictionWorld(): { world: World; slippery: Body; rough: Body } {
  const world = new World();
  world.gravity.set(3, -60, 0);
  const groundMaterial = new Material('ground');
  const slipperyMaterial = new Material('slippery');
  world.addBody(ground(0, groundMaterial));
  const shape = new Box(new Vec3(1, 1, 1));
  const slippery = new Body({ mass: 1, material: slipperyMaterial });
  slippery.addShape(shape);
  slippery.position.set(0, 5, 0);
  const rough = new Body({ mass: 10, material: groundMaterial });
  rough.addShape(shape);
  rough.position.set(-4, 5, 0);
  world.addBody(slippery);
  world.addBody(rough);
  const stiff = { contactEquationStiffness: 1e8, contactEquationRelaxation: 3 };
  world.addContactMaterial(
    new ContactMaterial(groundMaterial, groundMaterial, {
      friction: 0.4,
      restitution: 0.3,
      ...stiff,
      frictionEquationStiffness: 1e8,
      frictionEquationRelaxation: 3,
    }),
  );
  world.addContactMaterial(
    new ContactMaterial(groundMaterial, slipperyMaterial, {
      friction: 0,
      restitution: 0.3,
      ...stiff,
    }),
  );
  return { world, slippery, rough };
}

/** Ten layers of three blocks, each layer across the one below (the jenga page). */
function jenga(): ExampleScene {
  return {
    name: 'jenga',
    dt: 1 / 60,
    seconds: 4,
    build() {
      const world = new World();
      world.gravity.set(0, -5, 0);
      solverOf(world).iterations = 50;
      world.defaultContactMaterial.contactEquationStiffness = 5e6;
      world.defaultContactMaterial.contactEquationRelaxation = 3;
      world.addBody(ground(0));
      const size = 0.5;
      const gap = 0.02;
      const watched: Watched[] = [];
      for (let layer = 0; layer < 10; layer++) {
        const along = layer % 2 === 0;
        for (let j = 0; j < 3; j++) {
          const half = along ? new Vec3(size, size, 3 * size) : new Vec3(3 * size, size, size);
          const body = single(new Box(half), 1);
          const offset = 2 * (size + gap) * (j - 1);
          body.position.set(along ? offset : 0, 2 * (size + gap) * (layer + 1), along ? 0 : offset);
          world.addBody(body);
          watched.push({
            label: `layer ${layer} block ${j}`,
            body,
            rest: [size + 2 * size * layer],
          });
        }
      }
      return { world, ground: 0, watched };
    },
  };
}

/** Half the side of the container page's walls. */
export const CONTAINER_HALF = 5;

/** 64 balls dropped into a box of five planes, sleeping allowed (the container page). */
function container(): ExampleScene {
  return {
    name: 'container',
    dt: 1 / 60,
    seconds: 5,
    build() {
      const world = new World();
      world.gravity.set(0, -30, 0);
      world.broadphase = new SAPBroadphase(world);
      world.defaultContactMaterial.contactEquationStiffness = 1e11;
      world.defaultContactMaterial.contactEquationRelaxation = 2;
      world.quatNormalizeFast = true;
      world.quatNormalizeSkip = 8;
      world.allowSleep = true;
      const stone = new Material('stone');
      world.addContactMaterial(
        new ContactMaterial(stone, stone, { friction: 0.3, restitution: 0.2 }),
      );
      world.addBody(ground(0, stone));
      const walls: [number, number, number][] = [
        [-CONTAINER_HALF, 0, Math.PI / 2],
        [CONTAINER_HALF, 0, -Math.PI / 2],
        [0, -CONTAINER_HALF, 0],
        [0, CONTAINER_HALF, Math.PI],
      ];
      for (const [x, z, turn] of walls) {
        const wall = new Body({ mass: 0, material: stone });
        wall.addShape(new Plane());
        wall.quaternion.setFromEuler(0, turn, 0);
        wall.position.set(x, 0, z);
        world.addBody(wall);
      }
      const rng = new Rng(7);
      const ball = new Sphere(1);
      const watched: Watched[] = [];
      for (let i = 0; i < 4; i++) {
        for (let j = 0; j < 4; j++) {
          for (let k = 0; k < 4; k++) {
            const body = new Body({ mass: 5, material: stone });
            body.addShape(ball);
            body.position.set(
              -(i * 2 - 2 + rng.range(-0.05, 0.05)),
              1 + 2.1 * k,
              j * 2 - 2 + rng.range(-0.05, 0.05),
            );
            body.allowSleep = true;
            body.sleepSpeedLimit = 1;
            body.sleepTimeLimit = 5;
            world.addBody(body);
            // Balls of radius 1 in a pile no higher than they started.
            watched.push({
              label: `ball ${i},${j},${k}`,
              body,
              rest: [],
              between: [1, 1 + 2.1 * 3],
            });
          }
        }
      }
      return { world, ground: 0, watched };
    },
  };
}

/** A compound of seven boxes, and one of four balls, dropped on the ground (the compound page). */
function compounds(): ExampleScene {
  return {
    name: 'compounds',
    dt: 1 / 60,
    seconds: 4,
    build() {
      const world = new World();
      world.gravity.set(0, -30, 0);
      world.addBody(ground(0));
      const size = 1.5;
      const boxes = new Body({ mass: 10 });
      const box = new Box(new Vec3(0.5 * size, 0.5 * size, 0.5 * size));
      const cells = [
        [-1, -1],
        [-1, 1],
        [1, -1],
        [1, 1],
        [1, 0],
        [0, -1],
        [0, 1],
      ];
      for (const [x, y] of cells) boxes.addShape(box, new Vec3(x * size, y * size, 0));
      boxes.position.set(-5, 6, 0);
      boxes.quaternion.setFromEuler(0, 0, Math.PI * 0.03);
      const balls = new Body({ mass: 10 });
      const ball = new Sphere(1);
      for (const [x, y] of [
        [-1, -1],
        [-1, 1],
        [1, -1],
        [1, 1],
      ])
        balls.addShape(ball, new Vec3(x, y, 0));
      balls.position.set(5, 6, 0);
      balls.quaternion.setFromEuler(0, 0, -Math.PI * 0.03);
      world.addBody(boxes);
      world.addBody(balls);
      return {
        world,
        ground: 0,
        watched: [
          { label: 'seven boxes', body: boxes, rest: [1.5 * size] },
          { label: 'four balls', body: balls, rest: [2] },
        ],
      };
    },
  };
}

function convexWorld(): World {
  const world = new World();
  world.gravity.set(0, -30, 0);
  world.defaultContactMaterial.contactEquationStiffness = 5e6;
  world.defaultContactMaterial.contactEquationRelaxation = 3;
  world.addBody(ground(0));
  return world;
}

function boxPolyhedron(half: number): ConvexPolyhedron {
  return new Box(new Vec3(half, half, half)).convexPolyhedronRepresentation;
}

/** The convex page: a box polyhedron, the tetrahedron and a tilted 20-sided cylinder; then a wall. */
function convexScenes(): ExampleScene[] {
  const various: ExampleScene = {
    name: 'convex various',
    dt: 1 / 60,
    seconds: 4,
    build() {
      const world = convexWorld();
      const box = single(boxPolyhedron(0.5), 10);
      box.position.set(-1, 1.5, 0);
      const tetra = single(tetrahedron(), 10);
      tetra.position.set(-5, 1.5, -3);
      const cylinder = single(new Cylinder(0.5, 0.5, 2, 20), 10);
      cylinder.position.set(0, 3, 0);
      cylinder.quaternion.setFromEuler(0, 0, Math.PI / 3);
      for (const body of [box, tetra, cylinder]) world.addBody(body);
      // A 20-sided prism lying on a side rests at its inradius, r·cos(π/20); standing on an end
      // at its half length; or leaning at 45° with its side on the box's edge, where the app's
      // configuration lands it and every path holds it (leaningCylinder.test.ts): centre 1.056.
      const inradius = 0.5 * Math.cos(Math.PI / 20);
      return {
        world,
        ground: 0,
        watched: [
          { label: 'box polyhedron', body: box, rest: [0.5] },
          { label: 'tetrahedron', body: tetra, rest: [0.35] },
          { label: 'cylinder', body: cylinder, rest: [inradius, 1, 1.056] },
        ],
      };
    },
  };
  const wall: ExampleScene = {
    name: 'convex wall',
    dt: 1 / 60,
    seconds: 4,
    build() {
      const world = convexWorld();
      const shape = boxPolyhedron(1);
      const watched: Watched[] = [];
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 3; j++) {
          const body = single(shape, 10);
          body.position.set(-(2 * i + 0.01), 2 * j + 1.2, 0);
          world.addBody(body);
          watched.push({ label: `wall ${i},${j}`, body, rest: [1 + 2 * j] });
        }
      }
      return { world, ground: 0, watched };
    },
  };
  return [various, wall];
}

/** A ball dropped onto a torus trimesh lying on the ground (the trimesh page). */
function trimesh(): ExampleScene {
  return {
    name: 'trimesh',
    dt: 1 / 60,
    seconds: 4,
    build() {
      const world = new World();
      world.gravity.set(0, -10, 0);
      world.defaultContactMaterial.contactEquationStiffness = 1e7;
      world.defaultContactMaterial.contactEquationRelaxation = 4;
      world.addBody(ground(0));
      const ball = new Body({ mass: 1, shape: new Sphere(1), position: new Vec3(-3, 11, 3) });
      const torus = single(Trimesh.createTorus(4, 3.5, 16, 16), 1);
      torus.position.set(0, 4, 0);
      torus.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
      torus.velocity.set(0, 1, 1);
      world.addBody(ball);
      world.addBody(torus);
      return {
        world,
        ground: 0,
        watched: [
          // Lying flat, the torus's lowest vertices are a tube radius below its centre.
          { label: 'torus', body: torus, rest: [3.5] },
          // On the ground, or on the torus's crown (its top is 7 m up) at the most.
          { label: 'ball', body: ball, rest: [], between: [1, 8] },
        ],
      };
    },
  };
}

/** The heightfield page's terrain: a cosine bowl with raised rims, and the field's body. */
export function heightfieldWorld(): {
  world: World;
  field: Body;
  shape: Heightfield;
  balls: Body[];
} {
  const world = new World();
  world.gravity.set(0, -10, 0);
  const n = 15;
  const matrix: number[][] = [];
  for (let i = 0; i < n; i++) {
    const row: number[] = [];
    for (let j = 0; j < n; j++) {
      const rim = i === 0 || i === n - 1 || j === 0 || j === n - 1;
      row.push(rim ? 3 : Math.cos((i / n) * Math.PI * 2) * Math.cos((j / n) * Math.PI * 2) + 2);
    }
    matrix.push(row);
  }
  const shape = new Heightfield(matrix, { elementSize: 1 });
  const field = new Body({ mass: 0 });
  field.addShape(shape);
  field.position.set(-(n - 1) / 2, -4, (n - 1) / 2);
  field.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
  world.addBody(field);
  const balls: Body[] = [];
  for (let i = 1; i < n - 2; i++) {
    for (let j = 1; j < n - 2; j++) {
      const ball = single(new Sphere(0.1), 1);
      ball.position.set(i + 0.25, 3, -j + 0.25);
      ball.position.vadd(field.position, ball.position);
      world.addBody(ball);
      balls.push(ball);
    }
  }
  return { world, field, shape, balls };
}

/** The scenes of the other pages whose bodies are checked against resting heights. */
export function pageScenes(): ExampleScene[] {
  return [jenga(), container(), compounds(), ...convexScenes(), trimesh()];
}
