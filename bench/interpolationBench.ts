// Per-frame cost of drawing N moving bodies between two physics snapshots: the project's path
// (flat snapshots → draw poses → instance matrices) against three common ways of doing it,
// all fed the same poses in the same run.

import { Body, Sphere, World } from 'cannon-es';
import {
  InstancedMesh,
  Matrix4,
  Mesh,
  MeshBasicMaterial,
  Quaternion,
  Scene,
  SphereGeometry,
  Vector3,
} from 'three';
import { quat, vec3 } from 'gl-matrix';
import { Bench } from 'tinybench';
import { FramePoses, interpolatePoses } from '../packages/fixed-step/src/interp/interpolate';
import { PhysicsWorld } from '../src/physics/world/physicsWorld';
import { BodyInstances } from '../src/render/bodyInstances';
import { SHAPE_KINDS } from '../src/shapes/shapeKinds';
import { WorldSnapshots } from '../src/snapshot/snapshots';
import { Rng } from '../src/util/rng';
import { fixed, formatTable, median } from './report';

/** Two poses per body as one physics step would leave them: a small move and a turn. */
interface PosePairs {
  n: number;
  prevPos: Float64Array;
  curPos: Float64Array;
  prevQuat: Float64Array;
  curQuat: Float64Array;
  scale: Float32Array;
}

function makePoses(n: number): PosePairs {
  const rng = new Rng(n);
  const poses: PosePairs = {
    n,
    prevPos: new Float64Array(3 * n),
    curPos: new Float64Array(3 * n),
    prevQuat: new Float64Array(4 * n),
    curQuat: new Float64Array(4 * n),
    scale: new Float32Array(3 * n),
  };
  const turn = new Quaternion();
  const q = new Quaternion();
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 3; k++) {
      poses.prevPos[3 * i + k] = rng.range(-20, 20);
      poses.curPos[3 * i + k] = (poses.prevPos[3 * i + k] as number) + rng.range(-0.1, 0.1);
      poses.scale[3 * i + k] = rng.range(0.3, 0.6);
    }
    q.fromArray(rng.quaternion());
    q.toArray(poses.prevQuat, 4 * i);
    // Up to 0.2 rad per step: a body spinning at 20 rad/s, about as fast as anything in a pile.
    turn.setFromAxisAngle(
      new Vector3(rng.range(-1, 1), 1, rng.range(-1, 1)).normalize(),
      rng.range(0.01, 0.2),
    );
    q.premultiply(turn).toArray(poses.curQuat, 4 * i);
  }
  return poses;
}

/** Alphas the frames cycle through: never exactly 0 or 1, where some paths take shortcuts. */
const ALPHAS = [0.13, 0.37, 0.61, 0.89, 0.25, 0.52, 0.77, 0.05];

type FrameFn = (alpha: number) => void;

function projectPath(p: PosePairs, allAsleep = false): FrameFn {
  const physics = new PhysicsWorld();
  for (let i = 0; i < p.n; i++) {
    const kind = SHAPE_KINDS[i % SHAPE_KINDS.length] ?? 'box';
    physics.addBody({ kind, scale: [0.5, 0.5, 0.5], position: [3 * i, 10, 0] });
  }
  physics.scales.set(p.scale);
  const snapshots = new WorldSnapshots(physics);
  snapshots.captureFresh();
  snapshots.previous.position.set(p.prevPos);
  snapshots.current.position.set(p.curPos);
  snapshots.previous.quaternion.set(p.prevQuat);
  snapshots.current.quaternion.set(p.curQuat);
  if (allAsleep) {
    // A settled scene: every body asleep at both snapshots, so previous == current.
    snapshots.previous.position.set(p.curPos);
    snapshots.previous.quaternion.set(p.curQuat);
    snapshots.asleep.fill(1);
    snapshots.previousAsleep.fill(1);
  }
  const draw = new FramePoses();
  const instances = new BodyInstances(new Scene());
  instances.sync(snapshots.bodies);
  const times = { alpha: 0 };
  return (alpha) => {
    times.alpha = alpha;
    interpolatePoses(snapshots, times.alpha, 'interpolate', draw);
    instances.write(draw, snapshots.bodies.scales);
  };
}

/**
 * The project's path with gl-matrix doing the per-body blend in place of the hand-inlined kernel:
 * each body's pair copied into float64 scratch, `vec3.lerp` and `quat.slerp`, copied out, then
 * the same instance matrices. What docs/design.md's "kernels that stay hand-written" rests on.
 */
function glMatrixPath(p: PosePairs): FrameFn {
  const draw = new FramePoses();
  draw.ensureCapacity(p.n);
  const instances = new BodyInstances(new Scene());
  const physics = new PhysicsWorld();
  for (let i = 0; i < p.n; i++) {
    const kind = SHAPE_KINDS[i % SHAPE_KINDS.length] ?? 'box';
    physics.addBody({ kind, scale: [0.5, 0.5, 0.5], position: [3 * i, 10, 0] });
  }
  const snapshots = new WorldSnapshots(physics);
  snapshots.captureFresh();
  instances.sync(snapshots.bodies);
  const a3 = new Float64Array(3);
  const b3 = new Float64Array(3);
  const o3 = new Float64Array(3);
  const a4 = new Float64Array(4);
  const b4 = new Float64Array(4);
  const o4 = new Float64Array(4);
  return (alpha) => {
    const position = draw.position;
    const quaternion = draw.quaternion;
    for (let i = 0; i < p.n; i++) {
      const i3 = 3 * i;
      const i4 = 4 * i;
      vec3.set(a3, p.prevPos[i3], p.prevPos[i3 + 1], p.prevPos[i3 + 2]);
      vec3.set(b3, p.curPos[i3], p.curPos[i3 + 1], p.curPos[i3 + 2]);
      vec3.lerp(o3, a3, b3, alpha);
      position[i3] = o3[0];
      position[i3 + 1] = o3[1];
      position[i3 + 2] = o3[2];
      quat.set(a4, p.prevQuat[i4], p.prevQuat[i4 + 1], p.prevQuat[i4 + 2], p.prevQuat[i4 + 3]);
      quat.set(b4, p.curQuat[i4], p.curQuat[i4 + 1], p.curQuat[i4 + 2], p.curQuat[i4 + 3]);
      quat.slerp(o4, a4, b4, alpha);
      quaternion[i4] = o4[0];
      quaternion[i4 + 1] = o4[1];
      quaternion[i4 + 2] = o4[2];
      quaternion[i4 + 3] = o4[3];
    }
    instances.write(draw, p.scale);
  };
}

/** cannon-es's own `world.step(dt, elapsed, maxSubSteps)`, copied into one Mesh per body. */
function cannonBuiltIn(p: PosePairs): FrameFn {
  const world = new World();
  const scene = new Scene();
  const geometry = new SphereGeometry(1, 8, 6);
  const material = new MeshBasicMaterial();
  const bodies: Body[] = [];
  const meshes: Mesh[] = [];
  for (let i = 0; i < p.n; i++) {
    const body = new Body({ mass: 1, shape: new Sphere(0.5) });
    body.previousPosition.set(
      p.prevPos[3 * i] ?? 0,
      p.prevPos[3 * i + 1] ?? 0,
      p.prevPos[3 * i + 2] ?? 0,
    );
    body.position.set(p.curPos[3 * i] ?? 0, p.curPos[3 * i + 1] ?? 0, p.curPos[3 * i + 2] ?? 0);
    body.previousQuaternion.set(
      p.prevQuat[4 * i] ?? 0,
      p.prevQuat[4 * i + 1] ?? 0,
      p.prevQuat[4 * i + 2] ?? 0,
      p.prevQuat[4 * i + 3] ?? 1,
    );
    body.quaternion.set(
      p.curQuat[4 * i] ?? 0,
      p.curQuat[4 * i + 1] ?? 0,
      p.curQuat[4 * i + 2] ?? 0,
      p.curQuat[4 * i + 3] ?? 1,
    );
    world.addBody(body);
    bodies.push(body);
    const mesh = new Mesh(geometry, material);
    mesh.scale.set(p.scale[3 * i] ?? 1, p.scale[3 * i + 1] ?? 1, p.scale[3 * i + 2] ?? 1);
    scene.add(mesh);
    meshes.push(mesh);
  }
  const dt = 1 / 100;
  return (alpha) => {
    // An accumulator under one step: no internal step runs, only the built-in interpolation
    // (lerp, slerp, normalize per body) — what the library does on every display frame.
    world.accumulator = alpha * dt;
    world.step(dt, 0, 10);
    for (let i = 0; i < bodies.length; i++) {
      const body = bodies[i] as Body;
      const mesh = meshes[i] as Mesh;
      mesh.position.copy(body.interpolatedPosition as unknown as Vector3);
      mesh.quaternion.copy(body.interpolatedQuaternion as unknown as Quaternion);
    }
    scene.updateMatrixWorld();
  };
}

/** three.js objects per body: lerpVectors / slerpQuaternions into a Mesh, then its matrices. */
function threePerMesh(p: PosePairs): FrameFn {
  const scene = new Scene();
  const geometry = new SphereGeometry(1, 8, 6);
  const material = new MeshBasicMaterial();
  const meshes: Mesh[] = [];
  const prevPos: Vector3[] = [];
  const curPos: Vector3[] = [];
  const prevQuat: Quaternion[] = [];
  const curQuat: Quaternion[] = [];
  for (let i = 0; i < p.n; i++) {
    prevPos.push(new Vector3().fromArray(p.prevPos, 3 * i));
    curPos.push(new Vector3().fromArray(p.curPos, 3 * i));
    prevQuat.push(new Quaternion().fromArray(p.prevQuat, 4 * i));
    curQuat.push(new Quaternion().fromArray(p.curQuat, 4 * i));
    const mesh = new Mesh(geometry, material);
    mesh.scale.fromArray(p.scale, 3 * i);
    scene.add(mesh);
    meshes.push(mesh);
  }
  return (alpha) => {
    for (let i = 0; i < meshes.length; i++) {
      const mesh = meshes[i] as Mesh;
      mesh.position.lerpVectors(prevPos[i] as Vector3, curPos[i] as Vector3, alpha);
      mesh.quaternion.slerpQuaternions(prevQuat[i] as Quaternion, curQuat[i] as Quaternion, alpha);
    }
    scene.updateMatrixWorld();
  };
}

/** One InstancedMesh: flat poses blended with three.js math, Matrix4.compose + setMatrixAt. */
function threeInstanced(p: PosePairs): FrameFn {
  const mesh = new InstancedMesh(new SphereGeometry(1, 8, 6), new MeshBasicMaterial(), p.n);
  const position = new Vector3();
  const quaternion = new Quaternion();
  const scale = new Vector3();
  const matrix = new Matrix4();
  const q = [0, 0, 0, 1];
  return (alpha) => {
    for (let i = 0; i < p.n; i++) {
      const i3 = 3 * i;
      const a = p.prevPos;
      const b = p.curPos;
      position.set(
        (a[i3] as number) + ((b[i3] as number) - (a[i3] as number)) * alpha,
        (a[i3 + 1] as number) + ((b[i3 + 1] as number) - (a[i3 + 1] as number)) * alpha,
        (a[i3 + 2] as number) + ((b[i3 + 2] as number) - (a[i3 + 2] as number)) * alpha,
      );
      Quaternion.slerpFlat(
        q,
        0,
        p.prevQuat as unknown as number[],
        4 * i,
        p.curQuat as unknown as number[],
        4 * i,
        alpha,
      );
      quaternion.fromArray(q);
      scale.fromArray(p.scale, i3);
      mesh.setMatrixAt(i, matrix.compose(position, quaternion, scale));
    }
    mesh.instanceMatrix.needsUpdate = true;
  };
}

/**
 * What keeping InstancedMesh frustum culling would cost: its bounding sphere goes stale as
 * bodies move, so it would have to be recomputed from every instance matrix every frame.
 */
function boundingSphere(p: PosePairs): FrameFn {
  const frame = projectPath(p);
  const mesh = new InstancedMesh(new SphereGeometry(1, 8, 6), new MeshBasicMaterial(), p.n);
  const matrix = new Matrix4();
  for (let i = 0; i < p.n; i++) {
    matrix.makeTranslation(
      p.curPos[3 * i] ?? 0,
      p.curPos[3 * i + 1] ?? 0,
      p.curPos[3 * i + 2] ?? 0,
    );
    mesh.setMatrixAt(i, matrix);
  }
  frame(0.5);
  return () => {
    mesh.computeBoundingSphere();
  };
}

/** Measured beside the paths, not compared with them. */
export const EXTRA_PATHS = [
  ['project, every body asleep (a settled scene)', (p: PosePairs) => projectPath(p, true)],
  ['InstancedMesh.computeBoundingSphere (to cull)', boundingSphere],
  ['project path, gl-matrix lerp/slerp for the blend', glMatrixPath],
] as const;

export const INTERPOLATION_PATHS = [
  ['project: flat snapshots → instance matrices', projectPath],
  ['cannon-es step(dt, t, max) + Mesh copy', cannonBuiltIn],
  ['three.js per-Mesh lerpVectors/slerpQuaternions', threePerMesh],
  ['InstancedMesh Matrix4.compose + setMatrixAt', threeInstanced],
] as const;

export interface InterpolationResult {
  n: number;
  /** Median ns per body per frame, one entry per path, INTERPOLATION_PATHS order. */
  nsPerBody: number[];
}

/**
 * Times every path at N bodies in `rounds` alternations of all paths; median of their medians.
 * Each timed call draws a batch of frames (≥ 100 000 bodies' worth), so the clock's own cost
 * stays far below what is measured, and the median drops the batches another process cut into.
 */
export async function benchInterpolation(
  n: number,
  rounds: number,
  timeMs: number,
): Promise<InterpolationResult> {
  const poses = makePoses(n);
  const frames = [...INTERPOLATION_PATHS, ...EXTRA_PATHS].map(([, make]) => make(poses));
  const batch = Math.ceil(100_000 / n);
  const perRound: number[][] = frames.map(() => []);
  for (let round = 0; round < rounds; round++) {
    const bench = new Bench({
      time: timeMs,
      iterations: 5,
      warmupTime: Math.min(100, timeMs),
      warmupIterations: 2,
    });
    frames.forEach((frame, f) => {
      let k = 0;
      bench.add(String(f), () => {
        for (let b = 0; b < batch; b++) frame(ALPHAS[k++ & 7] as number);
      });
    });
    await bench.run();
    bench.tasks.forEach((task, f) => {
      const p50 = task.result?.latency.p50 ?? Number.NaN;
      (perRound[f] as number[]).push((p50 * 1e6) / (n * batch));
    });
  }
  return { n, nsPerBody: perRound.map((values) => median(values)) };
}

export function interpolationTable(results: readonly InterpolationResult[]): string {
  const header = ['path (ns per body per frame, median)', ...results.map((r) => `N=${r.n}`)];
  const rows = [...INTERPOLATION_PATHS, ...EXTRA_PATHS].map(([name], p) => [
    name,
    ...results.map((r) => fixed(r.nsPerBody[p] ?? Number.NaN, 1)),
  ]);
  const ratio = INTERPOLATION_PATHS.slice(1).map(([name], p) => [
    `project speed-up over ${name.split(' ')[0]}`,
    ...results.map((r) => `${fixed((r.nsPerBody[p + 1] ?? 0) / (r.nsPerBody[0] ?? 1), 1)}×`),
  ]);
  return formatTable(header, [
    ...rows.slice(0, INTERPOLATION_PATHS.length),
    ...ratio,
    ...rows.slice(INTERPOLATION_PATHS.length),
  ]);
}
