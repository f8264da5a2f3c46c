// cannon-es's narrowphase with persistent contact manifolds: each touching shape pair keeps its
// points and their impulses from step to step (manifoldStore.ts), and a pair whose bodies have
// barely moved relative to each other keeps last step's points without running its generator
// (Jolt's body pair cache). Pairs in pair order: plan (reuse or a generator job), run the jobs,
// merge (features matched, impulses carried) — the same order and bits however the jobs ran.

import { Body, Narrowphase, Quaternion, Vec3 } from 'cannon-es';
import type { ContactEquation, ContactMaterial, FrictionEquation, Shape, World } from 'cannon-es';
import { contactKeyOf } from './contactKeys';
import { ContactJobs, jobKindOf, POSE_WIDTH, runJobs } from './contactJobs';
import { geometryOf, registerOverlap, resolverOf } from './narrowphaseShapes';
import { mergeGenerated, mergeReused, setMaterial } from './manifoldMerge';
import type { ContactSpring } from './manifoldMerge';
import { FRAME_WIDTH, ManifoldStore } from './manifoldStore';
import { PairTasks } from './pairTasks';
import { frameMotion, relativeFrame } from './relativeFrame';

/** Shape world poses for the pair being planned (cannon-es's getContacts keeps the same four). */
const xi = new Vec3();
const xj = new Vec3();
const qi = new Quaternion();
const qj = new Quaternion();
/** The pair being planned's motion since its points were made (frameMotion writes it here). */
const motion = new Float64Array(1);

export class ManifoldNarrowphase extends Narrowphase {
  /** The manifolds: last step's (`current`) and the one being built. State, saved with the world. */
  readonly store = new ManifoldStore();
  /** This step's generator jobs (see contactJobs.ts). */
  readonly jobs = new ContactJobs();
  /**
   * A touching pair keeps last step's points while its bodies have moved less than this,
   * relative to each other, since the points were made (m; see relativeFrame.ts). 0: never.
   */
  reuseMotion = 0;
  /** The SPOOK spring of the normal rows (see PhysicsTuning.contactStiffness). */
  readonly spring: ContactSpring = { stiffness: 1e7, relaxation: 3 };
  private readonly tasks = new PairTasks();
  /** A lone job for pairs that only ask "do they touch?" (kinematic against static). */
  private readonly testJob = new ContactJobs();

  constructor(world: World) {
    super(world);
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
    this.jobs.clear();
    this.tasks.count = 0;
    for (let k = 0, n = p1.length; k !== n; k++) this.planPair(p1[k], p2[k], world);
    runJobs(this.jobs, 0, this.jobs.count);
    const next = this.store.begin();
    const tasks = this.tasks;
    // Room for every task's manifold before the pass: a layout moves every view.
    next.reserve(tasks.count);
    const previous = this.store.current;
    for (let t = 0; t < tasks.count; t++) {
      const job = tasks.job[t];
      const m =
        job < 0
          ? mergeReused(previous, tasks.previous[t], next, tasks.bodyA[t], tasks.bodyB[t])
          : mergeGenerated(this.jobs, job, previous, tasks, t, next);
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
    const keyI = contactKeyOf(bi);
    const keyJ = contactKeyOf(bj);
    for (let i = 0; i < bi.shapes.length; i++) {
      bi.quaternion.mult(bi.shapeOrientations[i], qi);
      bi.quaternion.vmult(bi.shapeOffsets[i], xi);
      xi.vadd(bi.position, xi);
      const si = bi.shapes[i];
      for (let j = 0; j < bj.shapes.length; j++) {
        bj.quaternion.mult(bj.shapeOrientations[j], qj);
        bj.quaternion.vmult(bj.shapeOffsets[j], xj);
        xj.vadd(bj.position, xj);
        const sj = bj.shapes[j];
        if (!(
          si.collisionFilterMask & sj.collisionFilterGroup &&
          sj.collisionFilterMask & si.collisionFilterGroup
        )) {
          continue;
        }
        if (xi.distanceTo(xj) > si.boundingSphereRadius + sj.boundingSphereRadius) continue;
        let shapeContactMaterial: ContactMaterial | null = null;
        if (si.material && sj.material) {
          shapeContactMaterial = world.getContactMaterial(si.material, sj.material) || null;
        }
        this.currentContactMaterial =
          shapeContactMaterial || bodyContactMaterial || world.defaultContactMaterial;
        // A is the shape of lower type (cannon-es's order); of two alike, the lower key's.
        const iFirst =
          si.type < sj.type || (si.type === sj.type && (keyI < keyJ || (keyI === keyJ && i < j)));
        const kind = iFirst ? jobKindOf(si.type, sj.type) : jobKindOf(sj.type, si.type);
        if (kind < 0) {
          this.cannonPair(si, sj, bi, bj, justTest, world);
        } else if (justTest) {
          this.testPair(kind, iFirst, si, sj, bi, bj, world);
        } else if (iFirst) {
          this.plan(kind, bi, bj, si, sj, i, j, keyI, keyJ, xi, qi, xj, qj);
        } else {
          this.plan(kind, bj, bi, sj, si, j, i, keyJ, keyI, xj, qj, xi, qi);
        }
      }
    }
  }

  /** Files shape pair (A, B) as a task: last step's points kept, or a generator job. */
  private plan(
    kind: number,
    bodyA: Body,
    bodyB: Body,
    shapeA: Shape,
    shapeB: Shape,
    indexA: number,
    indexB: number,
    keyA: number,
    keyB: number,
    posA: Vec3,
    quatA: Quaternion,
    posB: Vec3,
    quatB: Quaternion,
  ): void {
    const tasks = this.tasks;
    const t = tasks.add();
    const shapes = indexA + 256 * indexB;
    tasks.bodyA[t] = bodyA;
    tasks.bodyB[t] = bodyB;
    tasks.shapeA[t] = shapeA;
    tasks.shapeB[t] = shapeB;
    tasks.material[t] = this.currentContactMaterial;
    tasks.keyA[t] = keyA;
    tasks.keyB[t] = keyB;
    tasks.shapes[t] = shapes;
    const previous = this.store.current.find(keyA, keyB, shapes);
    tasks.previous[t] = previous;
    relativeFrame(bodyA, bodyB, tasks.frame, FRAME_WIDTH * t);
    if (previous >= 0 && this.reuseMotion > 0) {
      frameMotion(this.store.current.frame, previous, tasks.frame, t, bodyA, bodyB, motion, 0);
      if (motion[0] <= this.reuseMotion) {
        tasks.job[t] = -1;
        return;
      }
    }
    const jobs = this.jobs;
    const job = jobs.add(kind, geometryOf(shapeA, kind), geometryOf(shapeB, kind));
    tasks.job[t] = job;
    writePose(jobs.pose, POSE_WIDTH * job, posA, quatA);
    writePose(jobs.pose, POSE_WIDTH * job + 7, posB, quatB);
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
    const test = this.testJob;
    test.clear();
    test.add(kind, geometryOf(iFirst ? si : sj, kind), geometryOf(iFirst ? sj : si, kind));
    writePose(test.pose, 0, iFirst ? xi : xj, iFirst ? qi : qj);
    writePose(test.pose, 7, iFirst ? xj : xi, iFirst ? qj : qi);
    runJobs(test, 0, 1);
    if (test.points[0] > 0) registerOverlap(world, si, sj, bi, bj);
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
