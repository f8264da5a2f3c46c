// A saved state's contact manifolds (physics/narrowphase/manifoldState.ts), checked field by field before
// anything changes: shape and sizes of the three lists, every number finite, every key a body
// or static of the same state, no pair filed twice.

import { NUMBERS_PER_MANIFOLD, NUMBERS_PER_POINT, POINTS_PER_MANIFOLD } from '../physics/index';
import type { SavedContacts } from '../physics/index';
import { fieldError, join, readArray, readFields, readFloat, readInteger } from './fields';
import { t } from '../i18n/language';

/** Manifolds a state may hold: ten for each of MAX_STATE_BODIES bodies. */
export const MAX_SAVED_MANIFOLDS = 100_000;

/** Which contact keys name something in the state: its body ids, and statics −1 … −count. */
export interface ContactOwners {
  bodyIds: ReadonlySet<number>;
  /** The ground and the static boxes. */
  statics: number;
}

export function readSavedContacts(
  what: string,
  value: unknown,
  path: string,
  owners: ContactOwners,
): SavedContacts {
  const f = readFields(what, value, path, ['pairs', 'numbers', 'features']);
  const pairsPath = join(path, 'pairs');
  const pairs = readArray(what, f.pairs, pairsPath, 4 * MAX_SAVED_MANIFOLDS, t('items.numbers'));
  if (pairs.length % 4 !== 0) {
    throw fieldError(
      what,
      pairsPath,
      t('field.numbers', { count: pairs.length }),
      t('field.fourPerManifold'),
    );
  }
  const saved: SavedContacts = { pairs: [], numbers: [], features: [] };
  const seen = new Set<string>();
  let points = 0;
  for (let i = 0; i < pairs.length; i += 4) {
    const at = (k: number): string => `${pairsPath}[${i + k}]`;
    const keyA = readKey(what, pairs[i], at(0), owners);
    const keyB = readKey(what, pairs[i + 1], at(1), owners);
    const shapes = readInteger(what, pairs[i + 2], at(2), 0, 256 * 256 - 1);
    const count = readInteger(what, pairs[i + 3], at(3), 1, POINTS_PER_MANIFOLD);
    const id = `${keyA} ${keyB} ${shapes}`;
    if (seen.has(id)) throw fieldError(what, at(0), keyA, t('field.pairOnce'));
    seen.add(id);
    saved.pairs.push(keyA, keyB, shapes, count);
    points += count;
  }
  const manifolds = pairs.length / 4;
  const numbersPath = join(path, 'numbers');
  const expected = NUMBERS_PER_MANIFOLD * manifolds + NUMBERS_PER_POINT * points;
  const numbers = readArray(what, f.numbers, numbersPath, expected, t('items.numbers'));
  if (numbers.length !== expected) {
    throw fieldError(
      what,
      numbersPath,
      t('field.numbers', { count: numbers.length }),
      t('field.numbers', { count: expected }),
    );
  }
  for (let k = 0; k < numbers.length; k++) {
    saved.numbers.push(readFloat(what, numbers[k], `${numbersPath}[${k}]`));
  }
  const featuresPath = join(path, 'features');
  const features = readArray(what, f.features, featuresPath, points, t('items.featureIds'));
  if (features.length !== points) {
    throw fieldError(
      what,
      featuresPath,
      t('field.ids', { count: features.length }),
      t('field.idPerPoint', { count: points }),
    );
  }
  for (let k = 0; k < features.length; k++) {
    saved.features.push(readInteger(what, features[k], `${featuresPath}[${k}]`, 0, 2 ** 31 - 1));
  }
  return saved;
}

function readKey(what: string, value: unknown, path: string, owners: ContactOwners): number {
  const key = readInteger(what, value, path, -owners.statics, 2 ** 31 - 2);
  if (key >= 0 && !owners.bodyIds.has(key)) {
    throw fieldError(what, path, key, t('field.contactOwner'));
  }
  return key;
}
