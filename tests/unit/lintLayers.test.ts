// The pipeline's layers are lint rules (eslint.config.js): each forbidden import is reported,
// and each allowed one passes, when linted in place of a file of that folder.

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

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

const CASES: [path: string, code: string, allowed: boolean][] = [
  [
    'src/render/linkLines.ts',
    "import type { B } from '../physics/physicsWorld';\nexport type C = B;",
    false,
  ],
  ['src/render/linkLines.ts', "import { World } from 'cannon-es';\nexport const w = World;", false],
  ['src/render/linkLines.ts', "import { Scene } from 'three';\nexport const s = Scene;", true],
  [
    'src/loop/frameClock.ts',
    "import type { Stage } from '../render/stage';\nexport type S = Stage;",
    false,
  ],
  [
    'src/loop/frameClock.ts',
    "import type { Settings } from '../config/settings';\nexport type S = Settings;",
    true,
  ],
  [
    'src/snapshot/bodyTable.ts',
    "import { PhysicsWorld } from '../physics/physicsWorld';\nexport const p = PhysicsWorld;",
    false,
  ],
  [
    'src/snapshot/bodyTable.ts',
    "import type { PhysicsWorld } from '../physics/physicsWorld';\nexport type P = PhysicsWorld;",
    true,
  ],
  ['src/app/frameStats.ts', "import { Vector3 } from 'three';\nexport const v = Vector3;", false],
  ['src/ui/input.ts', "import { Vector3 } from 'three';\nexport const v = Vector3;", true],
  ['src/app/frameStats.ts', "import { Body } from 'cannon-es';\nexport const b = Body;", false],
  ['src/core/physicsCore.ts', "import { Body } from 'cannon-es';\nexport const b = Body;", true],
  // The package's engine-free entries.
  [
    'packages/fixed-step/src/loop.ts',
    "import { Scene } from 'three';\nexport const s = Scene;",
    false,
  ],
  [
    'packages/fixed-step/src/interpolation.ts',
    "export { installDropIn } from '../../../src/physics/dropIn';",
    false,
  ],
  [
    'packages/fixed-step/src/interpolation.ts',
    "export { DrawPoses } from '../../../src/interp/interpolate';",
    true,
  ],
];

describe('layer rules', () => {
  for (const [path, code, allowed] of CASES) {
    const what = code.split('\n')[0];
    it(`${path}: ${what} is ${allowed ? 'allowed' : 'reported'}`, async () => {
      const messages = await restricted(path, code);
      expect(messages.length).toBe(allowed ? 0 : 1);
    });
  }
});
