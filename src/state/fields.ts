// Reading untrusted plain data (a saved state, a recording) field by field: every check names the
// field by its path (`bodies[3].velocity[1]`), the value and what is valid, in the page's words
// (the path and the value stay as they are written). Also the one encoding float64 needs to
// survive JSON exactly: −0 travels as the string "-0".

import { quoteValue } from '../config/settings';
import { EN } from '../i18n/en';
import type { TextKey } from '../i18n/en';
import { t } from '../i18n/language';

/**
 * What a message names as the document being read: the text of `what` where it is a text's key
 * ('what.state'), else `what` as written (a call's options, named as in code).
 */
export function whatName(what: string): string {
  return what in EN ? t(what as TextKey) : what;
}

/**
 * An Error about one field of untrusted data: `what` names the document (a saved state, a
 * recording: a text's key) or the call's options.
 */
export function fieldError(what: string, path: string, value: unknown, expected: string): Error {
  return new Error(
    t('field.invalid', { what: whatName(what), path, value: quoteValue(value), expected }),
  );
}

/**
 * Reads a record's fields: throws on anything but a plain object, on a missing required field
 * and on any field not listed (a typo or a field from another version must not pass silently).
 * Returns a copy of the listed fields, each read from `value` once: what is checked is what is
 * used, whatever a getter or proxy would answer to a second read.
 */
export function readFields(
  what: string,
  value: unknown,
  path: string,
  required: readonly string[],
  optional: readonly string[] = [],
): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const expected =
      required.length > 0
        ? t('field.object', { fields: listOf(required) })
        : t('field.objectOptional', { fields: listOf(optional) });
    throw fieldError(what, path, value, expected);
  }
  const source = value as Record<string, unknown>;
  // The copy is a plain object: its keys are only the listed ones, never a prototype's name.
  const fields: Record<string, unknown> = {};
  let unknown: string | null = null;
  for (const key of Object.keys(source)) {
    if (required.includes(key) || optional.includes(key)) fields[key] = source[key];
    else unknown ??= key;
  }
  for (const key of required) {
    if (fields[key] === undefined) {
      throw new Error(
        t('field.missing', {
          what: whatName(what),
          path: join(path, key),
          parent: path,
          fields: listOf(required),
        }),
      );
    }
  }
  if (unknown !== null) {
    throw new Error(
      t('field.unknown', {
        what: whatName(what),
        path: join(path, unknown),
        parent: path,
        fields: listOf([...required, ...optional]),
      }),
    );
  }
  return fields;
}

/** Every key of a record, or none (a first look that needs one field, such as a command's type). */
export function keysOf(value: unknown): string[] {
  return typeof value === 'object' && value !== null ? Object.keys(value) : [];
}

/** `path.key`, or `key` at the top level. */
export function join(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function listOf(keys: readonly string[]): string {
  return keys.length === 0 ? t('field.none') : keys.join(', ');
}

export interface NumberRange {
  min?: number;
  max?: number;
  /** True: `min` itself is not allowed. */
  above?: boolean;
}

/**
 * A finite float64, or the string "-0" (JSON writes −0 as 0, and −0 is not 0 to the physics: it
 * flips the sign of what it multiplies and of the state hash), within the range.
 */
export function readFloat(
  what: string,
  value: unknown,
  path: string,
  range: NumberRange = {},
): number {
  const number = value === '-0' ? -0 : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    throw fieldError(what, path, value, describeRange(range));
  }
  const { min, max, above } = range;
  if (
    (min !== undefined && (above ? number <= min : number < min)) ||
    (max !== undefined && number > max)
  ) {
    throw fieldError(what, path, value, describeRange(range));
  }
  return number;
}

/**
 * An integer within [min, max]. The number −0 (which only a script's object can hold) reads as 0:
 * an integer field is written as a plain number, and "-0" is not one.
 */
export function readInteger(
  what: string,
  value: unknown,
  path: string,
  min: number,
  max: number,
): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw fieldError(what, path, value, t('spec.integer', { min, max }));
  }
  return value + 0;
}

/** An array of exactly `length` floats (each checked like readFloat, named by its index). */
export function readFloats(
  what: string,
  value: unknown,
  path: string,
  length: number,
  range: NumberRange = {},
): number[] {
  if (!Array.isArray(value) || value.length !== length) {
    throw fieldError(what, path, value, t('field.finiteArray', { length }));
  }
  const out: number[] = [];
  for (let k = 0; k < length; k++) out.push(readFloat(what, value[k], `${path}[${k}]`, range));
  return out;
}

export function readVec3(
  what: string,
  value: unknown,
  path: string,
  range: NumberRange = {},
): [number, number, number] {
  const [x, y, z] = readFloats(what, value, path, 3, range) as [number, number, number];
  return [x, y, z];
}

/**
 * A rotation quaternion [x, y, z, w] of unit length (to 1e-6): cannon-es renormalises after
 * every step, so a saved one is unit to the last few bits; anything further off was edited.
 */
export function readUnitQuaternion(
  what: string,
  value: unknown,
  path: string,
): [number, number, number, number] {
  const [x, y, z, w] = readFloats(what, value, path, 4, { min: -1, max: 1 }) as [
    number,
    number,
    number,
    number,
  ];
  if (Math.abs(x * x + y * y + z * z + w * w - 1) > 1e-6) {
    throw fieldError(what, path, value, t('field.quaternion'));
  }
  return [x, y, z, w];
}

export function readChoice<T extends string>(
  what: string,
  value: unknown,
  path: string,
  choices: readonly T[],
): T {
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) {
    throw fieldError(
      what,
      path,
      value,
      t('spec.oneOf', { choices: choices.map((c) => `'${c}'`).join(', ') }),
    );
  }
  return value as T;
}

export function readBoolean(what: string, value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') throw fieldError(what, path, value, t('spec.boolean'));
  return value;
}

/**
 * An array of at most `maxLength` items (each read by the caller), `items` naming them in the
 * page's words.
 */
export function readArray(
  what: string,
  value: unknown,
  path: string,
  maxLength: number,
  items: string,
): unknown[] {
  if (!Array.isArray(value)) throw fieldError(what, path, value, t('field.array', { items }));
  if (value.length > maxLength) {
    throw new Error(
      t('field.tooMany', {
        what: whatName(what),
        path,
        count: value.length,
        max: maxLength,
        items,
      }),
    );
  }
  return value;
}

/** "a finite number" and its range, in the page's words. */
function describeRange({ min, max, above }: NumberRange): string {
  if (min !== undefined && max !== undefined)
    return t(above ? 'field.rangeAbove' : 'field.range', { min, max });
  if (min !== undefined) return t(above ? 'field.above' : 'field.atLeast', { min });
  if (max !== undefined) return t('field.atMost', { max });
  return t('field.finite');
}

/**
 * A deep copy of plain data that JSON carries bit for bit: every −0 becomes "-0" (JSON numbers
 * are shortest round-trip decimals, exact for every other finite double; NaN and infinities never
 * reach a saved state, whose bodies the state guard keeps finite).
 */
export function encodeFloats(value: unknown): unknown {
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : value;
  if (Array.isArray(value)) return value.map(encodeFloats);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = encodeFloats(item);
    return out;
  }
  return value;
}

/**
 * Text or data in: text longer than `maxChars` is refused before parsing (a huge file must not
 * stall the page), and text that is not JSON gets a message saying so.
 */
export function parseInput(what: string, input: unknown, maxChars: number): unknown {
  if (typeof input !== 'string') return input;
  if (input.length > maxChars) {
    throw new Error(
      t('field.textTooLong', { what: whatName(what), length: input.length, max: maxChars }),
    );
  }
  try {
    return JSON.parse(input) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 80) : 'parse error';
    throw new Error(t('field.notJson', { what: whatName(what), reason }));
  }
}
