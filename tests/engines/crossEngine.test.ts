// The cross-engine suite: the same build, scene and seed must reach the same state hash, bit for
// bit, in Chromium (V8) and Firefox (SpiderMonkey) — at step 0 and after hundreds of steps.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openApp, serveBuild } from './engines';
import type { EngineSession, Served } from './engines';

/** 400 frames of a 60 Hz display: 666 steps at 100 Hz, a few seconds of every scene's action. */
const FRAMES = 400;
/** Frames per `advance` call; a hash is read after each, so a mismatch says when it began. */
const CHUNK = 50;
const FRAME_SECONDS = 1 / 60;

interface Run {
  /** Hash after 0, CHUNK, 2·CHUNK, … FRAMES frames. */
  hashes: string[];
  /** Bodies awake at each of those checkpoints. */
  awake: number[];
  steps: number;
  bodies: number;
}

interface Row {
  what: string;
  bodies: number;
  steps: number;
  atStart: boolean;
  atEnd: boolean;
  /** First checkpoint (in frames) where the hashes differ, or null. */
  firstDifference: number | null;
}

let served: Served | undefined;
const sessions: EngineSession[] = [];
const rows: Row[] = [];

function session(index: number): EngineSession {
  const found = sessions[index];
  if (!found) throw new Error('the browsers did not start (see beforeAll)');
  return found;
}

type SpawnInput = Parameters<Window['sandbox']['spawn']>[0];

/** What a run changes from the defaults. */
interface RunOptions {
  /** Body count (the scene's default unless set). */
  count?: number;
  /** One body added at step 0. */
  spawn?: SpawnInput;
  /** Physics rate (the default is 100 Hz). */
  physicsHz?: number;
  /** Frame length (the default is a 60 Hz display). */
  frameSeconds?: number;
}

/**
 * In the page: sets the physics rate, loads a scene with its default seed, optionally
 * spawns one body, then advances FRAMES frames in chunks, reading the hash at each checkpoint.
 * Settings, load, spawn and the first `advance` happen in one call, so no animation frame can
 * step in between.
 */
async function runScene(engine: EngineSession, scene: string, options: RunOptions): Promise<Run> {
  const seconds = options.frameSeconds ?? FRAME_SECONDS;
  const checkpoints = await engine.evaluate(
    async ({ scene, count, spawn, physicsHz, frames, seconds }) => {
      const sandbox = window.sandbox;
      sandbox.set({ physicsHz });
      await sandbox.load(scene, count === null ? {} : { count });
      const start = { hash: sandbox.state().hash, awake: sandbox.stats().awake };
      if (spawn) sandbox.spawn(spawn);
      await sandbox.advance(new Array<number>(frames).fill(seconds));
      const end = { hash: sandbox.state().hash, awake: sandbox.stats().awake };
      return [start, end];
    },
    {
      scene,
      count: options.count ?? null,
      spawn: options.spawn ?? null,
      physicsHz: options.physicsHz ?? 100,
      frames: CHUNK,
      seconds,
    },
  );
  for (let done = CHUNK; done < FRAMES; done += CHUNK) {
    checkpoints.push(
      await engine.evaluate(
        async ({ frames, seconds }) => {
          await window.sandbox.advance(new Array<number>(frames).fill(seconds));
          return { hash: window.sandbox.state().hash, awake: window.sandbox.stats().awake };
        },
        { frames: CHUNK, seconds },
      ),
    );
  }
  const { step, bodies } = await engine.evaluate(async () => window.sandbox.state(), null);
  return {
    hashes: checkpoints.map((c) => c.hash),
    awake: checkpoints.map((c) => c.awake),
    steps: step,
    bodies,
  };
}

/**
 * Checks that a run really ran: the step count is the one its frames owe (the accumulator's
 * whole steps in FRAMES × frame seconds), and the state changed from each checkpoint to the
 * next whenever a body was awake at the first (an awake body moves, or at least damps). Equal
 * hashes in two engines that never stepped would prove nothing.
 */
function expectRan(run: Run, options: RunOptions, spawned: boolean): void {
  const seconds = options.frameSeconds ?? FRAME_SECONDS;
  const hz = options.physicsHz ?? 100;
  // A nanosecond of slack, as the loop's own STEP_EPSILON_SECONDS gives a step that float
  // sums leave a hair short.
  expect(run.steps).toBe(Math.floor((FRAMES * seconds + 1e-9) * hz));
  expect(run.hashes[1]).not.toBe(run.hashes[0]);
  for (let k = 1; k < run.hashes.length; k++) {
    // The spawn at step 0 wakes what it hits, whatever slept at the checkpoint before.
    const awake = (run.awake[k - 1] ?? 0) > 0 || (spawned && k === 1);
    if (awake) expect(run.hashes[k], `checkpoint ${k * CHUNK} frames`).not.toBe(run.hashes[k - 1]);
  }
}

/** Runs the same thing in both engines at once and records a row of the table. */
async function compare(what: string, scene: string, options: RunOptions = {}): Promise<Row> {
  const [chromium, firefox] = await Promise.all(
    ENGINES.map((_, k) => runScene(session(k), scene, options)),
  );
  if (!chromium || !firefox) throw new Error('a run is missing');
  const differs = chromium.hashes.findIndex((hash, k) => hash !== firefox.hashes[k]);
  const row: Row = {
    what,
    bodies: chromium.bodies,
    steps: chromium.steps,
    atStart: chromium.hashes[0] === firefox.hashes[0],
    atEnd: chromium.hashes.at(-1) === firefox.hashes.at(-1),
    firstDifference: differs < 0 ? null : differs * CHUNK,
  };
  rows.push(row);
  // Same step count and body count first: a hash comparison of different steps means nothing.
  expect({ steps: firefox.steps, bodies: firefox.bodies }).toEqual({
    steps: chromium.steps,
    bodies: chromium.bodies,
  });
  expectRan(chromium, options, options.spawn !== undefined);
  expect(firefox.hashes, `${what}: Firefox's hashes at every ${CHUNK} frames`).toEqual(
    chromium.hashes,
  );
  return row;
}

function table(): string {
  const lines = [
    `| scene / test | bodies | steps | step 0 equal | after ${FRAMES} frames equal | first difference |`,
    '| --- | ---: | ---: | :---: | :---: | --- |',
  ];
  for (const r of rows) {
    const first = r.firstDifference === null ? '—' : `frame ${r.firstDifference}`;
    lines.push(
      `| ${r.what} | ${r.bodies} | ${r.steps} | ${r.atStart ? 'yes' : 'NO'} | ${r.atEnd ? 'yes' : 'NO'} | ${first} |`,
    );
  }
  return lines.join('\n');
}

beforeAll(async () => {
  served = await serveBuild();
  const url = served.url;
  // Each engine opens the default scene; every test loads its own.
  sessions.push(...(await Promise.all(ENGINES.map((engine) => openApp(engine, url)))));
});

afterAll(async () => {
  if (rows.length > 0) {
    const versions = sessions.map((s) => s.version).join(' vs ');
    console.log(`\nCross-engine state hashes (${versions}):\n\n${table()}\n`);
  }
  await Promise.all(sessions.map((s) => s.close()));
  await served?.close();
});

describe('every scene, default count (the pyramid at 5 layers) and seed: same state hash in Chromium and Firefox', () => {
  // The scene list is the app's own (sandbox.scenes()); it is checked against this one so a new
  // scene cannot go untested.
  const SCENES = [
    'playground',
    'stack',
    'dominoes',
    'pile',
    'carousel',
    'spring',
    'tunnel',
    'determinism',
    'rain',
    'tower',
    'avalanche',
    'pyramid',
  ];
  /**
   * The pyramid at 5 layers (165 boxes standing on each other, every one touching four to nine
   * neighbours through persistent manifolds) rather than 11: the same contacts, a fast suite.
   * The stress scenes at 400 rather than their defaults (700–1000, the most that hold real
   * time): a pile of 400 exercises every contact pair as a pile of a thousand does.
   */
  const COUNTS: Record<string, RunOptions | undefined> = {
    pyramid: { count: 5 },
    rain: { count: 400 },
    tower: { count: 400 },
    avalanche: { count: 400 },
  };

  it('the app lists exactly these scenes in both engines', async () => {
    for (let k = 0; k < ENGINES.length; k++) {
      expect(await session(k).evaluate(async () => window.sandbox.scenes(), null)).toEqual(SCENES);
    }
  });

  it('both engines run the contact kernels compiled: WebAssembly against WebAssembly', async () => {
    for (let k = 0; k < ENGINES.length; k++) {
      expect(await session(k).evaluate(async () => window.sandbox.stats().kernels, null)).toBe(
        'webassembly',
      );
    }
  });

  for (const scene of SCENES) {
    it(`${scene}: equal at step 0 and at every ${CHUNK} frames up to ${FRAMES}`, async () => {
      await compare(scene, scene, COUNTS[scene]);
    });
  }
});

describe('one body of each shape thrown into the stack: same state hash in both engines', () => {
  // Exact inputs: every number below is a short decimal, parsed the same way everywhere. The
  // body flies from the side into the tower's lower courses, tumbling as it goes.
  const THROWN = {
    position: [-4, 1.2, 0.3] as [number, number, number],
    quaternion: [0.3, -0.2, 0.1, 0.9] as [number, number, number, number],
    velocity: [9, 2.5, -0.4] as [number, number, number],
    angularVelocity: [1.5, -3, 2] as [number, number, number],
  };
  const SHAPES = [
    { kind: 'box', scale: [0.4, 0.3, 0.2] },
    { kind: 'sphere', scale: 0.4 },
    { kind: 'cylinder', scale: [0.35, 0.45, 0.35] },
    { kind: 'dumbbell', scale: 0.8 },
    { kind: 'gem', scale: 0.5 },
  ] as const;

  for (const shape of SHAPES) {
    it(`${shape.kind}: equal at every ${CHUNK} frames up to ${FRAMES}`, async () => {
      const row = await compare(`stack + thrown ${shape.kind}`, 'stack', {
        spawn: {
          ...THROWN,
          kind: shape.kind,
          scale: typeof shape.scale === 'number' ? shape.scale : [...shape.scale],
        },
      });
      expect(row.bodies).toBe(37);
    });
  }
});

describe('other physics rates and display rates: same state hash in both engines', () => {
  // Every shape, and damping factors for a step of 1/60 s rather than 1/100 s.
  it('playground at 60 Hz physics, 144 Hz frames', async () => {
    const row = await compare('playground, 60 Hz physics, 144 Hz frames', 'playground', {
      physicsHz: 60,
      frameSeconds: 1 / 144,
    });
    expect(row.steps).toBeGreaterThan(150);
  });

  it('avalanche × 100 (rolling damping 0.4) at 144 Hz physics', async () => {
    await compare('avalanche × 100, 144 Hz physics', 'avalanche', { count: 100, physicsHz: 144 });
  });
});

describe('a recording made in one engine replays in the other, to every recorded hash', () => {
  // Exact inputs (short decimals): a ball dropped, a box and a cylinder thrown into the stack's
  // courses, a dumbbell dropped on top — spawns with velocities, as a throw makes them.
  const INPUTS = [
    { atFrame: 0, spec: { kind: 'sphere', position: [1, 7, 0] } },
    {
      atFrame: 10,
      spec: { kind: 'box', position: [-4, 1.2, 0.3], velocity: [9, 2.5, -0.4] },
    },
    {
      atFrame: 40,
      spec: {
        kind: 'cylinder',
        position: [4, 2.1, -0.2],
        velocity: [-8, 1.5, 0.5],
        angularVelocity: [1.5, -3, 2],
      },
    },
    { atFrame: 70, spec: { kind: 'dumbbell', position: [0, 9, 0] } },
  ];
  const RECORDED_FRAMES = 150;

  async function record(engine: EngineSession): Promise<string> {
    return engine.evaluate(
      async ({ inputs, frames }) => {
        const sandbox = window.sandbox;
        // Earlier tests leave another physics rate, and a replay rests, paused, at its end.
        sandbox.set({ paused: false, physicsHz: 100 });
        await sandbox.load('stack');
        await sandbox.advance(new Array<number>(20).fill(1 / 60));
        await sandbox.record({ hashEvery: 1, keyframeEvery: 60 });
        let frame = 0;
        for (const input of inputs) {
          await sandbox.advance(new Array<number>(input.atFrame - frame).fill(1 / 60));
          frame = input.atFrame;
          sandbox.spawn(input.spec as Parameters<typeof sandbox.spawn>[0]);
        }
        await sandbox.advance(new Array<number>(frames - frame).fill(1 / 60));
        return JSON.stringify(await sandbox.stopRecording());
      },
      { inputs: INPUTS, frames: RECORDED_FRAMES },
    );
  }

  async function replay(
    engine: EngineSession,
    text: string,
    frameSeconds: number,
  ): Promise<{ replay: unknown; hash: string }> {
    return engine.evaluate(
      async ({ text, frameSeconds }) => {
        const sandbox = window.sandbox;
        await sandbox.load('tunnel');
        sandbox.set({ paused: false });
        await sandbox.replay(text);
        // Enough frames to pass the end: the replay rests there.
        await sandbox.advance(new Array<number>(Math.ceil(4 / frameSeconds)).fill(frameSeconds));
        return { replay: sandbox.stats().replay, hash: sandbox.state().hash };
      },
      { text, frameSeconds },
    );
  }

  for (const [from, to, hz] of [
    [0, 1, 144],
    [1, 0, 30],
  ] as const) {
    it(`made in ${ENGINES[from]} at 60 Hz frames, replayed in ${ENGINES[to]} at ${hz} Hz frames`, async () => {
      const text = await record(session(from));
      const made = JSON.parse(text) as {
        length: number;
        endHash: string;
        hashes: string[];
        inputs: { type: string }[];
      };
      expect(made.inputs.filter((input) => input.type === 'spawn')).toHaveLength(INPUTS.length);
      // 150 frames of 1/60 s: 250 steps.
      expect(made.length).toBe(250);
      expect(made.hashes).toHaveLength(made.length + 1);
      const result = await replay(session(to), text, 1 / hz);
      expect(result).toEqual({
        replay: {
          step: made.length,
          endStep: made.length,
          verifiedUpTo: made.length,
          divergence: null,
        },
        hash: made.endHash,
      });
    });
  }
});

describe('the harness', () => {
  it('runs both engines and reports no page errors', () => {
    expect(sessions.map((s) => s.version.split('/')[0]?.toLowerCase())).toEqual([
      expect.stringMatching(/chrom/),
      expect.stringMatching(/firefox/),
    ]);
    for (const s of sessions) expect(s.errors, `${s.engine} page errors`).toEqual([]);
  });
});
