// `sandbox.spawn` argument validation: defaults, accepted shapes, and a named Error for each bad field.

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SPAWN_POSITION,
  MAX_SPAWN_SCALE,
  validateSpawnSpec,
} from '../../../src/state/spawnSpec';

describe('validateSpawnSpec', () => {
  it('fills defaults from the kind alone', () => {
    expect(validateSpawnSpec({ kind: 'sphere' })).toEqual({
      kind: 'sphere',
      scale: [0.4, 0.4, 0.4],
      position: [...DEFAULT_SPAWN_POSITION],
    });
    expect(validateSpawnSpec({ kind: 'cylinder' }).scale).toEqual([0.35, 0.45, 0.35]);
  });

  it('accepts every field, a number or a triple as scale, and copies the arrays', () => {
    const velocity: [number, number, number] = [1, 2, 3];
    const spec = validateSpawnSpec({
      kind: 'box',
      scale: [0.2, 0.5, 1],
      position: [1, 2, 3],
      quaternion: [0, 0, 0, 2],
      velocity,
      angularVelocity: [0, 1, 0],
      density: 900,
    });
    expect(spec).toMatchObject({ scale: [0.2, 0.5, 1], quaternion: [0, 0, 0, 2], density: 900 });
    velocity[0] = Number.NaN;
    expect(spec.velocity).toEqual([1, 2, 3]);
    expect(validateSpawnSpec({ kind: 'gem', scale: 2 }).scale).toEqual([2, 2, 2]);
  });

  it('accepts finite but absurd magnitudes: the physics state guard deals with those', () => {
    expect(() =>
      validateSpawnSpec({ kind: 'sphere', velocity: [1e308, 0, 0], density: 1e308 }),
    ).not.toThrow();
  });

  const bad: [string, unknown, RegExp][] = [
    ['not an object', 'sphere', /spawn expects a body such as/],
    ['null', null, /spawn expects a body/],
    ['an array', [], /spawn expects a body/],
    [
      'an unknown field',
      { kind: 'box', mass: 3 },
      /Unknown spawn field "mass"; valid fields are kind, scale/,
    ],
    [
      'no kind',
      {},
      /spawn kind = undefined is invalid: expected one of box, sphere, cylinder, dumbbell, gem/,
    ],
    ['an unknown kind', { kind: 'cone' }, /spawn kind = "cone" is invalid/],
    [
      'a zero scale',
      { kind: 'box', scale: 0 },
      /spawn scale = 0 is invalid: expected a number greater than 0 and at most 50/,
    ],
    ['a negative size', { kind: 'box', scale: [1, -1, 1] }, /spawn scale\[1\] = -1 is invalid/],
    ['a NaN size', { kind: 'box', scale: [1, 1, Number.NaN] }, /spawn scale\[2\] = NaN is invalid/],
    ['a huge size', { kind: 'box', scale: MAX_SPAWN_SCALE * 2 }, /spawn scale = 100 is invalid/],
    ['a scale of two', { kind: 'box', scale: [1, 1] }, /expected a number or an array \[x, y, z\]/],
    ['a stretched sphere', { kind: 'sphere', scale: [1, 2, 1] }, /uniform scale for a sphere/],
    ['an oval cylinder', { kind: 'cylinder', scale: [1, 2, 3] }, /x equal to z/],
    [
      'a string position',
      { kind: 'box', position: '1,2,3' },
      /spawn position = "1,2,3" is invalid: expected an array of 3 finite numbers/,
    ],
    [
      'an infinite position',
      { kind: 'box', position: [0, Infinity, 0] },
      /spawn position = \[0,Infinity,0\] is invalid/,
    ],
    ['a short velocity', { kind: 'box', velocity: [1, 2] }, /spawn velocity = \[1,2\] is invalid/],
    [
      'a NaN angular velocity',
      { kind: 'box', angularVelocity: [0, 0, Number.NaN] },
      /spawn angularVelocity/,
    ],
    ['a zero quaternion', { kind: 'box', quaternion: [0, 0, 0, 0] }, /not all zeros/],
    ['a string quaternion entry', { kind: 'box', quaternion: [0, 0, 0, '1'] }, /spawn quaternion/],
    [
      'a zero density',
      { kind: 'box', density: 0 },
      /spawn density = 0 is invalid: expected a finite number of kg\/m³ greater than 0/,
    ],
    ['a negative density', { kind: 'box', density: -5 }, /spawn density = -5/],
    ['an infinite density', { kind: 'box', density: -Infinity }, /spawn density = -Infinity/],
  ];
  it.each(bad)('rejects %s with an Error that names the field', (_name, input, message) => {
    expect(() => validateSpawnSpec(input)).toThrow(message);
  });
});

describe('validateSpawnSpec reads its input once', () => {
  it('a position whose items answer NaN to a second read spawns what was checked', () => {
    const reads = [0, 0, 0];
    const position = new Proxy([1, 2, 3], {
      get(target, key, receiver) {
        const k = Number(key);
        if (Number.isInteger(k) && reads[k] !== undefined && reads[k]++ > 0) return Number.NaN;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    expect(validateSpawnSpec({ kind: 'box', position }).position).toEqual([1, 2, 3]);
    expect(reads).toEqual([1, 1, 1]);
  });

  it('a field getter runs once, and an array changed after the call changes no spawn', () => {
    let reads = 0;
    const velocity = [1, 2, 3];
    const input = {
      kind: 'sphere',
      get velocity(): number[] {
        reads++;
        return velocity;
      },
    };
    const spec = validateSpawnSpec(input);
    velocity[0] = Number.NaN;
    expect(spec.velocity).toEqual([1, 2, 3]);
    expect(reads).toBe(1);
  });
});
