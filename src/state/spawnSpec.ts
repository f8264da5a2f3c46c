// Validates the argument of `sandbox.spawn(spec)` into a BodySpec, or throws an Error naming the
// field, the value and what is valid. Sizes and numbers are checked, magnitudes are not: a finite
// but absurd velocity or density is accepted, and the physics state guard removes the body if its
// state breaks (src/physics/world/stateGuard.ts).

import { quat } from 'gl-matrix';
import { quoteValue } from '../config/settings';
import type { BodySpec, QuatTuple, Vec3Tuple } from '../physics/index';
import { SHAPE_KINDS, isShapeKind, scaleRule } from '../shapes/shapeKinds';
import type { ShapeKind } from '../shapes/shapeKinds';
import { t } from '../i18n/language';
import { choiceName } from '../i18n/names';

/** What `sandbox.spawn` accepts; everything but `kind` has a default. */
export interface SpawnInput {
  kind: ShapeKind;
  /** A number for a uniform scale, or [x, y, z]; see shapeKinds.ts for what it means per kind. */
  scale?: number | Vec3Tuple;
  position?: Vec3Tuple;
  quaternion?: QuatTuple;
  velocity?: Vec3Tuple;
  angularVelocity?: Vec3Tuple;
  /** kg/m³. */
  density?: number;
}

/**
 * 50 m: ten times the largest scenery in any scene. A bigger body would bury the scene and make
 * every broadphase pair overlap it; smaller than that the physics copes with any size.
 */
export const MAX_SPAWN_SCALE = 50;

/** Above the middle of every scene, clear of the scenery. */
export const DEFAULT_SPAWN_POSITION: Readonly<Vec3Tuple> = [0, 8, 0];

const DEFAULT_SCALE: Readonly<Record<ShapeKind, number | Vec3Tuple>> = {
  box: 0.4,
  sphere: 0.4,
  cylinder: [0.35, 0.45, 0.35],
  dumbbell: 1,
  gem: 0.5,
};

const KEYS = [
  'kind',
  'scale',
  'position',
  'quaternion',
  'velocity',
  'angularVelocity',
  'density',
] as const;

/** What a body's scale must be, where it breaks its kind's rule (shapeKinds.scaleRule). */
export function scaleRuleText(rule: 'cylinder' | 'uniform', kind: ShapeKind): string {
  return rule === 'cylinder'
    ? t('field.cylinderScale')
    : t('field.uniformScale', { kind: choiceName(kind) });
}

function fail(field: string, value: unknown, expected: string): never {
  throw new Error(t('spawn.invalid', { field, value: quoteValue(value), expected }));
}

function finiteTuple(field: string, value: unknown, length: number): number[] {
  if (!Array.isArray(value) || value.length !== length) {
    fail(field, value, t('field.finiteArray', { length }));
  }
  // A copy, checked: each item is read once, and the spawn (applied at the next step) gets what
  // was checked, however the caller's array changes meanwhile.
  const copy: unknown[] = [];
  for (let k = 0; k < length; k++) copy.push((value as unknown[])[k]);
  if (!copy.every((v) => typeof v === 'number' && Number.isFinite(v))) {
    fail(field, copy, t('field.finiteArray', { length }));
  }
  return copy as number[];
}

function positiveSize(field: string, value: unknown): number {
  if (
    typeof value !== 'number' ||
    !Number.isFinite(value) ||
    value <= 0 ||
    value > MAX_SPAWN_SCALE
  ) {
    fail(field, value, t('spawn.size', { max: MAX_SPAWN_SCALE }));
  }
  return value;
}

function validateScale(kind: ShapeKind, value: unknown): Vec3Tuple {
  if (typeof value === 'number') {
    const s = positiveSize('scale', value);
    return [s, s, s];
  }
  if (!Array.isArray(value) || value.length !== 3) {
    fail('scale', value, t('spawn.scale'));
  }
  const scale: Vec3Tuple = [
    positiveSize('scale[0]', value[0]),
    positiveSize('scale[1]', value[1]),
    positiveSize('scale[2]', value[2]),
  ];
  const rule = scaleRule(kind, scale);
  if (rule) fail('scale', value, scaleRuleText(rule, kind));
  return scale;
}

export function validateSpawnSpec(input: unknown): BodySpec {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new Error(t('spawn.notObject', { value: quoteValue(input) }));
  }
  // Each field is read once, into a copy: what is checked is what is spawned.
  const fields: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    if (!(KEYS as readonly string[]).includes(key)) {
      throw new Error(t('spawn.unknownField', { key: quoteValue(key), valid: KEYS.join(', ') }));
    }
    fields[key] = (input as Record<string, unknown>)[key];
  }
  const kind = fields.kind;
  if (!isShapeKind(kind)) fail('kind', kind, t('spec.oneOf', { choices: SHAPE_KINDS.join(', ') }));
  const spec: BodySpec = {
    kind,
    scale: validateScale(kind, fields.scale ?? DEFAULT_SCALE[kind]),
    position: [...DEFAULT_SPAWN_POSITION],
  };
  if (fields.position !== undefined) {
    spec.position = finiteTuple('position', fields.position, 3) as Vec3Tuple;
  }
  if (fields.quaternion !== undefined) {
    const q = finiteTuple('quaternion', fields.quaternion, 4) as QuatTuple;
    // The factory normalizes; a zero (or vanishing) quaternion has no direction to normalize to.
    // Length² < 1e-18 (gl-matrix's squaredLength: + and ×), not a length through Math.hypot:
    // its last bit is each engine's own, and a spawn accepted in one engine must not be refused
    // in another.
    if (quat.squaredLength(q) < 1e-18) {
      fail('quaternion', fields.quaternion, t('field.rotation'));
    }
    spec.quaternion = q;
  }
  if (fields.velocity !== undefined) {
    spec.velocity = finiteTuple('velocity', fields.velocity, 3) as Vec3Tuple;
  }
  if (fields.angularVelocity !== undefined) {
    spec.angularVelocity = finiteTuple('angularVelocity', fields.angularVelocity, 3) as Vec3Tuple;
  }
  if (fields.density !== undefined) {
    const density = fields.density;
    if (typeof density !== 'number' || !Number.isFinite(density) || density <= 0) {
      fail('density', density, t('spawn.density'));
    }
    spec.density = density;
  }
  return spec;
}
