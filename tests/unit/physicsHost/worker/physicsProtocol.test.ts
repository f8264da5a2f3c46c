import type { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { toHex } from '../../../../src/state/stateHasher';
import { PhysicsCore } from '../../../../src/physicsHost/core/physicsCore';
import type { Command } from '../../../../src/physics/world/commands';
import { SceneSnapshots } from '../../../../src/snapshot/snapshots';
import { PhysicsService } from '../../../../src/physicsHost/worker/physicsService';
import type {
  FromWorker,
  MessageSink,
  ToWorker,
  Transport,
} from '../../../../src/physicsHost/wire/protocol';
import { WorkerChannel } from '../../../../src/physicsHost/workerHost/workerChannel';
import { DEFAULT_TUNING } from '../../../../src/physics/world/tuning';
import { startTsWorker } from '../../../support/tsWorker';

const DT = 1 / 100;

/** Steps a frame of 60 Hz display asks for at 100 Hz physics: 1, 2, 2, 1, 2, 2, … */
function framePattern(frames: number): number[] {
  const out: number[] = [];
  let owed = 0;
  for (let f = 0; f < frames; f++) {
    owed += 100 / 60;
    const steps = Math.floor(owed + 1e-9);
    owed -= steps;
    out.push(steps);
  }
  return out;
}

const SPAWN: Command = {
  type: 'spawn',
  spec: { kind: 'box', scale: [0.3, 0.3, 0.3], position: [0.5, 6, 0.2], velocity: [0, -3, 1] },
  atStep: 17,
};
const THROW: Command = {
  type: 'spawn',
  spec: { kind: 'sphere', scale: [0.4, 0.4, 0.4], position: [-4, 3, 0], velocity: [12, 2, 0] },
  atStep: 40,
};

/** The same scene and commands stepped on this thread: a digest per step. */
function localHashes(steps: number, commands: Command[]): string[] {
  const core = new PhysicsCore('pile', { count: 60, seed: 3 });
  for (const command of commands) core.push(structuredClone(command));
  const hashes: string[] = [];
  for (let s = 0; s < steps; s++) {
    core.step(DT);
    hashes.push(core.hash());
  }
  return hashes;
}

/** Connects a WorkerChannel to a PhysicsService running in a real worker thread. */
function startThread(transport: Transport, onHashes: (first: number, h: Uint32Array) => void) {
  const worker: Worker = startTsWorker(new URL('./serviceThread.ts', import.meta.url), null);
  const client = new WorkerChannel(
    {
      postMessage: (message: ToWorker, transfer) =>
        worker.postMessage(message, transfer as ArrayBuffer[]),
    },
    { transport, slots: 8, hashSteps: true, tuning: DEFAULT_TUNING },
    { onStepHashes: onHashes, onFailed: (message) => failures.push(message) },
  );
  const failures: string[] = [];
  worker.on('message', (message: FromWorker) => client.receive(message));
  return { worker, client, failures };
}

const workers: Worker[] = [];
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.terminate();
});

describe.each(['shared', 'transfer'] as const)(
  'physics worker protocol, %s transport',
  (transport) => {
    it('the worker steps as asked and publishes every step: the same digests as this thread', async () => {
      const digests: string[] = [];
      const { worker, client, failures } = startThread(transport, (first, hashes) => {
        for (let k = 0; k < hashes.length / 2; k++)
          digests[first - 1 + k] = toHex(hashes[2 * k], hashes[2 * k + 1]);
      });
      workers.push(worker);
      await client.load('pile', { count: 60, seed: 3 });
      expect(client.scene?.definition.id).toBe('pile');
      const snapshots = new SceneSnapshots();
      let step = 0;
      for (const steps of framePattern(45)) {
        // Commands go out at the start of the frame whose steps they fall in.
        for (const command of [SPAWN, THROW])
          if (command.atStep >= step && command.atStep < step + steps) client.outbox.push(command);
        client.flush();
        step += steps;
        client.requestSteps(step, DT);
      }
      await client.whenCaughtUp();
      expect(failures).toEqual([]);
      expect(digests.length).toBe(step);
      expect(digests).toEqual(localHashes(step, [SPAWN, THROW]));
      // The newest step is in the ring, drawn with both snapshots and the grown body table.
      expect(client.newestStep()).toBe(step);
      expect(client.copyStep(step, snapshots)).toBeGreaterThanOrEqual(0);
      expect(snapshots.count).toBe(62);
      expect(snapshots.bodies.count).toBe(62);
      expect(Array.from(snapshots.bodies.ids.subarray(58, 62))).toEqual([58, 59, 60, 61]);
    });

    it('a step the ring no longer holds is refused, never copied from another step', async () => {
      const { worker, client } = startThread(transport, () => undefined);
      workers.push(worker);
      await client.load('pile', { count: 20, seed: 1 });
      client.requestSteps(30, DT);
      await client.whenCaughtUp();
      const out = new SceneSnapshots();
      // Eight slots: steps 23–30 are there, step 10 was overwritten long ago.
      expect(client.copyStep(30, out)).toBeGreaterThanOrEqual(0);
      expect(client.copyStep(23, out)).toBeGreaterThanOrEqual(0);
      expect(client.copyStep(10, out)).toBe(-1);
    });
  },
);

/** Both ends on this thread, with every message delivered by hand: order and timing are ours. */
function wired() {
  const toService: ToWorker[] = [];
  const toClient: FromWorker[] = [];
  const service = new PhysicsService({
    postMessage: (message: FromWorker) => toClient.push(message),
  } satisfies MessageSink<FromWorker>);
  const client = new WorkerChannel(
    { postMessage: (message: ToWorker) => toService.push(message) },
    { transport: 'transfer', slots: 4, tuning: DEFAULT_TUNING },
    {},
  );
  const deliver = (): void => {
    while (toService.length > 0 || toClient.length > 0) {
      const down = toService.shift();
      if (down) service.handle(down);
      const up = toClient.shift();
      if (up) client.receive(up);
    }
  };
  return { service, client, deliver, toService, toClient };
}

describe('physics worker protocol, late and out-of-order messages', () => {
  it('steps of an older load that arrive after a new one was asked for are never drawn', async () => {
    const { client, deliver, toService } = wired();
    const first = client.load('pile', { count: 10, seed: 1 });
    deliver();
    await first;
    // A step request and then a second load go out before the worker has run either: the
    // worker does the old request first (messages keep their order) and publishes its steps.
    client.requestSteps(5, DT);
    const second = client.load('stack');
    // (The first steps of a load also ask for its first checkpoint.)
    const sent = toService.map((message) => message.type).filter((type) => type !== 'checkpoint');
    expect(sent).toEqual(['stepTo', 'load']);
    deliver();
    await second;
    const out = new SceneSnapshots();
    expect(client.copyStep(5, out)).toBe(-1);
    expect(client.newestStep()).toBe(0);
    expect(client.copyStep(0, out)).toBeGreaterThanOrEqual(0);
    expect(client.scene?.definition.id).toBe('stack');
    expect(out.count).toBe(36);
  });

  it('a step request for an older load does nothing in the worker', async () => {
    const { client, deliver, toService } = wired();
    const loaded = client.load('pile', { count: 10, seed: 1 });
    deliver();
    await loaded;
    client.requestSteps(5, DT);
    const at = toService.findIndex((message) => message.type === 'stepTo');
    const [stale] = toService.splice(at, 1);
    if (!stale || stale.type !== 'stepTo') throw new Error('expected a step request');
    const reload = client.load('pile', { count: 10, seed: 1 });
    deliver();
    await reload;
    toService.push(stale);
    deliver();
    expect(client.newestStep()).toBe(0);
  });

  it('a command whose step has passed applies at the next boundary, as on the main thread', async () => {
    const { client, deliver } = wired();
    const loaded = client.load('pile', { count: 10, seed: 1 });
    deliver();
    await loaded;
    client.requestSteps(8, DT);
    deliver();
    client.outbox.push({ ...SPAWN, atStep: 3 });
    client.flush();
    client.requestSteps(9, DT);
    deliver();
    const out = new SceneSnapshots();
    expect(client.copyStep(9, out)).toBeGreaterThanOrEqual(0);
    expect(out.count).toBe(11);
    const core = new PhysicsCore('pile', { count: 10, seed: 1 });
    for (let s = 0; s < 8; s++) core.step(DT);
    core.push({ ...SPAWN, atStep: 3 });
    core.step(DT);
    expect(out.current.position.subarray(0, 33)).toEqual(
      core.snapshots.current.position.subarray(0, 33),
    );
  });

  it('a bad load is refused on the page at once, and the worker is never asked', () => {
    const { client, toService } = wired();
    expect(() => client.load('nowhere')).toThrow(/Unknown scene "nowhere"/);
    expect(() => client.load('pile', { count: -3 })).toThrow(/count = -3 is invalid/);
    expect(toService.filter((message) => message.type === 'load')).toEqual([]);
  });
});
