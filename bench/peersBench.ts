// `npm run bench -- --peers`: this project's step against the engines a web developer would pick
// instead, on the same scenes — JoltPhysics.js's stress test (`?scene=pyramid&count=11`: 1,771 unit
// boxes and a 2 m block dropped from y = 20) and the tower. The engines live in bench/peers/ with a
// package.json of their own, installed there on first use, so the project's install fetches none.
// Each measurement runs in a process of its own; three rounds, the engines in rotated order (the
// two slowest, there for scale, in the first only: peerEngines.ts). `--against REF` adds the
// project as it was at commit REF (a checkout beside this one, run by this tree's harness).

import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINES, PEER_ENGINES } from './peers/peerEngines';
import type { PeerEngine } from './peers/peerEngines';
import { AWAKE_FIRST, AWAKE_LAST, CREEP_STEP, SLEEPING_STEPS } from './peers/peerMeasure';
import type { PeerResult } from './peers/peerMeasure';
import { PEER_SCENES, peerCount } from './peers/peerScene';
import type { PeerSceneId } from './peers/peerScene';
import type { PeerSetting } from './peers/peerWorld';
import { fixed, formatTable, median } from './report';

const PEERS = fileURLToPath(new URL('./peers/', import.meta.url));
const RUN = fileURLToPath(new URL('./peers/peerRun.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../', import.meta.url));
/** The engine name the project at the `--against` commit runs under. */
const BEFORE = 'before';

/** Installs bench/peers/package.json's engines there unless their pinned versions are in place. */
export function ensurePeers(): void {
  const manifest = JSON.parse(readFileSync(`${PEERS}package.json`, 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const missing = Object.entries(manifest.dependencies).filter(([name, version]) => {
    const installed = `${PEERS}node_modules/${name}/package.json`;
    if (!existsSync(installed)) return true;
    return (JSON.parse(readFileSync(installed, 'utf8')) as { version: string }).version !== version;
  });
  if (missing.length === 0) return;
  console.log(`installing the peers in bench/peers (${missing.map(([n]) => n).join(', ')})`);
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: PEERS, stdio: 'inherit' });
}

/** The project as it was at a commit: a checkout of it beside this one, and its removal. */
export interface Checkout {
  ref: string;
  /** That checkout's copy of this tree's peerRun.ts. */
  run: string;
  remove(): void;
}

/**
 * A git worktree of `ref` in a temporary folder, with this tree's node_modules and peers harness
 * (bench/peers, which older commits lack), so its `project` engine builds the scenes with that
 * commit's sources (the harness calls only `buildScene` and `DEFAULT_TUNING`).
 */
export function checkoutAt(ref: string): Checkout {
  const root = mkdtempSync(join(tmpdir(), 'peers-at-'));
  execFileSync('git', ['worktree', 'add', '--detach', root, ref], { cwd: REPO, stdio: 'ignore' });
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'));
  cpSync(PEERS, join(root, 'bench/peers'), {
    recursive: true,
    filter: (source) => !source.includes('node_modules'),
  });
  symlinkSync(join(PEERS, 'node_modules'), join(root, 'bench/peers/node_modules'));
  return {
    ref,
    run: join(root, 'bench/peers/peerRun.ts'),
    remove: () =>
      execFileSync('git', ['worktree', 'remove', '--force', root], { cwd: REPO, stdio: 'ignore' }),
  };
}

/** One run in a fresh process (peerRun.ts, or `run`): its last line of output, parsed. */
function runOne(
  engine: PeerEngine,
  scene: PeerSceneId,
  setting: PeerSetting,
  run: string = RUN,
): PeerResult {
  const child = spawnSync(process.execPath, ['--import', 'tsx', run, engine, scene, setting], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  const line = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !line.startsWith('{')) {
    throw new Error(`peers: ${engine} ${scene} ${setting} failed:\n${child.stderr}`);
  }
  // JSON writes NaN as null.
  return JSON.parse(line, (_k, v: unknown) => (v === null ? Number.NaN : v)) as PeerResult;
}

/**
 * Every engine's runs, `rounds` times, each round's engines in an order turned by one; with
 * `against`, the project at that commit too (as engine BEFORE), in the rotation like the others.
 */
export function benchPeers(
  rounds: number,
  scenes: readonly PeerSceneId[],
  against?: Checkout,
): PeerResult[] {
  const results: PeerResult[] = [];
  const names: readonly string[] = against ? [...PEER_ENGINES, BEFORE] : PEER_ENGINES;
  for (let round = 0; round < rounds; round++) {
    const order = [...names.slice(round), ...names.slice(0, round)];
    for (const name of order) {
      const engine: PeerEngine = name === BEFORE ? 'project' : (name as PeerEngine);
      const entry = ENGINES[engine];
      if (entry.once === true && round > 0) continue;
      for (const scene of scenes.filter((s) => entry.scenes?.includes(s) ?? true)) {
        for (const setting of entry.settings) {
          const result = runOne(engine, scene, setting, name === BEFORE ? against?.run : RUN);
          result.engine = name;
          console.error(
            `round ${round + 1}: ${name} ${scene} ${setting} ${fixed(result.ms, 1)} ms/step (load ${fixed(result.load[0], 2)})`,
          );
          results.push(result);
        }
      }
    }
  }
  return results;
}

function pick(results: readonly PeerResult[], e: string, s: string, w: PeerSetting): PeerResult[] {
  return results.filter((r) => r.engine === e && r.scene === s && r.setting === w);
}

/** The median of one field over an engine's runs of a scene and setting (NaN: none). */
function med(runs: readonly PeerResult[], field: (r: PeerResult) => number): number {
  return runs.length === 0 ? Number.NaN : median(runs.map(field));
}

/**
 * The table: one row per engine, medians of the rounds; ratios against this project's. With
 * runs of the project at an earlier commit (`against`), a row for it too.
 */
export function peersTable(results: readonly PeerResult[], against?: string): string {
  const ms = (e: string, s: string, w: PeerSetting): number =>
    med(pick(results, e, s, w), (r) => r.ms);
  const projectAwake = ms('project', 'pyramid', 'awake');
  const projectSleeping = ms('project', 'pyramid', 'sleeping');
  const named: [string, string][] = PEER_ENGINES.map((e) => [e, ENGINES[e].label]);
  if (against !== undefined) named.splice(1, 0, [BEFORE, `this project at ${against}`]);
  const rows = named.map(([engine, label]) => {
    const awake = pick(results, engine, 'pyramid', 'awake');
    const sleeping = pick(results, engine, 'pyramid', 'sleeping');
    const all = results.filter((r) => r.engine === engine);
    const awakeMs = med(awake, (r) => r.ms);
    const sleepingMs = med(sleeping, (r) => r.ms);
    const creepAwake = med(awake, (r) => r.creepMm);
    return [
      label,
      fixed(awakeMs, 1),
      Number.isFinite(awakeMs) ? `${fixed(awakeMs / projectAwake, 2)}×` : '—',
      fixed(sleepingMs, 1),
      `${fixed(sleepingMs / projectSleeping, 2)}×`,
      `${fixed(
        med(sleeping, (r) => r.creepMm),
        1,
      )}${Number.isFinite(creepAwake) ? ` (${fixed(creepAwake, 1)})` : ''}`,
      fixed(
        med(sleeping, (r) => r.blockY),
        2,
      ),
      fixed(
        med(sleeping, (r) => r.asleepBy),
        1,
      ),
      fixed(ms(engine, 'tower', 'awake'), 1),
      fixed(ms(engine, 'tower', 'sleeping'), 1),
      `${fixed(Math.min(...all.flatMap((r) => r.load)), 1)}–${fixed(Math.max(...all.flatMap((r) => r.load)), 1)}`,
    ];
  });
  return formatTable(
    [
      'engine (one thread)',
      `pyramid awake ms/step (${AWAKE_FIRST}–${AWAKE_LAST})`,
      '÷ project',
      `pyramid own sleeping ms/step (${SLEEPING_STEPS / 100} s)`,
      '÷ project',
      `creep at ${CREEP_STEP / 100} s, mm: sleeping (awake)`,
      `block y at ${SLEEPING_STEPS / 100} s (rests at ${peerCount('pyramid') + 1})`,
      '90% asleep by, s',
      `tower × ${peerCount('tower')} awake`,
      'tower own sleeping',
      'load (1 min) over its runs',
    ],
    rows,
  );
}

/** Each engine's settings as used, from its own world (the notes under the table). */
export function peersNotes(results: readonly PeerResult[]): string {
  return PEER_ENGINES.map((engine) => {
    const run = results.find((r) => r.engine === engine);
    return `- ${ENGINES[engine].label}: ${run?.notes ?? 'not run'}`;
  }).join('\n');
}

export { PEER_SCENES };
