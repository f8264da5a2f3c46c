// The contact solver's sweep as WebAssembly (sweepKernelSource.ts): the same operations in the
// same order as ManifoldRows.sweep, so the same bits, in a little over half the time — V8 checks
// the bounds of every typed-array read in the TypeScript loop; WebAssembly reads its memory.

import { MAX_SHARED_PAGES } from './sweepKernelSource';
import { SHARED_SWEEP_KERNEL_BASE64, SWEEP_KERNEL_BASE64 } from './sweepKernelBytes';

type SweepFunction = (
  relax: number,
  from: number,
  to: number,
  header: number,
  bodies: number,
  firstPoint: number,
  rows: number,
  lambdas: number,
) => void;

/** WebAssembly pages are 64 KiB. */
const PAGE = 65536;

/** The sweep arrays a kernel lays out in its memory (ManifoldRows' SweepArrays and lambdas). */
export interface KernelArrays {
  header: Float64Array;
  bodies: Int32Array;
  firstPoint: Int32Array;
  rows: Float64Array;
  /** The running velocity changes the sweeps work on (copied in and out by the solving thread). */
  lambdas: Float64Array;
}

let allowed = true;

/**
 * Whether solvers from now on may sweep in WebAssembly (default yes): tests and benches turn it
 * off to compare with the TypeScript sweep.
 */
export function allowSweepKernel(allow: boolean): void {
  allowed = allow;
}

/** Compiled modules, once a thread: [own memory, shared memory]; null where refused. */
const compiled: (WebAssembly.Module | null | undefined)[] = [undefined, undefined];

function kernelModule(shared: boolean): WebAssembly.Module | null {
  const k = shared ? 1 : 0;
  if (compiled[k] === undefined) {
    try {
      const text = atob(shared ? SHARED_SWEEP_KERNEL_BASE64 : SWEEP_KERNEL_BASE64);
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
 * ManifoldRows' sweep arrays laid out in one WebAssembly memory, and the sweep over them. Shared
 * memory for two threads: the helper thread attaches a kernel of its own to the same memory.
 */
export class SweepKernel implements KernelArrays {
  header: Float64Array = new Float64Array(0);
  bodies: Int32Array = new Int32Array(0);
  firstPoint: Int32Array = new Int32Array(0);
  rows: Float64Array = new Float64Array(0);
  lambdas: Float64Array = new Float64Array(0);
  /** Byte addresses of header, bodies, firstPoint, rows and lambdas. */
  private readonly at = new Int32Array(5);

  private constructor(
    readonly memory: WebAssembly.Memory,
    private readonly run: SweepFunction,
  ) {}

  /**
   * A kernel over memory of its own (shared: for two threads), or null where WebAssembly (or
   * shared memory) is not to be had — the caller then sweeps in TypeScript, the same bits.
   */
  static create(shared: boolean): SweepKernel | null {
    if (!allowed) return null;
    try {
      const memory = new WebAssembly.Memory(
        shared ? { initial: 1, maximum: MAX_SHARED_PAGES, shared: true } : { initial: 1 },
      );
      return SweepKernel.over(memory);
    } catch {
      return null;
    }
  }

  /** On a helper thread: a kernel over another thread's shared memory and arrays, or null. */
  static attach(memory: WebAssembly.Memory, arrays: KernelArrays): SweepKernel | null {
    const kernel = SweepKernel.over(memory);
    if (kernel === null) return null;
    kernel.header = arrays.header;
    kernel.bodies = arrays.bodies;
    kernel.firstPoint = arrays.firstPoint;
    kernel.rows = arrays.rows;
    kernel.lambdas = arrays.lambdas;
    kernel.at[0] = arrays.header.byteOffset;
    kernel.at[1] = arrays.bodies.byteOffset;
    kernel.at[2] = arrays.firstPoint.byteOffset;
    kernel.at[3] = arrays.rows.byteOffset;
    kernel.at[4] = arrays.lambdas.byteOffset;
    return kernel;
  }

  private static over(memory: WebAssembly.Memory): SweepKernel | null {
    const module = kernelModule(memory.buffer instanceof ArrayBuffer ? false : true);
    if (module === null) return null;
    try {
      const instance = new WebAssembly.Instance(module, { env: { memory } });
      return new SweepKernel(memory, instance.exports.sweep as SweepFunction);
    } catch {
      return null;
    }
  }

  /**
   * Lays the arrays out anew: `header`, `bodies`, `firstPoint` and `rows` this long and room
   * for `lambdas` running velocity changes (contents not kept), growing the memory as needed.
   * The views change: callers read them again.
   */
  layOut(header: number, bodies: number, firstPoint: number, rows: number, lambdas: number): void {
    const bytes = [8 * header, 4 * bodies, 4 * firstPoint, 8 * rows, 8 * lambdas];
    let end = 0;
    for (let k = 0; k < bytes.length; k++) {
      this.at[k] = end;
      end += (bytes[k] + 7) & ~7;
    }
    const have = this.memory.buffer.byteLength;
    if (end > have) this.memory.grow(Math.ceil((end - have) / PAGE));
    const buffer = this.memory.buffer;
    this.header = new Float64Array(buffer, this.at[0], header);
    this.bodies = new Int32Array(buffer, this.at[1], bodies);
    this.firstPoint = new Int32Array(buffer, this.at[2], firstPoint);
    this.rows = new Float64Array(buffer, this.at[3], rows);
    this.lambdas = new Float64Array(buffer, this.at[4], lambdas);
  }

  /** ManifoldRows.sweep over positions [from, to), on this kernel's `lambdas`. */
  sweep(relax: boolean, from: number, to: number): void {
    const at = this.at;
    this.run(relax ? 1 : 0, from, to, at[0], at[1], at[2], at[3], at[4]);
  }

  /** The first n of `lambdas` into the kernel's. */
  copyIn(lambdas: Float64Array, n: number): void {
    const inside = this.lambdas;
    for (let k = 0; k < n; k++) inside[k] = lambdas[k];
  }

  /** The kernel's first n running velocity changes back into `lambdas`. */
  copyOut(lambdas: Float64Array, n: number): void {
    const inside = this.lambdas;
    for (let k = 0; k < n; k++) lambdas[k] = inside[k];
  }
}
