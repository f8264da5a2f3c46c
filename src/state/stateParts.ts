// The parts of a saved state's world, each checked field by field: static boxes, bodies (with
// their motion and sleep), springs, the drag and its anchor, and the world's orders. Used by
// stateSchema.ts's readState; a bad part throws naming its field and what is valid.

import { MATERIAL_NAMES, SLEEP_STATES, WORLD_LIMIT_METERS } from '../physics/index';
import type {
  AnchorMotion,
  BodyMake,
  BodyMotion,
  DragHold,
  SavedSpring,
  SleepStateName,
  StaticBoxSpec,
} from '../physics/index';
import { SHAPE_KINDS } from '../shapes/shapeKinds';
import { MAX_BODY_ID, readScale } from './commandSchema';
import {
  fieldError,
  join,
  readArray,
  readBoolean,
  readChoice,
  readFields,
  readFloat,
  readFloats,
  readInteger,
  readUnitQuaternion,
  readVec3,
} from './fields';
import type { NumberRange } from './fields';
import { t } from '../i18n/language';

/**
 * 10 000 bodies: twice the largest scene (5000), room for spawning into it. A state that large
 * is about 6 MB of JSON and several seconds of stepping per simulated second.
 */
export const MAX_STATE_BODIES = 10_000;

/** One body: what it was made from, its id, and its exact state between steps. */
export interface SavedBody extends BodyMake, BodyMotion {
  id: number;
}

/** What a saved body was made from. */
export const BODY_MAKE_FIELDS = [
  'kind',
  'scale',
  'density',
  'material',
  'kinematic',
  'angularDamping',
] as const;

/** A saved body's exact state between steps: its motion, then its sleep. */
export const BODY_MOTION_FIELDS = [
  'position',
  'quaternion',
  'velocity',
  'angularVelocity',
  'force',
  'torque',
  'sleepState',
  'timeLastSleepy',
] as const;

/** The fields a saved body may leave out (its world inertia, written by newer builds). */
export const BODY_OPTIONAL_FIELDS = ['invInertiaWorld'] as const;

const BODY_FIELDS = ['id', ...BODY_MAKE_FIELDS, ...BODY_MOTION_FIELDS] as const;

/** Positions within the world's edge (the state guard removes a body past it). */
const IN_WORLD: NumberRange = { min: -WORLD_LIMIT_METERS, max: WORLD_LIMIT_METERS };

export function readStatic(what: string, value: unknown, path: string): StaticBoxSpec {
  const f = readFields(what, value, path, ['halfExtents', 'position'], ['quaternion', 'material']);
  const spec: StaticBoxSpec = {
    halfExtents: readVec3(what, f.halfExtents, join(path, 'halfExtents'), {
      min: 0,
      above: true,
      max: WORLD_LIMIT_METERS,
    }),
    position: readVec3(what, f.position, join(path, 'position'), IN_WORLD),
  };
  if (f.quaternion !== undefined)
    spec.quaternion = readUnitQuaternion(what, f.quaternion, join(path, 'quaternion'));
  if (f.material !== undefined)
    spec.material = readChoice(what, f.material, join(path, 'material'), MATERIAL_NAMES);
  return spec;
}

export function readBodies(
  what: string,
  value: unknown,
  path: string,
  nextId: number,
  time: number,
): SavedBody[] {
  const items = readArray(what, value, path, MAX_STATE_BODIES, t('items.bodies'));
  const seen = new Set<number>();
  return items.map((item, k) => {
    const at = `${path}[${k}]`;
    const body = readBody(what, item, at, time);
    if (body.id >= nextId) {
      throw fieldError(what, join(at, 'id'), body.id, t('field.idBelowNext', { next: nextId }));
    }
    if (seen.has(body.id)) throw fieldError(what, join(at, 'id'), body.id, t('field.uniqueId'));
    seen.add(body.id);
    return body;
  });
}

function readBody(what: string, value: unknown, path: string, time: number): SavedBody {
  const f = readFields(what, value, path, BODY_FIELDS, BODY_OPTIONAL_FIELDS);
  const at = (key: string): string => join(path, key);
  const kind = readChoice(what, f.kind, at('kind'), SHAPE_KINDS);
  const body: SavedBody = {
    id: readInteger(what, f.id, at('id'), 0, MAX_BODY_ID),
    kind,
    scale: readScale(what, f.scale, at('scale'), kind),
    density: readFloat(what, f.density, at('density'), { min: 0, above: true }),
    material: readChoice(what, f.material, at('material'), MATERIAL_NAMES),
    kinematic: readBoolean(what, f.kinematic, at('kinematic')),
    angularDamping: readFloat(what, f.angularDamping, at('angularDamping'), { min: 0, max: 1 }),
    position: readVec3(what, f.position, at('position'), IN_WORLD),
    quaternion: readUnitQuaternion(what, f.quaternion, at('quaternion')),
    velocity: readVec3(what, f.velocity, at('velocity')),
    angularVelocity: readVec3(what, f.angularVelocity, at('angularVelocity')),
    force: readVec3(what, f.force, at('force')),
    torque: readVec3(what, f.torque, at('torque')),
    sleepState: readChoice<SleepStateName>(what, f.sleepState, at('sleepState'), SLEEP_STATES),
    timeLastSleepy: readFloat(what, f.timeLastSleepy, at('timeLastSleepy'), { min: 0, max: time }),
  };
  if (f.invInertiaWorld !== undefined) {
    body.invInertiaWorld = readFloats(what, f.invInertiaWorld, at('invInertiaWorld'), 9);
  }
  return body;
}

export function readSpring(
  what: string,
  value: unknown,
  path: string,
  bodies: ReadonlyMap<number, SavedBody>,
): SavedSpring {
  const f = readFields(what, value, path, [
    'a',
    'b',
    'anchor',
    'restLength',
    'stiffness',
    'damping',
  ]);
  const live = (id: number): boolean => bodies.has(id);
  const a = readInteger(what, f.a, join(path, 'a'), 0, MAX_BODY_ID);
  if (!live(a)) throw fieldError(what, join(path, 'a'), a, t('field.bodyId'));
  const b = readInteger(what, f.b, join(path, 'b'), -1, MAX_BODY_ID);
  if (b >= 0 && !live(b)) throw fieldError(what, join(path, 'b'), b, t('field.bodyIdOrFixed'));
  return {
    a,
    b,
    anchor: readVec3(what, f.anchor, join(path, 'anchor'), IN_WORLD),
    restLength: readFloat(what, f.restLength, join(path, 'restLength'), { min: 0 }),
    // cannon-es replaces a zero stiffness or damping by its defaults, so a saved one is never 0.
    stiffness: readFloat(what, f.stiffness, join(path, 'stiffness'), { min: 0, above: true }),
    damping: readFloat(what, f.damping, join(path, 'damping'), { min: 0, above: true }),
  };
}

export function readAnchor(what: string, value: unknown, path: string): AnchorMotion {
  const f = readFields(what, value, path, [
    'position',
    'quaternion',
    'velocity',
    'angularVelocity',
  ]);
  return {
    position: readVec3(what, f.position, join(path, 'position'), IN_WORLD),
    quaternion: readUnitQuaternion(what, f.quaternion, join(path, 'quaternion')),
    velocity: readVec3(what, f.velocity, join(path, 'velocity')),
    angularVelocity: readVec3(what, f.angularVelocity, join(path, 'angularVelocity')),
  };
}

export function readDrag(
  what: string,
  value: unknown,
  path: string,
  bodies: ReadonlyMap<number, SavedBody>,
  hasAnchor: boolean,
): DragHold {
  const f = readFields(what, value, path, ['id', 'pivot', 'maxForce']);
  const id = readInteger(what, f.id, join(path, 'id'), 0, MAX_BODY_ID);
  const held = bodies.get(id);
  if (!held || held.kinematic) {
    throw fieldError(what, join(path, 'id'), id, t('field.movingBodyId'));
  }
  if (!hasAnchor) throw fieldError(what, join(path, 'dragAnchor'), null, t('field.dragAnchor'));
  return {
    id,
    pivot: readVec3(what, f.pivot, join(path, 'pivot')),
    maxForce: readFloat(what, f.maxForce, join(path, 'maxForce'), { min: 0, above: true }),
  };
}

/** Each of 0 … size − 1 exactly once. */
export function readPermutation(
  what: string,
  value: unknown,
  path: string,
  size: number,
): number[] {
  const items = readArray(what, value, path, size, t('items.positions', { max: size - 1 }));
  if (items.length !== size) {
    throw fieldError(what, path, value, t('field.positions', { count: size, max: size - 1 }));
  }
  const seen = new Uint8Array(size);
  return items.map((item, k) => {
    const at = readInteger(what, item, `${path}[${k}]`, 0, size - 1);
    if (seen[at] === 1) throw fieldError(what, `${path}[${k}]`, at, t('field.newPosition'));
    seen[at] = 1;
    return at;
  });
}
