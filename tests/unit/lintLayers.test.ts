// The pipeline's layers are lint rules (eslint.config.js): for every folder of src/, an import
// against the pipeline is reported and one along it passes, when linted in place of a file of
// that folder; physics is imported through its face; and the packages are kept to their folders.

import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint();

// The first lint builds the type-aware rules' TypeScript program for the whole project (seconds
// alone, far longer on busy cores): built once here, so each case below times only its own lint.
beforeAll(async () => {
  await eslint.lintText('export const x = 1;\n', { filePath: 'src/util/rng.ts' });
}, 300_000);

/** The folders of src/ that hold source files, as paths under src/ (physics/world, say). */
function codeFolders(folder = 'src'): string[] {
  const entries = readdirSync(folder, { withFileTypes: true });
  const under = entries
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => codeFolders(join(folder, entry.name)));
  // A folder of folders may have a face (index.ts: physics/'s), which is not a folder's code.
  const own = entries.some(
    (entry) =>
      entry.isFile() &&
      entry.name.endsWith('.ts') &&
      (under.length === 0 || entry.name !== 'index.ts'),
  );
  return own && folder !== 'src' ? [relative('src', folder).split(sep).join('/'), ...under] : under;
}

/**
 * The no-restricted-imports messages for `code` in place of the file at `path` (a real file:
 * the type-aware rules lint only files of the TypeScript project). A file that did not parse
 * fails the test rather than pass it with no messages.
 */
async function restricted(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path });
  const messages = result?.messages ?? [];
  expect(messages.filter((m) => m.fatal)).toEqual([]);
  return messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

/** An import statement of `name` from `from`, used so no other rule objects. */
const value = (name: string, from: string): string =>
  `import { ${name} } from '${from}';\nexport const x = ${name};`;
const type = (name: string, from: string): string =>
  `import type { ${name} } from '${from}';\nexport type X = ${name};`;

/** Per folder: a file of it, an import against the pipeline, and one along it. */
const FOLDERS: Record<string, { file: string; bad: string; good: string }> = {
  util: {
    file: 'src/util/rng.ts',
    bad: type('Settings', '../config/settings'),
    good: value('sin', './exactMath'),
  },
  config: {
    file: 'src/config/settings.ts',
    bad: value('Rng', '../util/rng'),
    good: type('Settings', './settings'),
  },
  i18n: {
    file: 'src/i18n/language.ts',
    bad: value('quoteValue', '../config/settings'),
    good: value('quoteValue', './quote'),
  },
  shapes: {
    file: 'src/shapes/shapeKinds.ts',
    bad: type('PhysicsWorld', '../physics/world/physicsWorld'),
    good: type('ShapeKind', './shapeKinds'),
  },
  // The physics stages: each imports the stages below it, never one above.
  'physics/kernels': {
    file: 'src/physics/kernels/kernelMemory.ts',
    bad: type('ManifoldRows', '../solver/manifoldRows'),
    good: value('KERNEL_BASE64', './contactKernelBytes'),
  },
  'physics/bodies': {
    file: 'src/physics/bodies/materials.ts',
    bad: type('PhysicsTuning', '../world/tuning'),
    good: value('sin', '../../util/exactMath'),
  },
  'physics/broadphase': {
    file: 'src/physics/broadphase/broadphaseSweep.ts',
    bad: value('slotOf', '../manifolds/manifoldIndex'),
    good: type('int', '../kernels/kernelTypes'),
  },
  'physics/contacts': {
    file: 'src/physics/contacts/satTolerances.ts',
    bad: value('taskPairs', '../narrowphase/taskPairs'),
    good: type('Materials', '../bodies/materials'),
  },
  'physics/manifolds': {
    file: 'src/physics/manifolds/manifoldIndex.ts',
    bad: value('sweepRows', '../solver/sweepLoop'),
    good: type('int', '../kernels/kernelTypes'),
  },
  'physics/narrowphase': {
    file: 'src/physics/narrowphase/taskPairs.ts',
    bad: value('DEFAULT_TUNING', '../world/tuning'),
    good: value('EDGE_BIAS', '../contacts/satTolerances'),
  },
  'physics/solver': {
    file: 'src/physics/solver/sweepLoop.ts',
    // The solver reads manifolds, not the narrowphase that fills them.
    bad: value('taskPairs', '../narrowphase/taskPairs'),
    good: value('slotOf', '../manifolds/manifoldIndex'),
  },
  'physics/world': {
    file: 'src/physics/world/tuning.ts',
    bad: type('SceneDefinition', '../../scenes/sceneTypes'),
    good: value('sweepRows', '../solver/sweepLoop'),
  },
  scenes: {
    file: 'src/scenes/stack.ts',
    // The stutter meter's TruePath was once taken from app/: scenes define it themselves.
    bad: type('StutterMeter', '../stats/stutterMeter'),
    good: type('PhysicsWorld', '../physics/index'),
  },
  snapshot: {
    file: 'src/snapshot/bodyTable.ts',
    bad: value('PhysicsWorld', '../physics/index'),
    good: type('PhysicsWorld', '../physics/index'),
  },
  state: {
    file: 'src/state/recording.ts',
    // The state hasher once lived in app/, the spawn-spec checks in api/.
    bad: value('SandboxApi', '../api/scriptingApi'),
    good: value('toHex', './stateHasher'),
  },
  loop: {
    file: 'src/loop/frameDriver.ts',
    bad: type('Stage', '../render/stage'),
    good: type('Settings', '../config/settings'),
  },
  'physicsHost/core': {
    file: 'src/physicsHost/core/physicsCore.ts',
    bad: value('Simulation', '../../app/simulation'),
    good: value('StateHasher', '../../state/stateHasher'),
  },
  'physicsHost/wire': {
    file: 'src/physicsHost/wire/protocol.ts',
    bad: type('PhysicsCore', '../core/physicsCore'),
    good: type('SceneSnapshots', '../../snapshot/snapshots'),
  },
  'physicsHost/worker': {
    file: 'src/physicsHost/worker/physicsService.ts',
    bad: type('WorkerHost', '../workerHost/workerHost'),
    good: value('PhysicsCore', '../core/physicsCore'),
  },
  'physicsHost/host': {
    file: 'src/physicsHost/host/localHost.ts',
    bad: type('Simulation', '../../app/simulation'),
    good: value('PhysicsCore', '../core/physicsCore'),
  },
  'physicsHost/workerHost': {
    file: 'src/physicsHost/workerHost/workerHost.ts',
    bad: value('PhysicsService', '../worker/physicsService'),
    good: value('LocalHost', '../host/localHost'),
  },
  stats: {
    file: 'src/stats/frameStats.ts',
    bad: type('Simulation', '../app/simulation'),
    good: type('FrameReport', 'fixed-step/loop'),
  },
  render: {
    file: 'src/render/linkLines.ts',
    bad: type('PhysicsWorld', '../physics/world/physicsWorld'),
    good: type('SceneSnapshots', '../snapshot/snapshots'),
  },
  app: {
    file: 'src/app/twinLab.ts',
    // Messages come in as a callback: the app never imports the page's widgets.
    bad: value('Messages', '../ui/messages'),
    good: value('LocalHost', '../physicsHost/host/localHost'),
  },
  tour: {
    file: 'src/tour/card.ts',
    // The tour is driven through the action layer, never through the scripting door.
    bad: value('createScriptingApi', '../api/scriptingApi'),
    good: value('fixedText', '../ui/readout'),
  },
  api: {
    file: 'src/api/urlParams.ts',
    bad: value('Panel', '../ui/panel'),
    good: type('ActionLayer', '../app/actionLayer'),
  },
  ui: {
    file: 'src/ui/hud.ts',
    // The panel and input see narrow interfaces of their own, never the app's classes.
    bad: type('ActionLayer', '../app/actionLayer'),
    good: type('StatsSnapshot', '../stats/statsSnapshot'),
  },
};

describe('layer rules', () => {
  it('every folder of src/ has its cases (and a rule: see eslint.config.js PIPELINE)', () => {
    expect(Object.keys(FOLDERS).sort()).toEqual(codeFolders().sort());
  });

  for (const [folder, { file, bad, good }] of Object.entries(FOLDERS)) {
    it(`${folder}/: ${bad.split('\n')[0]} is reported`, async () => {
      expect(await restricted(file, bad)).toHaveLength(1);
    });
    it(`${folder}/: ${good.split('\n')[0]} is allowed`, async () => {
      expect(await restricted(file, good)).toEqual([]);
    });
  }
});

const PACKAGES: [path: string, code: string, allowed: boolean][] = [
  ['src/render/linkLines.ts', value('Scene', 'three'), true],
  ['src/app/twinLab.ts', value('Vector3', 'three'), false],
  ['src/ui/input.ts', value('Vector3', 'three'), false],
  ['src/physics/bodies/materials.ts', value('Body', 'cannon-es'), true],
  ['src/physics/solver/sweepLoop.ts', value('Body', 'cannon-es'), true],
  ['src/physicsHost/core/physicsCore.ts', value('Body', 'cannon-es'), false],
  ['src/render/stage.ts', value('Body', 'cannon-es'), false],
  ['src/ui/panel.ts', "import GUI from 'lil-gui';\nexport const g = GUI;", true],
  ['src/app/browserApp.ts', "import GUI from 'lil-gui';\nexport const g = GUI;", false],
  ['src/main.ts', value('Scene', 'three'), false],
  ['src/main.ts', value('Messages', './ui/messages'), true],
  // The app stands on the package's engine-neutral entries, by name; three.js's only in render/.
  ['src/app/simulation.ts', value('FixedStepLoop', 'fixed-step/loop'), true],
  ['src/snapshot/snapshots.ts', value('SnapshotPair', 'fixed-step/interpolation'), true],
  ['src/render/bodyInstances.ts', value('composeInstance', 'fixed-step/three'), true],
  ['src/app/simulation.ts', value('composeInstance', 'fixed-step/three'), false],
  ['src/app/simulation.ts', value('fixedStep', 'fixed-step'), false],
  ['src/app/simulation.ts', value('installDropIn', 'fixed-step/cannon'), false],
  ['src/app/simulation.ts', value('FixedStepLoop', '../../packages/fixed-step/src/loop'), false],
  // The package below the app: only its drop-in entry imports src/, through the engine's face.
  ['packages/fixed-step/src/cannon.ts', value('installDropIn', '../../../src/physics/index'), true],
  [
    'packages/fixed-step/src/cannon.ts',
    value('installDropIn', '../../../src/physics/world/dropIn'),
    false,
  ],
  ['packages/fixed-step/src/three.ts', value('installDropIn', '../../../src/physics/index'), false],
  [
    'packages/fixed-step/src/frontDoor/fixedStep.ts',
    value('Rng', '../../../../src/util/rng'),
    false,
  ],
  [
    'packages/fixed-step/src/frontDoor/fixedStep.ts',
    value('FrameClock', '../loop/frameClock'),
    true,
  ],
  // Its engine-neutral entries import no engine.
  ['packages/fixed-step/src/loop.ts', value('Scene', 'three'), false],
  ['packages/fixed-step/src/core.ts', value('World', 'cannon-es'), false],
  // Outside physics/, physics is imported through its face alone, where the pipeline allows it.
  ['src/state/worldState.ts', value('PhysicsWorld', '../physics/world/physicsWorld'), false],
  ['src/state/worldState.ts', value('PhysicsWorld', '../physics/index'), true],
  ['src/physicsHost/core/physicsCore.ts', type('Command', '../../physics/world/commands'), false],
  ['src/physicsHost/core/physicsCore.ts', type('Command', '../../physics/index'), true],
  ['src/snapshot/bodyTable.ts', type('SpringEnds', '../physics/bodies/springs'), false],
  ['src/render/stage.ts', type('PhysicsWorld', '../physics/index'), false],
  // The stages import each other by name.
  ['src/physics/world/tuning.ts', value('FlatGSSolver', '../solver/flatSolver'), true],
  // The engine's face re-exports its stages and nothing else.
  ['src/physics/index.ts', value('installDropIn', './world/dropIn'), true],
  ['src/physics/index.ts', value('Rng', '../util/rng'), false],
];

describe("packages kept to their folders, and the package's entries to theirs", () => {
  for (const [path, code, allowed] of PACKAGES) {
    it(`${path}: ${code.split('\n')[0]} is ${allowed ? 'allowed' : 'reported'}`, async () => {
      expect(await restricted(path, code)).toHaveLength(allowed ? 0 : 1);
    });
  }
});
