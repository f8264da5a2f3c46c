// The page's end of the physics worker (WorkerHost.receive, what the worker's onmessage calls),
// fed generated messages: one that is not a message of the protocol (not an object, no type, a
// type it does not have) becomes a handled failure (`onFailed` once, with a reason: the page
// steps on its own thread), never an uncaught throw; a message of a known type with damaged
// fields never throws either — it is read, or it is such a failure.

import { fc, it } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { DEFAULT_TUNING } from '../../../src/physics/world/tuning';
import type { FromWorker } from '../../../src/physicsHost/wire/protocol';
import { WorkerHost } from '../../../src/physicsHost/workerHost/workerHost';
import { hostile, prototypeName } from './generators';

/** The message types the worker sends (wire/protocol.ts). */
const TYPES = [
  'ring',
  'loaded',
  'scene',
  'reply',
  'stepped',
  'faults',
  'failed',
  'checkpoint',
  'alive',
  'slot',
  'spent',
];

/** A host over a sink that takes everything, and what it reported as failures. */
function host(): { host: WorkerHost; failures: string[] } {
  // Each failure as the detail it names: a problem of the 'failed' kind, or its kind otherwise.
  const failures: string[] = [];
  const made = new WorkerHost(
    { postMessage: () => undefined },
    { transport: 'transfer', tuning: DEFAULT_TUNING, slots: 32 },
  );
  made.onFailed = (problem) =>
    failures.push(problem.kind === 'failed' ? `failed: ${problem.detail}` : problem.kind);
  return { host: made, failures };
}

/** Whether `value`'s type is one the protocol has (a proxy that throws on reading it has none). */
function hasKnownType(value: unknown): boolean {
  try {
    return TYPES.includes(String((value as { type?: unknown }).type));
  } catch {
    return false;
  }
}

/** Not a message of the protocol: not an object, or an object whose type is none of its types. */
const notAMessage = fc.oneof(
  hostile.filter((value) => typeof value !== 'object' || value === null || !hasKnownType(value)),
  fc
    .oneof(prototypeName, fc.string(), fc.constantFrom('bogus', 'Loaded', ' stepped'))
    .map((type) => ({
      type,
    })),
  fc.constantFrom(null, undefined, 0, 'loaded', [], [{ type: 'loaded' }]),
);

/** A message of a known type with fields missing or replaced by anything. */
const damaged = fc.record(
  {
    type: fc.constantFrom(...TYPES),
    generation: fc.oneof(fc.constant(0), hostile),
    id: fc.oneof(fc.constant(1), hostile),
    step: hostile,
    scene: hostile,
    sceneDraw: hostile,
    timeline: hostile,
    hashes: hostile,
    report: hostile,
    message: hostile,
    buffer: hostile,
    value: hostile,
  },
  { requiredKeys: ['type'] },
);

describe('WorkerChannel.receive under generated messages', () => {
  it.prop([notAMessage], { numRuns: 100 })(
    'a message the protocol does not have is a handled failure, never a throw',
    (message) => {
      const { host: reader, failures } = host();
      expect(() => reader.receive(message as FromWorker)).not.toThrow();
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatch(/^failed: ./);
    },
  );

  it.prop([damaged], { numRuns: 100 })(
    'a known message with damaged fields never throws: it is read, or a failure with a reason',
    (message) => {
      const { host: reader, failures } = host();
      expect(() => reader.receive(message as unknown as FromWorker)).not.toThrow();
      expect(failures.length).toBeLessThanOrEqual(1);
      // The worker's own words for a failure it reports, else what was wrong with the message.
      for (const reason of failures) expect(reason).toMatch(/^failed: ./);
    },
  );
});
