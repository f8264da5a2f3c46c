// The physics kernels in WebAssembly give their TypeScript's bits — step by step, on piles that
// stand, fall and slide — and their module names each kernel for a profiler.

import { afterEach, describe, expect, it } from 'vitest';
import { buildScene } from '../../../support/sceneWorlds';
import { FlatGSSolver } from '../../../../src/physics/solver/flatSolver';
import { allowContactKernel } from '../../../../src/physics/kernels/kernelMemory';
import { KERNEL_BASE64 } from '../../../../src/physics/kernels/contactKernelBytes';
import { StateHasher } from '../../../../src/state/stateHasher';

const DT = 1 / 100;

/** State hashes after each step, and the sweeps that ran in WebAssembly. */
function run(scene: string, count: number, steps: number, kernel: boolean) {
  allowContactKernel(kernel);
  const { physics } = buildScene(scene, count);
  const solver = physics.world.solver;
  if (!(solver instanceof FlatGSSolver)) throw new Error('not the flat solver');
  const hasher = new StateHasher();
  const hashes: string[] = [];
  for (let s = 0; s < steps; s++) {
    physics.step(DT);
    hashes.push(hasher.hex(physics));
  }
  return { hashes, kernelSweeps: solver.kernelSweeps };
}

afterEach(() => allowContactKernel(true));

describe('the contact kernels', () => {
  it('name their functions for a profiler, and nothing else (no locals: they would add 5 KB)', () => {
    const module = new WebAssembly.Module(Buffer.from(KERNEL_BASE64, 'base64'));
    const sections = WebAssembly.Module.customSections(module, 'name');
    expect(sections).toHaveLength(1);
    const names = new Uint8Array(sections[0]);
    // One subsection, the function names (id 1); a kernel's name among them.
    expect(names[0]).toBe(1);
    expect(Buffer.from(names).includes('sweepRows')).toBe(true);
    expect(names.length).toBeLessThan(1024);
  });

  it.each([
    // The block lands on 5 layers at step 85: standing, struck and settling.
    ['pyramid', 5, 160],
    ['avalanche', 200, 250],
    ['rain', 200, 250],
  ] as const)(
    '%s × %i for %i steps: the state hash after every step as with the TypeScript',
    (scene, count, steps) => {
      const typescript = run(scene, count, steps, false);
      const kernel = run(scene, count, steps, true);
      // Each run swept where it was meant to: else this compares the TypeScript sweep with itself.
      expect(typescript.kernelSweeps).toBe(0);
      expect(kernel.kernelSweeps).toBeGreaterThan(steps);
      // The scene moved: equal hashes of a world standing still would prove little.
      expect(new Set(kernel.hashes).size).toBeGreaterThan(steps / 2);
      expect(kernel.hashes).toEqual(typescript.hashes);
    },
    120_000,
  );
});
