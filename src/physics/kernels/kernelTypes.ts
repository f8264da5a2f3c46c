// The physics kernels' one type beyond TypeScript's: `int`, a number that is an integer (an
// index or a count). Kernels are plain TypeScript functions over numbers and typed arrays that
// tools/kernels/kernelCompiler.ts also compiles to WebAssembly, op for op, so both give the same bits.

/** An integer, an i32 in the WebAssembly build (kernel sources keep it below 2^31). */
export type int = number;
