// The kernel compiler (tests/tools/kernelCompiler.ts): a kernel using every construct it takes
// gives the same bits compiled as run as TypeScript, and anything outside the subset is refused
// with the line that holds it.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import wabtModule from 'wabt';
import { Rng } from '../../../../src/util/rng';
import { kernelText } from '../../../tools/kernelCompiler';
import { mix } from './fixtures/sampleKernel';

const SAMPLE = new URL('./fixtures/sampleKernel.ts', import.meta.url);

async function compile(text: string): Promise<WebAssembly.Exports> {
  const wat = kernelText({
    sources: [{ path: 'sampleKernel.ts', text }],
    exports: ['mix'],
    constants: {},
  });
  const wabt = await wabtModule();
  const module = wabt.parseWat('sample.wat', wat);
  const bytes = new Uint8Array(module.toBinary({}).buffer);
  module.destroy();
  const memory = new WebAssembly.Memory({ initial: 1 });
  return {
    ...new WebAssembly.Instance(new WebAssembly.Module(bytes), { env: { memory } }).exports,
    memory,
  };
}

describe('the kernel compiler', () => {
  it('compiles a kernel that gives its TypeScript’s bits, whatever the inputs', async () => {
    const exports = await compile(readFileSync(SAMPLE, 'utf8'));
    const memory = exports.memory as WebAssembly.Memory;
    const run = exports.mix as (...args: number[]) => number;
    const rng = new Rng(7);
    const n = 200;
    // Inputs in the kernel's memory: xs (3 a row), counts, flags, out.
    const xs = new Float64Array(memory.buffer, 0, 3 * n);
    const counts = new Int32Array(memory.buffer, 8 * 3 * n, n);
    const flags = new Uint8Array(memory.buffer, 8 * 3 * n + 4 * n, n);
    const out = new Float64Array(memory.buffer, 8 * 4 * n + 8 * n, n);
    for (let k = 0; k < 3 * n; k++) xs[k] = (rng.next() - 0.5) * (k % 7 === 0 ? 1e4 : 6);
    for (let k = 0; k < n; k++) {
      counts[k] = Math.floor(rng.next() * 9);
      flags[k] = rng.next() < 0.8 ? 1 : 0;
    }
    // Some rows with equal a and b, and zeros, so the ternaries and −0 are met.
    xs[3] = xs[4] = 0.75;
    xs[6] = xs[7] = 0;
    const xsTs = Float64Array.from(xs);
    const countsTs = Int32Array.from(counts);
    const outTs = new Float64Array(n);
    const skippedTs = mix(n, xsTs, countsTs, Uint8Array.from(flags), outTs);
    const skipped = run(n, xs.byteOffset, counts.byteOffset, flags.byteOffset, out.byteOffset);
    expect(skipped).toBe(skippedTs);
    expect(skipped).toBeGreaterThan(0);
    expect(Array.from(counts)).toEqual(Array.from(countsTs));
    for (let k = 0; k < n; k++) expect(Object.is(out[k], outTs[k]), `out[${k}]`).toBe(true);
  });

  it.each([
    ['a property read', 'function f(o: number): number { return o.x; }', 'kernel expression'],
    ['an object literal', 'function f(): void { const o = { a: 1 }; }', 'kernel expression'],
    ['an integer negated', 'function f(i: int): int { return -i; }', 'negate doubles only'],
    ['a parameter of another type', 'function f(s: string): void {}', 'not a kernel type'],
    [
      'a double stored in an integer array',
      'function f(a: Int32Array): void { a[0] = 0.5; }',
      'a f64 where a i32',
    ],
  ])('refuses %s, naming the line', (_, text, message) => {
    expect(() =>
      kernelText({
        sources: [{ path: 'bad.ts', text: `\n${text}` }],
        exports: ['f'],
        constants: {},
      }),
    ).toThrow(new RegExp(`bad\\.ts:2: .*${message}`));
  });
});
