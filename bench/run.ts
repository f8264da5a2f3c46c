// `npm run bench`: interpolation + instance matrices against three baselines; physics per stress
// scene, today's cannon-es configuration against the chosen one; the counts that hold real
// time; the quality gates for both; bytes allocated per frame, step and contact; the cannon-es
// drop-in on plain cannon-es worlds — all measured in this run, in Node. `npm run bench --
// --tuning`: each physics setting against its alternatives. `npm run bench -- --state`: only
// the save, load, record and seek table. `npm run bench -- --drop-in`: only the drop-in's table.
// `npm run bench -- --pyramid`: only the pyramid's tables (455, 969 and 1,771 boxes per tuning,
// and where a busy step of 1,771 goes).
// `npm run bench -- --stress`: only the stress scenes' table and their real-time capacity.
// `npm run bench -- --front-door`: only the package's front door against its parts.
// `npm run bench -- --peers`: the pyramid and the tower in Jolt, Havok, Rapier and stock cannon-es
// beside the project (bench/peers/, installed there on first use); not part of the full bench.
// `npm run bench -- --peers --against REF`: the project at commit REF in the same run too.
// `--quick`: fewer counts and shorter windows (a smoke test, not numbers to quote).

import { CANNON_PARTS } from './cannonParts';
import { adapterStepTables } from './adapterStepBench';
import { frontDoorTable } from './frontDoorBench';
import { allocationTable, benchAllocation } from './allocationBench';
import { benchDropIn, dropInTable } from './dropInBench';
import { benchPageAllocation } from './pageAllocation';
import { benchInterpolation, interpolationTable } from './interpolationBench';
import type { InterpolationResult } from './interpolationBench';
import {
  benchCapacity,
  benchPhysics,
  capacityTable,
  physicsTable,
  REAL_TIME_BUDGET_MS,
  shortenWindow,
} from './physicsBench';
import type { CapacityResult, PhysicsResult } from './physicsBench';
import { benchPyramid, PYRAMID_FIRST, PYRAMID_LAST, pyramidTable } from './pyramidBench';
import { qualityTable } from './qualityTable';
import { benchStepParts, PARTS_FIRST, PARTS_LAST } from '../tests/support/stepParts';
import { stepPartsTable } from './stepPartsTable';
import { describeLoad, describeMachine, fixed } from './report';
import {
  benchPeers,
  checkoutAt,
  ensurePeers,
  PEER_SCENES,
  peersNotes,
  peersTable,
} from './peersBench';
import type { PeerResult } from './peers/peerMeasure';
import { benchState, stateTable } from './stateBench';
import {
  qualityByVariantTable,
  shapeCostTable,
  sleepingFloorTable,
  tuningTable,
} from './tuningBench';

const quick = process.argv.includes('--quick');
/** Bytes a page frame may allocate (boxed doubles for plain per-frame signatures). */
const PAGE_FRAME_BYTES = 256;
const STRESS_SCENES = ['rain', 'tower', 'avalanche'] as const;

function section(title: string): void {
  console.log(`\n## ${title}\n`);
}

async function main(): Promise<void> {
  const started = performance.now();
  const flags = process.argv.slice(2).filter((a) => a.startsWith('--'));
  console.log(`# npm run bench${flags.length > 0 ? ` -- ${flags.join(' ')}` : ''}`);
  console.log(`machine: ${describeMachine()}`);
  console.log(`at start: ${describeLoad()}`);
  if (quick) shortenWindow(200);
  if (process.argv.includes('--tuning')) runTuning();
  else if (process.argv.includes('--state')) runState();
  else if (process.argv.includes('--drop-in')) runDropIn();
  else if (process.argv.includes('--pyramid')) runPyramid();
  else if (process.argv.includes('--stress')) runStress();
  else if (process.argv.includes('--front-door')) await runFrontDoor();
  else if (process.argv.includes('--peers')) runPeers();
  else await runBench();
  console.log(
    `\nat end: ${describeLoad()}; took ${fixed((performance.now() - started) / 1000, 0)} s`,
  );
}

async function runFrontDoor(): Promise<void> {
  section('the package: front door against its parts, 1,000 bound bodies, frames with no step');
  console.log(await frontDoorTable());
  section('the package: frames that step, per engine adapter, 300 bound bodies');
  console.log(adapterStepTables());
}

function runTuning(): void {
  const count = quick ? 100 : 250;
  const steps = quick ? 100 : 600;
  section(`cannon-es settings, ${count} bodies, ${steps} steps (${steps / 100} s) from load`);
  console.log(tuningTable(STRESS_SCENES, count, steps));
  section('quality gates for each setting that changes the simulation');
  console.log(qualityByVariantTable());
  section('broadphase and collision matrix at scale');
  console.log(sleepingFloorTable(quick ? 1000 : 5000, quick ? 3 : 10, quick ? 1 : 3));
  section('what each shape costs');
  console.log(shapeCostTable(quick ? 100 : 250, quick ? 50 : 300));
}

function runDropIn(): void {
  const count = quick ? 100 : 250;
  const steps = quick ? 100 : 300;
  section(
    `the drop-in on plain cannon-es worlds (CPU ms per world.step, steps 100–${100 + steps})`,
  );
  console.log(dropInTable(benchDropIn(count, steps, quick ? 1 : 3)));
}

function runPyramid(): void {
  const last = quick ? 60 : PYRAMID_LAST;
  section(
    `pyramid (JoltPhysics.js stress layout) per tuning, CPU ms per world.step, mean (median) over steps ${PYRAMID_FIRST}–${last}`,
  );
  console.log(
    pyramidTable((quick ? [5, 7] : [7, 9, 11]).map((layers) => benchPyramid(layers, last))),
  );
  section(
    `where a busy pyramid step goes: the default, wall ms per world.step, mean over steps ${PARTS_FIRST}–${PARTS_LAST} (the clock around each part)`,
  );
  console.log(stepPartsTable([benchStepParts(quick ? 7 : 11)]));
}

function runPeers(): void {
  ensurePeers();
  const rounds = quick ? 1 : 3;
  section(
    `the peers: CPU ms per step at 100 Hz, one thread, each engine in a process of its own, medians of ${rounds} round${rounds > 1 ? 's' : ''} in rotated order (Rapier's deterministic build and stock cannon-es: the first round only)`,
  );
  const at = process.argv.indexOf('--against');
  const ref = at > 0 ? process.argv[at + 1] : undefined;
  if (at > 0 && (ref === undefined || ref.startsWith('--'))) {
    throw new Error('bench: --against takes a commit (npm run bench -- --peers --against d470484)');
  }
  const against = ref === undefined ? undefined : checkoutAt(ref);
  let results: PeerResult[];
  try {
    results = benchPeers(rounds, quick ? ['pyramid'] : PEER_SCENES, against);
  } finally {
    against?.remove();
  }
  console.log(peersTable(results, ref));
  console.log(
    `\nEach engine's settings (its defaults but the step, the density and the ground):\n`,
  );
  console.log(peersNotes(results));
}

function runState(): void {
  const count = quick ? 100 : 500;
  const seconds = quick ? 10 : 60;
  section(`save, load, record and seek: pile × ${count}, a ${seconds} s recording`);
  console.log(stateTable([benchState('pile', count, seconds, quick ? 3 : 9)]));
}

async function runBench(): Promise<void> {
  section('interpolation + instance-matrix write per frame (median ns per body)');
  const interpolation: InterpolationResult[] = [];
  for (const n of quick ? [100, 1000] : [100, 1000, 5000]) {
    interpolation.push(await benchInterpolation(n, quick ? 1 : 3, quick ? 100 : 300));
  }
  console.log(interpolationTable(interpolation));
  await runFrontDoor();

  const { physics, capacity } = runStress();
  runPyramid();

  section('quality gates, today against chosen');
  console.log(
    qualityTable([
      ['today', CANNON_PARTS],
      ['chosen', {}],
    ]),
  );

  section(
    'bytes allocated (sampled heap profiles; world.step and generators: heap deltas after forced GC)',
  );
  const allocation = [
    ...(await benchAllocation(quick ? 100 : 250)),
    ...(await benchPageAllocation()),
  ];
  console.log(allocationTable(allocation));

  runState();
  runDropIn();

  section('goals');
  const at = (n: number): InterpolationResult | undefined => interpolation.find((r) => r.n === n);
  const ns1000 = at(1000)?.nsPerBody[0] ?? Number.NaN;
  const ratio = (n: number): number =>
    (at(n)?.nsPerBody[1] ?? Number.NaN) / (at(n)?.nsPerBody[0] ?? Number.NaN);
  const worstCapture = Math.max(...physics.map((r) => r.chosen.captureUs / (10 * r.chosen.cpuMs)));
  console.log(`- project path at N=1000: ${fixed(ns1000, 1)} ns/body (goal ≤ 50)`);
  console.log(`- vs cannon-es built-in at N=1000: ${fixed(ratio(1000), 1)}× (goal ≥ 4×)`);
  console.log(`- vs cannon-es built-in at N=5000: ${fixed(ratio(5000), 1)}× (goal ≥ 10×)`);
  console.log(
    `- snapshot capture ÷ world.step, worst scene: ${fixed(worstCapture, 3)}% (goal ≤ 1%)`,
  );
  for (const r of physics.filter((p) => p.count === 500)) {
    const speedUp = r.today.cpuMs / r.chosen.cpuMs;
    console.log(
      `- ${r.scene} × 500: ${fixed(speedUp, 2)}× faster than today (goal ≥ 2×, moonshot 3×)`,
    );
  }
  for (const c of capacity) {
    console.log(`- ${c.scene}: ${c.largest} bodies within ${REAL_TIME_BUDGET_MS} ms a step`);
  }
  for (const r of allocation.filter((a) => a.label.startsWith('project'))) {
    console.log(`- ${r.label}: ${fixed(r.bytes, 0)} B per ${r.per} (goal ${allocationGoal(r)})`);
  }
}

/**
 * The stress scenes today against chosen, and the most bodies each stress scene holds
 * within the real-time budget (the counts its scene opens at, docs/performance.md).
 */
function runStress(): { physics: PhysicsResult[]; capacity: CapacityResult[] } {
  section('physics per stress scene, today against chosen (CPU ms per world.step, steps 100–600)');
  const physics: PhysicsResult[] = [];
  for (const scene of STRESS_SCENES) {
    for (const count of quick ? [100, 250] : [250, 500, 1000]) {
      // The same deterministic work each run: fewer runs where one run is long keeps the
      // whole bench within a few minutes on a loaded two-core machine.
      const runs = quick ? 1 : count <= 250 ? 3 : count <= 500 ? 2 : 1;
      physics.push(benchPhysics(scene, count, runs));
    }
  }
  console.log(physicsTable(physics));

  section(`bodies that hold real time (chosen, ≤ ${REAL_TIME_BUDGET_MS} ms a step)`);
  const capacity: CapacityResult[] = [];
  for (const scene of STRESS_SCENES) {
    // Steps of 100 bodies from 500 until a step costs more than the budget.
    const counts = quick ? [250, 500] : Array.from({ length: 26 }, (_, i) => 500 + 100 * i);
    capacity.push(benchCapacity(scene, counts, 1));
  }
  console.log(capacityTable(capacity));
  return { physics, capacity };
}

/**
 * Zero per body, per contact and per step; a page's whole frame may box a few doubles where
 * that buys a plain signature (docs/design.md), up to PAGE_FRAME_BYTES.
 */
function allocationGoal(r: { label: string; per: string }): string {
  return r.per === 'frame' && r.label.includes('page frame') ? `≤ ${PAGE_FRAME_BYTES}` : '0';
}

await main();
