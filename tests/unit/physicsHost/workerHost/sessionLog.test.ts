// The worker's session log and its replay: what it keeps replays the same world, even when the
// page reuses one message object for every frame's request; a checkpoint adopted starts it
// afresh; a freeze caps what was sent before it at the step shown and replays the rest whole.

import { describe, expect, it } from 'vitest';
import { PhysicsCore } from '../../../../src/physicsHost/core/physicsCore';
import { LogReplay } from '../../../../src/physicsHost/workerHost/logReplay';
import { SessionLog } from '../../../../src/physicsHost/workerHost/sessionLog';
import type { ToWorker } from '../../../../src/physicsHost/wire/protocol';
import { DEFAULT_TUNING } from '../../../../src/physics/world/tuning';

const LOAD: ToWorker = { type: 'load', generation: 1, sceneId: 'playground', count: 12, seed: 7 };

/** The log replayed to its end in one go. */
function replayed(log: SessionLog): PhysicsCore {
  const replay = new LogReplay(log, DEFAULT_TUNING, () => undefined);
  expect(replay.run(Infinity, () => 0)).toBe(true);
  if (!replay.core) throw new Error('nothing rebuilt');
  return replay.core;
}

describe('SessionLog', () => {
  it('keeps copies: a request object reused and changed after sending replays as sent', () => {
    const log = new SessionLog();
    log.record(LOAD);
    const request: Extract<ToWorker, { type: 'stepTo' }> = {
      type: 'stepTo',
      generation: 1,
      step: 5,
      dtSeconds: 0.01,
    };
    log.record(request);
    request.step = 9;
    request.dtSeconds = 0.02;
    log.record(request);

    const direct = new PhysicsCore('playground', { count: 12, seed: 7 });
    for (let k = 0; k < 5; k++) direct.step(0.01);
    for (let k = 0; k < 4; k++) direct.step(0.02);
    const core = replayed(log);
    expect(core.stepIndex).toBe(9);
    expect(core.hash()).toBe(direct.hash());
  });

  it('starts at an adopted checkpoint: only what came after it is kept, and it replays the same world', () => {
    const log = new SessionLog();
    log.record(LOAD);
    const worker = new PhysicsCore('playground', { count: 12, seed: 7 });
    log.record({ type: 'stepTo', generation: 1, step: 300, dtSeconds: 0.01 });
    for (let k = 0; k < 300; k++) worker.step(0.01);
    log.record({ type: 'checkpoint', id: 4, have: null });
    const checkpoint = structuredClone(worker.checkpoint(null));
    const spawn = {
      type: 'spawn' as const,
      spec: {
        kind: 'box' as const,
        scale: [0.5, 0.5, 0.5] as [number, number, number],
        position: [0, 5, 0] as [number, number, number],
      },
      atStep: 310,
    };
    log.record({ type: 'commands', commands: [spawn] });
    worker.push(structuredClone(spawn));
    log.record({ type: 'stepTo', generation: 1, step: 400, dtSeconds: 0.01 });
    for (let k = 0; k < 100; k++) worker.step(0.01);

    expect(log.adopt(4, checkpoint)).toBe(true);
    expect(log.start?.type).toBe('checkpoint');
    expect(log.messages.map((m) => m.type)).toEqual(['commands', 'stepTo']);
    const replay = new LogReplay(log, DEFAULT_TUNING, () => undefined);
    expect(replay.run(Infinity, () => 0)).toBe(true);
    expect(replay.stepsTaken).toBe(100);
    expect(replay.core?.hash()).toBe(worker.hash());
    // A checkpoint whose request has left the log (a load since) is not adopted.
    log.record(LOAD);
    expect(log.adopt(4, checkpoint)).toBe(false);
  });

  it('a freeze: steps sent before it go only to the step shown; requests after it go whole, never merged into one before', () => {
    const log = new SessionLog();
    log.record(LOAD);
    log.record({ type: 'stepTo', generation: 1, step: 50, dtSeconds: 0.01 });
    log.freeze(42);
    log.record({ type: 'stepTo', generation: 1, step: 45, dtSeconds: 0.01 });
    expect(log.messages).toHaveLength(2);
    const direct = new PhysicsCore('playground', { count: 12, seed: 7 });
    for (let k = 0; k < 45; k++) direct.step(0.01);
    const core = replayed(log);
    expect(core.stepIndex).toBe(45);
    expect(core.hash()).toBe(direct.hash());
  });

  it('replays a slice at a time: each call stops at its deadline and the next goes on', () => {
    const log = new SessionLog();
    log.record(LOAD);
    log.record({ type: 'stepTo', generation: 1, step: 30, dtSeconds: 0.01 });
    const replay = new LogReplay(log, DEFAULT_TUNING, () => undefined);
    // A made-up clock: each reading is a millisecond later.
    let nowMs = 0;
    const clock = (): number => nowMs++;
    let slices = 1;
    let startMs = nowMs;
    while (!replay.run(startMs + 5, clock)) {
      // Each slice ends at its deadline: five readings, and the one that found it passed.
      expect(nowMs - startMs).toBeLessThanOrEqual(6);
      startMs = nowMs;
      slices++;
    }
    expect(slices).toBeGreaterThanOrEqual(5);
    expect(replay.core?.stepIndex).toBe(30);
  });

  it('restores a checkpoint a body at a time: a large world spans many short slices, the same world at the end', () => {
    const worker = new PhysicsCore('pile', { count: 300, seed: 4 });
    for (let k = 0; k < 40; k++) worker.step(0.01);
    const log = new SessionLog();
    log.record({ type: 'load', generation: 1, sceneId: 'pile', count: 300, seed: 4 });
    log.record({ type: 'stepTo', generation: 1, step: 40, dtSeconds: 0.01 });
    log.record({ type: 'checkpoint', id: 1, have: null });
    expect(log.adopt(1, structuredClone(worker.checkpoint(null)))).toBe(true);
    const replay = new LogReplay(log, DEFAULT_TUNING, () => undefined);
    let nowMs = 0;
    const clock = (): number => nowMs++;
    let slices = 1;
    let startMs = nowMs;
    while (!replay.run(startMs + 20, clock)) {
      expect(nowMs - startMs).toBeLessThanOrEqual(21);
      startMs = nowMs;
      slices++;
    }
    expect(slices).toBeGreaterThanOrEqual(300 / 21);
    expect(replay.stepsTaken).toBe(0);
    expect(replay.core?.hash()).toBe(worker.hash());
  });
});
