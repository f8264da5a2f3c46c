// The snapshot pair of any cannon-es world: after each step current becomes
// previous and the world's bodies are copied into current. A slot that holds a different body
// than at the last capture starts with previous = current, so no body streaks in from another's pose.

import { writeBodyStates } from './bodyPoses';
import type { BodyLike } from './bodyPoses';
import { SnapshotPair } from './snapshots';

/**
 * The previous and current snapshot of every body of a world, as flat float64 arrays, for
 * `interpolatePoses` to draw between. Slot i holds `bodies[i]` of the list it was captured from
 * (`world.bodies` for a cannon-es world), so body i of the world is body i of the draw poses.
 *
 * Capture once after every `world.step(dt)`: previous ← current, current ← the bodies now. Bodies
 * asleep across three captures are not copied again (they have not moved). Adding, removing or
 * reordering bodies needs nothing more: a slot whose body `id` changed is filled afresh, with
 * previous = current. A body moved by hand (a teleport) calls {@link BodySnapshots.resetBody}.
 *
 * Allocation-free per step once the arrays have grown to the world's size.
 *
 * @example
 * ```ts
 * const snapshots = new BodySnapshots();
 * snapshots.captureFresh(world.bodies);
 * const stepper = {
 *   step(dt: number) {
 *     world.step(dt); // one fixed step: the loop owns the accumulator
 *     snapshots.capture(world.bodies, dt);
 *   },
 * };
 * ```
 * @see https://gafferongames.com/post/fix_your_timestep/ — "Fix Your Timestep!" by Glenn
 * Fiedler, "The final touch": draw the state between the previous and the current step.
 */
export class BodySnapshots extends SnapshotPair {
  /** Slot → id of the body it holds (−1: none yet). */
  private ids: Int32Array;
  /** Scratch: the slots whose body changed at this capture. */
  private changed: Int32Array;

  /**
   * @param capacity - bodies to make room for up front; the arrays double when a world outgrows them.
   */
  constructor(capacity = 64) {
    const size = Math.max(1, Math.floor(capacity));
    // The interval is 0 until the first capture says what a step is.
    super(size, 0);
    this.ids = new Int32Array(size).fill(-1);
    this.changed = new Int32Array(size);
  }

  /**
   * Previous = current = the bodies now, for every body: at start, after loading a scene, or
   * after moving many bodies by hand.
   * @param bodies - the world's bodies (`world.bodies`).
   */
  captureFresh(bodies: ArrayLike<BodyLike>): void {
    const count = bodies.length;
    this.resize(count);
    const ids = this.ids;
    for (let i = 0; i < count; i++) ids[i] = bodies[i].id;
    writeBodyStates(bodies, this.current, this.asleep, 0, count, null);
    this.holdCurrent();
  }

  /**
   * After a step of `dtSeconds`: current becomes previous and the bodies are copied into
   * current. A slot now holding another body (by id) than before gets previous = current.
   * @param bodies - the world's bodies (`world.bodies`), in the order they are to be drawn.
   * @param dtSeconds - the step just taken (s): the interval alpha is measured in.
   */
  capture(bodies: ArrayLike<BodyLike>, dtSeconds: number): void {
    const count = bodies.length;
    this.resize(count);
    this.intervalSeconds = dtSeconds;
    this.shiftCurrentToPrevious();
    // A slot whose body changed must be copied whatever the sleep flags say, and drawn from
    // where it is: clear its flags now, copy its new pose into previous after the write.
    const ids = this.ids;
    const changed = this.changed;
    let changes = 0;
    for (let i = 0; i < count; i++) {
      const id = bodies[i].id;
      if (ids[i] === id) continue;
      ids[i] = id;
      this.asleep[i] = 0;
      this.previousAsleep[i] = 0;
      changed[changes++] = i;
    }
    // `current` holds the snapshot before last and `asleep` its flags: a body asleep then and
    // at the last snapshot, and asleep still, is already right in both buffers.
    writeBodyStates(bodies, this.current, this.asleep, 0, count, this.previousAsleep);
    for (let k = 0; k < changes; k++) {
      const i = changed[k];
      this.previous.copyBody(this.current, i, i);
      this.previousAsleep[i] = this.asleep[i];
    }
  }

  /**
   * A body moved by hand (teleported, or spawned between steps): previous = current = its pose
   * now, so it is drawn where it is instead of streaking across the screen. Only this body is
   * touched.
   * @param bodies - the world's bodies (`world.bodies`).
   * @param index - the body's index in `bodies`.
   */
  resetBody(bodies: ArrayLike<BodyLike>, index: number): void {
    if (!Number.isInteger(index) || index < 0 || index >= bodies.length) {
      throw new RangeError(
        `resetBody: index ${String(index)} is not a body index (0 to ${bodies.length - 1}).`,
      );
    }
    this.resize(Math.max(this.count, index + 1));
    this.ids[index] = bodies[index].id;
    writeBodyStates(bodies, this.current, this.asleep, index, index + 1, null);
    this.asleep[index] = 0;
    this.previousAsleep[index] = 0;
    this.previous.copyBody(this.current, index, index);
  }

  /**
   * Sets the body count, growing the arrays (by doubling, keeping their contents) if needed;
   * new slots hold no body yet.
   * @param count - bodies in each snapshot from now on.
   */
  override resize(count: number): void {
    super.resize(count);
    if (this.ids.length === this.capacity) return;
    const ids = new Int32Array(this.capacity).fill(-1);
    ids.set(this.ids);
    this.ids = ids;
    this.changed = new Int32Array(this.capacity);
  }
}
