// cannon-es's narrowphase with persistent contact manifolds: each touching shape pair keeps its
// points and their impulses from step to step (manifoldStore.ts), and a pair whose bodies have
// barely moved relative to each other keeps last step's points without running its generator
// (Jolt's body pair cache). Pairs in pair order: plan, run the generators, merge (planTasks.ts)
// — the same order and bits however the generators ran.

import { Body, Narrowphase, Quaternion, Vec3 } from 'cannon-es';
import type { ContactEquation, ContactMaterial, FrictionEquation, Shape, World } from 'cannon-es';
import { jobOutputs, runJob } from './contactJobs';
import type { Block, BlockHolder, KernelMode } from '../kernels/kernelMemory';
import { SleepAwareSAPBroadphase } from '../broadphase/broadphase';
import type { ContactSpring } from '../manifolds/manifoldMaterial';
import { ManifoldStore } from '../manifolds/manifoldStore';
import { standInsOf, touchPairs } from '../manifolds/manifoldMaterial';
import { geometryOf, registerOverlap, resolverOf, staleWorldData } from './contactGenerators';
import {
  mergeTasks,
  mergeTasksArgs,
  planTasks,
  planTasksArgs,
  taskPairs,
  taskPairsArgs,
} from './kernelCalls';
import { PLAN_WORK, SHAPE_POSE_WIDTH, TASK_MAKE } from './planTasks';
import { PackedBodies, writePose } from './packedBodies';
import { PairTasks } from './pairTaskTable';
import { jobKind } from './jobKinds';

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
   * relative to each other, since the points were made (m; see planTasks.ts). 0: never.
   */
  reuseMotion = 0;
  /** The SPOOK spring of the normal rows (see PhysicsTuning.contactStiffness). */
  readonly spring: ContactSpring = { stiffness: 1e7, relaxation: 3 };
  /** This step's shape pairs: the plan, the generators' points, the manifolds they became. */
  readonly tasks = new PairTasks(this.store.memory);
  /** Generators run in the last step (a counter for tests: nothing reads it back into a step). */
  generatorRuns = 0;
  /** This step's bodies and shapes, packed for the kernels. */
  private readonly packed = new PackedBodies(this.store.memory);
  /** The plan's scratch (the box pairs' separating-axis test). */
  private readonly workBlock: Block<Float64ArrayConstructor>;
  /** The merge's manifold and point counts, read and written back. */
  private readonly countBlock: Block<Int32ArrayConstructor>;
  /** The plan's reuseMotion, in memory (see planTasks). */
  private readonly limitBlock: Block<Float64ArrayConstructor>;
  private limits: Float64Array = new Float64Array(0);
  private work: Float64Array = new Float64Array(0);
  private counts: Int32Array = new Int32Array(0);
  /** Per manifold being built, its contact material (standIns). */
  private readonly manifoldMaterials: ContactMaterial[] = [];
  /** How many of the step's world.contacts cannon-es's own handlers made (they come first). */
  cannonContacts = 0;
  /** contactList's list and its equations. */
  readonly listed: ContactEquation[] = [];
  readonly listPool: ContactEquation[] = [];
  /** A lone job for pairs that only ask "do they touch?" (kinematic against static). */
  private readonly testPoses = new Float64Array(2 * SHAPE_POSE_WIDTH);
  private readonly testOutput = jobOutputs(1);
  /** The kernels' arguments, each filled before its call. */
  private readonly taskArgs = taskPairsArgs();
  private readonly planArgs = planTasksArgs();
  private readonly mergeArgs = mergeTasksArgs();

  constructor(world: World) {
    super(world);
    const memory = this.store.memory;
    this.workBlock = memory.block(Float64Array, PLAN_WORK);
    this.countBlock = memory.block(Int32Array, 2);
    this.limitBlock = memory.block(Float64Array, 1);
    memory.hold(this);
  }

  bind(): void {
    this.work = this.workBlock.view;
    this.counts = this.countBlock.view;
    this.limits = this.limitBlock.view;
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
    // Room for every pair and shape pair's task and manifold before any pass: a layout moves
    // every view.
    const pairs = p1.length;
    const tasks = this.tasks;
    tasks.reservePairs(pairs);
    let most = 0;
    for (let k = 0; k !== pairs; k++) {
      const bi = p1[k];
      const bj = p2[k];
      tasks.pairA[k] = bi.index;
      tasks.pairB[k] = bj.index;
      most += bi.shapes.length * bj.shapes.length;
    }
    const next = this.store.begin();
    next.reserve(most);
    tasks.reserve(most);
    this.packed.pack(world);
    const others = this.taskPairs(pairs);
    tasks.count = tasks.first[pairs];
    for (let o = 0; o < others; o++) {
      const k = tasks.others[o];
      this.planPair(p1[k], p2[k], world, tasks.first[k]);
    }
    this.plan();
    this.generate(world.bodies);
    this.merge();
    this.standIns(result, world);
    this.store.swap();
  }

  /** Runs the generator of every task the plan says to make (contactJobs.ts). */
  private generate(bodies: readonly Body[]): void {
    const tasks = this.tasks;
    this.generatorRuns = 0;
    for (let t = 0; t < tasks.count; t++) {
      if (tasks.state[t] !== TASK_MAKE) continue;
      this.generatorRuns++;
      const kind = tasks.kind[t];
      const shapes = tasks.shapes[t];
      const shapeA = bodies[tasks.indexA[t]].shapes[shapes & 255];
      const shapeB = bodies[tasks.indexB[t]].shapes[shapes >> 8];
      const a = geometryOf(shapeA, kind, 0);
      const b = geometryOf(shapeB, kind, 1);
      const poses = this.packed.shapePoses;
      const atA = SHAPE_POSE_WIDTH * tasks.slotA[t];
      runJob(kind, a, b, poses, atA, SHAPE_POSE_WIDTH * tasks.slotB[t], tasks, t);
    }
  }

  /**
   * Each manifold's contact material (by its task), then its material numbers and what
   * World.step's loop over `world.contacts` would do for it (touchPairs): a stand-in equation
   * only where a 'collide' listener reads it.
   */
  private standIns(result: ContactEquation[], world: World): void {
    const next = this.store.building;
    const tasks = this.tasks;
    const contactMaterials = this.packed.contactMaterials;
    const materials = this.manifoldMaterials;
    this.cannonContacts = result.length;
    for (let t = 0; t < tasks.count; t++) {
      const m = tasks.manifold[t];
      if (m < 0) continue;
      const code = tasks.materialCode[t];
      materials[m] =
        code >= 0
          ? (contactMaterials[code] ?? world.defaultContactMaterial)
          : code === -1
            ? world.defaultContactMaterial
            : tasks.material[t];
    }
    touchPairs(this, next, materials, this.spring, result);
  }

  /**
   * taskPairs (taskPairs.ts) over the step's body pairs, in WebAssembly where the memory has
   * the kernels: the pairs of single-shape bodies planned, the others listed. Returns how many.
   */
  private taskPairs(pairs: number): number {
    const t = this.tasks;
    const b = this.packed;
    const materials = b.materials.length;
    const a = this.taskArgs;
    a.count = pairs;
    a.pairA = t.pairA;
    a.pairB = t.pairB;
    a.bodyShapes = b.shapeCount;
    a.bodyFirst = b.firstShape;
    a.bodyKey = b.key;
    a.bodyType = b.type;
    a.bodyMaterial = b.material;
    a.materials = materials;
    a.shapeType = b.shapeType;
    a.shapeGroup = b.shapeGroup;
    a.shapeMask = b.shapeMask;
    a.shapeMaterial = b.shapeMaterial;
    a.first = t.first;
    a.others = t.others;
    a.indexA = t.indexA;
    a.indexB = t.indexB;
    a.slotA = t.slotA;
    a.slotB = t.slotB;
    a.keyA = t.keyA;
    a.keyB = t.keyB;
    a.shapes = t.shapes;
    a.kind = t.kind;
    a.materialCode = t.materialCode;
    return taskPairs(this.store.memory.exports, a);
  }

  /**
   * cannon-es's getContacts for a body pair the kernel left (taskPairs), shape pair by shape
   * pair: its tasks filed from `first` on (A's shape i, B's shape j at first + i·nB + j), and
   * the pairs our generators do not take or that only test handed to cannon-es's ways.
   */
  private planPair(bi: Body, bj: Body, world: World, first: number): void {
    let bodyContactMaterial: ContactMaterial | null = null;
    if (bi.material && bj.material) {
      bodyContactMaterial = world.getContactMaterial(bi.material, bj.material) || null;
    }
    const justTest =
      ((bi.type & Body.KINEMATIC) !== 0 && (bj.type & Body.STATIC) !== 0) ||
      ((bi.type & Body.STATIC) !== 0 && (bj.type & Body.KINEMATIC) !== 0) ||
      ((bi.type & Body.KINEMATIC) !== 0 && (bj.type & Body.KINEMATIC) !== 0);
    const keyI = this.packed.key[bi.index];
    const keyJ = this.packed.key[bj.index];
    const nj = bj.shapes.length;
    for (let i = 0; i < bi.shapes.length; i++) {
      const si = bi.shapes[i];
      for (let j = 0; j < nj; j++) {
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
        const kind = iFirst ? jobKind(si.type, sj.type) : jobKind(sj.type, si.type);
        if (kind >= 0 && !justTest) {
          // Ours: the bounding spheres are tested in the plan (planTasks.ts), as below.
          const t = first + i * nj + j;
          if (iFirst) this.task(t, kind, material, bi, bj, i, j);
          else this.task(t, kind, material, bj, bi, j, i);
          continue;
        }
        this.packed.readShape(bi, i, xi, qi);
        this.packed.readShape(bj, j, xj, qj);
        if (xi.distanceTo(xj) > si.boundingSphereRadius + sj.boundingSphereRadius) continue;
        this.currentContactMaterial = material;
        if (kind < 0) this.cannonPair(si, sj, bi, bj, justTest, world);
        else this.testPair(kind, iFirst, si, sj, bi, bj, world);
      }
    }
  }

  /** Files task t: shape a of body A against shape b of body B, planned in TypeScript. */
  private task(
    t: number,
    kind: number,
    material: ContactMaterial,
    bodyA: Body,
    bodyB: Body,
    a: number,
    b: number,
  ): void {
    const tasks = this.tasks;
    const packed = this.packed;
    tasks.kind[t] = kind;
    tasks.materialCode[t] = -2;
    tasks.material[t] = material;
    tasks.indexA[t] = bodyA.index;
    tasks.indexB[t] = bodyB.index;
    tasks.slotA[t] = packed.firstShape[bodyA.index] + a;
    tasks.slotB[t] = packed.firstShape[bodyB.index] + b;
    tasks.keyA[t] = packed.key[bodyA.index];
    tasks.keyB[t] = packed.key[bodyB.index];
    tasks.shapes[t] = a + 256 * b;
  }

  /** planTasks over this step's tasks, in WebAssembly where the memory has the kernels. */
  private plan(): void {
    const t = this.tasks;
    this.limits[0] = this.reuseMotion;
    const old = this.store.current;
    const mask = old.slots.length - 1;
    const a = this.planArgs;
    a.from = 0;
    a.to = t.count;
    a.limits = this.limits;
    a.bodyA = t.indexA;
    a.bodyB = t.indexB;
    a.slotA = t.slotA;
    a.slotB = t.slotB;
    a.keyA = t.keyA;
    a.keyB = t.keyB;
    a.shapes = t.shapes;
    a.kind = t.kind;
    a.state = t.state;
    a.previous = t.previous;
    a.frame = t.frame;
    a.bodyPoses = this.packed.poses;
    a.shapePoses = this.packed.shapePoses;
    a.shapeSizes = this.packed.shapeSizes;
    a.work = this.work;
    a.slots = old.slots;
    a.mask = mask;
    a.oldKeyA = old.keyA;
    a.oldKeyB = old.keyB;
    a.oldShapes = old.shapes;
    a.oldFrame = old.frame;
    planTasks(this.store.memory.exports, a);
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
    const a = this.mergeArgs;
    a.count = t.count;
    a.state = t.state;
    a.kind = t.kind;
    a.previous = t.previous;
    a.bodyA = t.indexA;
    a.bodyB = t.indexB;
    a.keyA = t.keyA;
    a.keyB = t.keyB;
    a.shapes = t.shapes;
    a.frame = t.frame;
    a.bodyPoses = this.packed.poses;
    a.jobPoints = t.points;
    a.jobNormal = t.normal;
    a.onA = t.onA;
    a.onB = t.onB;
    a.jobFeature = t.feature;
    a.oldPoints = o.points;
    a.oldFrame = o.frame;
    a.oldNormal = o.normal;
    a.oldLocalA = o.localA;
    a.oldLocalB = o.localB;
    a.oldImpulse = o.impulse;
    a.oldFeature = o.feature;
    a.newKeyA = n.keyA;
    a.newKeyB = n.keyB;
    a.newShapes = n.shapes;
    a.newBodyA = n.bodyA;
    a.newBodyB = n.bodyB;
    a.newPoints = n.points;
    a.newFrame = n.frame;
    a.newNormal = n.normal;
    a.worldNormal = n.worldNormal;
    a.localA = n.localA;
    a.localB = n.localB;
    a.feature = n.feature;
    a.impulse = n.impulse;
    a.ri = n.ri;
    a.rj = n.rj;
    a.slots = n.slots;
    a.mask = mask;
    a.manifoldOf = t.manifold;
    a.counts = counts;
    mergeTasks(this.store.memory.exports, a);
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
    const a = geometryOf(iFirst ? si : sj, kind, 0);
    const b = geometryOf(iFirst ? sj : si, kind, 1);
    runJob(kind, a, b, poses, 0, SHAPE_POSE_WIDTH, this.testOutput, 0);
    if (this.testOutput.points[0] > 0) registerOverlap(world, si, sj, bi, bj);
  }

  /** A shape pair the project has no generator for: cannon-es's own handler, as it calls it. */
  private cannonPair(si: Shape, sj: Shape, bi: Body, bj: Body, justTest: boolean, world: World) {
    const resolver = resolverOf(this, si.type | sj.type);
    if (!resolver) return;
    // cannon-es's convexParticle reads the hull's cached worldVertices/worldFaceNormals, whose
    // NeedsUpdate flags nothing but the constructor sets: left alone, the face planes stay where
    // the body was on the first call, and a particle is pushed out of a face it never reached.
    staleWorldData(si);
    staleWorldData(sj);
    const touched =
      si.type < sj.type
        ? resolver.call(this, si, sj, xi, xj, qi, qj, bi, bj, si, sj, justTest)
        : resolver.call(this, sj, si, xj, xi, qj, qi, bj, bi, si, sj, justTest);
    if (touched && justTest) registerOverlap(world, si, sj, bi, bj);
  }
}

/**
 * Where `world`'s contact kernels run: its manifolds' kernel memory's, else its broadphase's,
 * else (cannon-es's own parts throughout) TypeScript.
 */
export function kernelModeOf(world: World): KernelMode {
  if (world.narrowphase instanceof ManifoldNarrowphase) return world.narrowphase.store.memory.mode;
  if (world.broadphase instanceof SleepAwareSAPBroadphase) return world.broadphase.kernelMode;
  return 'typescript';
}

/**
 * What a reader of `world.contacts` after a step wants: the world's contact list, and under the
 * manifold narrowphase (whose step lists a manifold only where a 'collide' listener reads it)
 * its own handlers' contacts and a stand-in for each manifold, made on the call.
 */
export function contactList(world: World): readonly ContactEquation[] {
  const narrowphase = world.narrowphase;
  if (!(narrowphase instanceof ManifoldNarrowphase)) return world.contacts;
  const out = narrowphase.listed;
  out.length = 0;
  const own = Math.min(narrowphase.cannonContacts, world.contacts.length);
  for (let k = 0; k < own; k++) out.push(world.contacts[k]);
  standInsOf(narrowphase.store.current, world.bodies, narrowphase.listPool, out);
  return out;
}

/** Forgets every persistent contact of `world` (a scene cleared or rebuilt); others: nothing. */
export function forgetContacts(world: World): void {
  if (world.narrowphase instanceof ManifoldNarrowphase) world.narrowphase.store.clear();
}
