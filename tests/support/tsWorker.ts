// Starts a worker_threads Worker on a TypeScript file: the worker registers tsx's loader in its
// own thread first (a loader given to the parent does not reach worker threads on Node 20).

import { Worker } from 'node:worker_threads';

export function startTsWorker(file: URL, workerData: unknown): Worker {
  const code = [
    "const { register } = await import('tsx/esm/api');",
    'register();',
    `await import(${JSON.stringify(file.href)});`,
  ].join('\n');
  return new Worker(code, { eval: true, workerData });
}
