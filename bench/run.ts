// `npm run bench`: interpolation + instance matrices against three baselines, physics cost per
// stress scene, and bytes allocated per frame and step — all measured in this run, in Node.
// `npm run bench -- --tuning`: the cannon-es configuration choices against their alternatives.
// `npm run bench -- --state`: only the save, load, record and seek table.
// `--quick`: fewer counts and shorter windows (a smoke test, not numbers to quote).

import { allocationTable, benchAllocation } from './allocationBench';
import { benchInterpolation, interpolationTable } from './interpolationBench';
import type { InterpolationResult } from './interpolationBench';
import { benchPhysics, physicsTable } from './physicsBench';
import type { PhysicsResult } from './physicsBench';
import { describeLoad, describeMachine, fixed } from './report';
import { benchState, stateTable } from './stateBench';
import { shapeCostTable, sleepingFloorTable, tuningTable } from './tuningBench';

const quick = process.argv.includes('--quick');
const STRESS_SCENES = ['rain', 'tower', 'avalanche'] as const;

function section(title: string): void {
  console.log(`\n## ${title}\n`);
}

async function main(): Promise<void> {
  const started = performance.now();
  console.log(
    `# npm run bench${quick ? ' --quick' : ''}${process.argv.includes('--tuning') ? ' --tuning' : ''}`,
  );
  console.log(`machine: ${describeMachine()}`);
  console.log(`at start: ${describeLoad()}`);
  if (process.argv.includes('--tuning')) runTuning();
  else if (process.argv.includes('--state')) runState();
  else await runBench();
  console.log(
    `\nat end: ${describeLoad()}; took ${fixed((performance.now() - started) / 1000, 0)} s`,
  );
}

function runTuning(): void {
  const count = quick ? 100 : 250;
  const steps = quick ? 100 : 600;
  section(`cannon-es settings, ${count} bodies, ${steps} steps (${steps / 100} s) from load`);
  console.log(tuningTable(STRESS_SCENES, count, steps));
  section('broadphase and collision matrix at scale');
  console.log(sleepingFloorTable(quick ? 1000 : 5000, quick ? 3 : 10, quick ? 1 : 3));
  section('what each shape costs');
  console.log(shapeCostTable(quick ? 100 : 250, quick ? 50 : 300));
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

  section('physics per stress scene (from load; median of runs)');
  const physics: PhysicsResult[] = [];
  for (const scene of STRESS_SCENES) {
    for (const count of quick ? [100, 250] : [100, 250, 500, 1000]) {
      // The same deterministic work each run, so fewer runs (and, at 1000 bodies, a 2 s
      // window instead of 3 s) where one run is long: the whole bench stays near 3 minutes.
      const runs = quick ? 1 : count <= 250 ? 3 : 1;
      const steps = quick ? 100 : count < 1000 ? 300 : 200;
      physics.push(benchPhysics(scene, count, steps, runs));
    }
  }
  console.log(physicsTable(physics));

  section('bytes allocated (heap deltas after forced GC)');
  const allocation = benchAllocation(quick ? 100 : 250);
  console.log(allocationTable(allocation));

  runState();

  section('goals');
  const at = (n: number): InterpolationResult | undefined => interpolation.find((r) => r.n === n);
  const ns1000 = at(1000)?.nsPerBody[0] ?? Number.NaN;
  const ratio = (n: number): number =>
    (at(n)?.nsPerBody[1] ?? Number.NaN) / (at(n)?.nsPerBody[0] ?? Number.NaN);
  const worstCapture = Math.max(...physics.map((r) => r.captureUs / (10 * r.stepMs)));
  console.log(`- project path at N=1000: ${fixed(ns1000, 1)} ns/body (goal ≤ 50)`);
  console.log(`- vs cannon-es built-in at N=1000: ${fixed(ratio(1000), 1)}× (goal ≥ 4×)`);
  console.log(`- vs cannon-es built-in at N=5000: ${fixed(ratio(5000), 1)}× (goal ≥ 10×)`);
  console.log(
    `- snapshot capture ÷ world.step, worst scene: ${fixed(worstCapture, 3)}% (goal ≤ 1%)`,
  );
  for (const r of allocation.filter((a) => a.label.startsWith('project'))) {
    console.log(`- ${r.label}: ${fixed(r.bytes, 0)} B per ${r.per} (goal 0)`);
  }
}

await main();
