// The front door's stepping frames per engine adapter (part of `npm run bench -- --front-door`):
// bytes allocated per frame that takes a step, with cannon-es and with Rapier, and ns per body
// of the adapter's own work with the moved-body check reading poses only or whole states.

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import RAPIER from '@dimforge/rapier3d-compat';
import { Body, Sphere, Vec3, World } from 'cannon-es';
import { BoxGeometry, InstancedMesh, MeshBasicMaterial } from 'three';
import { cannonEngine, FixedStep } from '../packages/fixed-step/src/index';
import type {
  FixedStepBody,
  FixedStepEngine,
  FixedStepWorld,
} from '../packages/fixed-step/src/index';
import { rapierEngine } from '../packages/fixed-step/src/rapier';
import { bytesPerCall, sampledBytesPerCall } from './heapMeasure';
import { fixed, formatTable, median } from './report';

/** A few hundred bodies: a scene's worth, small enough that a step stays under a millisecond. */
const BODIES = 300;
const FRAMES = 400;
const ROUNDS = 9;

/** One path: a stepping frame, and the world.step it can hold still to leave the adapter alone. */
interface SteppingPath {
  frame: () => void;
  hold(still: boolean): void;
}

/**
 * `engine`'s front door at 100 Hz with `BODIES` bodies bound to one InstancedMesh, driven by
 * frames 10 ms apart (one step each). Timestamps are small integers, which V8 keeps unboxed: a
 * clock's own allocation is not the path's. `hold(true)` swaps the world's step for one that
 * moves nothing, so what remains is the loop, the moved-body check, the capture and the draw.
 */
function stepping<W extends object, B>(
  world: W & { step(...args: never[]): void },
  bodies: readonly B[],
  engine: FixedStepEngine<W, B>,
): SteppingPath {
  const physics = new FixedStep(world, { hz: 100, document: null }, engine);
  const mesh = new InstancedMesh(new BoxGeometry(), new MeshBasicMaterial(), BODIES);
  physics.bindInstances(bodies, mesh);
  let nowMs = 0;
  const frame = (): void => physics.frame((nowMs += 10));
  for (let k = 0; k < 20; k++) frame();
  const own = world.step;
  const still = function heldStill(): void {};
  return { frame, hold: (held) => void (world.step = held ? still : own) };
}

/** `BODIES` cannon-es spheres in free fall, spinning (no contacts: the step is the engine's). */
function cannonPath(engine: FixedStepEngine<FixedStepWorld, FixedStepBody>): SteppingPath {
  const world = new World({ gravity: new Vec3(0, -9.82, 0) });
  const bodies: Body[] = [];
  for (let i = 0; i < BODIES; i++) {
    const body = new Body({ mass: 1, shape: new Sphere(0.2) });
    body.position.set((i % 20) * 0.5, 1000 + Math.floor(i / 20) * 0.5, 0);
    body.angularVelocity.set(0.3, 1, 0.2);
    world.addBody(body);
    bodies.push(body);
  }
  return stepping(world, bodies, engine);
}

/** The same in Rapier: balls in free fall, spinning. */
function rapierPath(engine: FixedStepEngine<RAPIER.World, RAPIER.RigidBody>): SteppingPath {
  const world = new RAPIER.World({ x: 0, y: -9.81, z: 0 });
  const bodies: RAPIER.RigidBody[] = [];
  for (let i = 0; i < BODIES; i++) {
    const desc = RAPIER.RigidBodyDesc.dynamic()
      .setTranslation((i % 20) * 0.5, 1000 + Math.floor(i / 20) * 0.5, 0)
      .setAngvel({ x: 0.3, y: 1, z: 0.2 });
    const body = world.createRigidBody(desc);
    world.createCollider(RAPIER.ColliderDesc.ball(0.2), body);
    bodies.push(body);
  }
  return stepping(world, bodies, engine);
}

/** An engine as a 1.0 adapter writes it: no readPose, so the moved-body check calls read. */
function withoutReadPose<W, B>(engine: FixedStepEngine<W, B>): FixedStepEngine<W, B> {
  return { ...engine, readPose: undefined };
}

/** Median ns per body per frame over `ROUNDS` rounds of `FRAMES` frames. */
function nsPerBody(frame: () => void): number {
  const rounds: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const start = process.hrtime.bigint();
    for (let f = 0; f < FRAMES; f++) frame();
    rounds.push(Number(process.hrtime.bigint() - start) / FRAMES / BODIES);
  }
  return median(rounds);
}

/** What one child process measured of one path. */
interface Measured {
  heldGc: number;
  heldSampled: number;
  whole: number;
  ns: number;
}

/** The four paths: each engine with readPose, and as a 1.0 adapter without it. */
export const PATHS = ['cannon-es', 'cannon-es, no readPose', 'Rapier', 'Rapier, no readPose'];

/**
 * Measures one of PATHS in this process (run alone: see adapterStepChild.ts). Bytes per
 * stepping frame with world.step held still (the front door's and the adapter's own) and as it
 * is (the engine's step counted too), then ns per body per stepping frame, step held still.
 */
export async function measurePath(name: string, bytes: boolean): Promise<Measured> {
  await RAPIER.init();
  const posed = !name.endsWith('no readPose');
  const path = name.startsWith('Rapier')
    ? rapierPath(posed ? rapierEngine : withoutReadPose(rapierEngine))
    : cannonPath(posed ? cannonEngine : withoutReadPose(cannonEngine));
  const measured = { heldGc: 0, heldSampled: 0, whole: 0, ns: 0 };
  path.hold(true);
  for (let f = 0; f < 2000; f++) path.frame();
  if (bytes) {
    measured.heldGc = bytesPerCall(path.frame, 2000, 5);
    measured.heldSampled = await sampledBytesPerCall(path.frame, 2000);
    path.hold(false);
    measured.whole = await sampledBytesPerCall(path.frame, 500);
    path.hold(true);
  }
  measured.ns = nsPerBody(path.frame);
  return measured;
}

/** Runs measurePath in a Node process of its own (as an app runs one engine). */
function inChild(name: string, bytes: boolean): Measured {
  const child = join(import.meta.dirname, 'adapterStepChild.ts');
  const args = ['--expose-gc', '--import', 'tsx', child, name, bytes ? 'bytes' : 'time'];
  const out = execFileSync(process.execPath, args, { encoding: 'utf8' });
  return JSON.parse(out.slice(out.lastIndexOf('\n{') + 1)) as Measured;
}

/**
 * Two tables, each path measured in a Node process of its own, as an app runs one engine (the
 * JIT's feedback from one path does not shape another's code). Bytes per stepping frame: with
 * Rapier they are its own glue's, where the WebAssembly writes each number of a read into the
 * reused target through a JavaScript setter, boxing every one that is not a small integer (16 B).
 * Then ns per body per stepping frame, step held still, readPose against read in the moved-body
 * check, five passes taking turns so load on the machine hits all alike.
 */
export function adapterStepTables(): string {
  const bytes: string[][] = [];
  for (const name of PATHS) {
    if (name.endsWith('no readPose')) continue;
    const m = inChild(name, true);
    const row = [m.heldGc, m.heldSampled, m.heldSampled / BODIES, m.whole];
    bytes.push([name, ...row.map((b, k) => fixed(b, k === 2 ? 2 : 1))]);
  }
  const ns: Record<string, number[]> = {};
  for (let pass = 0; pass < 5; pass++) {
    for (const name of PATHS) (ns[name] ??= []).push(inChild(name, false).ns);
  }
  const time = PATHS.map((name) => [name, fixed(median(ns[name] ?? []), 1)]);
  const ratio = (engine: string): string =>
    fixed(median(ns[`${engine}, no readPose`] ?? []) / median(ns[engine] ?? []), 2);
  return [
    formatTable(
      [
        `${BODIES} bodies, 1 step a frame`,
        'heap B/frame, step held (GC delta)',
        'B/frame, step held (sampled)',
        'B/body/frame',
        'B/frame with the step (sampled)',
      ],
      bytes,
    ),
    formatTable(['stepping frame, world.step held still', 'ns/body/frame'], time),
    `no readPose ÷ readPose: cannon-es ${ratio('cannon-es')}×, Rapier ${ratio('Rapier')}×`,
  ].join('\n\n');
}
