// The front door's checks on what a caller hands it, each failing before any frame runs with an
// error that names the argument, what it was and what is expected.

import type { InstancedMesh, Object3D } from 'three';
import { DRAW_MODES } from './boundBodies';
import type { DrawMode } from './boundBodies';

/** A value as an error shows it: `null`, `number 42`, `'text'`, `a Mesh`, `a plain object`. */
export function described(value: unknown): string {
  if (typeof value === 'string') return `'${value.slice(0, 40)}'`;
  if (typeof value !== 'object' || value === null) {
    return value == null ? String(value) : `${typeof value} ${String(value)}`;
  }
  const name = (value as { constructor?: { name?: string } }).constructor?.name;
  return name && name !== 'Object' ? `a ${name}` : 'a plain object';
}

/** `object` if it is a three.js Object3D (of any copy of three.js); throws otherwise. */
export function checkObject3D(call: string, object: Object3D): Object3D {
  if ((object as Partial<Object3D> | null)?.isObject3D !== true) {
    throw new TypeError(
      `${call}: object is ${described(object)}; expected a three.js Object3D (a Mesh, a Group…).`,
    );
  }
  return object;
}

/** `mesh` if it is a three.js InstancedMesh; throws otherwise. */
export function checkInstancedMesh(call: string, mesh: InstancedMesh): InstancedMesh {
  if ((mesh as Partial<InstancedMesh> | null)?.isInstancedMesh !== true) {
    throw new TypeError(
      `${call}: mesh is ${described(mesh)}; expected a three.js InstancedMesh (a Mesh: bind()).`,
    );
  }
  return mesh;
}

/** `bodies` if it is an array (or array-like) of bodies; throws otherwise. */
export function checkBodyList<Body>(call: string, bodies: ArrayLike<Body>): ArrayLike<Body> {
  const length = (bodies as Partial<ArrayLike<Body>> | null)?.length;
  if (typeof bodies !== 'object' || bodies === null || typeof length !== 'number') {
    throw new TypeError(`${call}: bodies is ${described(bodies)}; expected an array of bodies.`);
  }
  return bodies;
}

/** `mode` if it is a draw mode; throws naming the three otherwise. */
export function checkMode(mode: DrawMode): DrawMode {
  if (!DRAW_MODES.includes(mode)) {
    throw new RangeError(
      `fixed-step: mode '${String(mode)}' is not one of ${DRAW_MODES.join(', ')}.`,
    );
  }
  return mode;
}

/** `hz` if it is a rate (a number above 0); throws otherwise. */
export function checkRate(hz: number): number {
  if (!(hz > 0 && hz < Infinity)) {
    throw new RangeError(
      `fixedStep: hz is ${String(hz)}; it must be a number above 0 (60, 100, 120…).`,
    );
  }
  return hz;
}

/** Whether `world` looks like a Rapier World (it has `getRigidBody`). */
export function isRapierWorld(world: unknown): boolean {
  return typeof (world as { getRigidBody?: unknown } | null)?.getRigidBody === 'function';
}
