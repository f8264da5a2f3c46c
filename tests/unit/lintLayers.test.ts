// The pipeline's layers are lint rules (eslint.config.js): each forbidden import is reported,
// and each allowed one passes, when linted as if it were a file of that folder.

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The no-restricted-imports messages for `code` as the file `path`. */
async function restricted(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

const CASES: [path: string, code: string, allowed: boolean][] = [
  [
    'src/render/x.ts',
    "import type { B } from '../physics/physicsWorld';\nexport type C = B;",
    false,
  ],
  ['src/render/x.ts', "import { World } from 'cannon-es';\nexport const w = World;", false],
  ['src/render/x.ts', "import { Scene } from 'three';\nexport const s = Scene;", true],
  ['src/loop/x.ts', "import type { Stage } from '../render/stage';\nexport type S = Stage;", false],
  [
    'src/loop/x.ts',
    "import type { Settings } from '../config/settings';\nexport type S = Settings;",
    true,
  ],
  [
    'src/snapshot/x.ts',
    "import { PhysicsWorld } from '../physics/physicsWorld';\nexport const p = PhysicsWorld;",
    false,
  ],
  [
    'src/snapshot/x.ts',
    "import type { PhysicsWorld } from '../physics/physicsWorld';\nexport type P = PhysicsWorld;",
    true,
  ],
  ['src/app/x.ts', "import { Vector3 } from 'three';\nexport const v = Vector3;", false],
  ['src/ui/input.ts', "import { Vector3 } from 'three';\nexport const v = Vector3;", true],
  ['src/app/x.ts', "import { Body } from 'cannon-es';\nexport const b = Body;", false],
  ['src/core/x.ts', "import { Body } from 'cannon-es';\nexport const b = Body;", true],
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
