import { describe, expect, it } from 'vitest';
import { hermiteFlat3, integrateQuatFlat } from '../../../packages/fixed-step/src/interp/poseMath';
import { FramePoses, interpolatePoses } from '../../../packages/fixed-step/src/interp/interpolate';
import { Simulation } from '../../../src/app/simulation';

const v3 = (...values: number[]): Float64Array => Float64Array.of(...values);

describe('hermiteFlat3', () => {
  const p0 = v3(1, 5, -2);
  const v0 = v3(3, 10, 0);
  const p1 = v3(1.3, 5.9, -2.01);
  const v1 = v3(3, 8, -1);
  it('t = 0 gives the previous position exactly', () => {
    expect(Array.from(hermiteFlat3(new Float64Array(3), 0, p0, v0, p1, v1, 0, 0.1, 0))).toEqual(
      Array.from(p0),
    );
  });
  it('t = 1 gives the current position exactly', () => {
    expect(Array.from(hermiteFlat3(new Float64Array(3), 0, p0, v0, p1, v1, 0, 0.1, 1))).toEqual(
      Array.from(p1),
    );
  });
  it('follows a ballistic arc exactly where lerp cuts the chord', () => {
    // y(t) = 10 t − 4.91 t², sampled at 0 and 0.1 s with its true velocities.
    const y = (t: number): number => 10 * t - 4.91 * t * t;
    const vy = (t: number): number => 10 - 9.82 * t;
    const h = 0.1;
    const out = new Float64Array(3);
    hermiteFlat3(
      out,
      0,
      v3(0, y(0), 0),
      v3(0, vy(0), 0),
      v3(0, y(h), 0),
      v3(0, vy(h), 0),
      0,
      h,
      0.5,
    );
    expect(out[1]).toBeCloseTo(y(0.05), 12);
    const chord = (y(0) + y(h)) / 2;
    expect(Math.abs(chord - y(0.05))).toBeGreaterThan(1e-3);
  });
});

describe('integrateQuatFlat', () => {
  it('no angular velocity or no time returns the quaternion exactly', () => {
    const q = v3(0.1, 0.2, 0.3, Math.sqrt(1 - 0.14));
    expect(Array.from(integrateQuatFlat(new Float64Array(4), 0, q, 0, v3(0, 0, 0), 0, 1))).toEqual(
      Array.from(q),
    );
    expect(Array.from(integrateQuatFlat(new Float64Array(4), 0, q, 0, v3(1, 2, 3), 0, 0))).toEqual(
      Array.from(q),
    );
  });
  it('π/2 rad/s about z for 1 s is a quarter turn, unit length', () => {
    const out = integrateQuatFlat(
      new Float64Array(4),
      0,
      v3(0, 0, 0, 1),
      0,
      v3(0, 0, Math.PI / 2),
      0,
      1,
    );
    expect(out[2]).toBeCloseTo(Math.SQRT1_2, 14);
    expect(out[3]).toBeCloseTo(Math.SQRT1_2, 14);
    expect(Math.hypot(out[0] ?? 0, out[1] ?? 0, out[2] ?? 0, out[3] ?? 0)).toBeCloseTo(1, 15);
  });
  it('applies the world-frame rotation on the left (after the existing orientation)', () => {
    // Start turned 90° about x, then spin about world y: the result is R_y · R_x.
    const s = Math.SQRT1_2;
    const out = integrateQuatFlat(
      new Float64Array(4),
      0,
      v3(s, 0, 0, s),
      0,
      v3(0, Math.PI / 2, 0),
      0,
      1,
    );
    // R_y(90°)·R_x(90°) = (0.5, 0.5, −0.5, 0.5).
    expect(Array.from(out).map((x) => Number(x.toFixed(12)))).toEqual([0.5, 0.5, -0.5, 0.5]);
  });
});

describe('interpolatePoses render modes on a real world', () => {
  const sim = new Simulation('pile', { count: 30 });
  for (let i = 0; i < 25; i++) sim.frame(1 / 60);
  const snapshots = sim.drawn.snapshots;
  const at = (mode: 'interpolate' | 'off' | 'extrapolate' | 'hermite', alpha: number): FramePoses =>
    interpolatePoses(snapshots, alpha, mode, new FramePoses());
  const slice = (a: Float64Array, n: number): number[] => Array.from(a.subarray(0, n));

  it('extrapolate at alpha 0 is the current snapshot exactly', () => {
    const out = at('extrapolate', 0);
    expect(slice(out.position, 90)).toEqual(slice(snapshots.current.position, 90));
    expect(slice(out.quaternion, 120)).toEqual(slice(snapshots.current.quaternion, 120));
  });
  it('extrapolate moves each body by velocity × alpha × dt', () => {
    const out = at('extrapolate', 0.5);
    const c = snapshots.current;
    for (let k = 0; k < 90; k++) {
      expect(out.position[k]).toBeCloseTo(
        (c.position[k] ?? 0) + (c.velocity[k] ?? 0) * 0.5 * snapshots.intervalSeconds,
        12,
      );
    }
  });
  it('hermite at alpha 0 and 1 is previous and current exactly', () => {
    expect(slice(at('hermite', 0).position, 90)).toEqual(slice(snapshots.previous.position, 90));
    expect(slice(at('hermite', 1).position, 90)).toEqual(slice(snapshots.current.position, 90));
  });
  it('off is the current snapshot at any alpha', () => {
    expect(slice(at('off', 0.7).position, 90)).toEqual(slice(snapshots.current.position, 90));
  });
  it('the modes really differ mid-step for falling bodies', () => {
    const a = at('interpolate', 0.5).position;
    const e = at('extrapolate', 0.5).position;
    let largest = 0;
    for (let k = 0; k < 90; k++) largest = Math.max(largest, Math.abs((a[k] ?? 0) - (e[k] ?? 0)));
    // Falling at a few m/s, half a step apart each way: centimetres, not rounding.
    expect(largest).toBeGreaterThan(0.01);
  });
});
