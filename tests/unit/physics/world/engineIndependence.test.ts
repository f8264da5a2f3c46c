import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PhysicsWorld } from '../../../../src/physics/world/physicsWorld';
import { SCENES } from '../../../../src/scenes/registry';
import { SHAPE_KINDS } from '../../../../src/shapes/shapeKinds';
import { Rng } from '../../../../src/util/rng';

/**
 * The Math functions the language lets each engine round its own way. While a scene is built and
 * stepped, every call to them is recorded: none may happen, bar cannon-es's damping loop asking
 * for pow(1, dt) — exactly 1 in every engine — now that bodies carry their damping themselves.
 */
const ENGINE_ROUNDED = [
  'sin',
  'cos',
  'tan',
  'asin',
  'acos',
  'atan',
  'atan2',
  'sinh',
  'cosh',
  'tanh',
  'exp',
  'expm1',
  'log',
  'log1p',
  'log2',
  'log10',
  'pow',
  'hypot',
  'cbrt',
] as const;

type MathFunction = (...args: number[]) => number;
const math = Math as unknown as Record<string, MathFunction>;
const originals = new Map<string, MathFunction>();
let calls: string[] = [];

beforeEach(() => {
  calls = [];
  for (const name of ENGINE_ROUNDED) {
    const original = math[name] as MathFunction;
    originals.set(name, original);
    math[name] = (...args: number[]) => {
      if (!(name === 'pow' && args[0] === 1)) calls.push(`Math.${name}(${args.join(', ')})`);
      return original(...args);
    };
  }
});

afterEach(() => {
  for (const [name, original] of originals) math[name] = original;
});

/** Distinct calls, first few: enough to name the culprit in a failure. */
const summary = (): string[] => [...new Set(calls)].slice(0, 5);

/** Small counts keep the heavy scenes quick; every code path of the build still runs. */
function countFor(id: string, range: { default: number } | undefined): number {
  if (!range) return 0;
  if (id === 'pyramid') return 4;
  return ['rain', 'tower', 'avalanche', 'pile'].includes(id) ? 100 : range.default;
}

describe('building and stepping every scene calls no engine-rounded Math function', () => {
  for (const scene of SCENES) {
    it(`${scene.id}: build and 300 steps`, () => {
      const physics = new PhysicsWorld();
      scene.build(physics, new Rng(1), countFor(scene.id, scene.count));
      for (let s = 0; s < 300; s++) physics.step(1 / 100);
      expect(summary()).toEqual([]);
      expect(physics.count).toBeGreaterThan(0);
    });
  }

  it('every shape thrown into the stack, 300 steps at 60 Hz', () => {
    const physics = new PhysicsWorld();
    const stack = SCENES.find((s) => s.id === 'stack');
    stack?.build(physics, new Rng(1), 36);
    SHAPE_KINDS.forEach((kind, k) => {
      physics.addBody({
        kind,
        scale:
          kind === 'box'
            ? [0.4, 0.3, 0.2]
            : kind === 'cylinder'
              ? [0.35, 0.45, 0.35]
              : [0.5, 0.5, 0.5],
        position: [-4 - 1.5 * k, 1.2, 0.3],
        quaternion: [0.3, -0.2, 0.1, 0.9],
        velocity: [9, 2.5, -0.4],
        angularVelocity: [1.5, -3, 2],
      });
    });
    for (let s = 0; s < 300; s++) physics.step(1 / 60);
    expect(summary()).toEqual([]);
  });

  it('the check itself: a Math.sin during the build is caught', () => {
    const physics = new PhysicsWorld();
    physics.addBody({ kind: 'box', scale: [1, 1, 1], position: [0, Math.sin(1), 0] });
    expect(summary()).toEqual(['Math.sin(1)']);
  });
});
