// Previous and current physics state of every body as flat float64 arrays (struct of arrays),
// written once per physics step by swapping the two buffers and copying the world into `current`.

import type {
  BodyRemovalListener,
  PhysicsWorld,
  PoseResetListener,
} from '../physics/world/physicsWorld';
import { shapeKindIndex } from '../shapes/shapeKinds';
import { BodyTable } from './bodyTable';

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
 * by doubling: what the app's SceneSnapshots and a package user's BodySnapshots share.
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

/**
 * The two snapshots interpolation draws between, and who is in each slot: plain arrays with no
 * tie to a physics world, so the page can hold a copy of a step published by another thread.
 */
export class SceneSnapshots extends SnapshotPair {
  /** Who is in each slot (id, kind, scale), for render: refreshed when the body set changes. */
  readonly bodies = new BodyTable();

  constructor(capacity = 256) {
    super(capacity, 0.01);
  }
}

/** The snapshot pair of a live world, captured after every step (the physics side). */
export class WorldSnapshots
  extends SceneSnapshots
  implements BodyRemovalListener, PoseResetListener
{
  private readonly physics: PhysicsWorld;

  constructor(physics: PhysicsWorld, capacity = 256) {
    super(capacity);
    this.physics = physics;
    physics.addRemovalListener(this);
  }

  /** After a physics step of `dtSeconds`: current becomes previous, the world is copied into current. */
  capture(dtSeconds: number): void {
    this.intervalSeconds = dtSeconds;
    this.sync();
    this.shiftCurrentToPrevious();
    // `current` now holds the snapshot before last, and `asleep` its flags: a body asleep then
    // and at the last snapshot, and asleep still, is already right in both buffers.
    this.physics.writeState(this.current, this.asleep, 0, this.count, this.previousAsleep);
  }

  /** Scene load or reset: previous = current = the world now, for every body. */
  captureFresh(): void {
    this.sync();
    const c = this.current;
    this.physics.writeState(c, this.asleep);
    this.holdCurrent();
  }

  /**
   * A spawned or teleported body: previous = current = its pose now, so it appears where it is
   * instead of streaking in from whatever its slot held before. Only this body is touched.
   */
  onBodyReset(index: number): void {
    this.sync();
    if (index >= this.count) return;
    this.physics.writeState(this.current, this.asleep, index, index + 1);
    this.asleep[index] = 0;
    this.previousAsleep[index] = 0;
    this.previous.copyBody(this.current, index, index);
  }

  /** Nothing to do until the slots move: the leaving body's slot is overwritten or dropped. */
  onBodyRemoved(): void {}

  /** A removal moved body `from` into slot `to` (indices stay dense). */
  onBodyMoved(from: number, to: number): void {
    this.previous.copyBody(this.previous, from, to);
    this.current.copyBody(this.current, from, to);
    this.asleep[to] = this.asleep[from];
    this.previousAsleep[to] = this.previousAsleep[from];
  }

  /** Matches the body count and capacity to the world (after commands add or remove bodies). */
  sync(): void {
    this.resize(this.physics.count);
    if (this.bodies.version !== this.physics.version) this.fillBodyTable();
  }

  /** Copies ids, kinds and scales from the world (only when its body set changed). */
  private fillBodyTable(): void {
    const physics = this.physics;
    const table = this.bodies;
    const count = physics.count;
    table.ensureCapacity(count);
    const kinds = physics.kinds;
    const scales = physics.scales;
    for (let i = 0; i < count; i++) {
      table.ids[i] = physics.idAt(i);
      table.kinds[i] = shapeKindIndex(kinds[i]);
      table.scales[3 * i] = scales[3 * i];
      table.scales[3 * i + 1] = scales[3 * i + 1];
      table.scales[3 * i + 2] = scales[3 * i + 2];
    }
    table.count = count;
    table.version = physics.version;
  }
}
