// Every body and shape of the world packed once a step, in kernel memory, for the pair kernels
// (taskPairs.ts, planTasks.ts): poses, box sizes, contact keys, types, collision filters and
// material numbers — what cannon-es's getContacts reads of its objects for every pair.

import { Box } from 'cannon-es';
import type { Body, ContactMaterial, Material, World } from 'cannon-es';
import type { QuatLike, Vec3Like } from 'fixed-step/interpolation';
import { contactKeyOf } from '../manifolds/contactKeys';
import type { Block, BlockHolder, KernelMemory } from '../kernels/kernelMemory';
import { BODY_POSE_WIDTH, SHAPE_POSE_WIDTH, SHAPE_SIZE_WIDTH } from './planTasks';
import { Quaternion, Vec3 } from 'cannon-es';

const F64 = Float64Array;
const I32 = Int32Array;
/** The arrays, by name: their kind, numbers each, and whether per body (else per shape). */
const LAYOUT = {
  /** Per body (by its place in world.bodies). Position (3), quaternion (4), bounding radius. */
  poses: [F64, BODY_POSE_WIDTH, true],
  /** Its shapes, and the first one's place among the shapes. */
  shapeCount: [I32, 1, true],
  firstShape: [I32, 1, true],
  /** Its contact key (contactKeys.ts), cannon-es type bits and material number (−1: none). */
  key: [I32, 1, true],
  type: [I32, 1, true],
  material: [I32, 1, true],
  /** Per shape, body by body. World position (3), quaternion (4), bounding radius. */
  shapePoses: [F64, SHAPE_POSE_WIDTH, false],
  /** A box's half extents (left as they were for other shapes). */
  shapeSizes: [F64, SHAPE_SIZE_WIDTH, false],
  /** cannon-es type bits, collision filter group and mask, 1 where it has a material of its own. */
  shapeType: [I32, 1, false],
  shapeGroup: [I32, 1, false],
  shapeMask: [I32, 1, false],
  shapeMaterial: [Uint8Array, 1, false],
} as const;
type ArrayName = keyof typeof LAYOUT;
const NAMES = Object.keys(LAYOUT) as ArrayName[];

/** A shape's world pose as cannon-es's getContacts works it out. */
const position = new Vec3();
const orientation = new Quaternion();

export class PackedBodies implements BlockHolder {
  poses: Float64Array = new Float64Array(0);
  shapeCount: Int32Array = new Int32Array(0);
  firstShape: Int32Array = new Int32Array(0);
  key: Int32Array = new Int32Array(0);
  type: Int32Array = new Int32Array(0);
  material: Int32Array = new Int32Array(0);
  shapePoses: Float64Array = new Float64Array(0);
  shapeSizes: Float64Array = new Float64Array(0);
  shapeType: Int32Array = new Int32Array(0);
  shapeGroup: Int32Array = new Int32Array(0);
  shapeMask: Int32Array = new Int32Array(0);
  shapeMaterial: Uint8Array = new Uint8Array(0);
  /** The materials met so far, numbered in the order met (a body's material number's). */
  readonly materials: Material[] = [];
  private readonly materialNumbers = new Map<Material, number>();
  /**
   * This step's contact material of two bodies with materials numbered a and b, at
   * a × materials.length + b: world.getContactMaterial's answer, null where it has none.
   */
  readonly contactMaterials: (ContactMaterial | null)[] = [];
  private readonly blocks: Record<ArrayName, Block>;
  private bodyRoom = 0;
  private shapeRoom = 0;

  constructor(private readonly memory: KernelMemory) {
    const blocks = {} as Record<ArrayName, Block>;
    for (const name of NAMES) blocks[name] = memory.block(LAYOUT[name][0], 0);
    this.blocks = blocks;
    memory.hold(this);
  }

  bind(): void {
    const self = this as unknown as Record<ArrayName, unknown>;
    for (const name of NAMES) self[name] = this.blocks[name].view;
  }

  /** Packs every body and shape of `world` (see LAYOUT) and its contact materials. */
  pack(world: World): void {
    const bodies = world.bodies;
    const n = bodies.length;
    let shapes = 0;
    for (let i = 0; i < n; i++) shapes += bodies[i].shapes.length;
    this.reserve(n, shapes);
    const poses = this.poses;
    const shapePoses = this.shapePoses;
    const shapeSizes = this.shapeSizes;
    let slot = 0;
    for (let i = 0; i < n; i++) {
      const body = bodies[i];
      const p = body.position;
      const q = body.quaternion;
      const b = BODY_POSE_WIDTH * i;
      writePose(poses, b, p, q);
      poses[b + 7] = body.boundingRadius;
      this.shapeCount[i] = body.shapes.length;
      this.firstShape[i] = slot;
      this.key[i] = contactKeyOf(body);
      this.type[i] = body.type;
      this.material[i] = body.material === null ? -1 : this.numberOf(body.material);
      for (let s = 0; s < body.shapes.length; s++) {
        const shape = body.shapes[s];
        q.mult(body.shapeOrientations[s], orientation);
        q.vmult(body.shapeOffsets[s], position);
        position.vadd(p, position);
        const at = SHAPE_POSE_WIDTH * slot;
        writePose(shapePoses, at, position, orientation);
        shapePoses[at + 7] = shape.boundingSphereRadius;
        if (shape instanceof Box) {
          const size = SHAPE_SIZE_WIDTH * slot;
          shapeSizes[size] = shape.halfExtents.x;
          shapeSizes[size + 1] = shape.halfExtents.y;
          shapeSizes[size + 2] = shape.halfExtents.z;
        }
        this.shapeType[slot] = shape.type;
        this.shapeGroup[slot] = shape.collisionFilterGroup;
        this.shapeMask[slot] = shape.collisionFilterMask;
        this.shapeMaterial[slot] = shape.material === null ? 0 : 1;
        slot++;
      }
    }
    const m = this.materials.length;
    const table = this.contactMaterials;
    table.length = m * m;
    for (let a = 0; a < m; a++) {
      for (let b = 0; b < m; b++) {
        table[a * m + b] = world.getContactMaterial(this.materials[a], this.materials[b]) || null;
      }
    }
  }

  /** Body `body`'s shape number `s`'s world pose, as packed, into `x` and `q`. */
  readShape(body: Body, s: number, x: Vec3, q: Quaternion): void {
    const at = SHAPE_POSE_WIDTH * (this.firstShape[body.index] + s);
    const poses = this.shapePoses;
    x.set(poses[at], poses[at + 1], poses[at + 2]);
    q.set(poses[at + 3], poses[at + 4], poses[at + 5], poses[at + 6]);
  }

  private numberOf(material: Material): number {
    let number = this.materialNumbers.get(material);
    if (number === undefined) {
      number = this.materials.length;
      this.materials.push(material);
      this.materialNumbers.set(material, number);
    }
    return number;
  }

  /** Room for n bodies and their shapes (doubling); a layout moves every view. */
  private reserve(n: number, shapes: number): void {
    // The growing apart, so this (called every step) makes no closure context: it allocates nothing.
    if (n > this.bodyRoom || shapes > this.shapeRoom) this.grow(n, shapes);
  }

  private grow(n: number, shapes: number): void {
    this.bodyRoom = Math.max(2 * n, 64);
    this.shapeRoom = Math.max(2 * shapes, 64);
    this.memory.resize(
      NAMES.map((name) => {
        const [, width, perBody] = LAYOUT[name];
        return [this.blocks[name], width * (perBody ? this.bodyRoom : this.shapeRoom)] as const;
      }),
    );
  }
}

/** A pose (position, then quaternion x y z w) into out[at .. at + 6]. */
export function writePose(
  out: Float64Array,
  at: number,
  position: Vec3Like,
  quaternion: QuatLike,
): void {
  out[at] = position.x;
  out[at + 1] = position.y;
  out[at + 2] = position.z;
  out[at + 3] = quaternion.x;
  out[at + 4] = quaternion.y;
  out[at + 5] = quaternion.z;
  out[at + 6] = quaternion.w;
}
