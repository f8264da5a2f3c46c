// Bad saved states: every kind of wrong input is refused with an Error that names the field (by
// its path) and what is valid, and the world it was offered to is left exactly as it was.

import { describe, expect, it } from 'vitest';
import { DEFAULT_TUNING } from '../../../src/physics/world/tuning';
import { encodeFloats } from '../../../src/state/fields';
import { MAX_STATE_BODIES, MAX_STATE_CHARS } from '../../../src/state/stateSchema';
import { localSim } from '../physicsHost/host/localSim';

type Json = Record<string, unknown> & { bodies: Record<string, unknown>[] };

/** A playground mid-flight with a drag held and a spawn queued, as JSON-ready data. */
function goodState(): Json {
  const { sim, core } = localSim('playground', { count: 12, seed: 4 });
  for (let k = 0; k < 30; k++) sim.singleStep();
  sim.queue({ type: 'dragStart', id: core.physics.idAt(11), point: [1, 2, 3] });
  sim.singleStep();
  sim.queue(
    { type: 'spawn', spec: { kind: 'box', scale: [0.3, 0.3, 0.3], position: [0, 5, 0] } },
    90,
  );
  return JSON.parse(JSON.stringify(encodeFloats(core.saveState()))) as Json;
}

function edited(edit: (state: Json) => void): Json {
  const state = goodState();
  edit(state);
  return state;
}

const body = (state: Json, k: number): Record<string, unknown> =>
  state.bodies[k] as Record<string, unknown>;

/** [what, input, the message must match]. */
const BAD: [string, () => unknown, RegExp][] = [
  ['text that is not JSON', () => 'not a state {', /the text is not JSON/],
  ['null', () => null, /the input = null is invalid: expected a saved state/],
  ['a number', () => 42, /the input = 42 is invalid: expected a saved state/],
  ['an array', () => [], /the input = \[\] is invalid/],
  ['{}', () => ({}), /format = undefined is invalid: expected 'fixed-step-sandbox\/state'/],
  [
    'another document',
    () => edited((s) => (s.format = 'fixed-step-sandbox/recording')),
    /format = "fixed-step-sandbox\/recording"/,
  ],
  [
    'a future version',
    () => edited((s) => (s.version = 2)),
    /version = 2 is invalid: expected 1: it was written by a newer build/,
  ],
  [
    'an unknown version',
    () => edited((s) => (s.version = 0)),
    /version = 0 is invalid: expected 1/,
  ],
  [
    'a version as text',
    () => edited((s) => (s.version = '1')),
    /version = "1" is invalid: expected 1/,
  ],
  [
    'a missing field',
    () => edited((s) => delete (s as Record<string, unknown>).bodies),
    /bodies is missing/,
  ],
  [
    'an extra field',
    () => edited((s) => (s.cheats = true)),
    /cheats is not a known field; valid fields of state are format, version/,
  ],
  [
    'an extra body field',
    () => edited((s) => (body(s, 2).colour = 'red')),
    /bodies\[2\]\.colour is not a known field/,
  ],
  [
    'a missing body field',
    () => edited((s) => delete body(s, 4).torque),
    /bodies\[4\]\.torque is missing/,
  ],
  [
    'a wrong type',
    () => edited((s) => (body(s, 3).velocity = 'fast')),
    /bodies\[3\]\.velocity = "fast" is invalid: expected an array of 3 finite numbers/,
  ],
  [
    'NaN',
    () => edited((s) => ((body(s, 3).velocity as unknown[])[1] = Number.NaN)),
    /bodies\[3\]\.velocity\[1\] = NaN is invalid: expected a finite number/,
  ],
  [
    'Infinity',
    () => edited((s) => ((body(s, 0).angularVelocity as unknown[])[2] = Infinity)),
    /bodies\[0\]\.angularVelocity\[2\] = Infinity is invalid/,
  ],
  [
    'null for a number (JSON of NaN)',
    () => edited((s) => ((body(s, 1).force as unknown[])[0] = null)),
    /bodies\[1\]\.force\[0\] = null is invalid: expected a finite number/,
  ],
  [
    'out of the world',
    () => edited((s) => ((body(s, 5).position as unknown[])[1] = 2e5)),
    /bodies\[5\]\.position\[1\] = 200000 is invalid: expected a finite number from -100000 to 100000/,
  ],
  [
    'not a rotation',
    () => edited((s) => (body(s, 6).quaternion = [0, 0, 0.5, 0.5])),
    /bodies\[6\]\.quaternion = \[0,0,0\.5,0\.5\] is invalid: expected a unit quaternion/,
  ],
  [
    'a negative size',
    () => edited((s) => (body(s, 7).scale = [-1, 0.2, 0.2])),
    /bodies\[7\]\.scale\[0\] = -1 is invalid: expected a finite number from 0 \(exclusive\) to 50/,
  ],
  [
    'an unknown kind',
    () => edited((s) => (body(s, 7).kind = 'cube')),
    /bodies\[7\]\.kind = "cube" is invalid: expected one of 'box', 'sphere'/,
  ],
  [
    'an unknown sleep state',
    () => edited((s) => (body(s, 8).sleepState = 'dozing')),
    /bodies\[8\]\.sleepState = "dozing" is invalid: expected one of 'awake', 'sleepy', 'sleeping'/,
  ],
  [
    'a sleep timer in the future',
    () => edited((s) => (body(s, 8).timeLastSleepy = 999)),
    /bodies\[8\]\.timeLastSleepy = 999 is invalid: expected a finite number from 0 to/,
  ],
  [
    'a repeated id',
    () => edited((s) => (body(s, 9).id = body(s, 8).id)),
    /bodies\[9\]\.id = \d+ is invalid: expected an id no other body has/,
  ],
  [
    'an id past nextId',
    () => edited((s) => (body(s, 9).id = 500)),
    /bodies\[9\]\.id = 500 is invalid: expected an id below nextId/,
  ],
  [
    'a physics rate out of range',
    () => edited((s) => (s.physicsHz = 1000)),
    /physicsHz = 1000 is invalid: expected a finite number from 5 to 240/,
  ],
  [
    'an unknown scene',
    () => edited((s) => ((s.scene as Record<string, unknown>).id = 'moon')),
    /scene\.id = "moon" is invalid: expected one of 'playground'/,
  ],
  [
    'a count out of range',
    () => edited((s) => ((s.scene as Record<string, unknown>).count = 5000)),
    /scene\.count = 5000 is invalid: expected an integer from 0 to 1000/,
  ],
  [
    'a negative seed',
    () => edited((s) => ((s.scene as Record<string, unknown>).seed = -1)),
    /scene\.seed = -1 is invalid: expected an integer from 0 to 4294967295/,
  ],
  [
    'another tuning',
    () => edited((s) => ((s.tuning as Record<string, unknown>).solverIterations = 20)),
    new RegExp(
      `tuning\\.solverIterations = 20 is invalid: expected ${DEFAULT_TUNING.solverIterations}, this world's setting`,
    ),
  ],
  [
    'a negative step',
    () => edited((s) => (s.step = -1)),
    /step = -1 is invalid: expected an integer from 0/,
  ],
  [
    'an order that repeats a body',
    () => edited((s) => ((s.worldOrder as number[])[1] = (s.worldOrder as number[])[0] as number)),
    /worldOrder\[1\] = \d+ is invalid: expected a position not listed before/,
  ],
  [
    'an order of the wrong length',
    () => edited((s) => (s.broadphaseOrder as number[]).pop()),
    /broadphaseOrder = .* is invalid: expected \d+ body positions/,
  ],
  [
    'a drag of a body that is not there',
    () => edited((s) => ((s.drag as Record<string, unknown>).id = 77)),
    /drag\.id = 77 is invalid: expected the id of a moving/,
  ],
  [
    'a command of an unknown type',
    () =>
      edited(
        (s) => ((s.commands as Record<string, unknown>[])[0] = { type: 'explode', atStep: 90 }),
      ),
    /commands\[0\]\.type = "explode" is invalid: expected one of 'spawn', 'remove'/,
  ],
  [
    'a command with a bad spec',
    () =>
      edited(
        (s) =>
          ((
            (s.commands as Record<string, unknown>[])[0] as { spec: { scale: unknown } }
          ).spec.scale = [0.3, 'big', 0.3]),
      ),
    /commands\[0\]\.spec\.scale\[1\] = "big" is invalid/,
  ],
  [
    'a command at a negative step',
    () =>
      edited(
        (s) => (((s.commands as Record<string, unknown>[])[0] as { atStep: number }).atStep = -5),
      ),
    /commands\[0\]\.atStep = -5 is invalid: expected an integer from 0/,
  ],
  [
    'more bodies than the limit',
    () =>
      edited(
        (s) =>
          (s.bodies = new Array<Record<string, unknown>>(MAX_STATE_BODIES + 1).fill(body(s, 0))),
      ),
    new RegExp(
      `bodies has ${MAX_STATE_BODIES + 1} items; at most ${MAX_STATE_BODIES} bodies are allowed`,
    ),
  ],
  [
    'text longer than the limit',
    () => ' '.repeat(MAX_STATE_CHARS + 1),
    new RegExp(`the text is ${MAX_STATE_CHARS + 1} characters long; at most ${MAX_STATE_CHARS}`),
  ],
];

describe('loadState refuses bad input, names the field, changes nothing', () => {
  const { sim, core } = localSim('pile', { count: 40, seed: 2 });
  for (let k = 0; k < 20; k++) sim.singleStep();
  sim.queue({ type: 'remove', id: 3 }, 50);

  it.each(BAD)('%s', (_label, input, message) => {
    const before = core.saveState();
    const hash = sim.host.bodies.hash();
    expect(() => sim.timeline.loadState(input())).toThrow(message);
    expect(core.saveState()).toEqual(before);
    expect(sim.host.bodies.hash()).toBe(hash);
    // And it keeps running.
    const report = sim.frame(0.05);
    expect(report.steps).toBe(5);
  });

  it('the good state the table edits loads (so each failure above is the edit)', () => {
    const { sim: other, core: otherCore } = localSim('stack');
    other.timeline.loadState(goodState());
    expect(other.scene.definition.id).toBe('playground');
    expect(otherCore.commands.dragging).toBe(true);
    expect(otherCore.commands.pending).toBe(1);
  });
});

describe('−0 survives JSON', () => {
  it('encodes −0 as "-0" and nothing else', () => {
    expect(encodeFloats({ a: [-0, 0, 1.5, -2], b: 'x', c: null, d: true })).toEqual({
      a: ['-0', 0, 1.5, -2],
      b: 'x',
      c: null,
      d: true,
    });
  });

  it('a body whose velocity is −0 hashes the same after a JSON round trip', () => {
    const { sim, core } = localSim('stack', { count: 6 });
    sim.set({ paused: true });
    sim.queue({
      type: 'spawn',
      spec: { kind: 'sphere', scale: [0.3, 0.3, 0.3], position: [3, 1, 3], velocity: [-0, -0, -0] },
    });
    sim.frame(0);
    const state = core.saveState();
    expect(Object.is(state.bodies[6]?.velocity[0], -0)).toBe(true);
    const { sim: copy, core: copyCore } = localSim('playground');
    copy.timeline.loadState(JSON.stringify(encodeFloats(state)));
    expect(copy.host.bodies.hash()).toBe(sim.host.bodies.hash());
    expect(Object.is(copyCore.saveState().bodies[6]?.velocity[2], -0)).toBe(true);
  });
});
