import { describe, expect, it } from 'vitest';
import { parseUrlParams } from '../../../src/api/urlParams';

describe('parseUrlParams', () => {
  it('reads every parameter', () => {
    const options = parseUrlParams(
      '?scene=pile&count=500&seed=7&hz=60&interp=off&paused=1&timescale=0.5',
      'playground',
    );
    expect(options).toEqual({
      scene: 'pile',
      count: 500,
      seed: 7,
      settings: { physicsHz: 60, interpolation: 'off', paused: true, timeScale: 0.5 },
      errors: [],
    });
  });

  it('uses defaults with no parameters', () => {
    expect(parseUrlParams('', 'playground')).toEqual({
      scene: 'playground',
      settings: {},
      errors: [],
    });
  });

  it.each(['abc', '-1', '0', '1e309', 'NaN', '', ' ', '0x10', 'Infinity', '9'.repeat(5000)])(
    'hz=%s is rejected with a message naming the parameter and range',
    (value) => {
      const options = parseUrlParams(`?hz=${encodeURIComponent(value)}`, 'playground');
      expect(options.settings).toEqual({});
      expect(options.errors).toHaveLength(1);
      expect(options.errors[0]).toMatch(
        /URL parameter 'hz' = .* is invalid: expected a number from 5 to 240/,
      );
      expect((options.errors[0] ?? '').length).toBeLessThan(300);
    },
  );

  it('an unknown scene (even HTML) falls back to the default and is named as text', () => {
    const options = parseUrlParams(
      `?scene=${encodeURIComponent('<img src=x onerror=alert(1)>')}&count=20`,
      'playground',
    );
    expect(options.scene).toBe('playground');
    expect(options.errors[0]).toContain('"<img src=x onerror=alert(1)>"');
    expect(options.errors[0]).toContain(
      'valid scenes are playground, stack, dominoes, pile, carousel, spring, tunnel, determinism, rain, tower, avalanche',
    );
    expect(options.count).toBe(20);
  });

  it('checks count against the chosen scene', () => {
    const options = parseUrlParams('?scene=pile&count=5001', 'playground');
    expect(options.count).toBeUndefined();
    expect(options.errors[0]).toMatch(
      /'count' = "5001" is invalid for scene 'pile': expected an integer from 1 to 5000/,
    );
    expect(parseUrlParams('?scene=carousel&count=3', 'playground').errors[0]).toMatch(/fixed size/);
  });

  it('bad parameters do not stop good ones', () => {
    const options = parseUrlParams('?hz=fast&interp=off&seed=-3', 'playground');
    expect(options.settings).toEqual({ interpolation: 'off' });
    expect(options.errors).toHaveLength(2);
  });

  it('accepts 1/0/true/false for booleans only', () => {
    expect(parseUrlParams('?paused=true', 'playground').settings).toEqual({ paused: true });
    expect(parseUrlParams('?paused=0', 'playground').settings).toEqual({ paused: false });
    expect(parseUrlParams('?paused=yes', 'playground').errors[0]).toMatch(
      /expected 1, 0, true or false/,
    );
  });
});
