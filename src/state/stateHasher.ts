// Digests of a world's exact physics state, computed without allocating after the first call
// (the determinism lab hashes both of its worlds after every step). The same digest comes from
// the world itself or from a snapshot of it, on either thread.

import type { PhysicsWorld, StateArrays } from '../physics/world/physicsWorld';
import { Snapshot } from 'fixed-step/interpolation';

/** One double's two 32-bit words, read through a shared scratch (little-endian: low first). */
const scratchDouble = new Float64Array(1);
const scratchWords = new Uint32Array(scratchDouble.buffer);

/**
 * Two 32-bit FNV-1a-style lanes over the raw words of every body's position, quaternion,
 * velocity and angular velocity. Not cryptographic: it only has to make an accidental match
 * between two diverging simulations vanishingly unlikely.
 */
export class StateHasher {
  private state = new Snapshot(64);
  private asleep = new Uint8Array(64);
  private capacity = 64;
  /** The latest digest's two lanes. */
  readonly lanes = new Uint32Array(2);

  /** Digest of the world as it is now. */
  hash(physics: PhysicsWorld): Uint32Array {
    const n = physics.count;
    if (n > this.capacity) {
      while (this.capacity < n) this.capacity *= 2;
      this.state = new Snapshot(this.capacity);
      this.asleep = new Uint8Array(this.capacity);
    }
    physics.writeState(this.state, this.asleep);
    return this.hashState(this.state, n);
  }

  /** Digest of `count` bodies held in flat arrays (a snapshot): equal to `hash` of that world. */
  hashState(state: StateArrays, count: number): Uint32Array {
    let h1 = 0x811c9dc5;
    let h2 = 0x01000193 ^ 0x5bd1e995;
    for (let a = 0; a < 4; a++) {
      const values =
        a === 0
          ? state.position
          : a === 1
            ? state.quaternion
            : a === 2
              ? state.velocity
              : state.angularVelocity;
      const length = (a === 1 ? 4 : 3) * count;
      for (let i = 0; i < length; i++) {
        scratchDouble[0] = values[i];
        for (let w = 0; w < 2; w++) {
          const word = scratchWords[w];
          h1 = Math.imul(h1 ^ word, 0x01000193);
          h2 = Math.imul(h2 ^ ((word << 13) | (word >>> 19)), 0x5bd1e995);
          h2 ^= h2 >>> 15;
        }
      }
    }
    this.lanes[0] = h1;
    this.lanes[1] = h2;
    return this.lanes;
  }

  /** The world's digest as 16 hex digits. */
  hex(physics: PhysicsWorld): string {
    const lanes = this.hash(physics);
    return toHex(lanes[0], lanes[1]);
  }
}

export function toHex(h1: number, h2: number): string {
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}
