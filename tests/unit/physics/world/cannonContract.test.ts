import {
  Body,
  Box,
  ContactEquation,
  ConvexPolyhedron,
  Cylinder,
  FrictionEquation,
  GSSolver,
  Narrowphase,
  Plane,
  Quaternion,
  Shape,
  Sphere,
  Vec3,
} from 'cannon-es';
import type { Equation, World } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { FlatGSSolver } from '../../../../src/physics/solver/flatSolver';
import {
  ContactMaterialTable,
  FastOverlapKeeper,
} from '../../../../src/physics/world/lookupTables';
import { PhysicsWorld } from '../../../../src/physics/world/physicsWorld';
import {
  contactList,
  ManifoldNarrowphase,
} from '../../../../src/physics/narrowphase/manifoldNarrowphase';
import { ProjectNarrowphase } from '../../../../src/physics/narrowphase/projectNarrowphase';
import { STATELESS_TUNING } from '../../../../src/physics/world/tuning';

/**
 * What the project's extensions take from cannon-es (pinned at 0.20.0), checked against the
 * installed copy: an upgrade that changes any of it fails here, by name, before it quietly
 * changes the physics. The arithmetic the flat solver copies is checked bit for bit by
 * flatSolver.test.ts; the contact conventions by the generators' tests against cannon-es. The
 * stateless narrowphase's handler overrides are checked in a STATELESS_TUNING world; the
 * manifold narrowphase's use of getContacts and of its stand-in equations in the last block.
 */
describe('cannon-es contract', () => {
  const types = Shape.types;
  const world = new PhysicsWorld(STATELESS_TUNING).world;
  const np = world.narrowphase as unknown as Record<number, unknown>;

  it.each([
    ['boxBox', types.BOX | types.BOX],
    ['sphereBox', types.SPHERE | types.BOX],
    ['spherePlane', types.SPHERE | types.PLANE],
    ['planeBox', types.PLANE | types.BOX],
    ['boxConvex', types.BOX | types.CONVEXPOLYHEDRON],
    ['boxConvex', types.BOX | types.CYLINDER],
    ['convexConvex', types.CONVEXPOLYHEDRON],
    ['convexConvex', types.CYLINDER],
    ['convexConvex', types.CONVEXPOLYHEDRON | types.CYLINDER],
    ['sphereConvex', types.SPHERE | types.CONVEXPOLYHEDRON],
    ['sphereConvex', types.SPHERE | types.CYLINDER],
  ] as const)('narrowphase key %s (%i) dispatches to our override by that name', (name, key) => {
    expect(world.narrowphase).toBeInstanceOf(ProjectNarrowphase);
    expect(np[key]).toBe(ProjectNarrowphase.prototype[name]);
    expect(np[key]).not.toBe(Narrowphase.prototype[name]);
  });

  it('shape types and classes are as the handlers assume', () => {
    expect(new Box(new Vec3(1, 1, 1)).type).toBe(types.BOX);
    expect(new Sphere(1).type).toBe(types.SPHERE);
    expect(new Plane().type).toBe(types.PLANE);
    expect(new Cylinder(1, 1, 1, 8).type).toBe(types.CYLINDER);
    expect(new Cylinder(1, 1, 1, 8)).toBeInstanceOf(ConvexPolyhedron);
    // Boxes against hulls go through the box's own polyhedron, which has these fields.
    const box = new Box(new Vec3(1, 2, 3));
    expect(box.halfExtents.toArray()).toEqual([1, 2, 3]);
    const hull = box.convexPolyhedronRepresentation;
    expect(hull.vertices).toHaveLength(8);
    expect(hull.faces).toHaveLength(6);
    expect(new Sphere(0.5).radius).toBe(0.5);
  });

  it('getContacts calls handlers with the lower shape type first and its body, pose and flag', () => {
    const calls: unknown[][] = [];
    class Spy extends ProjectNarrowphase {
      override sphereBox(...args: Parameters<ProjectNarrowphase['sphereBox']>): true | void {
        // xi…qj are scratch vectors cannon-es reuses: keep copies of what they held.
        calls.push(args.map((a) => (a instanceof Vec3 || a instanceof Quaternion ? a.clone() : a)));
        return super.sphereBox(...args);
      }
      override planeBox(...args: Parameters<ProjectNarrowphase['planeBox']>): true | void {
        calls.push(args);
        return super.planeBox(...args);
      }
    }
    const physics = new PhysicsWorld(STATELESS_TUNING);
    physics.world.narrowphase = new Spy(physics.world);
    // The box (added first, so it is body i in the pair) with a ball resting on it, both on
    // the ground; then a kinematic box touching a static wall: a "just test" pair.
    physics.addBody({ kind: 'box', scale: [0.5, 0.5, 0.5], position: [0, 0.49, 0] });
    physics.addBody({ kind: 'sphere', scale: [0.3, 0.3, 0.3], position: [0, 1.28, 0] });
    physics.step(1 / 100);
    const box = physics.bodies[0] as Body;
    const ball = physics.bodies[1] as Body;
    const sphereBox = calls.find((c) => c[0] instanceof Sphere);
    if (!sphereBox) throw new Error('sphereBox not called');
    const [si, sj, xi, xj, qi, qj, bi, bj, , , justTest] = sphereBox;
    expect(si).toBe(ball.shapes[0]);
    expect(sj).toBe(box.shapes[0]);
    expect(bi).toBe(ball);
    expect(bj).toBe(box);
    // Each shape's world pose before the step (a single shape at the body's centre).
    expect((xi as Vec3).toArray()).toEqual([0, 1.28, 0]);
    expect((xj as Vec3).toArray()).toEqual([0, 0.49, 0]);
    expect((qi as Quaternion).toArray()).toEqual([0, 0, 0, 1]);
    expect((qj as Quaternion).toArray()).toEqual([0, 0, 0, 1]);
    expect(justTest).toBeFalsy();
    const planeBox = calls.find((c) => c[0] instanceof Plane);
    expect(planeBox?.[1]).toBe(box.shapes[0]);
    // The plane's normal is its quaternion applied to +z (cannon-es's convention): the ground.
    const contact = physics.world.contacts.find((c) => c.si instanceof Plane);
    expect(contact?.ni.y).toBeCloseTo(1, 12);
  });

  it('a kinematic body against a static one is only tested, never given equations', () => {
    const calls: boolean[] = [];
    class Spy extends ProjectNarrowphase {
      override boxBox(...args: Parameters<ProjectNarrowphase['boxBox']>): true | void {
        // cannon-es passes the flag as a number (a bitwise test of the bodies' types).
        calls.push(Boolean(args[10]));
        return super.boxBox(...args);
      }
    }
    const physics = new PhysicsWorld(STATELESS_TUNING);
    physics.world.narrowphase = new Spy(physics.world);
    physics.addStaticBox({ halfExtents: [1, 1, 1], position: [0, 1, 0] });
    physics.addBody({
      kind: 'box',
      scale: [0.5, 0.5, 0.5],
      position: [1.4, 1, 0],
      kinematic: true,
    });
    physics.step(1 / 100);
    expect(calls).toContain(true);
    expect(physics.world.contacts).toHaveLength(0);
  });

  it('the narrowphase pools and helpers our handlers call exist and behave as used', () => {
    const physics = new PhysicsWorld(STATELESS_TUNING);
    const n = physics.world.narrowphase;
    const a = new Body({ mass: 1 });
    const b = new Body({ mass: 1 });
    const shape = new Sphere(1);
    n.result = [];
    n.frictionResult = [];
    n.currentContactMaterial = physics.world.defaultContactMaterial;
    const c = n.createContactEquation(a, b, shape, shape, null, null);
    expect(c).toBeInstanceOf(ContactEquation);
    expect([c.bi, c.bj, c.si, c.sj]).toEqual([a, b, shape, shape]);
    for (const v of [c.ni, c.ri, c.rj]) expect(v).toBeInstanceOf(Vec3);
    c.ni.set(0, 1, 0);
    expect(n.createFrictionEquationsFromContact(c, n.frictionResult)).toBe(true);
    expect(n.frictionResult).toHaveLength(2);
    expect(n.frictionResult[0]).toBeInstanceOf(FrictionEquation);
    expect(typeof n.createFrictionFromAverage).toBe('function');
    expect(n.enableFrictionReduction).toBe(false);
  });

  it('World.step asks world.solver to solve once a step, over world.bodies, by body.index', () => {
    const physics = new PhysicsWorld(STATELESS_TUNING);
    for (let i = 0; i < 4; i++) {
      physics.addBody({ kind: 'box', scale: [0.3, 0.3, 0.3], position: [i, 0.29, 0] });
    }
    // cannon-es's own removal: World renumbers `body.index` for the bodies after it.
    physics.world.removeBody(physics.bodies[1] as Body);
    const seen: { equations: Equation[]; bodies: Body[] }[] = [];
    class Spy extends FlatGSSolver {
      override solve(dt: number, w: World): number {
        seen.push({ equations: this.equations.slice(), bodies: w.bodies });
        return super.solve(dt, w);
      }
    }
    physics.world.solver = new Spy();
    physics.step(1 / 100);
    expect(seen).toHaveLength(1);
    const call = seen[0] as (typeof seen)[number];
    expect(call.bodies).toBe(physics.world.bodies);
    // World keeps body.index equal to the place in world.bodies, after a removal too.
    physics.world.bodies.forEach((body, i) => expect(body.index).toBe(i));
    expect(call.equations.length).toBeGreaterThan(0);
    for (const eq of call.equations) {
      for (const g of [eq.jacobianElementA, eq.jacobianElementB]) {
        expect(g.spatial).toBeInstanceOf(Vec3);
        expect(g.rotational).toBeInstanceOf(Vec3);
      }
      for (const key of ['eps', 'minForce', 'maxForce', 'a', 'b', 'multiplier'] as const) {
        expect(typeof eq[key]).toBe('number');
      }
    }
    const body = physics.world.bodies[1] as Body;
    expect(body.invInertiaWorldSolve.elements).toHaveLength(9);
    expect(typeof body.invMassSolve).toBe('number');
    for (const v of [body.vlambda, body.wlambda, body.linearFactor, body.angularFactor]) {
      expect(v).toBeInstanceOf(Vec3);
    }
    expect(new FlatGSSolver()).toBeInstanceOf(GSSolver);
  });

  it('World.step goes through the overlap keepers and the contact-material table we replace', () => {
    const physics = new PhysicsWorld(STATELESS_TUNING);
    const world = physics.world;
    expect(world.bodyOverlapKeeper).toBeInstanceOf(FastOverlapKeeper);
    expect(world.shapeOverlapKeeper).toBeInstanceOf(FastOverlapKeeper);
    expect(world.contactMaterialTable).toBeInstanceOf(ContactMaterialTable);
    const used = { set: 0, tick: 0, get: 0 };
    const keeper = world.bodyOverlapKeeper;
    const set = keeper.set.bind(keeper);
    const tick = keeper.tick.bind(keeper);
    keeper.set = (i, j) => {
      used.set++;
      set(i, j);
    };
    keeper.tick = () => {
      used.tick++;
      tick();
    };
    const table = world.contactMaterialTable;
    const get = table.get.bind(table);
    table.get = (i, j) => {
      used.get++;
      return get(i, j);
    };
    physics.addBody({ kind: 'box', scale: [0.3, 0.3, 0.3], position: [0, 0.29, 0] });
    physics.step(1 / 100);
    expect(used.tick).toBe(1);
    expect(used.set).toBeGreaterThan(0);
    expect(used.get).toBeGreaterThan(0);
    // A contact material the world was given is what the table answers.
    const material = physics.materials.body;
    const ground = physics.materials.ground;
    expect(world.getContactMaterial(material, ground)?.friction).toBe(0.5);
  });
});

describe('cannon-es contract: the manifold narrowphase', () => {
  it('World.step hands getContacts its pairs, its contact list and pools, once a step', () => {
    const physics = new PhysicsWorld();
    const world = physics.world;
    expect(world.narrowphase).toBeInstanceOf(ManifoldNarrowphase);
    const calls: unknown[][] = [];
    const narrowphase = world.narrowphase;
    const getContacts = narrowphase.getContacts.bind(narrowphase);
    narrowphase.getContacts = (...args) => {
      calls.push([...args]);
      getContacts(...args);
    };
    physics.addBody({ kind: 'box', scale: [0.3, 0.3, 0.3], position: [0, 0.29, 0] });
    physics.step(1 / 100);
    expect(calls).toHaveLength(1);
    const [p1, p2, w, result, , frictionResult] = calls[0] as unknown[];
    expect((p1 as Body[]).length).toBe((p2 as Body[]).length);
    expect(w).toBe(world);
    expect(result).toBe(world.contacts);
    expect(frictionResult).toBe(world.frictionEquations);
    // No listener reads a stand-in during the step, so none is made; contactList makes one per
    // touching shape pair, disabled: the solver works the manifold instead.
    expect(world.contacts).toHaveLength(0);
    const listed = contactList(world);
    expect(listed).toHaveLength(1);
    expect(listed[0]?.enabled).toBe(false);
    expect(listed[0]?.ni.y).toBeCloseTo(1, 12);
    expect(world.frictionEquations).toHaveLength(0);
  });

  it("a body's collide listener gets a stand-in on first contact; begin and end events go on", () => {
    const physics = new PhysicsWorld();
    const world = physics.world;
    const id = physics.addBody({ kind: 'box', scale: [0.3, 0.3, 0.3], position: [0, 0.32, 0] });
    const box = world.bodies.find((b) => b.mass > 0);
    if (box === undefined) throw new Error('no box');
    const collided: { body: Body; contact: ContactEquation }[] = [];
    box.addEventListener('collide', (e: { body: Body; contact: ContactEquation }) =>
      collided.push({ body: e.body, contact: e.contact }),
    );
    const events: string[] = [];
    world.addEventListener('beginContact', () => events.push('begin'));
    world.addEventListener('endContact', () => events.push('end'));
    for (let s = 0; s < 20; s++) physics.step(1 / 100);
    // Once, on the step it landed: the pair's stand-in, disabled, its normal the ground's.
    expect(collided).toHaveLength(1);
    expect(collided[0]?.body.mass).toBe(0);
    expect(collided[0]?.contact.enabled).toBe(false);
    expect(Math.abs(collided[0]?.contact.ni.y ?? 0)).toBeCloseTo(1, 12);
    expect(events).toEqual(['begin']);
    physics.removeBody(id);
    physics.step(1 / 100);
    expect(events).toEqual(['begin', 'end']);
  });

  it('a disabled equation never reaches the solver, and the solve follows the narrowphase', () => {
    const solver = new GSSolver();
    const eq = new ContactEquation(new Body({ mass: 1 }), new Body({ mass: 1 }));
    eq.enabled = false;
    solver.addEquation(eq);
    expect(solver.equations).toHaveLength(0);
    const physics = new PhysicsWorld();
    const order: string[] = [];
    const world = physics.world;
    const narrowphase = world.narrowphase;
    const getContacts = narrowphase.getContacts.bind(narrowphase);
    narrowphase.getContacts = (...args) => {
      order.push('narrowphase');
      getContacts(...args);
    };
    const solve = world.solver.solve.bind(world.solver);
    world.solver.solve = (dt, w) => {
      order.push('solve');
      return solve(dt, w);
    };
    world.addEventListener('preStep', () => order.push('preStep'));
    physics.step(1 / 100);
    expect(order).toEqual(['narrowphase', 'solve', 'preStep']);
    // The relative frame reads each body's bounding radius.
    expect(typeof new Body({ mass: 1 }).boundingRadius).toBe('number');
  });
});
