// Draws bodies as plain three.js Object3Ds (a Mesh or Group per body): each frame, object i
// takes the draw pose of body i.

import type { Object3D } from 'three';
import type { CountedDrawSource } from './instancedMeshWriter';

/**
 * Sets each object's position and quaternion to the draw pose of the body at the same index:
 * `objects[i]` shows body i (`world.bodies[i]`); a null or undefined entry draws nothing (a
 * ground plane drawn otherwise, say). Every object is written, resting or not: three.js
 * recomputes an Object3D's matrix from its position and quaternion on every render anyway.
 * @param objects - per body index, the object that shows it, or null.
 * @param poses - the draw poses (`interpolatePoses`'s output).
 */
export function writeObjectPoses(
  objects: ArrayLike<Object3D | null | undefined>,
  poses: CountedDrawSource,
): void {
  const position = poses.position;
  const quaternion = poses.quaternion;
  const count = poses.count;
  for (let i = 0; i < objects.length; i++) {
    const object = objects[i];
    if (object === null || object === undefined) continue;
    if (i >= count) {
      throw new RangeError(
        `writeObjectPoses: objects[${i}] is set, but the draw poses hold ${count} bodies (one object per body index, null for none).`,
      );
    }
    const i3 = 3 * i;
    const i4 = 4 * i;
    object.position.set(position[i3], position[i3 + 1], position[i3 + 2]);
    object.quaternion.set(
      quaternion[i4],
      quaternion[i4 + 1],
      quaternion[i4 + 2],
      quaternion[i4 + 3],
    );
  }
}
