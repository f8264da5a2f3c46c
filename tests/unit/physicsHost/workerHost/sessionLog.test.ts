// The worker's session log: what it keeps replays the same world, even when the page reuses
// one message object for every frame's request; past MAX_REPLAY_STEPS it lets go of everything.

import { describe, expect, it } from 'vitest';
import { PhysicsCore } from '../../../../src/physicsHost/core/physicsCore';
import { MAX_REPLAY_STEPS, SessionLog } from '../../../../src/physicsHost/workerHost/sessionLog';
import type { ToWorker } from '../../../../src/physicsHost/wire/protocol';

const LOAD: ToWorker = { type: 'load', generation: 1, sceneId: 'playground', count: 12, seed: 7 };

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

    const replayed = new PhysicsCore('playground', { count: 12, seed: 7 });
    log.replay(replayed);
    const direct = new PhysicsCore('playground', { count: 12, seed: 7 });
    for (let k = 0; k < 5; k++) direct.step(0.01);
    for (let k = 0; k < 4; k++) direct.step(0.02);
    expect(replayed.stepIndex).toBe(9);
    expect(replayed.hash()).toBe(direct.hash());
  });

  it('lets go of the session once it is too long to replay, until the next load', () => {
    const log = new SessionLog();
    log.record(LOAD);
    log.record({ type: 'stepTo', generation: 1, step: 10, dtSeconds: 0.01 });
    expect(log.replayable).toBe(true);
    log.record({ type: 'stepTo', generation: 1, step: MAX_REPLAY_STEPS + 1, dtSeconds: 0.02 });
    expect(log.replayable).toBe(false);
    log.record({ type: 'dragTarget', point: [0, 1, 0] });
    expect(log.replayable).toBe(false);
    log.record(LOAD);
    expect(log.replayable).toBe(true);
    expect(log.steps).toBe(0);
  });
});
