// What the page holds in memory after a full garbage collection, read over the Chrome DevTools
// Protocol, for the leak checks: the typed arrays where this app keeps its state included.

import type { CDPSession, Page } from '@playwright/test';

/** Opens a DevTools session on the page, runs `use`, and closes it. */
async function withCdp<T>(page: Page, use: (cdp: CDPSession) => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  try {
    return await use(cdp);
  } finally {
    await cdp.detach();
  }
}

/** Twice: the first pass can leave garbage that only becomes unreachable once finalizers ran. */
async function collectGarbage(cdp: CDPSession): Promise<void> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
}

/**
 * `Runtime.getHeapUsage` after a full GC, in bytes: `jsHeap` is V8's heap (objects, strings and
 * compiled code); `backingStores` the ArrayBuffer backing stores (and external strings) V8 keeps
 * outside it. A typed array longer than 64 bytes keeps its elements there, so the snapshots, draw
 * poses and instance matrices of this app are in `backingStores`, not in `jsHeap`.
 */
export async function heapUsage(page: Page): Promise<{ jsHeap: number; backingStores: number }> {
  return withCdp(page, async (cdp) => {
    await collectGarbage(cdp);
    const usage = await cdp.send('Runtime.getHeapUsage');
    // An older Chromium reports no backingStorageSize: refuse rather than leave out the very
    // memory this app keeps its state in.
    if (!Number.isFinite(usage.backingStorageSize)) {
      throw new Error(
        `Runtime.getHeapUsage gave no backingStorageSize (${JSON.stringify(usage)}): this Chromium cannot count ArrayBuffer memory.`,
      );
    }
    return { jsHeap: usage.usedSize, backingStores: usage.backingStorageSize };
  });
}

/** What a heap snapshot holds, summed by what it is (bytes). */
export interface LiveMemory {
  /** Every ArrayBuffer's backing store (typed arrays' elements): the app's state. */
  arrayBuffers: number;
  /** Everything else that is live except compiled code: JS objects, strings, closures, DOM. */
  objects: number;
  /** Compiled code, which grows as V8 optimises hot functions: not state, not budgeted. */
  code: number;
}

/**
 * Takes a heap snapshot after a full GC and sums its nodes' own sizes. Unlike `getHeapUsage` it
 * tells compiled code (which V8 keeps adding for a long while as it tiers up functions) from
 * objects, and counts each ArrayBuffer's backing store as a `JSArrayBufferData` node.
 */
export async function liveMemory(page: Page): Promise<LiveMemory> {
  const json = await withCdp(page, async (cdp) => {
    await collectGarbage(cdp);
    const chunks: string[] = [];
    cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    return chunks.join('');
  });
  const snapshot = JSON.parse(json) as HeapSnapshot;
  const fields = snapshot.snapshot.meta.node_fields;
  const typeNames = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  if (typeAt < 0 || nameAt < 0 || sizeAt < 0) {
    throw new Error(`Unexpected heap snapshot layout: ${JSON.stringify(snapshot.snapshot.meta)}`);
  }
  const memory: LiveMemory = { arrayBuffers: 0, objects: 0, code: 0 };
  const nodes = snapshot.nodes;
  for (let i = 0; i < nodes.length; i += width) {
    const type = typeNames[nodes[i + typeAt] ?? -1];
    const size = nodes[i + sizeAt] ?? 0;
    if (type === 'code') memory.code += size;
    else if (snapshot.strings[nodes[i + nameAt] ?? -1] === 'system / JSArrayBufferData') {
      memory.arrayBuffers += size;
    } else memory.objects += size;
  }
  return memory;
}

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}
