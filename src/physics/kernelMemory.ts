// One memory for the contact pipeline's arrays — the manifolds, the pair tasks, the solver's rows —
// so the kernels (compiled from their TypeScript: buildKernels.ts) run over them in place: a
// WebAssembly memory where its instance runs, else a plain buffer; shared between two threads
// when the solver has a partner.

import { KERNEL_BASE64, SHARED_KERNEL_BASE64 } from './contactKernelBytes';

/** Pages (64 KiB) a shared memory may grow to: 1 GiB. */
export const MAX_SHARED_PAGES = 16384;
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

/** The kernels' exports (see buildKernels.ts's list); array arguments are byte addresses. */
export type KernelExports = Record<string, (...args: number[]) => number | void>;

/**
 * A second thread that runs kernel calls over a shared memory (threadTeam.ts's ThreadTeam): the
 * pair plan's and the set-up's other halves.
 */
export interface KernelPartner {
  /**
   * Where a kernel call for the other thread is written: the kernel's number in KERNEL_CALLS,
   * then its arguments as its WebAssembly export takes them.
   */
  readonly call: Float64Array;
  /** False while the other thread is stood down: the caller runs the whole pass itself. */
  readonly sharing: boolean;
  /**
   * Starts the call written in `call` on the other thread, over `memory` (a shared WebAssembly
   * memory, the one the arguments address), and returns at once; `join` waits for it to end.
   */
  start(memory: WebAssembly.Memory): void;
  join(): void;
}

/** The kernels a second thread may be asked to run (KernelPartner.call), by number. */
export const KERNEL_CALLS = ['planTasks', 'setUpRange'] as const;
/** Most arguments a kernel call takes. */
export const CALL_ARGUMENTS = 40;

/**
 * Writes a kernel call's arguments after its number in `call` (see KernelPartner.call), up to
 * 24 of them: spelled out, since a rest parameter would allocate an array every call.
 */
export function writeCall(
  call: Float64Array,
  a0 = 0,
  a1 = 0,
  a2 = 0,
  a3 = 0,
  a4 = 0,
  a5 = 0,
  a6 = 0,
  a7 = 0,
  a8 = 0,
  a9 = 0,
  a10 = 0,
  a11 = 0,
  a12 = 0,
  a13 = 0,
  a14 = 0,
  a15 = 0,
  a16 = 0,
  a17 = 0,
  a18 = 0,
  a19 = 0,
  a20 = 0,
  a21 = 0,
  a22 = 0,
  a23 = 0,
): void {
  call[1] = a0;
  call[2] = a1;
  call[3] = a2;
  call[4] = a3;
  call[5] = a4;
  call[6] = a5;
  call[7] = a6;
  call[8] = a7;
  call[9] = a8;
  call[10] = a9;
  call[11] = a10;
  call[12] = a11;
  call[13] = a12;
  call[14] = a13;
  call[15] = a14;
  call[16] = a15;
  call[17] = a16;
  call[18] = a17;
  call[19] = a18;
  call[20] = a19;
  call[21] = a20;
  call[22] = a21;
  call[23] = a22;
  call[24] = a23;
}

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

/** Compiled modules, once a thread: [own memory, shared memory]; null where refused. */
const compiled: (WebAssembly.Module | null | undefined)[] = [undefined, undefined];

function kernelBytes(shared: boolean): Uint8Array<ArrayBuffer> {
  const text = atob(shared ? SHARED_KERNEL_BASE64 : KERNEL_BASE64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function kernelModule(shared: boolean): WebAssembly.Module | null {
  const k = shared ? 1 : 0;
  if (compiled[k] === undefined) {
    try {
      compiled[k] = new WebAssembly.Module(kernelBytes(shared));
    } catch {
      // No WebAssembly, a Content-Security-Policy without 'wasm-unsafe-eval', or a page's main
      // thread where a browser compiles no module this large at once (compileContactKernels).
      compiled[k] = null;
    }
  }
  return compiled[k];
}

/**
 * Compiles the kernels' modules without blocking: a page's main thread may not be allowed to
 * compile a module of their size (12 KB) at once (Chromium up to about version 114 refused one
 * over 4 KB; later ones allow 8 MB), so the app awaits this before it builds a world there.
 * Workers and Node compile them on the spot when the first memory asks.
 */
export async function compileContactKernels(): Promise<void> {
  for (const shared of [false, true]) {
    const k = shared ? 1 : 0;
    if (compiled[k] instanceof WebAssembly.Module) continue;
    try {
      compiled[k] = await WebAssembly.compile(kernelBytes(shared));
    } catch {
      compiled[k] = null;
    }
  }
}

/** The kernels over another thread's memory (a partner's thread), or null where refused. */
export function kernelsOver(memory: WebAssembly.Memory): KernelExports | null {
  return instantiate(memory, !(memory.buffer instanceof ArrayBuffer));
}

function instantiate(memory: WebAssembly.Memory, shared: boolean): KernelExports | null {
  const module = kernelModule(shared);
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
  private buffer: ArrayBuffer | SharedArrayBuffer = new ArrayBuffer(0);
  /** Bytes in use from the start of the buffer. */
  private end = 0;
  private readonly blocks: Block[] = [];
  private readonly holders: BlockHolder[] = [];
  /** Counts the resizes (every view changed): a second thread must be sent them again after one. */
  layouts = 0;

  constructor(public shared = false) {
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

  /**
   * Moves every block into a memory of the other kind — shared, for a second thread, or not —
   * contents kept; every view changes.
   */
  share(shared: boolean): void {
    if (shared === this.shared) return;
    const old = new Uint8Array(this.buffer, 0, this.end);
    this.shared = shared;
    this.memory = null;
    this.exports = null;
    this.buffer = new ArrayBuffer(0);
    this.open(this.end);
    new Uint8Array(this.buffer).set(old);
    this.rebind();
  }

  /** Every block viewed again in the current buffer, and every holder told. */
  private rebind(): void {
    for (const block of this.blocks) {
      block.view = viewOf(block.kind, this.buffer, block.offset, block.length);
    }
    this.layouts++;
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
        const made = new WebAssembly.Memory(
          this.shared
            ? { initial: pages, maximum: MAX_SHARED_PAGES, shared: true }
            : { initial: pages },
        );
        const exports = instantiate(made, this.shared);
        if (exports !== null) {
          this.memory = made;
          this.exports = exports;
          this.buffer = made.buffer;
          return;
        }
      } catch {
        // No WebAssembly (or no shared memory there): a plain buffer below.
      }
    }
    const size = Math.max(PAGE, 2 * bytes);
    const grown = this.shared ? new SharedArrayBuffer(size) : new ArrayBuffer(size);
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
