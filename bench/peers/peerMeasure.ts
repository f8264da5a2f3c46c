// One peers run, measured: an engine's world of a scene under a setting, stepped — CPU ms a step
// over the window, how far the pyramid's boxes crept by 1.2 s (before the block lands), where the
// block is at 3 s, when the bodies fell asleep, and the machine's load (peerRun.ts runs it).

import { loadavg } from 'node:os';
import { ENGINES, isPeerEngine } from './peerEngines';
import { PEER_SCENES, peerScene } from './peerScene';
import type { PeerScene, PeerSceneId } from './peerScene';
import type { PeerSetting, PeerWorld } from './peerWorld';

/** Kept awake: steps 50–120 (past contact creation and warm-up, before the block lands). */
export const AWAKE_FIRST = 50;
export const AWAKE_LAST = 120;
/** Own sleeping: the mean over 3 s from the start. */
export const SLEEPING_STEPS = 300;
/** Creep is measured after this many steps (1.2 s: the block lands on 11 layers at ~1.28 s). */
export const CREEP_STEP = 120;
/** "Asleep by": the first check (every 10 steps) with at least this share of bodies asleep. */
const ASLEEP_SHARE = 0.9;

export interface PeerResult {
  engine: string;
  scene: PeerSceneId;
  setting: PeerSetting;
  /** Mean CPU ms a step over the setting's window. */
  ms: number;
  /** The pyramid's boxes: the largest distance any moved by CREEP_STEP, mm (NaN: no pyramid). */
  creepMm: number;
  /** The block's centre height at the end (3 s with sleeping), m; NaN without a block. */
  blockY: number;
  /** Seconds until ASLEEP_SHARE of the bodies slept; NaN if never within the run. */
  asleepBy: number;
  load: [number, number];
  notes: string;
}

function creep(world: PeerWorld, scene: PeerScene): number {
  const out = new Float64Array(3);
  let worst = 0;
  for (let i = 0; i < scene.creepBodies; i++) {
    world.position(i, out);
    const [x, y, z] = (scene.bodies[i] as { position: number[] }).position as [
      number,
      number,
      number,
    ];
    worst = Math.max(worst, Math.hypot(out[0] - x, out[1] - y, out[2] - z));
  }
  return scene.creepBodies > 0 ? 1000 * worst : Number.NaN;
}

function asleepShare(world: PeerWorld, count: number): number {
  let asleep = 0;
  for (let i = 0; i < count; i++) if (world.asleep(i)) asleep++;
  return asleep / count;
}

/** Builds and steps one run (see PeerResult). */
export async function measurePeer(
  engine: string,
  sceneId: string,
  setting: string,
): Promise<PeerResult> {
  if (!isPeerEngine(engine)) throw new Error(`peers: no engine ${engine}`);
  const id = PEER_SCENES.find((s) => s === sceneId);
  if (!id || (setting !== 'awake' && setting !== 'sleeping')) {
    throw new Error(`peers: no scene ${sceneId} or setting ${setting}`);
  }
  const load0 = loadavg()[0] ?? Number.NaN;
  const scene = peerScene(id);
  const world = await ENGINES[engine].create(scene, setting);
  const [first, last] = setting === 'awake' ? [AWAKE_FIRST, AWAKE_LAST] : [0, SLEEPING_STEPS];
  let total = 0;
  let creepMm = Number.NaN;
  let asleepBy = Number.NaN;
  for (let s = 0; s < last; s++) {
    const cpu = process.cpuUsage();
    world.step();
    const used = process.cpuUsage(cpu);
    if (s >= first) total += (used.user + used.system) / 1000;
    if (s + 1 === CREEP_STEP) creepMm = creep(world, scene);
    const check = (s + 1) % 10 === 0 && Number.isNaN(asleepBy);
    if (check && asleepShare(world, scene.bodies.length) >= ASLEEP_SHARE) asleepBy = (s + 1) / 100;
  }
  const out = new Float64Array(3);
  if (scene.block >= 0) world.position(scene.block, out);
  return {
    engine,
    scene: id,
    setting,
    ms: total / (last - first),
    creepMm,
    blockY: scene.block >= 0 ? (out[1] ?? Number.NaN) : Number.NaN,
    asleepBy,
    load: [load0, loadavg()[0] ?? Number.NaN],
    notes: world.notes,
  };
}
