// From the broadphase's body pairs to the narrowphase's tasks, as a kernel (kernelTypes.ts): each
// pair of single-shape bodies our generators handle becomes its task here; any other pair is left,
// with room for its tasks, to the TypeScript that asks cannon-es's objects (manifoldNarrowphase.ts).

import type { int } from '../kernels/kernelTypes';
import { jobKind } from './jobKinds';

/** cannon-es's Body.KINEMATIC and Body.STATIC type bits. */
const KINEMATIC = 4;
const STATIC = 2;

/**
 * Lays the tasks of body pairs [0, count) (their places in world.bodies, `pairA` and `pairB`) out
 * in pair order, a pair's shape pairs in its order (A's shapes, then B's): `first[k]` is pair k's
 * first task and first[count] the end. A pair of single-shape bodies whose shapes have no
 * material of their own, that is not a kinematic–static or kinematic–kinematic pair, and whose
 * shapes a generator takes, is planned here: its task (indexA, indexB, slotA, slotB, keyA, keyB,
 * shapes, kind, materialCode) has as A the shape of lower type (of two alike, the lower key's), or kind
 * −1 (no task) when the collision filters part them. Every other pair is listed in `others`, its
 * tasks' kinds −1 for the TypeScript to fill. Returns how many others there are. `materialCode`:
 * mA × materials + mB from the bodies' material numbers, −1 where either has none.
 * @kernel an entry point of the compiled module; called through kernelCalls.ts.
 */
export function taskPairs(
  count: int,
  pairA: Int32Array,
  pairB: Int32Array,
  bodyShapes: Int32Array,
  bodyFirst: Int32Array,
  bodyKey: Int32Array,
  bodyType: Int32Array,
  bodyMaterial: Int32Array,
  materials: int,
  shapeType: Int32Array,
  shapeGroup: Int32Array,
  shapeMask: Int32Array,
  shapeMaterial: Uint8Array,
  first: Int32Array,
  others: Int32Array,
  indexA: Int32Array,
  indexB: Int32Array,
  slotA: Int32Array,
  slotB: Int32Array,
  keyA: Int32Array,
  keyB: Int32Array,
  shapes: Int32Array,
  kind: Int32Array,
  materialCode: Int32Array,
): int {
  let t = 0;
  let other = 0;
  for (let k = 0; k < count; k++) {
    first[k] = t;
    const i = pairA[k];
    const j = pairB[k];
    const si = bodyFirst[i];
    const sj = bodyFirst[j];
    const ti = bodyType[i];
    const tj = bodyType[j];
    const justTest =
      ((ti & KINEMATIC) !== 0 && (tj & STATIC) !== 0) ||
      ((ti & STATIC) !== 0 && (tj & KINEMATIC) !== 0) ||
      ((ti & KINEMATIC) !== 0 && (tj & KINEMATIC) !== 0);
    const single = bodyShapes[i] === 1 && bodyShapes[j] === 1;
    const typeI = shapeType[si];
    const typeJ = shapeType[sj];
    const iFirst = typeI < typeJ || (typeI === typeJ && bodyKey[i] < bodyKey[j]);
    const job = iFirst ? jobKind(typeI, typeJ) : jobKind(typeJ, typeI);
    if (
      !single ||
      justTest ||
      job < 0 ||
      shapeMaterial[si] === 1 ||
      shapeMaterial[sj] === 1 ||
      (bodyKey[i] === bodyKey[j] && typeI === typeJ)
    ) {
      others[other] = k;
      other++;
      const n = bodyShapes[i] * bodyShapes[j];
      for (let e = 0; e < n; e++) kind[t + e] = -1;
      t += n;
      continue;
    }
    const a = iFirst ? i : j;
    const b = iFirst ? j : i;
    indexA[t] = a;
    indexB[t] = b;
    slotA[t] = bodyFirst[a];
    slotB[t] = bodyFirst[b];
    keyA[t] = bodyKey[a];
    keyB[t] = bodyKey[b];
    shapes[t] = 0;
    const filtered =
      (shapeMask[si] & shapeGroup[sj]) === 0 || (shapeMask[sj] & shapeGroup[si]) === 0;
    kind[t] = filtered ? -1 : job;
    const ma = bodyMaterial[i];
    const mb = bodyMaterial[j];
    materialCode[t] = ma < 0 || mb < 0 ? -1 : ma * materials + mb;
    t++;
  }
  first[count] = t;
  return other;
}
