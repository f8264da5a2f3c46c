// Seeded random numbers (mulberry32): scenes never call Math.random, so a seed rebuilds a scene
// bit for bit — in every engine, since nothing here uses Math's engine-rounded functions.

import { cos, sin } from './exactMath';

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  int(min: number, maxInclusive: number): number {
    return min + Math.floor(this.next() * (maxInclusive - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** A uniformly random unit quaternion (Shoemake's method). */
  quaternion(): [number, number, number, number] {
    const u1 = this.next(),
      u2 = this.next() * 2 * Math.PI,
      u3 = this.next() * 2 * Math.PI;
    const a = Math.sqrt(1 - u1),
      b = Math.sqrt(u1);
    return [a * sin(u2), a * cos(u2), b * sin(u3), b * cos(u3)];
  }
}
