// The contact solver's kernels as WebAssembly: the set-up (rowSetUp.ts) and the sweep
// (sweepLoop.ts), compiled op for op from their TypeScript (npm run build:kernel), so the same
// bits in about a third and a half of the time — V8 checks the bounds of every typed-array read.

import { KERNEL_BASE64, SHARED_KERNEL_BASE64 } from './contactKernelBytes';

/** Pages (64 KiB) a shared kernel memory may grow to: 1 GiB. */
export const MAX_SHARED_PAGES = 16384;
/** WebAssembly pages are 64 KiB. */
const PAGE = 65536;

/**
 * The arrays a kernel lays out in its memory: the rows and what the sweep reads (header, bodies,
 * firstPoint, rows, lambdas), and what the set-up reads — the solve order, the manifolds'
 * arrays it needs (ManifoldBuffer's, copied in) and the bodies packed by packBody (state).
 */
const ARRAYS = {
  header: Float64Array,
  bodies: Int32Array,
  firstPoint: Int32Array,
  rows: Float64Array,
  lambdas: Float64Array,
  order: Int32Array,
  responds: Uint8Array,
  bodyA: Int32Array,
  bodyB: Int32Array,
  points: Int32Array,
  worldNormal: Float64Array,
  material: Float64Array,
  ri: Float64Array,
  rj: Float64Array,
  impulse: Float64Array,
  state: Float64Array,
} as const;
type ArrayName = keyof typeof ARRAYS;
const NAMES = Object.keys(ARRAYS) as ArrayName[];

/** The kernel's arrays, as views of its memory. */
export type KernelArrays = {
  [K in ArrayName]: (typeof ARRAYS)[K] extends Float64ArrayConstructor
    ? Float64Array
    : (typeof ARRAYS)[K] extends Int32ArrayConstructor
      ? Int32Array
      : Uint8Array;
};
/** How long each array is to be. */
export type KernelLengths = Record<ArrayName, number>;

/** The module's exports: each array argument is its byte address in the memory. */
interface KernelExports {
  sweepRows(...args: number[]): void;
  setUpRows(...args: number[]): void;
}

let allowed = true;

/**
 * Whether solvers from now on may run the kernels in WebAssembly (default yes): tests and
 * benches turn it off to compare with the TypeScript they are compiled from.
 */
export function allowContactKernel(allow: boolean): void {
  allowed = allow;
}

/** Compiled modules, once a thread: [own memory, shared memory]; null where refused. */
const compiled: (WebAssembly.Module | null | undefined)[] = [undefined, undefined];

function kernelModule(shared: boolean): WebAssembly.Module | null {
  const k = shared ? 1 : 0;
  if (compiled[k] === undefined) {
    try {
      const text = atob(shared ? SHARED_KERNEL_BASE64 : KERNEL_BASE64);
      const bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
      compiled[k] = new WebAssembly.Module(bytes);
    } catch {
      // No WebAssembly, or a Content-Security-Policy without 'wasm-unsafe-eval'.
      compiled[k] = null;
    }
  }
  return compiled[k];
}

/**
 * The kernels' arrays laid out in one WebAssembly memory, and the kernels over them. Shared
 * memory for two threads: the helper thread attaches a kernel of its own to the same memory.
 */
export class ContactKernel {
  readonly arrays = {} as KernelArrays;
  /** Byte addresses of the arrays, in NAMES order. */
  private readonly at = new Int32Array(NAMES.length);

  private constructor(
    readonly memory: WebAssembly.Memory,
    private readonly run: KernelExports,
  ) {
    const buffer = memory.buffer;
    for (const name of NAMES)
      (this.arrays as Record<string, unknown>)[name] = new ARRAYS[name](buffer, 0, 0);
  }

  /**
   * A kernel over memory of its own (shared: for two threads), or null where WebAssembly (or
   * shared memory) is not to be had — the caller then runs the TypeScript, the same bits.
   */
  static create(shared: boolean): ContactKernel | null {
    if (!allowed) return null;
    try {
      const memory = new WebAssembly.Memory(
        shared ? { initial: 1, maximum: MAX_SHARED_PAGES, shared: true } : { initial: 1 },
      );
      return ContactKernel.over(memory);
    } catch {
      return null;
    }
  }

  /** On a helper thread: a kernel over another thread's shared memory and arrays, or null. */
  static attach(memory: WebAssembly.Memory, arrays: Partial<KernelArrays>): ContactKernel | null {
    const kernel = ContactKernel.over(memory);
    if (kernel === null) return null;
    NAMES.forEach((name, k) => {
      const array = arrays[name];
      if (array === undefined) return;
      (kernel.arrays as Record<string, unknown>)[name] = array;
      kernel.at[k] = array.byteOffset;
    });
    return kernel;
  }

  private static over(memory: WebAssembly.Memory): ContactKernel | null {
    const module = kernelModule(memory.buffer instanceof ArrayBuffer ? false : true);
    if (module === null) return null;
    try {
      const instance = new WebAssembly.Instance(module, { env: { memory } });
      return new ContactKernel(memory, instance.exports as unknown as KernelExports);
    } catch {
      return null;
    }
  }

  /**
   * Whether every array is at least as long as `lengths` asks; if not, lays them all out anew
   * (contents not kept) at twice what was asked, growing the memory as needed. The views change:
   * callers read them again. Returns whether it laid them out.
   */
  reserve(lengths: KernelLengths): boolean {
    if (NAMES.every((name) => this.arrays[name].length >= lengths[name])) return false;
    let end = 0;
    const bytes = NAMES.map((name, k) => {
      const length = 2 * lengths[name];
      this.at[k] = end;
      end += (length * ARRAYS[name].BYTES_PER_ELEMENT + 7) & ~7;
      return length;
    });
    const have = this.memory.buffer.byteLength;
    if (end > have) this.memory.grow(Math.ceil((end - have) / PAGE));
    const buffer = this.memory.buffer;
    NAMES.forEach((name, k) => {
      (this.arrays as Record<string, unknown>)[name] = new ARRAYS[name](
        buffer,
        this.at[k],
        bytes[k],
      );
    });
    return true;
  }

  /** sweepRows over positions [from, to) of the solve order, on the kernel's arrays. */
  sweep(relax: boolean, from: number, to: number): void {
    const at = this.at;
    this.run.sweepRows(at[0], at[1], at[2], at[3], at[4], relax ? 1 : 0, from, to);
  }

  /** setUpRows over the first `count` positions of the order, on the kernel's arrays. */
  setUp(count: number, dt: number, warmNormal: number, warmFriction: number): void {
    const at = this.at;
    // prettier-ignore
    this.run.setUpRows(
      count, at[5], at[6], at[7], at[8], at[9], at[10], at[11], at[12], at[13], at[14], at[15],
      dt, warmNormal, warmFriction, at[0], at[1], at[2], at[3], at[4],
    );
  }
}
