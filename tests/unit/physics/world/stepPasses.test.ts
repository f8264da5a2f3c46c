// A step's passes (stepPasses.ts) three ways: a world under DEFAULT_TUNING runs them, in their
// order, when it steps; each names a method of its class in its file and the kernels that file
// calls; and docs/design.md's "A step's passes" table is the same list.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STEP_PARTS, STEP_PASSES } from '../../../../src/physics/world/stepPasses';
import { readKernelSources } from '../../../../tools/kernels/kernelSources';
import { CALLS_FILE } from '../../../../tools/kernels/kernelCalls';
import { buildScene, DT } from '../../../support/sceneWorlds';

/** The object at a dotted path from `root` (`narrowphase.packed`). */
function at(root: object, path: string): Record<string, unknown> {
  return path.split('.').reduce((o, key) => (o as Record<string, object>)[key], root) as Record<
    string,
    unknown
  >;
}

/** A pass's class, its method, and the class's entry in STEP_PARTS. */
function partOf(method: string) {
  const [owner, name] = method.split('.') as [keyof typeof STEP_PARTS, string];
  return { owner, name, ...STEP_PARTS[owner] };
}

describe("a step's passes", () => {
  it('a stepping world runs them, each, in this order', () => {
    const { physics } = buildScene('pyramid', 4);
    for (let s = 0; s < 20; s++) physics.step(DT);
    const ran: string[] = [];
    for (const { pass, method } of STEP_PASSES) {
      const part = partOf(method);
      const object = at(physics.world, part.at);
      expect([pass, object.constructor.name]).toEqual([pass, part.owner]);
      const original = object[part.name] as (...args: unknown[]) => unknown;
      object[part.name] = function (this: unknown, ...args: unknown[]) {
        ran.push(pass);
        return original.apply(this, args);
      };
    }
    physics.step(DT);
    expect([...new Set(ran)]).toEqual(STEP_PASSES.map((p) => p.pass));
  });

  it('each names a method of its class, in its file, and the kernels that file calls', async () => {
    const kernels = await readKernelSources('.', 'src/physics', CALLS_FILE);
    const entries = new Set(kernels.entries.map((e) => e.name));
    for (const { method, kernels: calls } of STEP_PASSES) {
      const { owner, name, file } = partOf(method);
      const text = readFileSync(`src/physics/${file}`, 'utf8');
      expect([method, text.includes(`class ${owner} `)]).toEqual([method, true]);
      expect([method, new RegExp(`^  (private |override )?${name}\\(`, 'm').test(text)]).toEqual([
        method,
        true,
      ]);
      for (const kernel of calls) {
        expect([method, kernel, entries.has(kernel), text.includes(`${kernel}(`)]).toEqual([
          method,
          kernel,
          true,
          true,
        ]);
      }
    }
  });

  it("docs/design.md's table is the list", () => {
    const doc = readFileSync('docs/design.md', 'utf8');
    const section = doc.split(/^## A step's passes$/m)[1]?.split(/^## /m)[0] ?? '';
    const rows = section
      .split('\n')
      .filter((line) => /^\| [a-z-]+ +\| `/.test(line))
      .map((line) => line.split('|').map((cell) => cell.trim()));
    expect(rows.map(([, pass, where, calls]) => ({ pass, where, calls }))).toEqual(
      STEP_PASSES.map(({ pass, method, kernels: calls }) => ({
        pass,
        where: `\`${method}\` (\`${partOf(method).file}\`)`,
        calls: calls.map((k) => `\`${k}\``).join(', '),
      })),
    );
  });
});
