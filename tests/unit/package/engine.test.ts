// The engine interface on its own: the package README's toy adapter (ballEngine.ts, the README's
// code word for word) runs the front door — drawn between steps, removals, sleep — with no
// cannon-es or Rapier anywhere.

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { FixedStep } from '../../../packages/fixed-step/src/index';
import type { FixedStepEngine } from '../../../packages/fixed-step/src/index';
import { ballEngine, physicsOf } from './ballEngine';
import type { Ball, BallWorld } from './ballEngine';

const ROOT = resolve(import.meta.dirname, '../../..');

/** The ts block under the README's heading `heading`. */
function readmeBlock(heading: string): string {
  const readme = readFileSync(join(ROOT, 'packages/fixed-step/README.md'), 'utf8');
  const from = readme.indexOf(`\n${heading}\n`);
  const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(from));
  if (from < 0 || !block?.[1]) throw new Error(`README: no ts block under ${heading}`);
  return block[1];
}

const ball = (w: BallWorld, x: number, y: number): Ball => {
  const b = { x, y, z: 0, vy: 0 };
  w.balls.add(b);
  return b;
};

describe('writing an adapter for another engine', () => {
  it('the README shows ballEngine.ts as it is (but its import path)', () => {
    const file = readFileSync(join(import.meta.dirname, 'ballEngine.ts'), 'utf8');
    const code = file
      .slice(file.search(/^import /m))
      .replaceAll('../../../packages/fixed-step/src/core', 'fixed-step/core');
    expect(readmeBlock('### Writing an adapter for another engine')).toBe(code);
  });

  it('the front door steps the toy world, draws between steps, unbinds a removed ball, skips sleepers', () => {
    const world: BallWorld = { balls: new Set(), gravity: -9.81 };
    const [a, b] = [ball(world, 0, 3), ball(world, 2, 5)];
    const physics = physicsOf(world);
    const [ma, mb] = [new THREE.Object3D(), new THREE.Object3D()];
    physics.bind(a, ma).bind(b, mb);
    let before = 0;
    let after = 0;
    physics.on('beforeStep', () => (before = a.y));
    physics.on('afterStep', () => (after = a.y));
    let t = 0;
    for (let k = 0; k < 20; k++) physics.frame((t = k * (1000 / 144)));
    const alpha = physics.lastFrame.alpha;
    expect(alpha).toBeGreaterThan(0.05);
    expect(ma.position.y).toBeCloseTo(before + (after - before) * alpha, 12);
    expect(ma.position.y).toBeGreaterThan(a.y);
    world.balls.delete(b);
    physics.frame((t += 20)); // a frame that steps: it looks before reading any body

    expect(physics.slot(b)).toBe(-1);
    expect(physics.slot(a)).toBe(0);
    for (let k = 0; k < 300; k++) physics.frame((t += 1000 / 60));
    expect(ballEngine.sleeping(a)).toBe(true);
    expect(ma.position.y).toBe(0);
    expect(physics.snapshots.asleep[0]).toBe(1);
  });

  it('the moved-body check reads poses with readPose where the engine has one, else with read', () => {
    const count = (withPose: boolean) => {
      const calls = { read: 0, readPose: 0, steppingFrames: 0, steps: 0 };
      const engine: FixedStepEngine<BallWorld, Ball> = {
        ...ballEngine,
        read: (b, out, i) => (calls.read++, ballEngine.read(b, out, i)),
      };
      if (withPose) engine.readPose = (b, out, i) => (calls.readPose++, ballEngine.read(b, out, i));
      const world: BallWorld = { balls: new Set(), gravity: -9.81 };
      const physics = new FixedStep(world, { hz: 100, document: null }, engine);
      for (const x of [0, 1, 2]) physics.bind(ball(world, x, 50), new THREE.Object3D());
      physics.frame(0);
      [calls.read, calls.readPose] = [0, 0];
      for (let k = 1; k <= 30; k++) {
        physics.frame(10 * k);
        calls.steps += physics.lastFrame.steps;
        if (physics.lastFrame.steps > 0) calls.steppingFrames++;
      }
      return calls;
    };
    const posed = count(true);
    expect(posed.steppingFrames).toBeGreaterThan(20);
    expect(posed.readPose).toBe(3 * posed.steppingFrames); // once a stepping frame, before its steps
    expect(posed.read).toBe(3 * posed.steps); // after each step
    const unposed = count(false);
    expect(unposed.readPose).toBe(0);
    expect(unposed.read).toBe(3 * (unposed.steppingFrames + unposed.steps));
  });

  it('refuses an engine that lacks a method, naming it', () => {
    const world: BallWorld = { balls: new Set(), gravity: -9.81 };
    const noRead = { ...ballEngine, read: undefined };
    expect(() => new FixedStep(world, {}, noRead as never)).toThrow(/no read\(\) method/);
  });
});
