import { describe, expect, it } from 'vitest';
import { axisAngle, cos, pow, sin } from '../../../src/util/exactMath';
import { Rng } from '../../../src/util/rng';

const view = new Float64Array(1);
const bits = new BigInt64Array(view.buffer);

/** Signed distance in units in the last place between two finite doubles. */
function ulps(a: number, b: number): number {
  const order = (x: number): bigint => {
    view[0] = x;
    const v = bits[0] ?? 0n;
    return v < 0n ? -(v & 0x7fffffffffffffffn) : v;
  };
  return Number(order(a) - order(b));
}

/** Worst distance from Math's result and the share of results identical to it. */
function compare(
  ours: (x: number) => number,
  reference: (x: number) => number,
  min: number,
  max: number,
  samples: number,
): { worstUlps: number; identical: number } {
  const rng = new Rng(20240611);
  let worstUlps = 0;
  let same = 0;
  for (let i = 0; i < samples; i++) {
    const x = rng.range(min, max);
    const d = Math.abs(ulps(ours(x), reference(x)));
    if (d > worstUlps) worstUlps = d;
    if (d === 0) same++;
  }
  return { worstUlps, identical: same / samples };
}

/**
 * The true sin and cos of a double, correctly rounded: x is converted exactly to a 256-bit
 * fixed-point integer, reduced modulo 2π (π from Machin's formula, 256 bits) and summed as a
 * Taylor series in BigInt arithmetic; the one rounding is Number(bigint), which rounds to nearest.
 */
const FRACTION_BITS = 256n;
const ONE = 1n << FRACTION_BITS;

function arctanInverse(n: bigint): bigint {
  let term = ONE / n;
  let sum = term;
  for (let k = 1n; term !== 0n; k++) {
    term = -term / (n * n);
    sum += term / (2n * k + 1n);
  }
  return sum;
}
const TWO_PI = 2n * (16n * arctanInverse(5n) - 4n * arctanInverse(239n));

function trueSinCos(x: number): [number, number] {
  // Every double used here is a multiple of 2^-200, so x · 2^200 is an exact integer.
  let r = BigInt(x * 2 ** 200) << (FRACTION_BITS - 200n);
  r -= (r / TWO_PI) * TWO_PI;
  const r2 = (r * r) >> FRACTION_BITS;
  let s = r;
  let c = ONE;
  let sinTerm = r;
  let cosTerm = ONE;
  for (let k = 1n; sinTerm !== 0n || cosTerm !== 0n; k++) {
    cosTerm = -((cosTerm * r2) >> FRACTION_BITS) / ((2n * k - 1n) * (2n * k));
    sinTerm = -((sinTerm * r2) >> FRACTION_BITS) / (2n * k * (2n * k + 1n));
    c += cosTerm;
    s += sinTerm;
  }
  return [Number(s) * 2 ** -256, Number(c) * 2 ** -256];
}

describe('sin and cos at exact points', () => {
  // The correctly rounded sin and cos of the doubles nearest these angles (checked with 60-digit
  // arithmetic): π/2 as a double is a little short of π/2, so its cosine is 6.1e-17, not 0.
  const CASES: [string, number, number, number][] = [
    ['0', 0, 0, 1],
    ['π/6', Math.PI / 6, 0.49999999999999994, 0.8660254037844387],
    ['π/4', Math.PI / 4, 0.7071067811865475, 0.7071067811865476],
    ['−π/4', -Math.PI / 4, -0.7071067811865475, 0.7071067811865476],
    ['π/3', Math.PI / 3, 0.8660254037844386, 0.5000000000000001],
    ['π/2', Math.PI / 2, 1, 6.123233995736766e-17],
    ['π', Math.PI, 1.2246467991473532e-16, -1],
    ['2π', 2 * Math.PI, -2.4492935982947064e-16, 1],
  ];
  for (const [name, x, s, c] of CASES) {
    it(`x = ${name}: the correctly rounded values`, () => {
      expect(sin(x)).toBe(s);
      expect(cos(x)).toBe(c);
    });
  }

  it('keeps the sign of zero: sin(−0) = −0, cos(±0) = 1', () => {
    expect(Object.is(sin(-0), -0)).toBe(true);
    expect(Object.is(sin(0), 0)).toBe(true);
    expect(cos(-0)).toBe(1);
  });

  it('NaN for NaN and ±Infinity', () => {
    for (const x of [NaN, Infinity, -Infinity]) {
      expect(sin(x)).toBeNaN();
      expect(cos(x)).toBeNaN();
    }
  });
});

describe('sin and cos against the true values', () => {
  it('within 1 ulp everywhere, correctly rounded for at least 98% (|x| < 700)', () => {
    const rng = new Rng(11);
    let rounded = 0;
    const samples = 4000;
    for (let i = 0; i < samples; i++) {
      const x = i % 2 === 0 ? rng.range(-4, 4) : rng.range(-700, 700);
      const [s, c] = trueSinCos(x);
      for (const d of [ulps(sin(x), s), ulps(cos(x), c)]) {
        expect(Math.abs(d), `x = ${x}`).toBeLessThanOrEqual(1);
        if (d === 0) rounded++;
      }
    }
    // V8's Math.sin and Math.cos, counted the same way: about 97%.
    expect(rounded / (2 * samples)).toBeGreaterThanOrEqual(0.98);
  });

  it('the reference itself: Math.sin (V8, fdlibm) is within 1 ulp of it', () => {
    const rng = new Rng(12);
    for (let i = 0; i < 500; i++) {
      const x = rng.range(-700, 700);
      const [s, c] = trueSinCos(x);
      expect(Math.abs(ulps(Math.sin(x), s))).toBeLessThanOrEqual(1);
      expect(Math.abs(ulps(Math.cos(x), c))).toBeLessThanOrEqual(1);
    }
  });
});

describe('sin and cos against Math.sin and Math.cos (V8: within an ulp of the true value)', () => {
  // Tiny angles, a few turns, the carousel's angle after ten simulated minutes, and the edge
  // of the exact reduction (|x| < 2^20 · π/2).
  const RANGES: [string, number, number][] = [
    ['|x| < 1e-6', -1e-6, 1e-6],
    ['|x| < 4', -4, 4],
    ['|x| < 700', -700, 700],
    ['|x| < 1.6e6', -1.6e6, 1.6e6],
  ];
  for (const [name, min, max] of RANGES) {
    it(`${name}: never more than 1 ulp apart, identical for at least 95%`, () => {
      for (const [ours, reference] of [
        [sin, Math.sin],
        [cos, Math.cos],
      ] as const) {
        const { worstUlps, identical } = compare(ours, reference, min, max, 100_000);
        expect(worstUlps).toBeLessThanOrEqual(1);
        expect(identical).toBeGreaterThanOrEqual(0.95);
      }
    });
  }

  it('sin² + cos² stays within 2 ulps of 1', () => {
    const rng = new Rng(7);
    for (let i = 0; i < 10_000; i++) {
      const x = rng.range(-50, 50);
      expect(Math.abs(sin(x) * sin(x) + cos(x) * cos(x) - 1)).toBeLessThanOrEqual(
        2 * Number.EPSILON,
      );
    }
  });
});

describe('pow', () => {
  it('damping factors (1 − d)^dt: within an ulp of Math.pow at every physics rate', () => {
    // The scenes' damping (0.01 default, 0.4 rolling) and a spread of others, at 5…240 Hz.
    for (const damping of [0.01, 0.4, 0.001, 0.1, 0.5, 0.9, 0.999]) {
      for (let hz = 5; hz <= 240; hz++) {
        const ours = pow(1 - damping, 1 / hz);
        expect(Math.abs(ulps(ours, Math.pow(1 - damping, 1 / hz)))).toBeLessThanOrEqual(1);
      }
    }
  });

  it('random damping (0–0.5) and step lengths: within an ulp, identical for at least 98%', () => {
    const rng = new Rng(99);
    let same = 0;
    const samples = 50_000;
    for (let i = 0; i < samples; i++) {
      const base = 1 - 0.5 * rng.next();
      const exponent = rng.range(0.001, 0.2);
      const d = Math.abs(ulps(pow(base, exponent), Math.pow(base, exponent)));
      expect(d).toBeLessThanOrEqual(1);
      if (d === 0) same++;
    }
    expect(same / samples).toBeGreaterThanOrEqual(0.98);
  });

  it('exact where the answer is: base 1, exponent 0, base 0', () => {
    expect(pow(1, 0.01)).toBe(1);
    expect(pow(1, -7)).toBe(1);
    expect(pow(0.3, 0)).toBe(1);
    expect(pow(0, 0.01)).toBe(0);
  });

  it('wider exponents stay close: within 64 ulps for |exponent · ln base| ≤ 25', () => {
    const rng = new Rng(5);
    for (let i = 0; i < 20_000; i++) {
      const base = rng.range(0.01, 100);
      const exponent = rng.range(-5, 5);
      expect(Math.abs(ulps(pow(base, exponent), Math.pow(base, exponent)))).toBeLessThanOrEqual(64);
    }
  });

  it('rejects a negative, NaN or infinite base and a non-finite exponent, naming both', () => {
    expect(() => pow(-0.5, 0.01)).toThrow('exactMath.pow(-0.5, 0.01)');
    expect(() => pow(NaN, 1)).toThrow('finite base ≥ 0');
    expect(() => pow(Infinity, 1)).toThrow('finite base ≥ 0');
    expect(() => pow(0.5, Infinity)).toThrow('finite exponent');
  });
});

describe('axisAngle', () => {
  it('a half turn about Y: [0, 1, 0, cos(π/2)]', () => {
    expect(axisAngle(0, 1, 0, Math.PI)).toEqual([0, 1, 0, 6.123233995736766e-17]);
  });

  it('a quarter turn about −X (the ground plane): ±√½ and −0s, as cannon-es gets in V8', () => {
    expect(axisAngle(1, 0, 0, -Math.PI / 2)).toEqual([
      -0.7071067811865475, -0, -0, 0.7071067811865476,
    ]);
  });

  it('unit length for any angle about a unit axis', () => {
    const rng = new Rng(3);
    for (let i = 0; i < 1000; i++) {
      const [x, y, z, w] = axisAngle(0.6, 0, 0.8, rng.range(-20, 20));
      expect(Math.abs(x * x + y * y + z * z + w * w - 1)).toBeLessThan(4 * Number.EPSILON);
    }
  });
});
