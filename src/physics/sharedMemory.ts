// Typed arrays the solver's second thread can see: on a SharedArrayBuffer when `shared`, plain
// otherwise (one thread, or a page without shared memory). The contact arrays themselves lie in
// the world's kernel memory (kernelMemory.ts), shared as a whole.

/** An Int32Array of `length` numbers, over shared memory when `shared`. */
export function int32s(length: number, shared: boolean): Int32Array {
  return shared ? new Int32Array(new SharedArrayBuffer(4 * length)) : new Int32Array(length);
}

/** A Float64Array of `length` numbers, over shared memory when `shared`. */
export function float64s(length: number, shared: boolean): Float64Array {
  return shared ? new Float64Array(new SharedArrayBuffer(8 * length)) : new Float64Array(length);
}
