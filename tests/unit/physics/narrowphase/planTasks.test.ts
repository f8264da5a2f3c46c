// The pair plan (src/physics/narrowphase/planTasks.ts) runs the box–box separating-axis test before any
// generator: every pair it files as apart is one the generator would make no point for, and the
// pairs it leaves to the generator include every pair that touches.

import { Box } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { buildScene } from '../../../support/sceneWorlds';
import { collideBoxes } from '../../../../src/physics/contacts/boxBoxContacts';
import { BOX_BOX_JOB } from '../../../../src/physics/narrowphase/jobKinds';
import { ContactManifold } from '../../../../src/physics/contacts/contactManifold';
import { ManifoldNarrowphase } from '../../../../src/physics/narrowphase/manifoldNarrowphase';
import { TASK_APART, TASK_MAKE } from '../../../../src/physics/narrowphase/planTasks';

const DT = 1 / 100;

describe('the pair plan', () => {
  it.each([
    ['pyramid', 6, 60],
    ['avalanche', 150, 150],
  ] as const)(
    '%s × %i at step %i: box pairs filed apart are ones the generator makes no point for',
    (scene, count, steps) => {
      const { physics } = buildScene(scene, count);
      for (let s = 1; s < steps; s++) physics.step(DT);
      // The poses the last step's narrowphase saw: the bodies' before it.
      const before = new Map(
        physics.world.bodies.map(
          (body) => [body, [body.position.clone(), body.quaternion.clone()]] as const,
        ),
      );
      physics.step(DT);
      const np = physics.world.narrowphase;
      if (!(np instanceof ManifoldNarrowphase)) throw new Error('DEFAULT_TUNING has manifolds');
      const tasks = np.tasks;
      const out = new ContactManifold();
      let apart = 0;
      let made = 0;
      for (let t = 0; t < tasks.count; t++) {
        if (tasks.kind[t] !== BOX_BOX_JOB) continue;
        const a = physics.world.bodies[tasks.indexA[t]];
        const b = physics.world.bodies[tasks.indexB[t]];
        const shapeA = a.shapes[tasks.shapes[t] & 255];
        const shapeB = b.shapes[tasks.shapes[t] >> 8];
        if (!(shapeA instanceof Box) || !(shapeB instanceof Box)) throw new Error('not boxes');
        // Single-shape bodies: the shapes' world poses are the bodies'.
        expect(a.shapes.length + b.shapes.length).toBe(2);
        const [posA, quatA] = before.get(a) ?? [];
        const [posB, quatB] = before.get(b) ?? [];
        if (!posA || !quatA || !posB || !quatB) throw new Error('a body with no pose');
        const points = collideBoxes(
          shapeA.halfExtents,
          posA,
          quatA,
          shapeB.halfExtents,
          posB,
          quatB,
          out,
        );
        if (tasks.state[t] === TASK_APART) {
          apart++;
          expect(points).toBe(0);
        } else if (tasks.state[t] === TASK_MAKE && tasks.points[t] > 0) {
          made++;
          expect(points).toBe(tasks.points[t]);
        }
      }
      // Both answers were given many times: else this checks nothing.
      expect(apart).toBeGreaterThan(100);
      expect(made + np.generatorRuns).toBeGreaterThan(0);
    },
  );
});
