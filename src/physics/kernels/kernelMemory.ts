// One memory for the contact pipeline's arrays — the manifolds, the pair tasks, the solver's rows —
// so the kernels (compiled from their TypeScript: tools/kernels) run over them in place: a
// WebAssembly memory where its instance runs, else a plain buffer.

import { KERNEL_BASE64 } from './contactKernelBytes';

/** WebAssembly pages are 64 KiB. */
const PAGE = 65536;

type ArrayKind = Float64ArrayConstructor | Int32ArrayConstructor | Uint8ArrayConstructor;
type ViewOf<K extends ArrayKind> = K extends Float64ArrayConstructor
  ? Float64Array
  : K extends Int32ArrayConstructor
    ? Int32Array
    : Uint8Array;

/** A view of `length` elements of `kind` at byte `offset` of `buffer`. */
function viewOf(
  kind: ArrayKind,
  buffer: ArrayBufferLike,
  offset: number,
  length: number,
): Float64Array | Int32Array | Uint8Array {
  if (kind === Float64Array) return new Float64Array(buffer, offset, length);
  if (kind === Int32Array) return new Int32Array(buffer, offset, length);
  return new Uint8Array(buffer, offset, length);
}

/** An array in the memory: where it lies and, until the memory moves it, its view. */
export class Block<K extends ArrayKind = ArrayKind> {
  offset = 0;
  view: ViewOf<K>;

  constructor(
    readonly kind: K,
    public length: number,
  ) {
    this.view = viewOf(kind, new ArrayBuffer(0), 0, 0) as ViewOf<K>;
  }
}

/** What holds views of blocks: told to read them again whenever the memory moves them. */
export interface BlockHolder {
  bind(): void;
}

/** The kernels' exports (the `@kernel` functions); array arguments are byte addresses. */
export type KernelExports = Record<string, (...args: number[]) => number | void>;

let allowed = true;

/**
 * Whether memories made from now on may run the kernels in WebAssembly (default yes): tests and
 * benches turn it off to compare with the TypeScript the kernels are compiled from.
 */
export function allowContactKernel(allow: boolean): void {
  allowed = allow;
}

/** Where a world's contact kernels run: compiled to WebAssembly, or their TypeScript. */
export type KernelMode = 'webassembly' | 'typescript';

/** The compiled module, once a thread; null where refused. */
let compiled: WebAssembly.Module | null | undefined;

function kernelBytes(): Uint8Array<ArrayBuffer> {
  const text = atob(KERNEL_BASE64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function kernelModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    try {
      compiled = new WebAssembly.Module(kernelBytes());
    } catch {
      // No WebAssembly, a Content-Security-Policy without 'wasm-unsafe-eval', or a page's main
      // thread where a browser compiles no module this large at once (compileContactKernels).
      compiled = null;
    }
  }
  return compiled;
}

/**
 * Compiles the kernels' module without blocking: a page's main thread may not be allowed to
 * compile a module of its size (12 KB) at once (Chromium up to about version 114 refused one
 * over 4 KB; later ones allow 8 MB), so the app awaits this before it builds a world there.
 * Workers and Node compile it on the spot when the first memory asks.
 */
export async function compileContactKernels(): Promise<void> {
  if (compiled instanceof WebAssembly.Module) return;
  try {
    compiled = await WebAssembly.compile(kernelBytes());
  } catch {
    compiled = null;
  }
}

function instantiate(memory: WebAssembly.Memory): KernelExports | null {
  const module = kernelModule();
  if (module === null) return null;
  try {
    return new WebAssembly.Instance(module, { env: { memory } }).exports as KernelExports;
  } catch {
    return null;
  }
}

/**
 * The blocks of one world's contact pipeline in one buffer. A block grows only through
 * `resize`: it moves to fresh room at the end (contents kept; its old room is left, so the
 * memory holds at most about twice what its blocks need, as they grow by doubling), and when the
 * buffer grows every view changes. Holders read their views again in `bind`, keep none across a
 * `resize`, and resize before a pass, never inside one.
 */
export class KernelMemory {
  /** The kernels over this memory, or null: the callers run the TypeScript, the same bits. */
  exports: KernelExports | null = null;
  /** The WebAssembly memory, when the kernels run in one. */
  memory: WebAssembly.Memory | null = null;
  private buffer = new ArrayBuffer(0);
  /** Bytes in use from the start of the buffer. */
  private end = 0;
  private readonly blocks: Block[] = [];
  private readonly holders: BlockHolder[] = [];

  constructor() {
    this.open(0);
  }

  /** Where the kernels over this memory run. */
  get mode(): KernelMode {
    return this.exports === null ? 'typescript' : 'webassembly';
  }

  /** A new block of `length` elements of `kind`. */
  block<K extends ArrayKind>(kind: K, length: number): Block<K> {
    const block = new Block(kind, 0);
    this.blocks.push(block);
    this.resize([[block, length]]);
    return block;
  }

  /** Registers a holder of views, bound now and after every layout. */
  hold(holder: BlockHolder): void {
    this.holders.push(holder);
    holder.bind();
  }

  /**
   * Lengthens each block to at least its length in `requests` (the callers choose by how much),
   * moving it to fresh room, and rebinds every holder when one moved. Returns whether.
   */
  resize(requests: readonly (readonly [Block, number])[]): boolean {
    let bytes = this.end;
    for (const [block, length] of requests) {
      if (block.length < length) bytes += roomFor(block.kind, length);
    }
    if (bytes === this.end) return false;
    if (bytes > this.buffer.byteLength) this.open(bytes);
    // The buffer keeps its contents where they were when it grows (views of it do not).
    const bytesOf = new Uint8Array(this.buffer);
    for (const [block, length] of requests) {
      if (block.length >= length) continue;
      const from = block.offset;
      const used = block.length * block.kind.BYTES_PER_ELEMENT;
      block.offset = this.end;
      block.length = length;
      this.end += roomFor(block.kind, length);
      bytesOf.copyWithin(block.offset, from, from + used);
    }
    this.rebind();
    return true;
  }

  /** Every block viewed again in the current buffer, and every holder told. */
  private rebind(): void {
    for (const block of this.blocks) {
      block.view = viewOf(block.kind, this.buffer, block.offset, block.length);
    }
    for (const holder of this.holders) holder.bind();
  }

  /**
   * A buffer of at least `bytes`: the WebAssembly memory (made at the first call where the
   * kernels are allowed and compile, grown after), else a plain buffer of twice that.
   */
  private open(bytes: number): void {
    const memory = this.memory;
    if (memory !== null) {
      const have = memory.buffer.byteLength;
      if (have < bytes) memory.grow(Math.ceil((bytes - have) / PAGE));
      this.buffer = memory.buffer;
      return;
    }
    if (this.buffer.byteLength === 0 && allowed) {
      try {
        const pages = Math.max(1, Math.ceil(bytes / PAGE));
        const made = new WebAssembly.Memory({ initial: pages });
        const exports = instantiate(made);
        if (exports !== null) {
          this.memory = made;
          this.exports = exports;
          this.buffer = made.buffer;
          return;
        }
      } catch {
        // No WebAssembly: a plain buffer below.
      }
    }
    const size = Math.max(PAGE, 2 * bytes);
    const grown = new ArrayBuffer(size);
    new Uint8Array(grown).set(
      new Uint8Array(this.buffer, 0, Math.min(this.end, this.buffer.byteLength)),
    );
    this.buffer = grown;
  }
}

/** Bytes a block of `length` elements of `kind` takes, rounded up to keep doubles aligned. */
function roomFor(kind: ArrayKind, length: number): number {
  return (length * kind.BYTES_PER_ELEMENT + 7) & ~7;
}
