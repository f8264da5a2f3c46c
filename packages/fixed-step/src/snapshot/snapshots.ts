// Previous and current physics state of every body as flat float64 arrays (struct of arrays),
// written once per physics step by swapping the two buffers and copying the world into `current`.

/** One full copy of the world's drawable state: flat float64 arrays, body i at 3i / 4i. */
export class Snapshot {
  /** Positions (m), body i at 3i. */
  position: Float64Array;
  /** Unit quaternions (x, y, z, w), body i at 4i. */
  quaternion: Float64Array;
  /** Linear velocities (m/s), body i at 3i. */
  velocity: Float64Array;
  /** Angular velocities in world space (rad/s), body i at 3i. */
  angularVelocity: Float64Array;

  /** @param capacity - bodies to hold. */
  constructor(capacity: number) {
    this.position = new Float64Array(3 * capacity);
    this.quaternion = new Float64Array(4 * capacity);
    this.velocity = new Float64Array(3 * capacity);
    this.angularVelocity = new Float64Array(3 * capacity);
  }

  /**
   * Room for `capacity` bodies, contents kept.
   * @param capacity - bodies to hold.
   */
  grow(capacity: number): void {
    this.position = grown(this.position, 3 * capacity);
    this.quaternion = grown(this.quaternion, 4 * capacity);
    this.velocity = grown(this.velocity, 3 * capacity);
    this.angularVelocity = grown(this.angularVelocity, 3 * capacity);
  }

  /**
   * Copies body `from` of `source` into body `to` of this buffer.
   * @param source - the buffer to read (may be this one).
   * @param from - the body index read.
   * @param to - the body index written.
   */
  copyBody(source: Snapshot, from: number, to: number): void {
    copy3(this.position, source.position, from, to);
    copy3(this.velocity, source.velocity, from, to);
    copy3(this.angularVelocity, source.angularVelocity, from, to);
    const f = 4 * from;
    const t = 4 * to;
    const q = this.quaternion;
    const s = source.quaternion;
    q[t] = s[f];
    q[t + 1] = s[f + 1];
    q[t + 2] = s[f + 2];
    q[t + 3] = s[f + 3];
  }
}

/** A longer copy of a typed array (Float64Array poses, Uint8Array flags). */
function grown<T extends Float64Array | Uint8Array>(array: T, length: number): T {
  const next = new (array.constructor as new (length: number) => T)(length);
  next.set(array);
  return next;
}

function copy3(out: Float64Array, source: Float64Array, from: number, to: number): void {
  const f = 3 * from;
  const t = 3 * to;
  out[t] = source[f];
  out[t + 1] = source[f + 1];
  out[t + 2] = source[f + 2];
}

/**
 * The two snapshots interpolation draws between and their sleep flags, as flat arrays that grow
 * by doubling. {@link BodySnapshots} fills one from a world's bodies; extend it to fill one your
 * own way (from another thread's copy of a step, say): `resize`, then
 * `shiftCurrentToPrevious` and write `current` after each step.
 */
export class SnapshotPair {
  /** The snapshot before the current one. */
  previous: Snapshot;
  /** The latest step's snapshot. */
  current: Snapshot;
  /** 1 where the body was asleep at the current snapshot. */
  asleep: Uint8Array;
  /**
   * 1 where the body was asleep at the previous snapshot. Asleep at both means it did not move
   * in between (cannon-es integrates no sleeping body, and waking it for a teleport resets the
   * flags), so previous == current and there is nothing to blend.
   */
  previousAsleep: Uint8Array;
  /**
   * Bodies in each snapshot: slots 0 to count − 1.
   * @default 0
   */
  count = 0;
  /** Simulated seconds from previous to current (the last step's dt). */
  intervalSeconds: number;
  /** Bodies the arrays have room for. */
  protected capacity: number;

  /**
   * @param capacity - bodies to make room for up front.
   * @param intervalSeconds - the interval until a step sets it (s).
   */
  constructor(capacity: number, intervalSeconds: number) {
    this.capacity = capacity;
    this.intervalSeconds = intervalSeconds;
    this.previous = new Snapshot(capacity);
    this.current = new Snapshot(capacity);
    this.asleep = new Uint8Array(capacity);
    this.previousAsleep = new Uint8Array(capacity);
  }

  /**
   * Sets the body count, growing the arrays (by doubling, keeping their contents) if needed.
   * @param count - bodies in each snapshot from now on.
   */
  resize(count: number): void {
    if (count > this.capacity) {
      let capacity = this.capacity;
      while (capacity < count) capacity *= 2;
      this.previous.grow(capacity);
      this.current.grow(capacity);
      this.asleep = grown(this.asleep, capacity);
      this.previousAsleep = grown(this.previousAsleep, capacity);
      this.capacity = capacity;
    }
    this.count = count;
  }

  /**
   * Before a step's snapshot is written: current becomes previous, and the buffers that held
   * previous (and their sleep flags) become current, to be overwritten.
   */
  protected shiftCurrentToPrevious(): void {
    const swap = this.previous;
    this.previous = this.current;
    this.current = swap;
    const flags = this.previousAsleep;
    this.previousAsleep = this.asleep;
    this.asleep = flags;
  }

  /**
   * Makes the previous snapshot the current one (poses, velocities and sleep flags), so the
   * next draw shows the current poses whatever alpha is: after a load, a jump or a teleport.
   */
  holdCurrent(): void {
    const c = this.current;
    const p = this.previous;
    p.position.set(c.position);
    p.quaternion.set(c.quaternion);
    p.velocity.set(c.velocity);
    p.angularVelocity.set(c.angularVelocity);
    this.previousAsleep.set(this.asleep);
  }
}
