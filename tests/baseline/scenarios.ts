// Runs that pin the physics the page asks for, step by step: every scene from its load, a session
// of commands and drags, and a session of save/load/record/replay/seek. Each run writes the
// step and state hash at checkpoints; tests/baseline/hashes.json holds what they gave before
// the physics host refactor, and tests/unit/app/baseline.test.ts compares against it.

/** What the runs drive: a Simulation (physics on this thread or in a worker). */
export interface BaselineSim {
  frameAndWait(frameSeconds: number): Promise<unknown>;
  queue(action: BaselineAction): unknown;
  setDragTarget(point: ArrayLike<number>): void;
  idAt(index: number): number;
  hash(): string;
  readonly publishedStep: number;
  set(patch: Record<string, unknown>): void;
  load(sceneId: string, options: { count?: number; seed?: number }): Promise<void>;
  saveState(): Promise<unknown>;
  loadState(state: unknown): Promise<void>;
  record(options: unknown): Promise<void>;
  stopRecording(): Promise<unknown>;
  replay(recording: unknown): Promise<void>;
  seek(step: number): Promise<void>;
}

/** A command as the runs queue it (the shape of physics/world/commands' CommandAction). */
export type BaselineAction =
  | { type: 'spawn'; spec: Record<string, unknown> }
  | { type: 'remove'; id: number }
  | { type: 'dragStart'; id: number; point: [number, number, number] }
  | { type: 'dragEnd' };

/** One checkpoint: a label, the step published then and the state hash. */
export type Checkpoint = [label: string, step: number, hash: string];

/** tests/baseline/hashes.json: the runs' checkpoints, recorded at `commit` under `tuning`. */
export interface BaselineFixture {
  commit: string;
  tuning: Record<string, unknown>;
  seed: number;
  counts: Record<string, number>;
  runs: Record<string, Checkpoint[]>;
}

/**
 * Body counts: each scene's default where it builds and steps quickly, smaller for the four
 * large scenes (default counts 300–1000) so both threads run every scene in a few seconds.
 */
export const SCENE_COUNTS: Record<string, number | undefined> = {
  playground: undefined,
  stack: undefined,
  dominoes: undefined,
  pile: 120,
  carousel: undefined,
  spring: undefined,
  tunnel: undefined,
  determinism: undefined,
  rain: 150,
  tower: 150,
  avalanche: 150,
};

const FRAME = 1 / 60;
/** Frames after which a scene run is checked: 1, 2 steps in, then ~0.2, 1 and 2.5 s on. */
const SCENE_CHECKS = new Set([1, 2, 12, 60, 150]);

function check(sim: BaselineSim, label: string, out: Checkpoint[]): void {
  out.push([label, sim.publishedStep, sim.hash()]);
}

/** A scene from its load: 150 frames at 60 Hz (250 steps), checked along the way. */
export async function sceneRun(sim: BaselineSim, seed: number): Promise<Checkpoint[]> {
  const out: Checkpoint[] = [];
  check(sim, 'loaded', out);
  for (let frame = 1; frame <= 150; frame++) {
    await sim.frameAndWait(FRAME);
    if (SCENE_CHECKS.has(frame)) check(sim, `frame ${frame} seed ${seed}`, out);
  }
  return out;
}

/** Jittered 60 Hz frames, the same every run. */
function jitteredFrame(frame: number): number {
  return FRAME * (1 + 0.3 * Math.sin(frame * 1.7));
}

/**
 * A session of inputs on the loaded pile: a drop, a throw, a removal, a drag that pulls a body up
 * over twenty frames and lets go, and a pause with a spawn applied while paused.
 */
export async function inputRun(sim: BaselineSim): Promise<Checkpoint[]> {
  const out: Checkpoint[] = [];
  for (let frame = 0; frame < 110; frame++) {
    if (frame === 7)
      sim.queue({
        type: 'spawn',
        spec: { kind: 'box', scale: [0.4, 0.3, 0.3], position: [0.3, 7, -0.2] },
      });
    if (frame === 19)
      sim.queue({
        type: 'spawn',
        spec: {
          kind: 'sphere',
          scale: [0.35, 0.35, 0.35],
          position: [-6, 3, 0],
          velocity: [14, 3, 0.5],
        },
      });
    if (frame === 31) sim.queue({ type: 'remove', id: sim.idAt(4) });
    if (frame === 40) sim.queue({ type: 'dragStart', id: sim.idAt(2), point: [0, 1, 0] });
    if (frame >= 40 && frame < 60) sim.setDragTarget([0.5, 1 + frame / 10, 0.2]);
    if (frame === 60) sim.queue({ type: 'dragEnd' });
    if (frame === 80) sim.set({ paused: true });
    if (frame === 85)
      sim.queue({
        type: 'spawn',
        spec: { kind: 'gem', scale: [0.3, 0.3, 0.3], position: [0, 5, 0] },
      });
    if (frame === 90) sim.set({ paused: false });
    await sim.frameAndWait(jitteredFrame(frame));
    if (frame % 10 === 9) check(sim, `frame ${frame}`, out);
  }
  return out;
}

/**
 * Save, load, record, replay and seek on `stack` (the sim loaded with it): a recording over a
 * spawn, a scene load and a removal; a saved state loaded back and stepped on with a command;
 * the recording replayed, sought into, played to its end and on past it with another spawn.
 */
export async function timelineRun(sim: BaselineSim): Promise<Checkpoint[]> {
  const out: Checkpoint[] = [];
  let saved: unknown = null;
  let recording: unknown = null;
  for (let frame = 0; frame < 90; frame++) {
    if (frame === 10) await sim.record({ hashEvery: 5, keyframeEvery: 40 });
    if (frame === 20)
      sim.queue({
        type: 'spawn',
        spec: { kind: 'sphere', scale: [0.3, 0.3, 0.3], position: [0.2, 6, 0.1] },
      });
    if (frame === 30) saved = await sim.saveState();
    if (frame === 40) await sim.load('pile', { count: 30, seed: 5 });
    if (frame === 50) sim.queue({ type: 'remove', id: sim.idAt(3) });
    if (frame === 80) recording = await sim.stopRecording();
    await sim.frameAndWait(FRAME);
    if (frame % 10 === 5) check(sim, `recorded frame ${frame}`, out);
  }
  await sim.loadState(saved);
  check(sim, 'state loaded', out);
  for (let frame = 0; frame < 30; frame++) {
    if (frame === 5)
      sim.queue({
        type: 'spawn',
        spec: { kind: 'cylinder', scale: [0.3, 0.4, 0.3], position: [-0.5, 5, 0] },
      });
    await sim.frameAndWait(FRAME);
    if (frame % 10 === 9) check(sim, `after state frame ${frame}`, out);
  }
  await sim.replay(recording);
  check(sim, 'replay start', out);
  for (let frame = 0; frame < 40; frame++) {
    await sim.frameAndWait(FRAME);
    if (frame % 10 === 9) check(sim, `replay frame ${frame}`, out);
  }
  await sim.seek(25);
  check(sim, 'seek 25', out);
  await sim.seek(100);
  check(sim, 'seek 100', out);
  // Played to its end (it rests there), then resumed past it with an input of its own.
  for (let frame = 0; frame < 60; frame++) await sim.frameAndWait(FRAME);
  check(sim, 'replay end', out);
  sim.set({ paused: false });
  sim.queue({
    type: 'spawn',
    spec: { kind: 'box', scale: [0.3, 0.3, 0.3], position: [0, 6, 0] },
  });
  for (let frame = 0; frame < 30; frame++) {
    await sim.frameAndWait(FRAME);
    if (frame % 10 === 9) check(sim, `live frame ${frame}`, out);
  }
  return out;
}
