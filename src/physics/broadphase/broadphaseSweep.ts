// The sweep-and-prune broadphase's pair loop as a kernel (kernelTypes.ts): bodies in the sweep
// list's order, each one's bounds along the axis, centre and radius, the pairs whose bounding
// spheres overlap out — the same pairs in the same order as cannon-es's sweep (broadphase.ts).

import type { int } from '../kernels/kernelTypes';

/**
 * Writes into `pairs` (two places in the list a pair, at most `most` pairs) every pair i < j of
 * the n bodies whose bounding spheres overlap and that cannon-es's needBroadphaseCollision lets
 * through (their collision filters agree; not both static or asleep), in sweep order; returns
 * how many there are, written or not. For each body: `lower` and `upper` its bounds along the
 * sweep axis (the list is sorted by lower bound), `alongU` and `alongV` its centre along the
 * other two, `centre` x y z, `radius`, `still` 1 for static or asleep, `group` and `mask` its
 * collision filter.
 * @kernel an entry point of the compiled module; called through kernelCalls.ts.
 */
export function sweepPairs(
  n: int,
  lower: Float64Array,
  upper: Float64Array,
  alongU: Float64Array,
  alongV: Float64Array,
  centre: Float64Array,
  radius: Float64Array,
  still: Uint8Array,
  group: Int32Array,
  mask: Int32Array,
  pairs: Int32Array,
  most: int,
): int {
  let count = 0;
  for (let i = 0; i < n; i++) {
    const end = upper[i];
    const ri = radius[i];
    const ui = alongU[i];
    const vi = alongV[i];
    const stillI = still[i];
    for (let j = i + 1; j < n; j++) {
      // The list is sorted by lower bound: past the first body beyond reach, none is within it.
      if (!(lower[j] < end)) break;
      // A settled pile costs only this loop over the bounds.
      if (stillI === 1 && still[j] === 1) continue;
      // Apart along either other axis by more than the radii: apart as spheres too.
      const reach = ri + radius[j];
      if (Math.abs(alongU[j] - ui) > reach || Math.abs(alongV[j] - vi) > reach) continue;
      // Broadphase.doBoundingSphereBroadphase's test, its arithmetic in its order (its
      // (rᵢ + rⱼ) ** 2 is fdlibm's pow, which returns x·x for y = 2).
      const dx = centre[3 * j] - centre[3 * i];
      const dy = centre[3 * j + 1] - centre[3 * i + 1];
      const dz = centre[3 * j + 2] - centre[3 * i + 2];
      if (!(dx * dx + dy * dy + dz * dz < reach * reach)) continue;
      if ((group[i] & mask[j]) === 0 || (group[j] & mask[i]) === 0) continue;
      if (count < most) {
        pairs[2 * count] = i;
        pairs[2 * count + 1] = j;
      }
      count++;
    }
  }
  return count;
}
