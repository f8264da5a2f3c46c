// The contact generators' table against everything derived from it, read from the table alone
// (nothing here lists a generator by hand): the kernels' jobKind (jobKinds.ts, which
// `npm run build:kernel` writes), the jobs' dispatch and geometry (contactJobs.ts), the drop-in's
// handlers (projectNarrowphase.ts) against cannon-es's own dispatch, and the drop-in's docs.

import { readFileSync } from 'node:fs';
import {
  Body,
  Box,
  Cylinder,
  Narrowphase,
  Plane,
  Quaternion,
  Shape,
  Sphere,
  Vec3,
  World,
} from 'cannon-es';
import type { ContactEquation } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import {
  CONTACT_GENERATORS,
  geometryOf,
  SHAPE_TYPES,
} from '../../../../src/physics/narrowphase/contactGenerators';
import type { ShapeName } from '../../../../src/physics/narrowphase/contactGenerators';
import { jobOutputs, runJob } from '../../../../src/physics/narrowphase/contactJobs';
import { jobKind } from '../../../../src/physics/narrowphase/jobKinds';
import * as jobKinds from '../../../../src/physics/narrowphase/jobKinds';
import { ProjectNarrowphase } from '../../../../src/physics/narrowphase/projectNarrowphase';

/** Every cannon-es shape type bit. */
const TYPE_BITS = Object.values(Shape.types).sort((a, b) => a - b);

/** The row whose shapes are type bits a ≤ b, or −1. */
function rowOf(a: number, b: number): number {
  return CONTACT_GENERATORS.findIndex(({ pair }) => {
    const first = SHAPE_TYPES[pair[0]] as readonly number[];
    const second = SHAPE_TYPES[pair[1]] as readonly number[];
    return first.includes(a) && second.includes(b);
  });
}

/** Every pair of type bits a row names: [row, a, b]. */
const NAMED = CONTACT_GENERATORS.flatMap((generator, kind) =>
  SHAPE_TYPES[generator.pair[0]].flatMap((a) =>
    SHAPE_TYPES[generator.pair[1]].map((b) => [kind, a, b] as const),
  ),
);

/** A shape of type bits `bits`, of the kind a row names. */
function shapeOf(bits: number): Shape {
  if (bits === Shape.types.SPHERE) return new Sphere(0.5);
  if (bits === Shape.types.PLANE) return new Plane();
  if (bits === Shape.types.BOX) return new Box(new Vec3(0.5, 0.4, 0.3));
  if (bits === Shape.types.CONVEXPOLYHEDRON) {
    return new Box(new Vec3(0.45, 0.45, 0.4)).convexPolyhedronRepresentation;
  }
  return new Cylinder(0.4, 0.4, 0.9, 10);
}

/** How far a shape reaches above and below its centre, upright (a plane: none). */
const REACH: Record<ShapeName, number> = { sphere: 0.5, plane: 0, box: 0.4, hull: 0.45 };

/** A's and B's poses: A at the origin (a plane facing up), B above it, tilted, 8 cm into it. */
function posesOf(pair: readonly [ShapeName, ShapeName]): [Vec3, Quaternion, Vec3, Quaternion] {
  const up = new Quaternion().setFromAxisAngle(new Vec3(1, 0, 0), -Math.PI / 2);
  const tilt = new Quaternion().setFromAxisAngle(new Vec3(1, 0, 0.6).unit(), 0.15);
  const qa = pair[0] === 'plane' ? up : new Quaternion();
  if (pair[1] === 'plane') return [new Vec3(0, 0.42, 0), qa, new Vec3(0, 0, 0), up];
  const y = REACH[pair[0]] + REACH[pair[1]] - 0.08;
  return [new Vec3(0, 0, 0), qa, new Vec3(0.05, y, 0.02), tilt];
}

describe('the contact generators’ table', () => {
  it('jobKind (generated) gives each pair of cannon-es types its row, and −1 to pairs no row takes', () => {
    for (const a of TYPE_BITS) {
      for (const b of TYPE_BITS.filter((bits) => bits >= a)) {
        expect([a, b, jobKind(a, b)]).toEqual([a, b, rowOf(a, b)]);
      }
    }
    CONTACT_GENERATORS.forEach(({ pair }, kind) => {
      const name = `${pair[0].toUpperCase()}_${pair[1].toUpperCase()}_JOB`;
      expect([name, (jobKinds as Record<string, unknown>)[name]]).toEqual([name, kind]);
    });
  });

  it("each row's drop-in handler is cannon-es's for its shapes; the drop-in replaces those alone", () => {
    const world = new World();
    const cannon = new Narrowphase(world) as unknown as Record<string | number, unknown>;
    const project = new ProjectNarrowphase(world) as unknown as Record<string | number, unknown>;
    for (const [kind, a, b] of NAMED) {
      const { dropIn } = CONTACT_GENERATORS[kind];
      if (dropIn !== null) expect([a, b, cannon[a | b]]).toEqual([a, b, cannon[dropIn]]);
    }
    const replaced = new Set(CONTACT_GENERATORS.map((g) => g.dropIn));
    for (const a of TYPE_BITS) {
      for (const b of TYPE_BITS) {
        const handler = cannon[a | b];
        const name = Object.getOwnPropertyNames(Narrowphase.prototype).find(
          (key) => !/^\d+$/.test(key) && cannon[key] === handler,
        );
        const ours = name !== undefined && replaced.has(name as never);
        expect([a, b, project[a | b] !== handler]).toEqual([a, b, ours]);
      }
    }
  });

  it.each(NAMED)(
    'row %i on types %i, %i: the manifolds’ job and the drop-in make the same points',
    (kind, a, b) => {
      const generator = CONTACT_GENERATORS[kind];
      const si = shapeOf(a);
      const sj = shapeOf(b);
      const [xi, qi, xj, qj] = posesOf(generator.pair);
      const poses = new Float64Array([
        xi.x,
        xi.y,
        xi.z,
        qi.x,
        qi.y,
        qi.z,
        qi.w,
        xj.x,
        xj.y,
        xj.z,
        qj.x,
        qj.y,
        qj.z,
        qj.w,
      ]);
      const out = jobOutputs(1);
      runJob(kind, geometryOf(si, kind, 0), geometryOf(sj, kind, 1), poses, 0, 7, out, 0);
      expect(out.points[0]).toBeGreaterThan(0);
      if (generator.dropIn === null) return;
      const world = new World();
      const np = new ProjectNarrowphase(world);
      np.currentContactMaterial = world.defaultContactMaterial;
      const [bi, bj] = [new Body({ mass: 1, position: xi }), new Body({ mass: 1, position: xj })];
      const handler = (np as unknown as Record<number, (...args: unknown[]) => unknown>)[a | b];
      handler.call(np, si, sj, xi, xj, qi, qj, bi, bj, si, sj, false);
      const made = np.result as ContactEquation[];
      expect(made.length).toBe(out.points[0]);
      made.forEach((c, k) => {
        expect([c.ni.x, c.ni.y, c.ni.z]).toEqual([...out.normal.subarray(0, 3)]);
        const onA = [c.ri.x + xi.x, c.ri.y + xi.y, c.ri.z + xi.z];
        out.onA
          .subarray(3 * k, 3 * k + 3)
          .forEach((v, axis) => expect(onA[axis]).toBeCloseTo(v, 12));
      });
    },
  );

  it("the drop-in's docs name the handlers the table replaces, and no other", () => {
    const doc = readFileSync('docs/cannon-drop-in.md', 'utf8');
    const rows = [...doc.matchAll(/^\|[^|]+\| `(\w+)`\s+\| (project|cannon-es)\s+\|$/gm)];
    const byProject = rows.filter((m) => m[2] === 'project').map((m) => m[1]);
    const replaced = CONTACT_GENERATORS.flatMap((g) => (g.dropIn === null ? [] : [g.dropIn]));
    expect(rows.length).toBeGreaterThan(10);
    expect([...byProject].sort()).toEqual([...new Set(replaced)].sort());
  });
});
