// The spring scene's own blow-up path (strategy variable + a 0.5 s hitch) makes the state guard
// remove balls mid-chain: afterwards no spring acts on a removed ball, every live ball feels
// exactly the springs of the chain that survive, and the drawn lines are those springs.

import { Body, Spring } from 'cannon-es';
import type { Vec3 } from 'cannon-es';
import { LineSegments, Scene } from 'three';
import { describe, expect, it } from 'vitest';
import type { Vec3Tuple } from '../../../src/physics/world/physicsWorld';
import { LinkLines } from '../../../src/render/linkLines';
import { chainSpring, SPRING_CHAINS } from '../../../src/scenes/spring';
import { localSim } from '../physicsHost/host/localSim';

/** A spring the chain should still have: ball id `a` to ball id `b`, or to `anchor` (b = −1). */
interface ExpectedSpring {
  a: number;
  b: number;
  anchor: Vec3Tuple;
}

/**
 * From the scene's layout, not from the world's spring list: ball k of chain c has id
 * c·links + k (the build adds them in that order) and hangs from ball k − 1, the first from
 * the chain's fixed point. A spring survives while both of its balls do.
 */
function expectedSprings(alive: (id: number) => boolean): ExpectedSpring[] {
  const out: ExpectedSpring[] = [];
  const links = SPRING_CHAINS.links;
  SPRING_CHAINS.x.forEach((x, chain) => {
    for (let k = 0; k < links; k++) {
      const id = chain * links + k;
      const b = k === 0 ? -1 : id - 1;
      if (alive(id) && (b < 0 || alive(b)))
        out.push({ a: id, b, anchor: [x, SPRING_CHAINS.topY, 0] });
    }
  });
  return out;
}

function vec(v: Vec3): number[] {
  return [v.x, v.y, v.z];
}

describe('spring scene: removals by the state guard after a variable-step blow-up', () => {
  it('no spring acts on a removed ball, live balls feel only the surviving springs, lines = springs', () => {
    const { sim, core } = localSim('spring');
    const physics = core.physics;
    const removed = new Map<number, Body>();
    physics.addRemovalListener({
      onBodyRemoved: (index, id) => removed.set(id, physics.bodies[index] as Body),
      onBodyMoved: () => undefined,
    });
    const scene = new Scene();
    const lines = new LinkLines(scene);
    const drawn = scene.children.find((child) => child instanceof LineSegments);
    if (!(drawn instanceof LineSegments)) throw new Error('LinkLines added no LineSegments');
    let seenVersion = -1;
    const spec = chainSpring();

    sim.set({ strategy: 'variable' });
    for (let f = 0; f < 60; f++) sim.frame(1 / 60);
    sim.frame(0.5);
    let mixedFrames = 0;
    for (let f = 0; f < 40; f++) {
      sim.frame(1 / 60);
      const alive = (id: number): boolean => physics.indexOf(id) >= 0;
      const expected = expectedSprings(alive);
      if (removed.size > 0 && expected.length > 0) mixedFrames++;

      // Forces: between steps cannon-es has cleared every force, so what the springs add now
      // is theirs alone. Compare with cannon-es Springs built here on the surviving pairs.
      const live = physics.bodies;
      for (const body of live) expect(vec(body.force)).toEqual([0, 0, 0]);
      physics.applySpringForces();
      const actual = live.map((body) => vec(body.force));
      for (const body of live) body.force.setZero();
      for (const s of expected) {
        const bodyA = physics.bodyById(s.a) as Body;
        const bodyB = s.b < 0 ? new Body({ mass: 0 }) : (physics.bodyById(s.b) as Body);
        if (s.b < 0) bodyB.position.set(...s.anchor);
        new Spring(bodyA, bodyB, spec).applyForce();
      }
      // The same springs in the same order do the same float operations: equal to the bit.
      live.forEach((body, i) => {
        expect(actual[i], `ball ${i} at frame ${f}`).toEqual(vec(body.force));
        body.force.setZero();
        body.torque.setZero();
      });
      // A removed ball is out of the world, so nothing clears its force: any spring still
      // holding it would have left a force there, in the steps or in the call above.
      for (const [id, body] of removed)
        expect(vec(body.force), `removed ball ${id}`).toEqual([0, 0, 0]);

      // Lines: one per surviving spring, from its ball's drawn position to the other ball's or
      // to the fixed point.
      if (physics.version !== seenVersion) {
        lines.sync(physics.springEnds(), sim.drawn.snapshots.bodies);
        seenVersion = physics.version;
      }
      lines.write(sim.drawn.draw.position);
      const positions = drawn.geometry.getAttribute('position');
      expect(positions.count, `frame ${f}`).toBe(2 * expected.length);
      expected.forEach((s, k) => {
        const a = physics.indexOf(s.a);
        const from = [0, 1, 2].map((c) => sim.drawn.draw.position[3 * a + c] ?? 0);
        const b = s.b < 0 ? -1 : physics.indexOf(s.b);
        const to = b < 0 ? s.anchor : [0, 1, 2].map((c) => sim.drawn.draw.position[3 * b + c] ?? 0);
        const ends = [positions.getX(2 * k), positions.getY(2 * k), positions.getZ(2 * k)];
        const ends2 = [
          positions.getX(2 * k + 1),
          positions.getY(2 * k + 1),
          positions.getZ(2 * k + 1),
        ];
        // Float32 vertices: exactly the rounded draw positions.
        expect(ends, `line ${k} at frame ${f}`).toEqual(from.map(Math.fround));
        expect(ends2, `line ${k} at frame ${f}`).toEqual(to.map(Math.fround));
      });
    }
    // The path really went through states with some balls gone and some springs left.
    expect(removed.size).toBeGreaterThan(10);
    expect(mixedFrames).toBeGreaterThanOrEqual(3);
    expect(core.guard.removed).toBe(removed.size);
  });
});
