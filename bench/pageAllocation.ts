// Bytes the page's whole per-frame path allocates, in Node: requestAnimationFrame → frame driver
// → BrowserApp.frame (loop, steps, snapshots, interpolation, stats, stutter meter) → view
// compositor (instance matrices, real three.js, no renderer) → HUD, with pointer drags through
// the input and action layers — on this thread, and with physics behind the worker protocol.

import type { World } from 'cannon-es';
import type { BrowserApp } from '../src/app/browserApp';
import { LocalHost } from '../src/physicsHost/host/localHost';
import type { PhysicsService } from '../src/physicsHost/worker/physicsService';
import type { FromWorker, ToWorker } from '../src/physicsHost/wire/protocol';
import type { FakePage } from '../tests/fakes/fakeDom';
import { installFakeDom } from '../tests/fakes/fakeDom';
import type { AllocationResult } from './heapMeasure';
import { sampledBytesPerCall, withoutCannonStep } from './heapMeasure';

/** A 60 Hz display: 100 Hz physics then takes 1, 2, 2, … steps a frame. */
const FRAME_MS = 1000 / 60;
/** Frames sampled with cannon-es's world.step running (20 s of display at 60 Hz). */
const WHOLE_FRAMES = 1200;
/** Frames sampled with world.step held still: the project's own path, where a lone box shows. */
const OWN_FRAMES = 20_000;

/** The page, driven by hand: each `frame()` is one animation frame, `move()` one pointer move. */
interface DrivenPage {
  app: BrowserApp;
  page: FakePage;
  frame(): void;
  /** A pointer move over the canvas (a drag while a body is held), then a frame. */
  dragFrame(): void;
  /** Steps taken so far (the loop's count). */
  steps(): number;
  /** The cannon-es world the page's physics steps (on this thread or the worker's). */
  world(): World;
}

export async function buildPage(worker: boolean): Promise<DrivenPage> {
  const page = installFakeDom();
  const { BrowserApp } = await import('../src/app/browserApp');
  const { bindInput } = await import('../src/ui/input');
  const canvas = page.document.createElement('canvas');
  page.document.body.appendChild(canvas);
  const { Hud } = await import('../src/ui/hud');
  const { Messages } = await import('../src/ui/messages');
  const root = page.document.body as unknown as HTMLElement;
  const hud = new Hud(root);
  const messages = new Messages(root);
  const app = new BrowserApp(canvas as unknown as HTMLCanvasElement, 'playground', {}, (text) =>
    messages.show(text),
  );
  app.onFrameShown = (nowMs, force) => hud.update(nowMs, app, force);
  // The page's clock: each frame's timestamp boxed ahead of time (the browser hands
  // requestAnimationFrame a number it made, and performance.now() makes one per call: neither
  // is the project's). The clock stands still within a frame. Node's own performance.now()
  // builds an array each call; what it costs is its own row.
  const frameTimes = boxedFrameTimes(1000);
  let frameIndex = 0;
  let now = frameTimes[0];
  const nowMs = (): number => now as number;
  app.sim.nowMs = nowMs;
  const remote = worker ? await useInProcessWorker(app, nowMs) : null;
  const deliver = remote ? remote.deliver : null;
  bindInput(app.actions, canvas as unknown as HTMLCanvasElement, {
    throwShape: () => 'box',
    onSettingsChanged: () => undefined,
  });
  app.actions.track(0);
  app.start();
  const frame = (): void => {
    if (++frameIndex === frameTimes.length) throw new Error('More frames than the bench prepared.');
    now = frameTimes[frameIndex];
    // The worker's answers arrive between frames.
    deliver?.();
    if (!page.runAnimationFrame(now as number)) {
      throw new Error('The page asked for no animation frame.');
    }
  };
  // A settled pile: the bodies fall, land and most fall asleep.
  // Past MAX_REPLAY_STEPS, after which the worker's session log stops recording (30 s).
  for (let f = 0; f < 2000; f++) frame();
  const move = { clientX: 640, clientY: 360, pointerId: 1, pointerType: 'mouse', button: 0 };
  grabBody(app, canvas, move);
  let k = 0;
  const dragFrame = (): void => {
    // A small circle around the grab point: the target changes every move.
    move.clientX += (k & 2) - 1;
    move.clientY += ((k + 1) & 2) - 1;
    k++;
    canvas.dispatch('pointermove', move);
    frame();
  };
  for (let f = 0; f < 300; f++) dragFrame();
  return {
    app,
    page,
    frame,
    dragFrame,
    steps: () => app.sim.host.stepping.nextStep,
    world: remote ? remote.world : () => pageWorld(app),
  };
}

/** The cannon-es world of a page whose physics steps on its own thread. */
function pageWorld(app: BrowserApp): World {
  const host = app.sim.host;
  if (!(host instanceof LocalHost)) throw new Error('The page steps its physics in a worker.');
  return host.core.physics.world;
}

/** Frames one page is driven for, warm-up and every measuring window included. */
const MAX_FRAMES = 150_000;

/**
 * Frame timestamps from `startMs` at 60 Hz, each already a boxed number: the array holds tagged
 * values (its first slot held a string), so reading one hands on the number it holds.
 */
function boxedFrameTimes(startMs: number): readonly unknown[] {
  const times: unknown[] = ['tagged'];
  for (let f = 1; f <= MAX_FRAMES; f++) times.push(startMs + f * FRAME_MS);
  times.shift();
  return times;
}

/** Presses the pointer on the first body drawn at the canvas's centre line (a real pick). */
function grabBody(
  app: BrowserApp,
  canvas: { dispatch(type: string, event: unknown): void },
  event: { clientX: number; clientY: number },
): void {
  for (let x = 0; x < 1280; x += 8) {
    for (let y = 100; y < 720; y += 8) {
      if (!app.actions.pick(x, y)) continue;
      event.clientX = x;
      event.clientY = y;
      canvas.dispatch('pointerdown', event);
      return;
    }
  }
  throw new Error('No body under any pixel: the drag cannot be measured.');
}

/** Messages waiting for the other side, in order (a fixed array: queueing allocates nothing). */
class MessageQueue<T> {
  private readonly items: (T | null)[] = new Array<T | null>(256).fill(null);
  private count = 0;

  post(message: T): void {
    if (this.count === this.items.length) throw new Error('More than 256 messages in flight.');
    this.items[this.count++] = message;
  }

  /** Hands every waiting message to `receive`; true if there were any. */
  drain(receive: (message: T) => void): boolean {
    const count = this.count;
    for (let i = 0; i < count; i++) {
      receive(this.items[i] as T);
      this.items[i] = null;
    }
    // Messages posted while draining moved in behind: none are, since each side posts to the other.
    this.count = 0;
    return count > 0;
  }
}

/**
 * Hands the app's physics to a PhysicsService in this thread. Messages wait in queues and are
 * delivered between frames, as a worker's are; they are not cloned (what postMessage itself
 * copies is the browser's, outside any JavaScript the project runs).
 */
async function useInProcessWorker(
  app: BrowserApp,
  nowMs: () => number,
): Promise<{ deliver: () => void; world: () => World }> {
  const { WorkerHost } = await import('../src/physicsHost/workerHost/workerHost');
  const { PhysicsService } = await import('../src/physicsHost/worker/physicsService');
  const toWorker = new MessageQueue<ToWorker>();
  const toPage = new MessageQueue<FromWorker>();
  const service = new PhysicsService({ postMessage: (message) => toPage.post(message) }, nowMs);
  const host = new WorkerHost(
    { postMessage: (message) => toWorker.post(message) },
    { transport: 'shared', tuning: app.sim.host.tuning, clockMs: nowMs },
  );
  const toService = (message: ToWorker): void => service.handle(message);
  const toPhysics = (message: FromWorker): void => host.receive(message);
  const deliver = (): void => {
    let moved = true;
    while (moved) moved = toWorker.drain(toService) || toPage.drain(toPhysics);
  };
  const built = app.sim.useHost(host, 'build');
  deliver();
  await built;
  return { deliver, world: () => serviceWorld(service) };
}

/** The cannon-es world a physics service steps (a bench may hold its step still). */
function serviceWorld(service: PhysicsService): World {
  const core = service.core;
  if (!core) throw new Error('The physics service has built no scene.');
  return core.physics.world;
}

/**
 * The page's frame in steady state, with and without a drag, on this thread and with physics
 * behind the worker protocol: once as it runs (cannon-es's world.step included), once with only
 * world.step held still — the project's own bytes, the figure whose goal is 0. Sampled (see
 * sampledBytesPerCall): a heap delta also counts what the JIT compiles now and then.
 */
export async function benchPageAllocation(): Promise<AllocationResult[]> {
  const results: AllocationResult[] = [];
  for (const worker of [false, true]) {
    const driven = await buildPage(worker);
    const thread = worker ? 'worker protocol' : 'main thread';
    for (const [what, call] of [
      ['frame', driven.frame],
      ['frame with a drag', driven.dragFrame],
    ] as const) {
      const whole = await sampledBytesPerCall(call, WHOLE_FRAMES);
      const own = await withoutCannonStep(driven.world(), async () => {
        // Warm up until V8 has optimised the path again (unoptimised code boxes every double).
        for (let f = 0; f < 3000; f++) call();
        return sampledBytesPerCall(call, OWN_FRAMES);
      });
      results.push({
        label: `page ${what}, ${thread} (playground), world.step included`,
        bytes: whole,
        per: 'frame',
      });
      results.push({
        label: `project page ${what}, ${thread} (playground)`,
        bytes: own,
        per: 'frame',
      });
    }
  }
  return results;
}
