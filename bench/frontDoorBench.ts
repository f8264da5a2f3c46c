// The package's front door against its parts (`npm run bench`, or `-- --front-door` alone), per
// frame at 1,000 bound bodies in one run: ns per body to draw (no step taken) and bytes allocated
// per frame. The front door adds its per-body teleport check and mode pass to the parts' path.

import { Body, Sphere, Vec3, World } from 'cannon-es';
import { BoxGeometry, InstancedMesh, MeshBasicMaterial } from 'three';
import {
  BodySnapshots,
  createFrameReport,
  FramePoses,
  fixedStep,
  InstancedMeshWriter,
  interpolatePoses,
} from '../packages/fixed-step/src/index';
import { bytesPerCall, sampledBytesPerCall } from './heapMeasure';
import { fixed, formatTable, median } from './report';

const BODIES = 1000;
const FRAMES = 400;
const ROUNDS = 9;

/** A world of `BODIES` spheres in free fall, stepped a few times so both snapshots differ. */
function fallingWorld(): { world: World; bodies: Body[] } {
  const world = new World({ gravity: new Vec3(0, -9.82, 0) });
  const bodies: Body[] = [];
  for (let i = 0; i < BODIES; i++) {
    const body = new Body({ mass: 1, shape: new Sphere(0.2) });
    body.position.set((i % 32) * 0.5, 10 + Math.floor(i / 32) * 0.5, 0);
    body.angularVelocity.set(0.3, 1, 0.2);
    world.addBody(body);
    bodies.push(body);
  }
  return { world, bodies };
}

function mesh(): InstancedMesh {
  return new InstancedMesh(new BoxGeometry(), new MeshBasicMaterial(), BODIES);
}

/**
 * The front door: bound by body, stepped a little; then frames at one timestamp, which take no
 * step and draw at the same alpha (a 144 Hz display between two 100 Hz steps does this).
 */
function frontDoor(): () => void {
  const { world, bodies } = fallingWorld();
  const physics = fixedStep(world, { hz: 100, document: null });
  physics.bindInstances(bodies, mesh());
  for (let k = 0; k < 10; k++) physics.frame(16 * k + 4);
  return () => physics.frame(148);
}

/** The parts, wired as the 0.1 README wires them, drawing the same kind of frame. */
function parts(): () => void {
  const { world, bodies } = fallingWorld();
  const snapshots = new BodySnapshots();
  snapshots.captureFresh(world.bodies);
  for (let k = 0; k < 3; k++) {
    world.step(0.01);
    snapshots.capture(world.bodies, 0.01);
  }
  const report = createFrameReport();
  report.alpha = 0.4;
  const poses = new FramePoses();
  const writer = new InstancedMeshWriter(
    mesh(),
    bodies.map((b) => world.bodies.indexOf(b)),
  );
  return () => {
    interpolatePoses(snapshots, report.alpha, 'interpolate', poses);
    writer.write(poses);
  };
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

/** The table: both paths' ns per body per frame and bytes per frame, and their ratio. */
export async function frontDoorTable(): Promise<string> {
  const paths = { 'front door (fixedStep)': frontDoor(), 'parts (0.1 path)': parts() };
  // Warm both first (the JIT), then interleave the rounds so load on the machine hits both alike.
  for (const frame of Object.values(paths)) for (let f = 0; f < 2000; f++) frame();
  const ns: Record<string, number[]> = {};
  for (let pass = 0; pass < 3; pass++) {
    for (const [name, frame] of Object.entries(paths)) (ns[name] ??= []).push(nsPerBody(frame));
  }
  const rows: string[][] = [];
  for (const [name, frame] of Object.entries(paths)) {
    const heap = bytesPerCall(frame, 2000, 5);
    const sampled = await sampledBytesPerCall(frame, 2000);
    rows.push([name, fixed(median(ns[name] ?? []), 1), fixed(heap, 1), fixed(sampled, 1)]);
  }
  const [door, part] = Object.keys(paths).map((name) => median(ns[name] ?? []));
  return `${formatTable(['path', 'ns/body/frame', 'heap B/frame (GC delta)', 'B/frame (sampled)'], rows)}\n\nfront door ÷ parts: ${fixed((door ?? 0) / (part ?? 1), 2)}× (goal ≤ 1.2×)`;
}
