// A scene's title and hint are text keys on its definition: every registered scene's read in
// each language, and a definition without them, or with a key no table has, fails to compile.

import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { EN } from '../../../src/i18n/en';
import { KO } from '../../../src/i18n/ko';
import { ZH } from '../../../src/i18n/zh';
import { SCENES } from '../../../src/scenes/registry';

const ROOT = resolve(import.meta.dirname, '../../..');

/** Type errors in `code`, compiled as a file of src/scenes/ with the app's settings. */
function typeErrors(code: string): string[] {
  const file = join(ROOT, 'src', 'scenes', 'madeUpScene.ts');
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    baseUrl: ROOT,
    paths: { 'fixed-step/*': ['packages/fixed-step/src/*.ts'] },
  };
  const host = ts.createCompilerHost(options);
  const readSource = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name === file ? ts.createSourceFile(name, code, language) : readSource(name, language, ...rest);
  const program = ts.createProgram([file], options, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(file))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

/** A scene definition with `texts` for its title and hint lines. */
const scene = (texts: string): string => `
import type { SceneDefinition } from './sceneTypes';
export const madeUp: SceneDefinition = {
  id: 'madeUp',
  ${texts}
  view: { camera: [0, 1, 2], target: [0, 0, 0] },
  build() {},
};
`;

describe("scenes' texts", () => {
  it('every registered scene has a title and a hint in each language', () => {
    expect(SCENES.length).toBeGreaterThan(10);
    for (const table of [EN, KO, ZH]) {
      for (const definition of SCENES) {
        expect(table[definition.title].length, definition.id).toBeGreaterThan(0);
        expect(table[definition.hint].length, definition.id).toBeGreaterThan(0);
      }
    }
  });

  it('a definition with its keys compiles; one without a hint, or with an unknown key, does not', () => {
    expect(typeErrors(scene("title: 'scene.stack', hint: 'hint.stack',"))).toEqual([]);
    expect(typeErrors(scene("title: 'scene.stack',")).join('\n')).toMatch(/'hint' is missing/);
    expect(typeErrors(scene("title: 'Stack', hint: 'hint.stack',")).join('\n')).toMatch(
      /'"Stack"' is not assignable/,
    );
  });
});
