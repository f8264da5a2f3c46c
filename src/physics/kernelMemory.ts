// One memory for the contact pipeline's arrays — the manifolds, the pair tasks, the solver's rows —
// so the kernels (contactKernel.ts) run over them in place: a WebAssembly memory where its
// instance runs, else a plain buffer; shared between two threads when the solver has a partner.

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

/** The kernels' exports (see contactKernel.ts); array arguments are byte addresses. */
export type KernelExports = Record<string, (...args: number[]) => number | void>;

let allowed = true;

/**
 * Whether memories made from now on may run the kernels in WebAssembly (default yes): tests and
 * benches turn it off to compare with the TypeScript the kernels are compiled from.
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
 * The blocks of one world's contact pipeline in one buffer, laid out end to end. A block grows
 * only through `resize`, which lays every block out anew (contents kept) when one needs more
 * room, so views change only there: holders read theirs again in `bind`, and no view is kept
 * across a `resize`. Nothing is laid out in the middle of a step's phase.
 */
export class KernelMemory {
  /** The kernels over this memory, or null: the callers run the TypeScript, the same bits. */
  exports: KernelExports | null = null;
  /** The WebAssembly memory, when the kernels run in one. */
  memory: WebAssembly.Memory | null = null;
  private buffer: ArrayBuffer | SharedArrayBuffer = new ArrayBuffer(0);
  private readonly blocks: Block[] = [];
  private readonly holders: BlockHolder[] = [];
  /** Counts the layouts: a second thread holding views must be sent them again after one. */
  layouts = 0;

  constructor(public shared = false) {
    this.open(0);
  }

  /** A new block of `length` elements of `kind`, laid out now. */
  block<K extends ArrayKind>(kind: K, length: number): Block<K> {
    const block = new Block(kind, length);
    this.blocks.push(block);
    this.layOut();
    return block;
  }

  /** Registers a holder of views, bound now and after every layout. */
  hold(holder: BlockHolder): void {
    this.holders.push(holder);
    holder.bind();
  }

  /**
   * Lengthens each block to at least its length in `requests` (the callers choose by how much)
   * and lays them all out anew when one grew: then every view has changed. Returns whether.
   */
  resize(requests: readonly (readonly [Block, number])[]): boolean {
    let grew = false;
    for (const [block, length] of requests) {
      if (block.length < length) {
        block.length = length;
        grew = true;
      }
    }
    if (grew) this.layOut();
    return grew;
  }

  /**
   * Moves every block into a memory of the other kind — shared, for a second thread, or not —
   * contents kept; every view changes.
   */
  share(shared: boolean): void {
    if (shared === this.shared) return;
    this.shared = shared;
    this.memory = null;
    this.exports = null;
    this.buffer = new ArrayBuffer(0);
    this.layOut();
  }

  /** Lays every block out from the start of a buffer big enough, contents kept, and rebinds. */
  private layOut(): void {
    const saved = this.blocks.map((block) => block.view.slice());
    let end = 0;
    for (const block of this.blocks) {
      block.offset = end;
      end += (block.length * block.kind.BYTES_PER_ELEMENT + 7) & ~7;
    }
    if (end > this.buffer.byteLength) this.open(end);
    this.blocks.forEach((block, k) => {
      block.view = viewOf(block.kind, this.buffer, block.offset, block.length);
      block.view.set(saved[k].subarray(0, Math.min(saved[k].length, block.length)));
    });
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
    this.buffer = this.shared ? new SharedArrayBuffer(size) : new ArrayBuffer(size);
  }
}
