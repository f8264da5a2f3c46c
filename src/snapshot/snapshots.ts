// The app's snapshot pairs, on the package's SnapshotPair: the page's copy of a step (with who is
// in each slot) and the physics side's, captured from its world after every step.

import type {
  BodyRemovalListener,
  PhysicsWorld,
  PoseResetListener,
} from '../physics/world/physicsWorld';
import { shapeKindIndex } from '../shapes/shapeKinds';
import { BodyTable } from './bodyTable';
import { SnapshotPair } from 'fixed-step/interpolation';

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
