// One InstancedMesh per shape kind. Body i is drawn as instance `slot[i]` of mesh `kind[i]`; the
// per-frame write composes each instance matrix from the draw pose and the body's scale.

import {
  Color,
  InstancedMesh,
  Matrix4,
  MeshBasicMaterial,
  MeshStandardMaterial,
  Quaternion,
  Vector3,
} from 'three';
import type { BufferGeometry, Material, Scene } from 'three';
import { SHAPE_KINDS, shapeKindIndex } from '../shapes/shapeKinds';
import type { ShapeKind } from '../shapes/shapeKinds';
import { createKindGeometry } from './geometries';

/** A palette per kind so shapes are told apart at a glance: warm boxes, cool spheres, … */
const PALETTES: Record<ShapeKind, readonly number[]> = {
  box: [0xe07a3f, 0xd9534f, 0xf0ad4e, 0xc8553d, 0xe8a87c],
  sphere: [0x3f88c5, 0x2a9d8f, 0x5bc0eb, 0x1d5c8c, 0x76c7c0],
  cylinder: [0x8fb339, 0x5b8c2a, 0xb5d56a, 0x6a994e, 0xa7c957],
  dumbbell: [0x9b5de5, 0x7b2cbf, 0xc77dff, 0x6247aa, 0xb388eb],
  gem: [0xf15bb5, 0xfee440, 0xe36397, 0xffd166, 0xef476f],
};

/** Drawable state the instances read: never cannon-es, only flat arrays. */
export interface InstanceSource {
  count: number;
  kinds: readonly ShapeKind[];
  scales: Float32Array;
}

/** solid: the lit, coloured bodies. ghost: a dark wireframe of the raw physics snapshot. */
export type InstanceStyle = 'solid' | 'ghost';

interface KindMesh {
  kind: ShapeKind;
  geometry: BufferGeometry;
  material: Material;
  mesh: InstancedMesh;
  capacity: number;
}

const scratchColor = new Color();

export class BodyInstances {
  private readonly meshes: KindMesh[];
  /** Per body: its kind's index in SHAPE_KINDS and its instance slot in that mesh. */
  private kindOf = new Uint8Array(256);
  private slotOf = new Int32Array(256);
  private count = 0;
  private readonly scene: Scene;
  shadows = true;
  private offsetX = 0;

  private readonly style: InstanceStyle;

  constructor(scene: Scene, style: InstanceStyle = 'solid') {
    this.scene = scene;
    this.style = style;
    if (style === 'ghost') this.shadows = false;
    this.meshes = SHAPE_KINDS.map((kind) => {
      const geometry = createKindGeometry(kind, style === 'solid' ? 'full' : 'low');
      // The ghost ignores depth so the raw snapshot shows even where it sits inside the body.
      const material =
        style === 'solid'
          ? new MeshStandardMaterial({
              roughness: 0.55,
              metalness: 0.05,
              flatShading: kind === 'gem',
            })
          : new MeshBasicMaterial({
              color: 0x10141a,
              wireframe: true,
              transparent: true,
              opacity: 0.4,
              depthTest: false,
            });
      const entry: KindMesh = {
        kind,
        geometry,
        material,
        mesh: this.createMesh(geometry, material, 64),
        capacity: 64,
      };
      scene.add(entry.mesh);
      return entry;
    });
  }

  /** Re-maps bodies to instances after bodies were added or removed (not per frame). */
  sync(source: InstanceSource): void {
    const n = source.count;
    if (n > this.kindOf.length) {
      let capacity = this.kindOf.length;
      while (capacity < n) capacity *= 2;
      this.kindOf = new Uint8Array(capacity);
      this.slotOf = new Int32Array(capacity);
    }
    const perKind = new Array<number>(this.meshes.length).fill(0);
    for (let i = 0; i < n; i++) {
      const k = shapeKindIndex(source.kinds[i] as ShapeKind);
      this.kindOf[i] = k;
      this.slotOf[i] = perKind[k] as number;
      perKind[k] = (perKind[k] as number) + 1;
    }
    for (let k = 0; k < this.meshes.length; k++) {
      const entry = this.meshes[k] as KindMesh;
      const needed = perKind[k] as number;
      if (needed > entry.capacity) this.grow(entry, needed);
      entry.mesh.count = needed;
    }
    for (let i = 0; i < n && this.style === 'solid'; i++) {
      const entry = this.meshes[this.kindOf[i] as number] as KindMesh;
      const palette = PALETTES[entry.kind];
      scratchColor.setHex(palette[i % palette.length] as number);
      entry.mesh.setColorAt(this.slotOf[i] as number, scratchColor);
    }
    for (const entry of this.meshes)
      if (entry.mesh.instanceColor) entry.mesh.instanceColor.needsUpdate = true;
    this.count = n;
  }

  /**
   * Composes every instance matrix from a position, a unit quaternion and the body's scale —
   * the same arithmetic as three.js Matrix4.compose, inlined over flat arrays.
   */
  write(position: Float64Array, quaternion: Float64Array, scales: Float32Array): void {
    const n = this.count;
    const kindOf = this.kindOf;
    const slotOf = this.slotOf;
    const meshes = this.meshes;
    for (let i = 0; i < n; i++) {
      const m = (meshes[kindOf[i] as number] as KindMesh).mesh.instanceMatrix.array as Float32Array;
      const o = 16 * (slotOf[i] as number);
      const i3 = 3 * i;
      const i4 = 4 * i;
      const x = quaternion[i4] as number,
        y = quaternion[i4 + 1] as number;
      const z = quaternion[i4 + 2] as number,
        w = quaternion[i4 + 3] as number;
      const sx = scales[i3] as number,
        sy = scales[i3 + 1] as number,
        sz = scales[i3 + 2] as number;
      const x2 = x + x,
        y2 = y + y,
        z2 = z + z;
      const xx = x * x2,
        xy = x * y2,
        xz = x * z2;
      const yy = y * y2,
        yz = y * z2,
        zz = z * z2;
      const wx = w * x2,
        wy = w * y2,
        wz = w * z2;
      m[o] = (1 - (yy + zz)) * sx;
      m[o + 1] = (xy + wz) * sx;
      m[o + 2] = (xz - wy) * sx;
      m[o + 3] = 0;
      m[o + 4] = (xy - wz) * sy;
      m[o + 5] = (1 - (xx + zz)) * sy;
      m[o + 6] = (yz + wx) * sy;
      m[o + 7] = 0;
      m[o + 8] = (xz + wy) * sz;
      m[o + 9] = (yz - wx) * sz;
      m[o + 10] = (1 - (xx + yy)) * sz;
      m[o + 11] = 0;
      m[o + 12] = position[i3] as number;
      m[o + 13] = position[i3 + 1] as number;
      m[o + 14] = position[i3 + 2] as number;
      m[o + 15] = 1;
    }
    for (let k = 0; k < meshes.length; k++)
      (meshes[k] as KindMesh).mesh.instanceMatrix.needsUpdate = true;
  }

  /** Reads back the pose body i was drawn with, from its instance matrix (for tests and the API). */
  readPose(
    index: number,
  ): { p: [number, number, number]; q: [number, number, number, number] } | null {
    if (index < 0 || index >= this.count) return null;
    const entry = this.meshes[this.kindOf[index] as number] as KindMesh;
    const matrix = new Matrix4();
    entry.mesh.getMatrixAt(this.slotOf[index] as number, matrix);
    const p = new Vector3();
    const q = new Quaternion();
    matrix.decompose(p, q, new Vector3());
    return { p: [p.x, p.y, p.z], q: [q.x, q.y, q.z, q.w] };
  }

  /** Which body a ray hit: the mesh's kind and instance id back to the dense body index. */
  bodyIndexOf(mesh: unknown, instanceId: number): number {
    const k = this.meshes.findIndex((entry) => entry.mesh === mesh);
    if (k < 0) return -1;
    for (let i = 0; i < this.count; i++) {
      if (this.kindOf[i] === k && this.slotOf[i] === instanceId) return i;
    }
    return -1;
  }

  get objects(): InstancedMesh[] {
    return this.meshes.map((entry) => entry.mesh);
  }

  /** Draws every instance shifted by x (the determinism lab's two worlds, side by side). */
  setOffset(x: number): void {
    this.offsetX = x;
    for (const entry of this.meshes) entry.mesh.position.x = x;
  }

  setVisible(visible: boolean): void {
    for (const entry of this.meshes) entry.mesh.visible = visible;
  }

  setShadows(enabled: boolean): void {
    if (this.style === 'ghost') return;
    this.shadows = enabled;
    for (const entry of this.meshes) {
      entry.mesh.castShadow = enabled;
      entry.mesh.receiveShadow = enabled;
    }
  }

  dispose(): void {
    for (const entry of this.meshes) {
      this.scene.remove(entry.mesh);
      entry.mesh.dispose();
      entry.geometry.dispose();
      entry.material.dispose();
    }
  }

  private createMesh(
    geometry: BufferGeometry,
    material: Material,
    capacity: number,
  ): InstancedMesh {
    const mesh = new InstancedMesh(geometry, material, capacity);
    mesh.count = 0;
    // Bodies roam the whole scene and the mesh's bounding sphere would have to be recomputed
    // from every instance each frame to cull correctly; one mesh per kind is always on screen.
    mesh.frustumCulled = false;
    mesh.castShadow = this.shadows;
    mesh.receiveShadow = this.shadows;
    mesh.position.x = this.offsetX;
    if (this.style === 'solid') mesh.setColorAt(0, scratchColor.setHex(0xffffff));
    else mesh.renderOrder = 1;
    return mesh;
  }

  private grow(entry: KindMesh, needed: number): void {
    let capacity = entry.capacity;
    while (capacity < needed) capacity *= 2;
    this.scene.remove(entry.mesh);
    entry.mesh.dispose();
    entry.mesh = this.createMesh(entry.geometry, entry.material, capacity);
    entry.capacity = capacity;
    this.scene.add(entry.mesh);
  }
}
