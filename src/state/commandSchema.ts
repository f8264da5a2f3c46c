// Validation of world commands read from a saved state or a recording: every body spec and
// command field checked and named by its path, so a bad one is refused before anything applies.

import { MAX_SPAWN_SCALE, scaleRuleText } from './spawnSpec';
import { COMMAND_TYPES, MATERIAL_NAMES } from '../physics/index';
import type { BodySpec, CommandAction } from '../physics/index';
import { SHAPE_KINDS, scaleRule } from '../shapes/shapeKinds';
import {
  fieldError,
  join,
  keysOf,
  readBoolean,
  readChoice,
  readFields,
  readFloat,
  readFloats,
  readInteger,
  readVec3,
} from './fields';
import { assertNever } from '../util/assertNever';
import { t } from '../i18n/language';

/** Body ids count bodies added since a scene was built; past this a world could not be stepped. */
export const MAX_BODY_ID = 2 ** 31 - 2;

const SPEC_REQUIRED = ['kind', 'scale', 'position'] as const;
const SPEC_OPTIONAL = [
  'quaternion',
  'velocity',
  'angularVelocity',
  'density',
  'kinematic',
  'asleep',
  'angularDamping',
  'material',
] as const;

/** A body's scale: positive sizes up to the spawn limit, round where its kind is round. */
export function readScale(
  what: string,
  value: unknown,
  path: string,
  kind: BodySpec['kind'],
): [number, number, number] {
  const scale = readVec3(what, value, path, { min: 0, above: true, max: MAX_SPAWN_SCALE });
  const rule = scaleRule(kind, scale);
  if (rule) throw fieldError(what, path, value, scaleRuleText(rule, kind));
  return scale;
}

/** A quaternion the body factory can normalise: four finite numbers, not all (nearly) zero. */
function readRotation(
  what: string,
  value: unknown,
  path: string,
): [number, number, number, number] {
  const [x, y, z, w] = readFloats(what, value, path, 4) as [number, number, number, number];
  if (Math.sqrt(x * x + y * y + z * z + w * w) < 1e-9) {
    throw fieldError(what, path, value, t('field.rotation'));
  }
  return [x, y, z, w];
}

export function readBodySpec(what: string, value: unknown, path: string): BodySpec {
  const f = readFields(what, value, path, SPEC_REQUIRED, SPEC_OPTIONAL);
  const kind = readChoice(what, f.kind, join(path, 'kind'), SHAPE_KINDS);
  const spec: BodySpec = {
    kind,
    scale: readScale(what, f.scale, join(path, 'scale'), kind),
    position: readVec3(what, f.position, join(path, 'position')),
  };
  if (f.quaternion !== undefined)
    spec.quaternion = readRotation(what, f.quaternion, join(path, 'quaternion'));
  if (f.velocity !== undefined) spec.velocity = readVec3(what, f.velocity, join(path, 'velocity'));
  if (f.angularVelocity !== undefined) {
    spec.angularVelocity = readVec3(what, f.angularVelocity, join(path, 'angularVelocity'));
  }
  if (f.density !== undefined) {
    spec.density = readFloat(what, f.density, join(path, 'density'), { min: 0, above: true });
  }
  if (f.kinematic !== undefined)
    spec.kinematic = readBoolean(what, f.kinematic, join(path, 'kinematic'));
  if (f.asleep !== undefined) spec.asleep = readBoolean(what, f.asleep, join(path, 'asleep'));
  if (f.angularDamping !== undefined) {
    spec.angularDamping = readFloat(what, f.angularDamping, join(path, 'angularDamping'), {
      min: 0,
      max: 1,
    });
  }
  if (f.material !== undefined)
    spec.material = readChoice(what, f.material, join(path, 'material'), MATERIAL_NAMES);
  return spec;
}

function readId(what: string, value: unknown, path: string): number {
  return readInteger(what, value, path, 0, MAX_BODY_ID);
}

/**
 * A command's action from plain data whose other fields (`extra`: the step it applies at) the
 * caller reads. Unknown types and fields are refused like everything else.
 */
export function readCommandAction(
  what: string,
  value: unknown,
  path: string,
  extra: readonly string[],
): CommandAction {
  const type = readChoice(
    what,
    readFields(what, value, path, ['type'], keysOf(value)).type,
    join(path, 'type'),
    COMMAND_TYPES,
  );
  const at = (key: string): string => join(path, key);
  switch (type) {
    case 'spawn': {
      const f = readFields(what, value, path, ['type', 'spec', ...extra]);
      return { type, spec: readBodySpec(what, f.spec, at('spec')) };
    }
    case 'remove': {
      const f = readFields(what, value, path, ['type', 'id', ...extra]);
      return { type, id: readId(what, f.id, at('id')) };
    }
    case 'teleport': {
      const f = readFields(
        what,
        value,
        path,
        ['type', 'id', 'position', ...extra],
        ['quaternion', 'velocity'],
      );
      const action: CommandAction = {
        type,
        id: readId(what, f.id, at('id')),
        position: readVec3(what, f.position, at('position')),
      };
      if (f.quaternion !== undefined)
        action.quaternion = readRotation(what, f.quaternion, at('quaternion'));
      if (f.velocity !== undefined) action.velocity = readVec3(what, f.velocity, at('velocity'));
      return action;
    }
    case 'dragStart': {
      const f = readFields(what, value, path, ['type', 'id', 'point', ...extra]);
      return {
        type,
        id: readId(what, f.id, at('id')),
        point: readVec3(what, f.point, at('point')),
      };
    }
    case 'dragMove': {
      const f = readFields(what, value, path, ['type', 'point', ...extra]);
      return { type, point: readVec3(what, f.point, at('point')) };
    }
    case 'dragEnd':
      readFields(what, value, path, ['type', ...extra]);
      return { type };
    default:
      return assertNever(type, 'command type');
  }
}
