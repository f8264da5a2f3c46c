// The shape pairs the manifold narrowphase has planned this step, in pair order (its tasks): in
// the world's kernel memory, what the pair kernels (taskPairs.ts, planTasks.ts) read and
// write — who, the material, the plan, the frame, the generator's points.

import type { ContactMaterial } from 'cannon-es';
import type { JobOutputs } from './contactJobs';
import type { Block, BlockHolder, KernelMemory } from '../kernels/kernelMemory';
import { FRAME_WIDTH, POINTS_PER_MANIFOLD } from '../manifolds/manifoldStore';

const P = POINTS_PER_MANIFOLD;
const I32 = Int32Array;
const F64 = Float64Array;
/** The tasks' arrays in kernel memory, by name: their kind and numbers per task. */
const LAYOUT = {
  /** A's and B's places in world.bodies, and their shapes' places in the packed shape poses. */
  indexA: [I32, 1],
  indexB: [I32, 1],
  slotA: [I32, 1],
  slotB: [I32, 1],
  /** The bodies' contact keys, and A's shape number + 256 × B's. */
  keyA: [I32, 1],
  keyB: [I32, 1],
  shapes: [I32, 1],
  /** The generator (its row in CONTACT_GENERATORS), −1 for a slot with no shape pair of ours. */
  kind: [I32, 1],
  /**
   * The contact material: mA × materials + mB from the bodies' material numbers, −1 none (the
   * world's default), −2 the one in `material` (manifoldNarrowphase.ts's planPair).
   */
  materialCode: [I32, 1],
  /** The plan (planTasks.ts's TASK_…), last step's manifold (−1: none), this step's. */
  state: [I32, 1],
  previous: [I32, 1],
  manifold: [I32, 1],
  /** B's pose in A's frame (see FRAME_WIDTH). */
  frame: [F64, FRAME_WIDTH],
  /** The generator's output (JobOutputs). */
  points: [I32, 1],
  normal: [F64, 3],
  onA: [F64, 3 * P],
  onB: [F64, 3 * P],
  feature: [I32, P],
} as const;
type ArrayName = keyof typeof LAYOUT;
const NAMES = Object.keys(LAYOUT) as ArrayName[];
/**
 * Per body pair of the broadphase: its bodies' places in world.bodies, its first task
 * (first[pairs] ends the last), and the list of pairs left to the TypeScript (taskPairs.ts).
 */
const PAIR_NAMES = ['pairA', 'pairB', 'first', 'others'] as const;

export class PairTasks implements BlockHolder, JobOutputs {
  count = 0;
  /** Tasks the arrays have room for (see reserve). */
  capacity = 0;
  /** The contact material of a task whose materialCode is −2 (a pair planned in TypeScript). */
  readonly material: ContactMaterial[] = [];
  indexA: Int32Array = new Int32Array(0);
  indexB: Int32Array = new Int32Array(0);
  slotA: Int32Array = new Int32Array(0);
  slotB: Int32Array = new Int32Array(0);
  keyA: Int32Array = new Int32Array(0);
  keyB: Int32Array = new Int32Array(0);
  shapes: Int32Array = new Int32Array(0);
  kind: Int32Array = new Int32Array(0);
  materialCode: Int32Array = new Int32Array(0);
  state: Int32Array = new Int32Array(0);
  previous: Int32Array = new Int32Array(0);
  manifold: Int32Array = new Int32Array(0);
  frame: Float64Array = new Float64Array(0);
  points: Int32Array = new Int32Array(0);
  normal: Float64Array = new Float64Array(0);
  onA: Float64Array = new Float64Array(0);
  onB: Float64Array = new Float64Array(0);
  feature: Int32Array = new Int32Array(0);
  pairA: Int32Array = new Int32Array(0);
  pairB: Int32Array = new Int32Array(0);
  first: Int32Array = new Int32Array(0);
  others: Int32Array = new Int32Array(0);
  /** Body pairs the per-pair arrays have room for. */
  pairCapacity = 0;
  private readonly blocks: Record<ArrayName, Block>;
  private readonly pairBlocks: Block<Int32ArrayConstructor>[];

  constructor(private readonly memory: KernelMemory) {
    const blocks = {} as Record<ArrayName, Block>;
    for (const name of NAMES) blocks[name] = memory.block(LAYOUT[name][0], 0);
    this.blocks = blocks;
    this.pairBlocks = PAIR_NAMES.map(() => memory.block(Int32Array, 0));
    memory.hold(this);
  }

  bind(): void {
    const self = this as unknown as Record<ArrayName | (typeof PAIR_NAMES)[number], unknown>;
    for (const name of NAMES) self[name] = this.blocks[name].view;
    PAIR_NAMES.forEach((name, k) => (self[name] = this.pairBlocks[k].view));
    this.capacity = this.keyA.length;
    this.pairCapacity = this.pairA.length;
  }

  /** Room for `pairs` body pairs (doubling); before a step's plan, never inside a pass. */
  reservePairs(pairs: number): void {
    // The growing apart, so this (called every step) makes no closure context: it allocates nothing.
    if (pairs >= this.pairCapacity) this.growPairs(pairs);
  }

  private growPairs(pairs: number): void {
    let n = Math.max(this.pairCapacity, 256);
    while (n <= pairs) n *= 2;
    this.memory.resize(this.pairBlocks.map((block) => [block, n] as const));
  }

  /** Room for `tasks` tasks (doubling); before a step's plan, never inside a pass. */
  reserve(tasks: number): void {
    if (tasks > this.capacity) this.grow(tasks);
  }

  private grow(tasks: number): void {
    let n = Math.max(this.capacity, 256);
    while (n < tasks) n *= 2;
    this.memory.resize(NAMES.map((name) => [this.blocks[name], LAYOUT[name][1] * n] as const));
  }
}
