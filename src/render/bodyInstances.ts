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
import { SHAPE_KINDS } from '../shapes/shapeKinds';
import type { ShapeKind } from '../shapes/shapeKinds';
import type { BodyTable } from '../snapshot/bodyTable';
import { createKindGeometry } from './geometries';
import { composeInstance, restingUnchanged } from 'fixed-step/three';
import type { DrawSource } from 'fixed-step/three';

export type { DrawSource };

/** A palette per kind so shapes are told apart at a glance: warm boxes, cool spheres, … */
const PALETTES: Record<ShapeKind, readonly number[]> = {
  box: [0xe07a3f, 0xd9534f, 0xf0ad4e, 0xc8553d, 0xe8a87c],
  sphere: [0x3f88c5, 0x2a9d8f, 0x5bc0eb, 0x1d5c8c, 0x76c7c0],
  cylinder: [0x8fb339, 0x5b8c2a, 0xb5d56a, 0x6a994e, 0xa7c957],
  dumbbell: [0x9b5de5, 0x7b2cbf, 0xc77dff, 0x6247aa, 0xb388eb],
  gem: [0xf15bb5, 0xfee440, 0xe36397, 0xffd166, 0xef476f],
};

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
  /** Per kind, its mesh's instance matrix array (replaced when a mesh grows). */
  private matrixArrays: Float32Array[] = [];
  /** Per kind, whether a matrix changed in this write (so the mesh needs an upload). */
  private readonly changedKinds = new Uint8Array(SHAPE_KINDS.length);
  /** Per body (7 floats), the resting pose its matrix was composed from; NaN when none. */
  private restPose = new Float64Array(7 * 256).fill(Number.NaN);
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
  sync(table: BodyTable): void {
    const n = table.count;
    if (n > this.kindOf.length) {
      let capacity = this.kindOf.length;
      while (capacity < n) capacity *= 2;
      this.kindOf = new Uint8Array(capacity);
      this.slotOf = new Int32Array(capacity);
      this.restPose = new Float64Array(7 * capacity);
    }
    // Slots are reassigned: every body's matrix must be composed afresh.
    this.restPose.fill(Number.NaN);
    const perKind = new Array<number>(this.meshes.length).fill(0);
    for (let i = 0; i < n; i++) {
      const k = table.kinds[i];
      this.kindOf[i] = k;
      this.slotOf[i] = perKind[k];
      perKind[k] = perKind[k] + 1;
    }
    for (let k = 0; k < this.meshes.length; k++) {
      const entry = this.meshes[k];
      const needed = perKind[k];
      if (needed > entry.capacity) this.grow(entry, needed);
      entry.mesh.count = needed;
    }
    for (let i = 0; i < n && this.style === 'solid'; i++) {
      const entry = this.meshes[this.kindOf[i]];
      const palette = PALETTES[entry.kind];
      scratchColor.setHex(palette[i % palette.length]);
      entry.mesh.setColorAt(this.slotOf[i], scratchColor);
    }
    for (const entry of this.meshes)
      if (entry.mesh.instanceColor) entry.mesh.instanceColor.needsUpdate = true;
    this.matrixArrays = this.meshes.map((entry) => entry.mesh.instanceMatrix.array as Float32Array);
    this.count = n;
  }

  /**
   * Composes every instance matrix from a position, a unit quaternion and the body's scale
   * (composeInstance). A body at rest whose pose is bit for bit the one its matrix was last
   * composed from is skipped, and a mesh none of whose matrices changed is not marked for
   * upload, so a settled scene sends nothing to the GPU.
   */
  write(poses: DrawSource, scales: Float32Array): void {
    const n = this.count;
    const position = poses.position;
    const quaternion = poses.quaternion;
    const still = poses.still;
    const kindOf = this.kindOf;
    const slotOf = this.slotOf;
    const arrays = this.matrixArrays;
    const changed = this.changedKinds;
    const cache = this.restPose;
    for (let i = 0; i < n; i++) {
      const k = kindOf[i];
      if (restingUnchanged(position, quaternion, still, i, cache, 7 * i)) continue;
      changed[k] = 1;
      composeInstance(arrays[k], 16 * slotOf[i], position, quaternion, i, scales, 3 * i);
    }
    this.uploadChanged();
  }

  /** Marks for upload the meshes whose matrices `write` changed, and clears the marks. */
  private uploadChanged(): void {
    const meshes = this.meshes;
    const changed = this.changedKinds;
    for (let k = 0; k < meshes.length; k++) {
      if (changed[k] === 1) meshes[k].mesh.instanceMatrix.needsUpdate = true;
      changed[k] = 0;
    }
  }

  /** Reads back the pose body i was drawn with, from its instance matrix (for tests and the API). */
  readPose(
    index: number,
  ): { p: [number, number, number]; q: [number, number, number, number] } | null {
    if (index < 0 || index >= this.count) return null;
    const entry = this.meshes[this.kindOf[index]];
    const matrix = new Matrix4();
    entry.mesh.getMatrixAt(this.slotOf[index], matrix);
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
