// Where a manifold is filed: an open-addressing table from a pair's contact keys and shapes to
// its number in a ManifoldBuffer. Kernels (kernelTypes.ts): the buffer's own find and add, and
// the pair kernels in WebAssembly, run the same code.

import type { int } from '../kernels/kernelTypes';

/**
 * The table position of keys (keyA, keyB) and shapes, for a table of mask + 1 slots (a power
 * of two): multiplicative hashing, each factor an odd 32-bit constant.
 */
export function slotOf(keyA: int, keyB: int, shapes: int, mask: int): int {
  return (
    (Math.imul(keyA, -1640531535) ^ Math.imul(keyB, -2048144789) ^ Math.imul(shapes, -1028477387)) &
    mask
  );
}

/**
 * The manifold filed under these keys and shapes in `slots` (slot → manifold + 1, 0 empty), or
 * −1; the buffer's keyA, keyB and shapes tell the manifolds apart.
 */
export function findManifold(
  slots: Int32Array,
  mask: int,
  keysA: Int32Array,
  keysB: Int32Array,
  shapesOf: Int32Array,
  keyA: int,
  keyB: int,
  shapes: int,
): int {
  let slot = slotOf(keyA, keyB, shapes, mask);
  for (;;) {
    const entry = slots[slot];
    if (entry === 0) return -1;
    const m = entry - 1;
    if (keysA[m] === keyA && keysB[m] === keyB && shapesOf[m] === shapes) return m;
    slot = (slot + 1) & mask;
  }
}

/** Files manifold m (its keys and shapes already written) in `slots`. */
export function fileManifold(
  slots: Int32Array,
  mask: int,
  keysA: Int32Array,
  keysB: Int32Array,
  shapesOf: Int32Array,
  m: int,
): void {
  let slot = slotOf(keysA[m], keysB[m], shapesOf[m], mask);
  while (slots[slot] !== 0) slot = (slot + 1) & mask;
  slots[slot] = m + 1;
}
