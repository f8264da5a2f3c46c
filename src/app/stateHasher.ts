// Digests of a world's exact physics state, computed without allocating after the first call
// (the determinism lab hashes both of its worlds after every step).

import type { PhysicsWorld } from '../physics/physicsWorld';
import { PoseBuffer } from '../snapshot/snapshots';

/**
 * Two 32-bit FNV-1a-style lanes over the raw words of every body's position, quaternion,
 * velocity and angular velocity. Not cryptographic: it only has to make an accidental match
 * between two diverging simulations vanishingly unlikely.
 */
export class StateHasher {
  private state = new PoseBuffer(64);
  private asleep = new Uint8Array(64);
  private words = this.viewWords();
  private capacity = 64;
  /** The latest digest's two lanes. */
  readonly lanes = new Uint32Array(2);

  hash(physics: PhysicsWorld): Uint32Array {
    const n = physics.count;
    if (n > this.capacity) {
      while (this.capacity < n) this.capacity *= 2;
      this.state = new PoseBuffer(this.capacity);
      this.asleep = new Uint8Array(this.capacity);
      this.words = this.viewWords();
    }
    physics.writeState(this.state, this.asleep);
    let h1 = 0x811c9dc5;
    let h2 = 0x01000193 ^ 0x5bd1e995;
    for (let a = 0; a < 4; a++) {
      const words = this.words[a] as Uint32Array;
      // Two words per double: 3 doubles a body for vectors, 4 for the quaternion (array 1).
      const length = (a === 1 ? 8 : 6) * n;
      for (let i = 0; i < length; i++) {
        const word = words[i] as number;
        h1 = Math.imul(h1 ^ word, 0x01000193);
        h2 = Math.imul(h2 ^ ((word << 13) | (word >>> 19)), 0x5bd1e995);
        h2 ^= h2 >>> 15;
      }
    }
    this.lanes[0] = h1;
    this.lanes[1] = h2;
    return this.lanes;
  }

  /** The digest as 16 hex digits. */
  hex(physics: PhysicsWorld): string {
    const [h1, h2] = this.hash(physics);
    return toHex(h1 ?? 0, h2 ?? 0);
  }

  private viewWords(): Uint32Array[] {
    const s = this.state;
    return [s.position, s.quaternion, s.velocity, s.angularVelocity].map(
      (a) => new Uint32Array(a.buffer),
    );
  }
}

export function toHex(h1: number, h2: number): string {
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}
