// The readers of saved states, recordings, links and dropped files (src/state, ui/fileIO.ts), fed
// generated documents: what the app wrote always loads back exactly (−0, extreme finite values,
// empty scenes, thousands of bodies), and anything else is refused by an Error naming the
// document and the field, or the caller's own error.

import { fc, it } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { Simulation } from '../../../src/app/simulation';
import { documentKind, parseJsonText } from '../../../src/state/documentKind';
import { encodeRecording } from '../../../src/state/recording';
import { parseRecording } from '../../../src/state/recordingSchema';
import { decodeShareFragment, encodeShareFragment } from '../../../src/state/shareLink';
import { encodeState, parseState } from '../../../src/state/stateSchema';
import { readDocument } from '../../../src/ui/fileIO';
import { fragmentOf } from '../../support/hostile';
import { expectRefusal, hostile, outcomeOf, prototypeName } from './generators';
import { mutated, mutationOf } from './mutations';

/** Each float of a body that a spawn sets, picked from the values JSON must carry bit for bit. */
const exactFloat = fc.oneof(
  fc.constantFrom(-0, 0, 5e-324, -5e-324, 1e-300, 0.1, 1 / 3, 2 ** 53 + 2, 123456.789),
  fc.double({ min: -1000, max: 1000, noNaN: true }),
);
const vec3 = fc.tuple(exactFloat, exactFloat, exactFloat);

/** A world the app could be in: a scene (sometimes empty), a seed, bodies spawned, steps taken. */
const world = fc.record({
  scene: fc.constantFrom('playground', 'stack', 'carousel', 'spring', 'determinism', 'pyramid'),
  count: fc.integer({ min: 0, max: 12 }),
  seed: fc.oneof(fc.nat(), fc.constantFrom(-0, 0xffffffff)),
  spawns: fc.array(
    fc.record({
      kind: fc.constantFrom('box', 'sphere', 'cylinder', 'dumbbell', 'gem'),
      position: vec3,
      velocity: vec3,
      angularVelocity: vec3,
    }),
    { maxLength: 3 },
  ),
  steps: fc.integer({ min: 0, max: 6 }),
});

type WorldSpec = typeof world extends fc.Arbitrary<infer T> ? T : never;

/** Builds the world on this thread: loaded, spawned into while paused, then stepped. */
function built(spec: WorldSpec): Simulation {
  const counted = spec.scene === 'pyramid' ? Math.max(1, spec.count % 4) : spec.count;
  const options =
    spec.scene === 'carousel' || spec.scene === 'spring'
      ? { seed: spec.seed }
      : { count: Math.max(spec.scene === 'playground' ? 0 : 1, counted), seed: spec.seed };
  const sim = new Simulation(spec.scene, options);
  sim.set({ paused: true });
  for (const body of spec.spawns) {
    sim.queue({ type: 'spawn', spec: { ...body, scale: [0.4, 0.4, 0.4] } });
    sim.applyNow();
  }
  for (let k = 0; k < spec.steps; k++) sim.singleStep();
  return sim;
}

/** JSON text through the page's own readers: a file's text, or a link's. */
function throughJson(value: unknown): unknown {
  return parseJsonText('File "x.json"', JSON.stringify(value));
}

describe('what the app wrote loads back exactly', () => {
  it.prop([world], { numRuns: 30 })(
    'a saved state: as JSON text, parsed, re-encoded bit for bit, and the same hash loaded',
    async (spec) => {
      const sim = built(spec);
      const state = encodeState(await sim.timeline.saveState());
      const back = throughJson(state);
      expect(documentKind('File "x.json"', back)).toBe('state');
      const parsed = parseState(back, sim.host.tuning);
      expect(encodeState(parsed)).toStrictEqual(state);
      expect(Object.is(parsed.scene.seed, -0)).toBe(false);
      const fresh = new Simulation('stack');
      await fresh.timeline.loadState(JSON.stringify(state));
      expect(fresh.host.bodies.hash()).toBe(sim.host.bodies.hash());
      const link = await decodeShareFragment(await encodeShareFragment('state', state));
      expect(link?.value).toStrictEqual(back);
    },
  );

  it.prop([world, fc.constantFrom('all', 'first')], { numRuns: 12 })(
    'a recording (with a load of seed −0 in it), and its link: replayed to the same end',
    async (spec, keyframes) => {
      const sim = built(spec);
      sim.set({ paused: false });
      await sim.timeline.record({ hashEvery: 1, keyframeEvery: 3 });
      for (let k = 0; k < 4; k++) sim.frame(1 / 60);
      await sim.load('stack', { count: 3, seed: -0 });
      for (let k = 0; k < 3; k++) sim.frame(1 / 60);
      const recording = encodeRecording(await sim.timeline.stopRecording({ keyframes }));
      const back = throughJson(recording);
      expect(encodeRecording(parseRecording(back, sim.host.tuning))).toStrictEqual(recording);
      const link = await decodeShareFragment(await encodeShareFragment('recording', recording));
      expect(link?.kind).toBe('recording');
      const fresh = new Simulation('playground');
      await fresh.timeline.replay(link?.value);
      fresh.set({ paused: false });
      while ((fresh.timeline.replayStatus()?.step ?? 0) < Number(recording.length)) {
        fresh.frame(1 / 60);
      }
      expect(fresh.timeline.replayStatus()?.divergence).toBeNull();
      expect(fresh.host.bodies.hash()).toBe(sim.host.bodies.hash());
    },
  );

  it('an empty world and 5,000 bodies: saved, read as text, loaded, the same hash', async () => {
    for (const [scene, count] of [
      ['playground', 0],
      ['pile', 5000],
    ] as const) {
      const sim = new Simulation(scene, { count });
      const text = JSON.stringify(encodeState(await sim.timeline.saveState()));
      const fresh = new Simulation('stack');
      await fresh.timeline.loadState(text);
      expect(fresh.drawn.snapshots.count).toBe(count);
      expect(fresh.host.bodies.hash()).toBe(sim.host.bodies.hash());
    }
  });
});

// A small state every changed document starts from.
const base = new Simulation('stack', { count: 6 });
base.singleStep();
const tuning = base.host.tuning;
const state = encodeState(await base.timeline.saveState());
await base.timeline.record({ hashEvery: 2, keyframeEvery: 4 });
for (let k = 0; k < 9; k++) base.singleStep();
const recordingDoc = encodeRecording(await base.timeline.stopRecording());

/** JSON text that no writer of ours makes: nesting past the stack, formats named like prototype members. */
const hostileJsonText = fc.oneof(
  fc
    .integer({ min: 5_000, max: 100_000 })
    .map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  prototypeName.map((name) => JSON.stringify({ format: name, version: 1 })),
  fc.constantFrom(
    '{"format":"fixed-step-sandbox/state"}',
    '{"format":"fixed-step-sandbox/recording","version":2}',
    '{"__proto__":{"format":"fixed-step-sandbox/state"}}',
  ),
);

describe('anything else is refused by name', () => {
  it.prop(
    [
      fc.oneof(
        hostile,
        mutationOf(state).map((m) => mutated(state, m)),
      ),
    ],
    { numRuns: 150 },
  )('parseState: a changed state loads, or names the field', (input) => {
    let parsed: unknown = null;
    try {
      parsed = parseState(input, tuning);
    } catch (error) {
      expectRefusal(error, /^Saved state: (the input|the text|[\w[\].]+) /);
      return;
    }
    expect(JSON.parse(JSON.stringify(encodeState(parsed as never)))).toBeTruthy();
  });

  const recordingTuning = tuning;

  it.prop(
    [
      fc.oneof(
        hostile,
        mutationOf(recordingDoc).map((m) => mutated(recordingDoc, m)),
      ),
    ],
    {
      numRuns: 100,
    },
  )('parseRecording: a changed recording replays, or names the field', (input) => {
    try {
      parseRecording(input, recordingTuning);
    } catch (error) {
      expectRefusal(error, /^Recording: (the input|the text|[\w[\].]+) /);
    }
  });

  it.prop([fc.oneof(hostile, fc.string(), fc.json())], { numRuns: 100 })(
    'documentKind and parseJsonText: a kind, or an Error naming the source',
    (value) => {
      try {
        documentKind(
          'File "x.json"',
          typeof value === 'string' ? parseJsonText('File "x.json"', value) : value,
        );
      } catch (error) {
        expectRefusal(error, /^File "x\.json" is not (JSON|a saved state or a recording)/);
      }
    },
  );

  it.prop(
    [
      fc.oneof(
        fc.string({ maxLength: 200 }),
        fc
          .string({
            unit: fc.constantFrom(...'ABCDEFabcdef0123456789-_'.split('')),
            maxLength: 300,
          })
          .map((text) => `#state=${text}`),
        fc
          .oneof(fc.json(), hostileJsonText)
          .chain((text) => fc.constantFrom('state', 'recording').map((kind) => ({ kind, text }))),
      ),
    ],
    { numRuns: 80 },
  )(
    'decodeShareFragment: no link, a document of its kind, or an Error naming the link',
    async (input) => {
      const fragment = typeof input === 'string' ? input : await fragmentOf(input.kind, input.text);
      const outcome = await outcomeOf(() => decodeShareFragment(fragment));
      if (outcome.ok) {
        const shared = outcome.value as { kind: string; value: unknown } | null;
        if (shared !== null) expect(documentKind('Link', shared.value)).toBe(shared.kind);
      } else expectRefusal(outcome.error, /^Link(:| #(state|recording)=…)/);
    },
  );

  it.prop(
    [
      fc.oneof(fc.json(), hostileJsonText, fc.string()),
      fc.string({ maxLength: 300 }),
      fc.constantFrom(null, 'state', 'recording'),
    ],
    { numRuns: 80 },
  )(
    'readDocument: a dropped or picked file is a document of its kind, or an Error naming the file',
    async (text, name, expected) => {
      const outcome = await outcomeOf(() =>
        readDocument(new File([text], name), expected as never),
      );
      if (!outcome.ok) expectRefusal(outcome.error, /^File "/);
    },
  );
});
