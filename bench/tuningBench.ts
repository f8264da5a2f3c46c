// `npm run bench -- --tuning`: the cannon-es settings the project chose, each against its
// alternatives on the stress scenes — CPU ms per step, whether the result is bit-identical to
// the chosen settings, and what a user would see (bodies asleep, mean height at the end).

import { StateHasher } from '../src/state/stateHasher';
import { PhysicsWorld } from '../src/physics/world/physicsWorld';
import { DEFAULT_TUNING, STATELESS_TUNING } from '../src/physics/world/tuning';
import { CANNON_PARTS } from './cannonParts';
import type { PhysicsTuning } from '../src/physics/world/tuning';
import { randomBody } from '../src/scenes/mixedBodies';
import { SHAPE_KINDS } from '../src/shapes/shapeKinds';
import { Rng } from '../src/util/rng';
import { buildScene, DT } from '../tests/support/sceneWorlds';
import { qualityTable } from './qualityTable';
import type { TuningChoice } from '../tests/support/gateWorlds';
import { fixed, formatTable, median } from './report';
import { contactList } from '../src/physics/narrowphase/manifoldNarrowphase';

/**
 * Each choice in tuning.ts against its alternatives. `repeat`: run it twice and say whether
 * the two runs agree bit for bit (every configuration must, for replays).
 */
export const VARIANTS: readonly (readonly [string, TuningChoice, boolean?])[] = [
  ['chosen', {}, true],
  ["cannon-es's parts (contacts, GSSolver, tables)", CANNON_PARTS],
  [
    "cannon-es's contacts",
    { ...DEFAULT_TUNING, narrowphase: 'cannon' as const, solver: 'flat-gs' as const },
  ],
  ["cannon-es's GSSolver, stateless contacts", { ...STATELESS_TUNING, solver: 'gs' as const }],
  ["cannon-es's lookup tables", { fastLookups: false }],
  ['solver 5 iterations', { solverIterations: 5 }],
  ['solver 7 iterations', { solverIterations: 7 }],
  ['solver 15 iterations', { solverIterations: 15 }],
  ['solver 20 iterations', { solverIterations: 20 }],
  ['solver tolerance 1e-3', { solverTolerance: 1e-3 }],
  ['solver tolerance 1e-2', { solverTolerance: 1e-2 }],
  ['sleep after 0.5 s', { sleepTimeLimit: 0.5 }],
  ['sleep after 2 s', { sleepTimeLimit: 2 }],
  ['sleep below 0.05 m/s', { sleepSpeedLimit: 0.05 }],
  ['sleep below 0.2 m/s', { sleepSpeedLimit: 0.2 }],
  [
    'cannon-es SAP + dense matrix (stock)',
    { broadphase: 'cannon-sap', sparseCollisionMatrix: false },
  ],
  ['cannon-es SAP + sparse matrix', { broadphase: 'cannon-sap' }],
  ['naive broadphase', { broadphase: 'naive' }],
];

interface Outcome {
  cpuMs: number;
  hash: string;
  asleep: number;
  meanY: number;
  error?: string;
}

function cpuMs(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** CPU time, not wall time: the other processes on a shared machine do not count. */
function runVariant(scene: string, count: number, steps: number, tuning: TuningChoice): Outcome {
  try {
    const { physics } = buildScene(scene, count, { ...DEFAULT_TUNING, ...tuning });
    const start = process.cpuUsage();
    for (let s = 0; s < steps; s++) physics.step(DT);
    const ms = cpuMs(start) / steps;
    let sumY = 0;
    for (const body of physics.bodies) sumY += body.position.y;
    return {
      cpuMs: ms,
      hash: new StateHasher().hex(physics),
      asleep: physics.sleepingCount(),
      meanY: sumY / physics.count,
    };
  } catch (error) {
    return {
      cpuMs: Number.NaN,
      hash: '',
      asleep: 0,
      meanY: Number.NaN,
      error: String(error).slice(0, 60),
    };
  }
}

export function tuningTable(scenes: readonly string[], count: number, steps: number): string {
  const rows: string[][] = [];
  for (const scene of scenes) {
    // A first run to warm the JIT, so the chosen row is not charged for compiling everything.
    runVariant(scene, count, steps, {});
    const chosen = runVariant(scene, count, steps, {});
    for (const [name, tuning, repeat] of VARIANTS) {
      const r = name === VARIANTS[0]?.[0] ? chosen : runVariant(scene, count, steps, tuning);
      const again = repeat ? runVariant(scene, count, steps, tuning) : null;
      rows.push([
        `${scene} × ${count}: ${name}`,
        r.error ? `fails: ${r.error}` : fixed(r.cpuMs, 2),
        r.error ? '—' : `${fixed(r.cpuMs / chosen.cpuMs, 2)}×`,
        r.error ? '—' : r.hash === chosen.hash ? 'yes' : 'no',
        again === null ? '' : again.hash === r.hash ? 'yes' : 'NO',
        r.error ? '—' : String(r.asleep),
        fixed(r.meanY, 2),
      ]);
    }
  }
  return formatTable(
    [
      `variant (${steps} steps from load)`,
      'CPU ms/step',
      'vs chosen',
      'same bits as chosen',
      'same bits run twice',
      'asleep',
      'mean y (m)',
    ],
    rows,
  );
}

/**
 * Sleeping bodies at scale: a floor of balls, all asleep — what the broadphase sweep and the
 * collision matrix cost on their own. Rounds alternate the variants; medians.
 */
export function sleepingFloorTable(count: number, steps: number, rounds: number): string {
  const gc = (globalThis as { gc?: () => void }).gc;
  const variants = VARIANTS.filter(
    ([name]) => name === 'chosen' || name.startsWith('cannon-es SAP'),
  );
  const ms: number[][] = variants.map(() => []);
  const heap: number[][] = variants.map(() => []);
  for (let round = 0; round < rounds; round++) {
    variants.forEach(([, tuning], v) => {
      gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      const physics = new PhysicsWorld({ ...DEFAULT_TUNING, ...tuning });
      const side = Math.ceil(Math.sqrt(count));
      for (let i = 0; i < count; i++) {
        const position: [number, number, number] = [i % side, 0.4, Math.floor(i / side)];
        physics.addBody({ kind: 'sphere', scale: [0.4, 0.4, 0.4], position, asleep: true });
      }
      physics.step(DT);
      gc?.();
      (heap[v] as number[]).push((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20);
      const start = process.cpuUsage();
      for (let s = 0; s < steps; s++) physics.step(DT);
      (ms[v] as number[]).push(cpuMs(start) / steps);
    });
  }
  const rows = variants.map(([name], v) => [
    name,
    fixed(median(ms[v] as number[]), 2),
    fixed(median(heap[v] as number[]), 0),
  ]);
  return formatTable([`${count} sleeping balls`, 'CPU ms/step', 'world heap MiB'], rows);
}

/** CPU µs per contact per step for piles of one kind: what each shape costs, before and now. */
export function shapeCostTable(count: number, steps: number): string {
  const pile = (kind: (typeof SHAPE_KINDS)[number], tuning: Readonly<PhysicsTuning>) => {
    const physics = new PhysicsWorld(tuning);
    const rng = new Rng(1);
    const side = Math.ceil(Math.sqrt(count / 6));
    for (let i = 0; i < count; i++) {
      const cell = i % (side * side);
      const layer = Math.floor(i / (side * side));
      const x = ((cell % side) - side / 2) * 1.6;
      const z = (Math.floor(cell / side) - side / 2) * 1.6;
      physics.addBody(randomBody(rng, [x, 1 + 1.6 * layer, z], kind));
    }
    let contacts = 0;
    let ms = 0;
    for (let s = 0; s < steps; s++) {
      const start = process.cpuUsage();
      physics.step(DT);
      ms += cpuMs(start);
      // Counted outside the clock: the manifold narrowphase makes its list on the call.
      contacts += contactList(physics.world).length;
    }
    return { ms: ms / steps, contacts: contacts / steps, usPerContact: (1000 * ms) / contacts };
  };
  const rows = SHAPE_KINDS.map((kind) => {
    const today = pile(kind, CANNON_PARTS);
    const chosen = pile(kind, DEFAULT_TUNING);
    return [
      kind,
      `${fixed(today.ms, 2)} / ${fixed(chosen.ms, 2)}`,
      `${fixed(today.contacts, 0)} / ${fixed(chosen.contacts, 0)}`,
      `${fixed(today.usPerContact, 1)} / ${fixed(chosen.usPerContact, 1)}`,
    ];
  });
  return formatTable(
    [
      `pile of ${count}, one kind (today / chosen)`,
      'CPU ms/step',
      'contacts/step',
      'µs per contact',
    ],
    rows,
  );
}

/** The variants whose choice changes what a user sees, through the quality gates. */
const QUALITY_VARIANTS = VARIANTS.filter(
  ([name]) =>
    name === 'chosen' ||
    name.startsWith("cannon-es's parts") ||
    name.startsWith("cannon-es's contacts") ||
    name.startsWith('solver') ||
    name.startsWith('sleep'),
);

/** The quality gates (qualityGates.ts) for each variant that changes the simulation. */
export function qualityByVariantTable(): string {
  return qualityTable(QUALITY_VARIANTS.map(([name, tuning]) => [name, tuning] as const));
}
