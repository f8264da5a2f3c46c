// Draws bodies as the instances of one three.js InstancedMesh that a package user made: each
// frame, instance k's matrix is composed from the draw pose of the body it shows.

import type { InstancedMesh } from 'three';
import { composeInstance, restingUnchanged } from './instanceMatrix';
import type { DrawSource } from './instanceMatrix';

/** Draw poses with their body count, as `interpolatePoses` writes them (FramePoses). */
export interface CountedDrawSource extends DrawSource {
  /** Bodies in the arrays. */
  count: number;
}

/**
 * Writes the draw pose of chosen bodies into the instance matrices of one `InstancedMesh`:
 * instance k shows body `bodyIndices[k]` (its index in `world.bodies`), scaled by
 * `scales[3k .. 3k + 2]`. A body at rest whose matrix already shows its pose is skipped, and
 * the mesh is marked for upload only when a matrix changed, so a settled scene sends nothing to
 * the GPU. Allocation-free per frame.
 *
 * The mesh's `frustumCulled` is set to false: three.js culls an InstancedMesh by a bounding
 * sphere computed once from its instances, which goes stale as soon as the bodies move.
 *
 * @example
 * ```ts
 * const boxes = new THREE.InstancedMesh(boxGeometry, material, boxBodies.length);
 * const writer = new InstancedMeshWriter(boxes, boxBodies.map((b) => world.bodies.indexOf(b)));
 * // every frame, after interpolatePoses(snapshots, report.alpha, 'interpolate', poses):
 * writer.write(poses);
 * ```
 */
export class InstancedMeshWriter {
  /** The mesh written to. */
  readonly mesh: InstancedMesh;
  private bodyOf = new Int32Array(0);
  private scales = new Float32Array(0);
  /** Per instance (7 floats), the resting pose its matrix was composed from; NaN when none. */
  private restPose = new Float64Array(0);

  /**
   * @param mesh - the InstancedMesh to draw with; made with room for at least `bodyIndices.length` instances.
   * @param bodyIndices - instance k shows the body at `bodyIndices[k]` in the draw poses.
   * @param scales - optional x, y, z scale per instance (3 per instance); every instance at scale 1 when left out.
   */
  constructor(mesh: InstancedMesh, bodyIndices: ArrayLike<number>, scales?: ArrayLike<number>) {
    this.mesh = mesh;
    mesh.frustumCulled = false;
    this.setBodies(bodyIndices, scales);
  }

  /**
   * Changes which body each instance shows (after bodies were added or removed): sets the
   * mesh's instance count, and every matrix is composed afresh at the next write.
   * @param bodyIndices - instance k shows the body at `bodyIndices[k]` in the draw poses.
   * @param scales - optional x, y, z scale per instance (3 per instance); 1 when left out.
   */
  setBodies(bodyIndices: ArrayLike<number>, scales?: ArrayLike<number>): void {
    const n = bodyIndices.length;
    const room = this.mesh.instanceMatrix.count;
    if (n > room) {
      throw new RangeError(
        `InstancedMeshWriter: ${n} bodies do not fit a mesh made for ${room} instances.`,
      );
    }
    if (scales !== undefined && scales.length !== 3 * n) {
      throw new RangeError(
        `InstancedMeshWriter: scales holds ${scales.length} numbers; ${n} instances need ${3 * n} (x, y, z each).`,
      );
    }
    const bodyOf = new Int32Array(n);
    for (let k = 0; k < n; k++) {
      const index = bodyIndices[k];
      if (!Number.isInteger(index) || index < 0) {
        throw new RangeError(
          `InstancedMeshWriter: bodyIndices[${k}] is ${String(index)}; a body index is an integer ≥ 0.`,
        );
      }
      bodyOf[k] = index;
    }
    this.bodyOf = bodyOf;
    this.scales =
      scales === undefined ? new Float32Array(3 * n).fill(1) : Float32Array.from(scales);
    this.restPose = new Float64Array(7 * n).fill(Number.NaN);
    this.mesh.count = n;
  }

  /**
   * Writes this frame's draw poses into the instance matrices.
   * @param poses - the draw poses (`interpolatePoses`'s output).
   */
  write(poses: CountedDrawSource): void {
    const bodyOf = this.bodyOf;
    const n = bodyOf.length;
    const position = poses.position;
    const quaternion = poses.quaternion;
    const still = poses.still;
    const count = poses.count;
    const matrices = this.mesh.instanceMatrix.array as Float32Array;
    const scales = this.scales;
    const rest = this.restPose;
    let changed = false;
    for (let k = 0; k < n; k++) {
      const i = bodyOf[k];
      if (i >= count) throw bodyMissing(k, i, count);
      if (restingUnchanged(position, quaternion, still, i, rest, 7 * k)) continue;
      changed = true;
      composeInstance(matrices, 16 * k, position, quaternion, i, scales, 3 * k);
    }
    if (changed) this.mesh.instanceMatrix.needsUpdate = true;
  }
}

function bodyMissing(instance: number, body: number, count: number): RangeError {
  return new RangeError(
    `InstancedMeshWriter: instance ${instance} shows body ${body}, but the draw poses hold ${count} bodies (call setBodies after removing bodies).`,
  );
}
