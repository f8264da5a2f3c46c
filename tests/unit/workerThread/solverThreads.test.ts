// The physics worker's second solver thread as a state machine (workerThread/solverThreads.ts):
// what it reports for each request and each way its helper can fail, with a stand-in helper.
// The helper itself, in real threads, is tested by tests/unit/physics/twoThreads.test.ts and
// tests/browser/threads.spec.ts.

import { describe, expect, it } from 'vitest';
import { SolverThreads } from '../../../src/workerThread/solverThreads';
import type { HelperWorker } from '../../../src/workerThread/solverThreads';
import { PhysicsWorld } from '../../../src/physics/physicsWorld';

/** A helper worker that does nothing until the test says it has loaded or failed. */
class StandInHelper implements HelperWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  sent = 0;
  postMessage(): void {
    this.sent++;
  }
  terminate(): void {
    this.terminated = true;
  }
  loaded(): void {
    this.onmessage?.(new MessageEvent('message', { data: 'ready' }));
  }
}

function setUp(startHelper: (() => HelperWorker) | null) {
  const reports: [number, string | null][] = [];
  const threads = new SolverThreads(startHelper, (count, reason) => reports.push([count, reason]));
  return { threads, reports };
}

describe('the physics worker’s solver threads', () => {
  it('two once the helper has loaded; one again, the helper ended, when asked', () => {
    const helper = new StandInHelper();
    const { threads, reports } = setUp(() => helper);
    threads.use(new PhysicsWorld());
    threads.set(2);
    // Nothing is said until the helper has loaded: the solver stays on one thread till then.
    expect(reports).toEqual([]);
    helper.loaded();
    expect(reports).toEqual([[2, null]]);
    threads.set(1);
    expect(helper.terminated).toBe(true);
    expect(reports).toEqual([
      [2, null],
      [1, null],
    ]);
  });

  it('asked twice for two: one helper', () => {
    let started = 0;
    const { threads } = setUp(() => {
      started++;
      return new StandInHelper();
    });
    threads.set(2);
    threads.set(2);
    expect(started).toBe(1);
  });

  it('a helper that fails to load: one thread, and why', () => {
    const helper = new StandInHelper();
    const { threads, reports } = setUp(() => helper);
    threads.set(2);
    helper.onerror?.(new Event('error') as ErrorEvent);
    expect(helper.terminated).toBe(true);
    expect(reports).toEqual([[1, 'the helper thread failed to load']]);
  });

  it('a helper that cannot be started: one thread, and why', () => {
    const { threads, reports } = setUp(() => {
      throw new Error('worker scripts are blocked');
    });
    threads.set(2);
    expect(reports).toEqual([
      [1, 'the helper thread did not start: Error: worker scripts are blocked'],
    ]);
  });

  it('no way to start a helper here: one thread, and why', () => {
    const { threads, reports } = setUp(null);
    threads.set(2);
    expect(reports).toEqual([[1, 'this physics thread cannot start a helper']]);
  });
});
