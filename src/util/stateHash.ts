// A hex digest of exact float64 bits: equal digests mean bit-identical physics state.

/**
 * Two independent 32-bit FNV-1a lanes over the raw 32-bit words of the doubles, printed as 16
 * hex digits. Not cryptographic — it only has to make accidental collisions between two
 * diverging simulations vanishingly unlikely.
 */
export function hashFloat64(values: Float64Array, length = values.length): string {
  const words = new Uint32Array(values.buffer, values.byteOffset, 2 * length);
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as number;
    h1 = Math.imul(h1 ^ word, 0x01000193);
    h2 = Math.imul(h2 ^ ((word << 13) | (word >>> 19)), 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}
