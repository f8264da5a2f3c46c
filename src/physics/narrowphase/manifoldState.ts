// The persistent contact manifolds as plain data, out and back in bit for bit: part of what the
// next step depends on (which points a pair keeps, the impulses it starts from), so saved
// states, recordings' keyframes and seeks carry them. Rapier's snapshots leave their contact
// cache out, and a restored world then follows another trajectory; this one continues exactly.

import type { World } from 'cannon-es';
import { ManifoldNarrowphase } from './manifoldNarrowphase';
import { FRAME_WIDTH, IMPULSE_WIDTH, POINTS_PER_MANIFOLD } from '../manifolds/manifoldStore';

const P = POINTS_PER_MANIFOLD;

/**
 * Every manifold of the last step, in order, as three flat lists. `pairs`: per manifold its
 * bodies' contact keys (contactKeys.ts), its shapes (A's number + 256 × B's) and its point
 * count. `numbers`: per manifold the frame it was made in (7) and its normal in A's frame (3),
 * then per point its anchors on A and B (3 + 3) and impulses (4). `features`: per point.
 */
export interface SavedContacts {
  pairs: number[];
  numbers: number[];
  features: number[];
}

/** Numbers per manifold and per point in SavedContacts.numbers. */
export const NUMBERS_PER_MANIFOLD = FRAME_WIDTH + 3;
export const NUMBERS_PER_POINT = 6 + IMPULSE_WIDTH;

/**
 * The world's manifolds as data, or null when its narrowphase keeps none. Manifolds of a body
 * removed since the step (`isKey` false for one of their keys) are left out: no later step can
 * meet them again, since a removed body's key is never given to another.
 */
export function readContacts(world: World, isKey: (key: number) => boolean): SavedContacts | null {
  const narrowphase = world.narrowphase;
  if (!(narrowphase instanceof ManifoldNarrowphase)) return null;
  const buffer = narrowphase.store.current;
  const saved: SavedContacts = { pairs: [], numbers: [], features: [] };
  for (let m = 0; m < buffer.count; m++) {
    if (!isKey(buffer.keyA[m]) || !isKey(buffer.keyB[m])) continue;
    const n = buffer.points[m];
    saved.pairs.push(buffer.keyA[m], buffer.keyB[m], buffer.shapes[m], n);
    for (let c = 0; c < FRAME_WIDTH; c++) saved.numbers.push(buffer.frame[FRAME_WIDTH * m + c]);
    for (let c = 0; c < 3; c++) saved.numbers.push(buffer.normal[3 * m + c]);
    for (let k = 0; k < n; k++) {
      const p = P * m + k;
      for (let c = 0; c < 3; c++) saved.numbers.push(buffer.localA[3 * p + c]);
      for (let c = 0; c < 3; c++) saved.numbers.push(buffer.localB[3 * p + c]);
      for (let c = 0; c < IMPULSE_WIDTH; c++) {
        saved.numbers.push(buffer.impulse[IMPULSE_WIDTH * p + c]);
      }
      saved.features.push(buffer.feature[p]);
    }
  }
  return saved;
}

/**
 * Puts saved manifolds (validated: see contactSchema.ts) back as the world's last step, in
 * place of whatever it held; a world whose narrowphase keeps none takes only an empty list.
 */
export function writeContacts(world: World, saved: SavedContacts | null): void {
  const narrowphase = world.narrowphase;
  if (!(narrowphase instanceof ManifoldNarrowphase)) {
    if (saved !== null && saved.pairs.length > 0) {
      throw new Error('writeContacts: this world keeps no contact manifolds.');
    }
    return;
  }
  const store = narrowphase.store;
  store.clear();
  if (saved === null) return;
  const buffer = store.current;
  buffer.reserve(saved.pairs.length / 4);
  let at = 0;
  let point = 0;
  for (let i = 0; i < saved.pairs.length; i += 4) {
    const n = saved.pairs[i + 3];
    const m = buffer.add(saved.pairs[i], saved.pairs[i + 1], saved.pairs[i + 2], n);
    for (let c = 0; c < FRAME_WIDTH; c++) buffer.frame[FRAME_WIDTH * m + c] = saved.numbers[at++];
    for (let c = 0; c < 3; c++) buffer.normal[3 * m + c] = saved.numbers[at++];
    for (let k = 0; k < n; k++) {
      const p = P * m + k;
      for (let c = 0; c < 3; c++) buffer.localA[3 * p + c] = saved.numbers[at++];
      for (let c = 0; c < 3; c++) buffer.localB[3 * p + c] = saved.numbers[at++];
      for (let c = 0; c < IMPULSE_WIDTH; c++) {
        buffer.impulse[IMPULSE_WIDTH * p + c] = saved.numbers[at++];
      }
      buffer.feature[p] = saved.features[point++];
    }
  }
}
