// cannon-es's narrowphase with persistent contact manifolds: each touching shape pair keeps its
// points and their impulses from step to step (manifoldStore.ts), and a pair whose bodies have
// barely moved relative to each other keeps last step's points without running its generator
// (Jolt's body pair cache). Pairs in pair order: plan, run the generators, merge (pairKernels.ts)
// — the same order and bits however the generators ran.

import { Body, Box, Narrowphase, Quaternion, Vec3 } from 'cannon-es';
import type { ContactEquation, ContactMaterial, FrictionEquation, Shape, World } from 'cannon-es';
import { contactKeyOf } from './contactKeys';
import { jobKindOf, jobOutputs, runJob } from './contactJobs';
import { KERNEL_CALLS, writeCall } from './kernelMemory';
import type { Block, BlockHolder } from './kernelMemory';
import { setMaterial } from './manifoldMerge';
import type { ContactSpring } from './manifoldMerge';
import { ManifoldStore } from './manifoldStore';
import { geometryOf, registerOverlap, resolverOf } from './narrowphaseShapes';
import {
  BODY_POSE_WIDTH,
  mergeTasks,
  planTasks,
  PLAN_WORK,
  SHAPE_POSE_WIDTH,
  SHAPE_SIZE_WIDTH,
  TASK_MAKE,
} from './pairKernels';
import { PairTasks } from './pairTasks';

/** Tasks below which the plan is not shared with a partner: its meeting would cost more. */
const MIN_SHARED_TASKS = 512;
/** A shape pair's world poses, for the pairs cannon-es's own handlers or a test job take. */
const xi = new Vec3();
const xj = new Vec3();
const qi = new Quaternion();
const qj = new Quaternion();

export class ManifoldNarrowphase extends Narrowphase implements BlockHolder {
  /** The manifolds: last step's (`current`) and the one being built. State, saved with the world. */
  readonly store = new ManifoldStore();
  /**
   * A touching pair keeps last step's points while its bodies have moved less than this,
   * relative to each other, since the points were made (m; see pairKernels.ts). 0: never.
   */
  reuseMotion = 0;
  /** The SPOOK spring of the normal rows (see PhysicsTuning.contactStiffness). */
  readonly spring: ContactSpring = { stiffness: 1e7, relaxation: 3 };
  /** This step's shape pairs: the plan, the generators' points, the manifolds they became. */
  readonly tasks = new PairTasks(this.store.memory);
  /** Generators run in the last step (a counter for tests: nothing reads it back into a step). */
  generatorRuns = 0;
  /** Per body (by its place in world.bodies): its contact key and its first shape's place. */
  private keys = new Int32Array(0);
  private firstShape = new Int32Array(0);
  /**
   * This step's poses in kernel memory: per body (BODY_POSE_WIDTH) and per shape of each body in
   * world.bodies order (SHAPE_POSE_WIDTH; cannon-es's shape world poses, worked out as its
   * getContacts does); and the merge's manifold and point counts.
   */
  private readonly bodyPoseBlock: Block<Float64ArrayConstructor>;
  private readonly shapePoseBlock: Block<Float64ArrayConstructor>;
  private readonly shapeSizeBlock: Block<Float64ArrayConstructor>;
  private readonly workBlock: Block<Float64ArrayConstructor>;
  private readonly countBlock: Block<Int32ArrayConstructor>;
  private bodyPoses: Float64Array = new Float64Array(0);
  private shapePoses: Float64Array = new Float64Array(0);
  /** Per shape, a box's half extents (SHAPE_SIZE_WIDTH), for the plan's separating-axis test. */
  private shapeSizes: Float64Array = new Float64Array(0);
  private work: Float64Array = new Float64Array(0);
  private counts: Int32Array = new Int32Array(0);
  /** A lone job for pairs that only ask "do they touch?" (kinematic against static). */
  private readonly testPoses = new Float64Array(2 * SHAPE_POSE_WIDTH);
  private readonly testOutput = jobOutputs(1);

  constructor(world: World) {
    super(world);
    const memory = this.store.memory;
    this.bodyPoseBlock = memory.block(Float64Array, 0);
    this.shapePoseBlock = memory.block(Float64Array, 0);
    this.shapeSizeBlock = memory.block(Float64Array, 0);
    // Two threads' scratch: this one's, then a partner's.
    this.workBlock = memory.block(Float64Array, 2 * PLAN_WORK);
    this.countBlock = memory.block(Int32Array, 2);
    memory.hold(this);
  }

  bind(): void {
    this.bodyPoses = this.bodyPoseBlock.view;
    this.shapePoses = this.shapePoseBlock.view;
    this.shapeSizes = this.shapeSizeBlock.view;
    this.work = this.workBlock.view;
    this.counts = this.countBlock.view;
  }

  override getContacts(
    p1: Body[],
    p2: Body[],
    world: World,
    result: ContactEquation[],
    oldcontacts: ContactEquation[],
    frictionResult: FrictionEquation[],
    frictionPool: FrictionEquation[],
  ): void {
    this.contactPointPool = oldcontacts;
    this.frictionEquationPool = frictionPool;
    this.result = result;
    this.frictionResult = frictionResult;
    // Room for every shape pair's task and manifold, before any pass: a layout moves every view.
    let most = 0;
    for (let k = 0, n = p1.length; k !== n; k++) most += p1[k].shapes.length * p2[k].shapes.length;
    const next = this.store.begin();
    next.reserve(most);
    const tasks = this.tasks;
    tasks.reserve(most);
    this.packBodies(world.bodies);
    tasks.count = 0;
    for (let k = 0, n = p1.length; k !== n; k++) this.planPair(p1[k], p2[k], world);
    this.plan();
    this.generatorRuns = 0;
    for (let t = 0; t < tasks.count; t++) {
      if (tasks.state[t] !== TASK_MAKE) continue;
      this.generatorRuns++;
      const kind = tasks.kind[t];
      // prettier-ignore
      runJob(
        kind, geometryOf(tasks.shapeA[t], kind), geometryOf(tasks.shapeB[t], kind), this.shapePoses,
        SHAPE_POSE_WIDTH * tasks.slotA[t], SHAPE_POSE_WIDTH * tasks.slotB[t], tasks, t,
      );
    }
    this.merge();
    for (let t = 0; t < tasks.count; t++) {
      const m = tasks.manifold[t];
      if (m < 0) continue;
      this.currentContactMaterial = tasks.material[t];
      const c = this.createContactEquation(
        tasks.bodyA[t],
        tasks.bodyB[t],
        tasks.shapeA[t],
        tasks.shapeB[t],
        null,
        null,
      );
      setMaterial(next, m, c, tasks.material[t], world, this.spring);
      this.result.push(c);
    }
    this.store.swap();
  }

  /**
   * Each body's contact key, pose and bounding radius, and each of its shapes' world pose (as
   * cannon-es's getContacts works it out, once a body rather than once a pair) and bounding radius.
   */
  private packBodies(bodies: readonly Body[]): void {
    const n = bodies.length;
    let shapes = 0;
    for (let i = 0; i < n; i++) shapes += bodies[i].shapes.length;
    if (this.keys.length < n) {
      this.keys = new Int32Array(2 * n);
      this.firstShape = new Int32Array(2 * n);
    }
    const memory = this.store.memory;
    if (
      this.bodyPoseBlock.length < BODY_POSE_WIDTH * n ||
      this.shapePoseBlock.length < SHAPE_POSE_WIDTH * shapes
    ) {
      memory.resize([
        [this.bodyPoseBlock, 2 * BODY_POSE_WIDTH * n],
        [this.shapePoseBlock, 2 * SHAPE_POSE_WIDTH * shapes],
        [this.shapeSizeBlock, 2 * SHAPE_SIZE_WIDTH * shapes],
      ]);
    }
    const bodyPoses = this.bodyPoses;
    const shapePoses = this.shapePoses;
    const shapeSizes = this.shapeSizes;
    let slot = 0;
    for (let i = 0; i < n; i++) {
      const body = bodies[i];
      this.keys[i] = contactKeyOf(body);
      this.firstShape[i] = slot;
      const p = body.position;
      const q = body.quaternion;
      const b = BODY_POSE_WIDTH * i;
      bodyPoses[b] = p.x;
      bodyPoses[b + 1] = p.y;
      bodyPoses[b + 2] = p.z;
      bodyPoses[b + 3] = q.x;
      bodyPoses[b + 4] = q.y;
      bodyPoses[b + 5] = q.z;
      bodyPoses[b + 6] = q.w;
      bodyPoses[b + 7] = body.boundingRadius;
      for (let s = 0; s < body.shapes.length; s++) {
        q.mult(body.shapeOrientations[s], qi);
        q.vmult(body.shapeOffsets[s], xi);
        xi.vadd(p, xi);
        const at = SHAPE_POSE_WIDTH * slot++;
        shapePoses[at] = xi.x;
        shapePoses[at + 1] = xi.y;
        shapePoses[at + 2] = xi.z;
        shapePoses[at + 3] = qi.x;
        shapePoses[at + 4] = qi.y;
        shapePoses[at + 5] = qi.z;
        shapePoses[at + 6] = qi.w;
        const shape = body.shapes[s];
        shapePoses[at + 7] = shape.boundingSphereRadius;
        const size = SHAPE_SIZE_WIDTH * (slot - 1);
        if (shape instanceof Box) {
          shapeSizes[size] = shape.halfExtents.x;
          shapeSizes[size + 1] = shape.halfExtents.y;
          shapeSizes[size + 2] = shape.halfExtents.z;
        }
      }
    }
  }

  /** cannon-es's getContacts for one body pair, shape pair by shape pair, planning ours. */
  private planPair(bi: Body, bj: Body, world: World): void {
    let bodyContactMaterial: ContactMaterial | null = null;
    if (bi.material && bj.material) {
      bodyContactMaterial = world.getContactMaterial(bi.material, bj.material) || null;
    }
    const justTest =
      ((bi.type & Body.KINEMATIC) !== 0 && (bj.type & Body.STATIC) !== 0) ||
      ((bi.type & Body.STATIC) !== 0 && (bj.type & Body.KINEMATIC) !== 0) ||
      ((bi.type & Body.KINEMATIC) !== 0 && (bj.type & Body.KINEMATIC) !== 0);
    const keyI = this.keys[bi.index];
    const keyJ = this.keys[bj.index];
    const firstI = this.firstShape[bi.index];
    const firstJ = this.firstShape[bj.index];
    for (let i = 0; i < bi.shapes.length; i++) {
      const si = bi.shapes[i];
      for (let j = 0; j < bj.shapes.length; j++) {
        const sj = bj.shapes[j];
        if (!(
          si.collisionFilterMask & sj.collisionFilterGroup &&
          sj.collisionFilterMask & si.collisionFilterGroup
        )) {
          continue;
        }
        let shapeContactMaterial: ContactMaterial | null = null;
        if (si.material && sj.material) {
          shapeContactMaterial = world.getContactMaterial(si.material, sj.material) || null;
        }
        const material =
          shapeContactMaterial || bodyContactMaterial || world.defaultContactMaterial;
        // A is the shape of lower type (cannon-es's order); of two alike, the lower key's.
        const iFirst =
          si.type < sj.type || (si.type === sj.type && (keyI < keyJ || (keyI === keyJ && i < j)));
        const kind = iFirst ? jobKindOf(si.type, sj.type) : jobKindOf(sj.type, si.type);
        if (kind >= 0 && !justTest) {
          // Ours: the bounding spheres are tested in the plan (pairKernels.ts), as here below.
          if (iFirst)
            this.task(kind, material, bi, bj, si, sj, i + 256 * j, firstI + i, firstJ + j);
          else this.task(kind, material, bj, bi, sj, si, j + 256 * i, firstJ + j, firstI + i);
          continue;
        }
        this.readShapePoses(firstI + i, firstJ + j);
        if (xi.distanceTo(xj) > si.boundingSphereRadius + sj.boundingSphereRadius) continue;
        this.currentContactMaterial = material;
        if (kind < 0) this.cannonPair(si, sj, bi, bj, justTest, world);
        else this.testPair(kind, iFirst, si, sj, bi, bj, world);
      }
    }
  }

  /** Files shape pair (A, B) as a task: `shapes` is A's shape number + 256 × B's. */
  private task(
    kind: number,
    material: ContactMaterial,
    bodyA: Body,
    bodyB: Body,
    shapeA: Shape,
    shapeB: Shape,
    shapes: number,
    slotA: number,
    slotB: number,
  ): void {
    const tasks = this.tasks;
    const t = tasks.count++;
    tasks.bodyA[t] = bodyA;
    tasks.bodyB[t] = bodyB;
    tasks.shapeA[t] = shapeA;
    tasks.shapeB[t] = shapeB;
    tasks.material[t] = material;
    tasks.kind[t] = kind;
    tasks.indexA[t] = bodyA.index;
    tasks.indexB[t] = bodyB.index;
    tasks.slotA[t] = slotA;
    tasks.slotB[t] = slotB;
    tasks.keyA[t] = this.keys[bodyA.index];
    tasks.keyB[t] = this.keys[bodyB.index];
    tasks.shapes[t] = shapes;
  }

  /** The shapes at packed places a and b into xi, qi and xj, qj. */
  private readShapePoses(a: number, b: number): void {
    const poses = this.shapePoses;
    const i = SHAPE_POSE_WIDTH * a;
    const j = SHAPE_POSE_WIDTH * b;
    xi.set(poses[i], poses[i + 1], poses[i + 2]);
    qi.set(poses[i + 3], poses[i + 4], poses[i + 5], poses[i + 6]);
    xj.set(poses[j], poses[j + 1], poses[j + 2]);
    qj.set(poses[j + 3], poses[j + 4], poses[j + 5], poses[j + 6]);
  }

  /**
   * planTasks over this step's tasks, in WebAssembly where the memory has the kernels — with a
   * partner, its thread plans the second half of the tasks while this one plans the first.
   */
  private plan(): void {
    const t = this.tasks;
    const old = this.store.current;
    const mask = old.slots.length - 1;
    const k = this.store.memory.exports;
    if (k === null) {
      // prettier-ignore
      planTasks(
        0, t.count, this.reuseMotion, t.indexA, t.indexB, t.slotA, t.slotB, t.keyA, t.keyB,
        t.shapes, t.kind, t.state, t.previous, t.frame, this.bodyPoses, this.shapePoses,
        this.shapeSizes, this.work, old.slots, mask, old.keyA, old.keyB, old.shapes, old.frame,
      );
      return;
    }
    const partner = this.store.partner;
    const memory = this.store.memory.memory;
    let mid = t.count;
    if (partner !== null && memory !== null && t.count >= MIN_SHARED_TASKS) {
      mid = t.count >> 1;
      const c = partner.call;
      c[0] = KERNEL_CALLS.indexOf('planTasks');
      // prettier-ignore
      writeCall(
        c, mid, t.count, this.reuseMotion, t.indexA.byteOffset, t.indexB.byteOffset,
        t.slotA.byteOffset, t.slotB.byteOffset, t.keyA.byteOffset, t.keyB.byteOffset,
        t.shapes.byteOffset, t.kind.byteOffset, t.state.byteOffset, t.previous.byteOffset,
        t.frame.byteOffset, this.bodyPoses.byteOffset, this.shapePoses.byteOffset,
        this.shapeSizes.byteOffset, this.work.byteOffset + 8 * PLAN_WORK, old.slots.byteOffset,
        mask, old.keyA.byteOffset, old.keyB.byteOffset, old.shapes.byteOffset,
        old.frame.byteOffset,
      );
      partner.start(memory);
    }
    // prettier-ignore
    k.planTasks(
      0, mid, this.reuseMotion, t.indexA.byteOffset, t.indexB.byteOffset, t.slotA.byteOffset,
      t.slotB.byteOffset, t.keyA.byteOffset, t.keyB.byteOffset, t.shapes.byteOffset,
      t.kind.byteOffset, t.state.byteOffset, t.previous.byteOffset, t.frame.byteOffset,
      this.bodyPoses.byteOffset, this.shapePoses.byteOffset, this.shapeSizes.byteOffset,
      this.work.byteOffset, old.slots.byteOffset, mask, old.keyA.byteOffset,
      old.keyB.byteOffset, old.shapes.byteOffset, old.frame.byteOffset,
    );
    if (mid < t.count && partner !== null) partner.join();
  }

  /** mergeTasks into the buffer being built, in WebAssembly where the memory has the kernels. */
  private merge(): void {
    const t = this.tasks;
    const o = this.store.current;
    const n = this.store.building;
    const mask = n.slots.length - 1;
    const counts = this.counts;
    counts[0] = n.count;
    counts[1] = n.pointCount;
    const k = this.store.memory.exports;
    if (k !== null) {
      // prettier-ignore
      k.mergeTasks(
        t.count, t.state.byteOffset, t.previous.byteOffset, t.indexA.byteOffset,
        t.indexB.byteOffset, t.keyA.byteOffset, t.keyB.byteOffset, t.shapes.byteOffset,
        t.frame.byteOffset, this.bodyPoses.byteOffset, t.points.byteOffset, t.normal.byteOffset,
        t.onA.byteOffset, t.onB.byteOffset, t.feature.byteOffset, o.points.byteOffset,
        o.frame.byteOffset, o.normal.byteOffset, o.localA.byteOffset, o.localB.byteOffset,
        o.impulse.byteOffset, o.feature.byteOffset, n.keyA.byteOffset, n.keyB.byteOffset,
        n.shapes.byteOffset, n.bodyA.byteOffset, n.bodyB.byteOffset, n.points.byteOffset,
        n.frame.byteOffset, n.normal.byteOffset, n.worldNormal.byteOffset, n.localA.byteOffset,
        n.localB.byteOffset, n.feature.byteOffset, n.impulse.byteOffset, n.ri.byteOffset,
        n.rj.byteOffset, n.slots.byteOffset, mask, t.manifold.byteOffset, counts.byteOffset,
      );
    } else {
      // prettier-ignore
      mergeTasks(
        t.count, t.state, t.previous, t.indexA, t.indexB, t.keyA, t.keyB, t.shapes, t.frame,
        this.bodyPoses, t.points, t.normal, t.onA, t.onB, t.feature, o.points, o.frame, o.normal,
        o.localA, o.localB, o.impulse, o.feature, n.keyA, n.keyB, n.shapes, n.bodyA, n.bodyB,
        n.points, n.frame, n.normal, n.worldNormal, n.localA, n.localB, n.feature, n.impulse, n.ri,
        n.rj, n.slots, mask, t.manifold, counts,
      );
    }
    n.count = counts[0];
    n.pointCount = counts[1];
  }

  /** A pair that only asks whether it touches (kinematic against static): overlaps, no contacts. */
  private testPair(
    kind: number,
    iFirst: boolean,
    si: Shape,
    sj: Shape,
    bi: Body,
    bj: Body,
    world: World,
  ): void {
    const poses = this.testPoses;
    writePose(poses, 0, iFirst ? xi : xj, iFirst ? qi : qj);
    writePose(poses, SHAPE_POSE_WIDTH, iFirst ? xj : xi, iFirst ? qj : qi);
    const a = geometryOf(iFirst ? si : sj, kind);
    const b = geometryOf(iFirst ? sj : si, kind);
    runJob(kind, a, b, poses, 0, SHAPE_POSE_WIDTH, this.testOutput, 0);
    if (this.testOutput.points[0] > 0) registerOverlap(world, si, sj, bi, bj);
  }

  /** A shape pair the project has no generator for: cannon-es's own handler, as it calls it. */
  private cannonPair(si: Shape, sj: Shape, bi: Body, bj: Body, justTest: boolean, world: World) {
    const resolver = resolverOf(this, si.type | sj.type);
    if (!resolver) return;
    const touched =
      si.type < sj.type
        ? resolver.call(this, si, sj, xi, xj, qi, qj, bi, bj, si, sj, justTest)
        : resolver.call(this, sj, si, xj, xi, qj, qi, bj, bi, si, sj, justTest);
    if (touched && justTest) registerOverlap(world, si, sj, bi, bj);
  }
}

function writePose(pose: Float64Array, at: number, position: Vec3, quaternion: Quaternion): void {
  pose[at] = position.x;
  pose[at + 1] = position.y;
  pose[at + 2] = position.z;
  pose[at + 3] = quaternion.x;
  pose[at + 4] = quaternion.y;
  pose[at + 5] = quaternion.z;
  pose[at + 6] = quaternion.w;
}

/** Forgets every persistent contact of `world` (a scene cleared or rebuilt); others: nothing. */
export function forgetContacts(world: World): void {
  if (world.narrowphase instanceof ManifoldNarrowphase) world.narrowphase.store.clear();
}
