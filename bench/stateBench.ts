// Save, load, record and seek at 500 bodies: the size of a saved state and of a one-minute
// recording (as JSON text and gzipped, what a file or a link would carry), and the time to save,
// load and seek (medians of runs), through the same Simulation the app drives.

import { gzipSync } from 'node:zlib';
import { Simulation } from '../src/app/simulation';
import type { PhysicsCore } from '../src/physicsHost/core/physicsCore';
import { LocalHost } from '../src/physicsHost/host/localHost';
import { parseRecordOptions } from '../src/state/timeline';
import { encodeRecording } from '../src/state/recording';
import type { Recording } from '../src/state/recording';
import { encodeState } from '../src/state/stateSchema';
import { Rng } from '../src/util/rng';
import { fixed, formatTable, median } from './report';

export interface StateBenchResult {
  scene: string;
  bodies: number;
  stateBytes: number;
  stateGzipBytes: number;
  recordingSeconds: number;
  recordingSteps: number;
  recordingInputs: number;
  recordingBytes: number;
  recordingGzipBytes: number;
  recordingFirstOnlyBytes: number;
  recordingFirstOnlyGzipBytes: number;
  keyframes: number;
  saveMs: number;
  loadMs: number;
  seekMs: number;
  seekStepsMax: number;
  recordWallSeconds: number;
}

/**
 * A minute of a person playing with a 500-body scene at a 60 Hz display: a ball thrown every
 * second, and a body dragged about for three seconds every twenty.
 */
function play(sim: Simulation, core: PhysicsCore, frame: number, rng: Rng): void {
  if (frame % 60 === 30) {
    sim.queue({
      type: 'spawn',
      spec: {
        kind: 'sphere',
        scale: [0.4, 0.4, 0.4],
        position: [-14, 4, rng.range(-3, 3)],
        velocity: [20, 3, 0],
      },
    });
  }
  const inDrag = frame % 1200;
  if (inDrag === 100) {
    const index = rng.int(0, core.physics.count - 1);
    const p = core.physics.bodies[index]?.position;
    if (p) sim.queue({ type: 'dragStart', id: core.physics.idAt(index), point: [p.x, p.y, p.z] });
  }
  if (inDrag > 100 && inDrag < 280) {
    core.commands.setDragTarget([
      Math.cos(frame / 20) * 3,
      4 + Math.sin(frame / 30),
      Math.sin(frame / 20) * 3,
    ]);
  }
  if (inDrag === 280) sim.queue({ type: 'dragEnd' });
}

function bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

function timed(run: () => void): number {
  const t0 = performance.now();
  run();
  return performance.now() - t0;
}

export function benchState(
  scene: string,
  count: number,
  seconds: number,
  runs: number,
): StateBenchResult {
  const host = new LocalHost(scene, { count });
  const sim = new Simulation(host);
  // Two seconds in: bodies moving, landing, some asleep.
  for (let f = 0; f < 120; f++) sim.frame(1 / 60);
  // On the page's thread the state calls finish before their promises are made: timed directly.
  const core = host.core;
  const text = JSON.stringify(encodeState(core.saveState()));
  const saveMs = median(
    Array.from({ length: runs }, () => timed(() => JSON.stringify(encodeState(core.saveState())))),
  );
  const loadTarget = new Simulation('stack');
  const loadMs = median(
    Array.from({ length: runs }, () => timed(() => void loadTarget.timeline.loadState(text))),
  );

  const rng = new Rng(11);
  const started = performance.now();
  core.record(parseRecordOptions());
  const frames = Math.round(60 * seconds);
  for (let f = 0; f < frames; f++) {
    play(sim, core, f, rng);
    sim.frame(1 / 60);
  }
  const recording: Recording = core.stopRecording('all');
  const recordWallSeconds = (performance.now() - started) / 1000;
  const all = JSON.stringify(encodeRecording(recording));
  const first = JSON.stringify(
    encodeRecording({ ...recording, keyframes: recording.keyframes.slice(0, 1) }),
  );

  const player = new Simulation('stack');
  void player.timeline.replay(all);
  const seekRng = new Rng(5);
  const seekMs = median(
    Array.from({ length: runs }, () =>
      timed(() => void player.timeline.seek(seekRng.int(0, recording.length))),
    ),
  );
  return {
    scene,
    bodies: count,
    stateBytes: bytes(text),
    stateGzipBytes: gzipSync(text).length,
    recordingSeconds: seconds,
    recordingSteps: recording.length,
    recordingInputs: recording.inputs.length,
    recordingBytes: bytes(all),
    recordingGzipBytes: gzipSync(all).length,
    recordingFirstOnlyBytes: bytes(first),
    recordingFirstOnlyGzipBytes: gzipSync(first).length,
    keyframes: recording.keyframes.length,
    saveMs,
    loadMs,
    seekMs,
    seekStepsMax: recording.keyframeEvery,
    recordWallSeconds,
  };
}

const kB = (n: number): string => `${fixed(n / 1024, 0)} kB`;

export function stateTable(results: readonly StateBenchResult[]): string {
  const rows: string[][] = [];
  for (const r of results) {
    const what = `${r.scene} × ${r.bodies}`;
    rows.push([
      `${what}: saved state (JSON / gzip)`,
      `${kB(r.stateBytes)} / ${kB(r.stateGzipBytes)}`,
    ]);
    rows.push([
      `${what}: ${r.recordingSeconds} s recording, ${r.keyframes} keyframes (JSON / gzip)`,
      `${kB(r.recordingBytes)} / ${kB(r.recordingGzipBytes)}`,
    ]);
    rows.push([
      `${what}: the same, first keyframe only (JSON / gzip)`,
      `${kB(r.recordingFirstOnlyBytes)} / ${kB(r.recordingFirstOnlyGzipBytes)}`,
    ]);
    rows.push([`${what}: … of which ${r.recordingSteps} steps, ${r.recordingInputs} inputs`, '']);
    rows.push([`${what}: save (saveState + JSON text), median`, `${fixed(r.saveMs, 1)} ms`]);
    rows.push([`${what}: load (parse, check, rebuild), median`, `${fixed(r.loadMs, 1)} ms`]);
    rows.push([
      `${what}: seek to a random step (≤ ${r.seekStepsMax} steps re-simulated), median`,
      `${fixed(r.seekMs, 0)} ms`,
    ]);
    rows.push([
      `${what}: recording the ${r.recordingSeconds} s took (wall)`,
      `${fixed(r.recordWallSeconds, 0)} s`,
    ]);
  }
  return formatTable(['what', 'size or time'], rows);
}
