// Drawing a package user's bodies: into the instances of their own InstancedMesh (chosen
// bodies, per-instance scales, resting bodies skipped) and into plain Object3Ds.

import {
  BoxGeometry,
  InstancedMesh,
  Matrix4,
  MeshBasicMaterial,
  Object3D,
  Quaternion,
  Vector3,
} from 'three';
import { describe, expect, it } from 'vitest';
import { FramePoses } from '../../../../packages/fixed-step/src/interp/interpolate';
import { InstancedMeshWriter } from '../../../../packages/fixed-step/src/three/instancedMeshWriter';
import { writeObjectPoses } from '../../../../packages/fixed-step/src/three/objectPoses';

/** Draw poses for `count` bodies: body i at (i, 2i, −i), turned i·0.3 rad about a tilted axis. */
function poses(count: number, shift = 0): FramePoses {
  const draw = new FramePoses();
  draw.ensureCapacity(count);
  draw.count = count;
  const axis = new Vector3(1, 2, 3).normalize();
  for (let i = 0; i < count; i++) {
    draw.position.set([i + shift, 2 * i, -i], 3 * i);
    const q = new Quaternion().setFromAxisAngle(axis, 0.3 * i + shift);
    draw.quaternion.set([q.x, q.y, q.z, q.w], 4 * i);
  }
  return draw;
}

function mesh(capacity: number): InstancedMesh {
  return new InstancedMesh(new BoxGeometry(), new MeshBasicMaterial(), capacity);
}

/** The matrix three.js composes for body i of `draw` at `scale`. */
function expected(draw: FramePoses, i: number, scale: Vector3): Matrix4 {
  const [x, y, z] = draw.position.subarray(3 * i, 3 * i + 3);
  const [qx, qy, qz, qw] = draw.quaternion.subarray(4 * i, 4 * i + 4);
  return new Matrix4().compose(new Vector3(x, y, z), new Quaternion(qx, qy, qz, qw), scale);
}

function matrixAt(target: InstancedMesh, k: number): Matrix4 {
  const matrix = new Matrix4();
  target.getMatrixAt(k, matrix);
  return matrix;
}

function closeTo(actual: Matrix4, wanted: Matrix4): void {
  actual.elements.forEach((value, k) => expect(value).toBeCloseTo(wanted.elements[k] ?? NaN, 5));
}

describe('InstancedMeshWriter', () => {
  it('instance k shows body bodyIndices[k] at its scale, as Matrix4.compose would', () => {
    const target = mesh(4);
    const writer = new InstancedMeshWriter(
      target,
      [3, 1, 2],
      [1, 1, 1, 2, 0.5, 3, 0.25, 0.25, 0.25],
    );
    const draw = poses(5);
    writer.write(draw);
    expect(target.count).toBe(3);
    expect(target.frustumCulled).toBe(false);
    closeTo(matrixAt(target, 0), expected(draw, 3, new Vector3(1, 1, 1)));
    closeTo(matrixAt(target, 1), expected(draw, 1, new Vector3(2, 0.5, 3)));
    closeTo(matrixAt(target, 2), expected(draw, 2, new Vector3(0.25, 0.25, 0.25)));
  });

  it('a resting body whose matrix already shows its pose is not written again; a moving one is', () => {
    const target = mesh(2);
    const writer = new InstancedMeshWriter(target, [0, 1]);
    const draw = poses(2);
    draw.still.fill(1);
    writer.write(draw);
    // Scribble over instance 0's matrix: a skipped write leaves the scribble there.
    target.setMatrixAt(0, new Matrix4().makeTranslation(9, 9, 9));
    const scribbled = target.instanceMatrix.version;
    writer.write(draw);
    expect(matrixAt(target, 0).elements[12]).toBe(9);
    expect(target.instanceMatrix.version).toBe(scribbled);
    // Woken: composed again, and the mesh marked for upload.
    draw.still[0] = 0;
    writer.write(draw);
    closeTo(matrixAt(target, 0), expected(draw, 0, new Vector3(1, 1, 1)));
    expect(target.instanceMatrix.version).toBeGreaterThan(scribbled);
  });

  it('says what is wrong with a mapping it cannot draw', () => {
    expect(() => new InstancedMeshWriter(mesh(2), [0, 1, 2])).toThrow(
      /3 bodies do not fit a mesh made for 2 instances/,
    );
    expect(() => new InstancedMeshWriter(mesh(2), [0, -1])).toThrow(/bodyIndices\[1\] is -1/);
    expect(() => new InstancedMeshWriter(mesh(2), [0, 1], [1, 1])).toThrow(
      /scales holds 2 numbers; 2 instances need 6/,
    );
    const writer = new InstancedMeshWriter(mesh(2), [0, 4]);
    expect(() => writer.write(poses(3))).toThrow(
      /instance 1 shows body 4, but the draw poses hold 3 bodies/,
    );
  });
});

describe('writeObjectPoses', () => {
  it('object i takes body i’s pose; a null entry is skipped', () => {
    const objects = [new Object3D(), null, new Object3D()];
    const draw = poses(3, 0.5);
    writeObjectPoses(objects, draw);
    for (const i of [0, 2]) {
      const object = objects[i];
      if (object === null) throw new Error('unreachable');
      expect(object.position.toArray()).toEqual([...draw.position.subarray(3 * i, 3 * i + 3)]);
      expect(object.quaternion.toArray()).toEqual([...draw.quaternion.subarray(4 * i, 4 * i + 4)]);
    }
    expect(() => writeObjectPoses([null, null, null, new Object3D()], draw)).toThrow(
      /objects\[3\] is set, but the draw poses hold 3 bodies/,
    );
  });
});
