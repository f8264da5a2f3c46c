// A recording replays to its recorded hashes whatever frames drive the loop (30, 60, 144 Hz,
// jittered), seeks land on the same hashes back and forth, and a tampered recording reports the
// first step, body and field at which the replay parts from it.

import { describe, expect, it } from 'vitest';
import type { Simulation } from '../../../src/app/simulation';
import { PhysicsCore } from '../../../src/physicsHost/core/physicsCore';
import { encodeFloats } from '../../../src/state/fields';
import type { Recording } from '../../../src/state/recording';
import { parseStopOptions } from '../../../src/state/timeline';
import { Rng } from '../../../src/util/rng';
import { localSim } from '../physicsHost/host/localSim';
import type { LocalSim } from '../physicsHost/host/localSim';

/** A person at a 60 Hz display: spawns, a throw, removals, a drag, a rate change, a reload. */
function play({ sim, core }: Pick<LocalSim, 'sim' | 'core'>, frame: number): void {
  const physics = core.physics;
  if (frame === 10)
    sim.queue({
      type: 'spawn',
      spec: { kind: 'gem', scale: [0.5, 0.5, 0.5], position: [0, 8, 0] },
    });
  if (frame === 20) {
    sim.queue({
      type: 'spawn',
      spec: { kind: 'sphere', scale: [0.4, 0.4, 0.4], position: [-8, 3, 1], velocity: [18, 3, -1] },
    });
  }
  // A ball tossed straight up far from the pile: it meets nothing but the ground.
  if (frame === 25) {
    sim.queue({
      type: 'spawn',
      spec: { kind: 'sphere', scale: [0.3, 0.3, 0.3], position: [20, 1, 20], velocity: [0, 7, 0] },
    });
  }
  if (frame === 30) sim.queue({ type: 'remove', id: physics.idAt(3) });
  if (frame === 40) {
    const body = physics.bodies[7];
    if (body)
      sim.queue({
        type: 'dragStart',
        id: physics.idAt(7),
        point: [body.position.x, body.position.y, body.position.z],
      });
  }
  if (frame > 40 && frame < 80)
    core.commands.setDragTarget([Math.cos(frame / 9) * 2, 2 + frame / 40, Math.sin(frame / 9)]);
  if (frame === 80) sim.queue({ type: 'dragEnd' });
  if (frame === 90) sim.set({ physicsHz: 120 });
  if (frame === 100) sim.queue({ type: 'remove', id: physics.idAt(physics.count - 1) });
  if (frame === 110) sim.set({ physicsHz: 100 });
  if (frame === 125)
    sim.queue({ type: 'spawn', spec: { kind: 'dumbbell', scale: [1, 1, 1], position: [1, 6, 1] } });
}

const FRAMES = 160;

interface Original {
  recording: Recording;
  /** Hash after each recorded step (index: steps since the recording started). */
  hashes: string[];
}

function recordOriginal(
  options: Record<string, unknown> = {},
  stop: Record<string, unknown> = {},
): Original {
  const { sim, core, host } = localSim('pile', { count: 50, seed: 5 });
  for (let f = 0; f < 20; f++) sim.frame(1 / 60);
  void sim.timeline.record(options);
  const hashes = [sim.host.bodies.hash()];
  host.stepping.onStep = () => hashes.push(sim.host.bodies.hash());
  for (let f = 0; f < FRAMES; f++) {
    play({ sim, core }, f);
    sim.frame(1 / 60);
  }
  // On this thread the recording is made by the time the promise is: taken from the core.
  const recording = core.stopRecording(parseStopOptions(stop));
  return { recording, hashes };
}

/** Through JSON text, as a file or a link carries it. */
function carried(recording: Recording): unknown {
  return JSON.parse(JSON.stringify(encodeFloats(recording)));
}

function frames(hz: number): () => number {
  return () => 1 / hz;
}

function jittered(): () => number {
  const rng = new Rng(31);
  return () => (rng.next() < 0.03 ? 0.2 : rng.range(0.003, 0.035));
}

/** Replays in a fresh world driven by `next()` frames; the hash after every replayed step. */
function replay(recording: unknown, next: () => number): { sim: Simulation; hashes: string[] } {
  const { sim, host } = localSim('stack');
  void sim.timeline.replay(recording);
  const hashes = [sim.host.bodies.hash()];
  host.stepping.onStep = () => hashes.push(sim.host.bodies.hash());
  for (let f = 0; f < 5000 && !sim.settings.paused; f++) sim.frame(next());
  return { sim, hashes };
}

describe('replay at any display rate', () => {
  const original = recordOriginal();
  const length = original.recording.length;

  it('records every step, its inputs and keyframes', () => {
    expect(length).toBe(original.hashes.length - 1);
    expect(length).toBeGreaterThan(250);
    const types = new Set(original.recording.inputs.map((input) => input.type));
    for (const type of ['dt', 'spawn', 'remove', 'dragStart', 'dragMove', 'dragEnd'])
      expect(types).toContain(type);
    // The rate changed twice: three step lengths.
    expect(original.recording.inputs.filter((input) => input.type === 'dt')).toHaveLength(3);
    expect(original.recording.keyframes.map((k) => k.step)).toEqual([0, 250]);
  });

  for (const [name, next] of [
    ['30 Hz', frames(30)],
    ['60 Hz', frames(60)],
    ['144 Hz', frames(144)],
    ['jittered', jittered()],
  ] as const) {
    it(`${name} frames: the recorded hash at every step, verified to the end, paused there`, () => {
      const { sim, hashes } = replay(carried(original.recording), next);
      expect(hashes).toEqual(original.hashes);
      expect(sim.timeline.replayStatus()).toEqual({
        step: length,
        endStep: length,
        verifiedUpTo: length,
        divergence: null,
      });
      expect(sim.settings.paused).toBe(true);
    });
  }

  it('seeking back and forth lands on the recorded hashes, and play goes on from there', () => {
    const { sim, host } = localSim('tunnel');
    void sim.timeline.replay(carried(original.recording));
    for (const step of [180, 40, length, 0, 251, 249, 7, length - 1, 120]) {
      void sim.timeline.seek(step);
      expect(sim.host.bodies.hash(), `seek ${step}`).toBe(original.hashes[step]);
      expect(sim.timeline.replayStatus()?.step).toBe(step);
    }
    // Seeking to the end paused there, as a replay reaching it does.
    expect(sim.settings.paused).toBe(true);
    sim.set({ paused: false });
    const hashes: string[] = [];
    host.stepping.onStep = () => hashes.push(sim.host.bodies.hash());
    for (let f = 0; f < 30; f++) sim.frame(1 / 60);
    expect(hashes).toEqual(original.hashes.slice(121, 121 + hashes.length));
    // Half a second: 50 steps at 100 Hz, a few more where the recording ran at 120 Hz.
    expect(hashes.length).toBeGreaterThanOrEqual(50);
    expect(sim.timeline.replayStatus()?.divergence).toBeNull();
  });

  it('a recording keeping only its first keyframe seeks too (keyframes made in play)', () => {
    const small = recordOriginal({ keyframeEvery: 100 }, { keyframes: 'first' });
    expect(small.recording.keyframes).toHaveLength(1);
    const { sim } = localSim('stack');
    void sim.timeline.replay(carried(small.recording));
    for (const step of [230, 60, 199, 0, small.recording.length]) {
      void sim.timeline.seek(step);
      expect(sim.host.bodies.hash(), `seek ${step}`).toBe(small.hashes[step]);
    }
  });

  it('a scene load, a reset and a loaded state are inputs too', async () => {
    const { sim, host } = localSim('stack', { count: 12 });
    const state = new PhysicsCore('spring').saveState();
    void sim.timeline.record({ hashEvery: 1 });
    const hashes = [sim.host.bodies.hash()];
    host.stepping.onStep = () => hashes.push(sim.host.bodies.hash());
    for (let f = 0; f < 60; f++) {
      if (f === 15) sim.load('tunnel');
      if (f === 30) sim.timeline.loadState(state);
      if (f === 45) sim.reset();
      sim.frame(1 / 60);
    }
    const recording = await sim.timeline.stopRecording();
    expect(recording.inputs.map((input) => input.type).filter((type) => type !== 'dt')).toEqual([
      'load',
      'state',
      'load',
    ]);
    const copy = replay(carried(recording), frames(144));
    expect(copy.hashes).toEqual(hashes);
    expect(copy.sim.timeline.replayStatus()?.divergence).toBeNull();
  });
});

describe('the ends of a recording', () => {
  it('a spawn made while paused after the last step replays at that boundary, and the end still checks', async () => {
    const { sim } = localSim('stack', { count: 9 });
    void sim.timeline.record();
    for (let f = 0; f < 40; f++) sim.frame(1 / 60);
    sim.set({ paused: true });
    sim.queue({
      type: 'spawn',
      spec: { kind: 'box', scale: [0.2, 0.2, 0.2], position: [2, 1, 2] },
    });
    sim.frame(0);
    const recording = await sim.timeline.stopRecording();
    expect(recording.inputs.at(-1)).toMatchObject({ type: 'spawn', step: recording.length });
    const { sim: copy, core: copyCore } = localSim('tunnel');
    void copy.timeline.replay(carried(recording));
    for (let f = 0; f < 60; f++) copy.frame(1 / 60);
    expect(copy.timeline.replayStatus()).toMatchObject({
      verifiedUpTo: recording.length,
      divergence: null,
    });
    // Paused at the end, the next frame's boundary applies the spawn: the world as it was left.
    expect(copyCore.physics.count).toBe(10);
    expect(copy.host.bodies.hash()).toBe(sim.host.bodies.hash());
  });

  it('an empty recording replays to its single state and rests there', async () => {
    const { sim } = localSim('spring');
    void sim.timeline.record();
    const recording = await sim.timeline.stopRecording();
    const { sim: copy } = localSim('stack');
    void copy.timeline.replay(carried(recording));
    expect(copy.settings.paused).toBe(true);
    expect(copy.timeline.replayStatus()).toEqual({
      step: 0,
      endStep: 0,
      verifiedUpTo: 0,
      divergence: null,
    });
    expect(copy.host.bodies.hash()).toBe(sim.host.bodies.hash());
  });
});

describe('a tampered recording names the first step, body and field that differ', () => {
  const original = recordOriginal({ hashEvery: 1, keyframeEvery: 100 });
  const length = original.recording.length;

  function tampered(edit: (recording: Record<string, unknown> & Recording) => void): unknown {
    const copy = carried(original.recording) as Record<string, unknown> & Recording;
    edit(copy);
    return copy;
  }

  it('the ball tossed a little higher: from the step after it, that ball, position[1]', () => {
    let at = -1;
    let id = -1;
    const input = tampered((r) => {
      const tossIndex = r.inputs.findIndex((i) => i.type === 'spawn' && i.spec.position[0] === 20);
      const toss = r.inputs[tossIndex];
      if (toss?.type !== 'spawn' || !toss.spec.velocity) throw new Error('no toss');
      toss.spec.velocity[1] += 0.25;
      at = toss.step;
      // Ids count on from the first keyframe's nextId, one per spawn before the toss.
      const spawnsBefore = r.inputs.slice(0, tossIndex).filter((i) => i.type === 'spawn').length;
      id = (r.keyframes[0]?.state.nextId ?? Number.NaN) + spawnsBefore;
    });
    const { sim } = replay(input, frames(60));
    const status = sim.timeline.replayStatus();
    expect(status?.divergence).toEqual({ step: at + 1, body: id, field: 'position[1]' });
    expect(status?.verifiedUpTo).toBe(at);
  });

  it('an edited keyframe: its step, the edited body and field', () => {
    const input = tampered((r) => {
      const body = r.keyframes[2]?.state.bodies[5];
      if (!body) throw new Error('no body');
      body.velocity[2] = (body.velocity[2] as number) + 1e-9;
    });
    const { sim } = replay(input, frames(144));
    const kept = (original.recording.keyframes[2]?.state.bodies[5]?.id ?? -1) as number;
    expect(sim.timeline.replayStatus()).toMatchObject({
      verifiedUpTo: 199,
      divergence: { step: 200, body: kept, field: 'velocity[2]' },
    });
  });

  it('an edited hash: its step, and no body differs (the hash itself is wrong)', () => {
    const input = tampered((r) => {
      r.hashes[150] = '0123456789abcdef';
    });
    const { sim } = replay(input, frames(30));
    expect(sim.timeline.replayStatus()).toMatchObject({
      verifiedUpTo: 149,
      divergence: { step: 150, body: null, field: 'hash' },
    });
    // The replay itself is exact: it ends on the recorded end hash.
    expect(sim.host.bodies.hash()).toBe(original.recording.endHash);
    expect(length).toBeGreaterThan(200);
  });
});

describe('record, stopRecording and seek refuse bad calls and change nothing', () => {
  const { sim } = localSim('stack', { count: 9 });
  for (let f = 0; f < 10; f++) sim.frame(1 / 60);

  const BAD: [string, () => void, RegExp][] = [
    [
      'hashEvery 0',
      () => sim.timeline.record({ hashEvery: 0 }),
      /record options: hashEvery = 0 is invalid: expected an integer from 1 to 1000/,
    ],
    [
      'keyframeEvery 2.5',
      () => sim.timeline.record({ keyframeEvery: 2.5 }),
      /keyframeEvery = 2\.5 is invalid: expected an integer from 1/,
    ],
    [
      'an unknown option',
      () => sim.timeline.record({ every: 3 }),
      /options\.every is not a known field; valid fields of options are hashEvery, keyframeEvery/,
    ],
    [
      'options that are not an object',
      () => sim.timeline.record(5),
      /options = 5 is invalid: expected an object with optional hashEvery, keyframeEvery/,
    ],
    [
      'stopping when not recording',
      () => sim.timeline.stopRecording(),
      /Not recording: call record\(\) first/,
    ],
    [
      'seeking with no replay',
      () => sim.timeline.seek(3),
      /seek needs a replay: call replay\(recording\) first/,
    ],
  ];

  it.each(BAD)('%s', (_label, call, message) => {
    const hash = sim.host.bodies.hash();
    expect(call).toThrow(message);
    expect(sim.host.bodies.hash()).toBe(hash);
    expect(sim.timeline.recordingStep).toBeNull();
    expect(sim.timeline.replayStatus()).toBeNull();
  });

  it('while recording: a second record, a bad stop option; then a bad seek in a replay', async () => {
    void sim.timeline.record();
    expect(() => sim.timeline.record()).toThrow(/Already recording: call stopRecording\(\) first/);
    expect(() => sim.timeline.stopRecording({ keyframes: 'some' })).toThrow(
      /keyframes = "some" is invalid: expected one of 'all', 'first'/,
    );
    expect(() => sim.timeline.replay({})).toThrow(/Recording: call stopRecording\(\) first/);
    for (let f = 0; f < 30; f++) sim.frame(1 / 60);
    expect(sim.timeline.recordingStep).toBe(50);
    const recording = await sim.timeline.stopRecording();
    void sim.timeline.replay(recording);
    void sim.timeline.seek(20);
    const hash = sim.host.bodies.hash();
    for (const step of [-1, 1.5, 51, '3', null]) {
      expect(() => sim.timeline.seek(step), String(step)).toThrow(
        /seek: step = .* is invalid: expected an integer from 0 to 50/,
      );
    }
    expect(sim.host.bodies.hash()).toBe(hash);
    expect(sim.timeline.replayStatus()?.step).toBe(20);
  });
});
