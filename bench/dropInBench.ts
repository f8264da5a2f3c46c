// The cannon-es drop-in (`fixed-step/cannon`) on worlds written with plain cannon-es calls, as
// a package user writes them: cannon-es as made, cannon-es with its own SAP broadphase (a user
// who already tuned), and the same world after installDropIn — CPU ms per world.step.

import { Body, Box, Plane, SAPBroadphase, Sphere, Vec3, World } from 'cannon-es';
import { installDropIn } from '../src/physics/world/dropIn';
import { Rng } from '../src/util/rng';
import { fixed, formatTable } from './report';

const DT = 1 / 100;

type Variant = 'cannon-es' | 'cannon-es + SAP' | 'drop-in';
const VARIANTS: readonly Variant[] = ['cannon-es', 'cannon-es + SAP', 'drop-in'];

/** A ground plane and four walls: a pen 12 m across, so a pile stays a pile. */
function pen(): World {
  const world = new World({ gravity: new Vec3(0, -9.82, 0), allowSleep: true });
  const walls: [number, number, number, number][] = [
    [0, 0, 0, -Math.PI / 2],
    [-6, 0, Math.PI / 2, 0],
    [6, 0, -Math.PI / 2, 0],
    [0, -6, 0, 0],
    [0, 6, Math.PI, 0],
  ];
  for (const [x, z, turn, tilt] of walls) {
    const wall = new Body({ mass: 0, shape: new Plane() });
    wall.quaternion.setFromEuler(tilt, turn, 0);
    wall.position.set(x, 0, z);
    world.addBody(wall);
  }
  return world;
}

/** `count` bodies dropped into the pen in a loose block, boxes or balls, turned at random. */
function pile(count: number, kind: 'boxes' | 'balls'): World {
  const world = pen();
  const rng = new Rng(5);
  const box = new Box(new Vec3(0.4, 0.3, 0.4));
  const ball = new Sphere(0.4);
  for (let i = 0; i < count; i++) {
    const body = new Body({ mass: 1, shape: kind === 'boxes' ? box : ball });
    body.position.set(
      -4.5 + (i % 10),
      0.5 + 1.1 * Math.floor(i / 100),
      -4.5 + (Math.floor(i / 10) % 10),
    );
    const [x, y, z, w] = rng.quaternion();
    body.quaternion.set(x, y, z, w);
    world.addBody(body);
  }
  return world;
}

function prepare(world: World, variant: Variant): World {
  if (variant === 'cannon-es + SAP') world.broadphase = new SAPBroadphase(world);
  if (variant === 'drop-in') installDropIn(world);
  return world;
}

/** Mean CPU ms per step over steps `from` to `to` (CPU time: the machine is shared). */
function cpuMsPerStep(world: World, from: number, to: number): number {
  for (let s = 0; s < from; s++) world.step(DT);
  const start = process.cpuUsage();
  for (let s = from; s < to; s++) world.step(DT);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / (to - from);
}

export interface DropInResult {
  scene: string;
  ms: Record<Variant, number>;
}

/** Each scene in each variant, the same world built afresh each time; the fastest of `runs`. */
export function benchDropIn(count: number, steps: number, runs: number): DropInResult[] {
  const scenes: [string, () => World][] = [
    [`boxes × ${count}`, () => pile(count, 'boxes')],
    [`balls × ${count}`, () => pile(count, 'balls')],
  ];
  return scenes.map(([scene, make]) => {
    const ms = { 'cannon-es': Infinity, 'cannon-es + SAP': Infinity, 'drop-in': Infinity };
    for (let r = 0; r < runs; r++) {
      for (const variant of VARIANTS) {
        ms[variant] = Math.min(
          ms[variant],
          cpuMsPerStep(prepare(make(), variant), 100, 100 + steps),
        );
      }
    }
    return { scene, ms };
  });
}

export function dropInTable(results: readonly DropInResult[]): string {
  return formatTable(
    [
      'world (plain cannon-es)',
      ...VARIANTS.map((v) => `${v} ms/step`),
      'drop-in vs cannon-es',
      'vs + SAP',
    ],
    results.map((r) => [
      r.scene,
      ...VARIANTS.map((v) => fixed(r.ms[v], 2)),
      `${fixed(r.ms['cannon-es'] / r.ms['drop-in'], 2)}×`,
      `${fixed(r.ms['cannon-es + SAP'] / r.ms['drop-in'], 2)}×`,
    ]),
  );
}
