// The front door's bodies, bound by body: slot i is the i-th bound body, its snapshot slot, its
// draw target and its draw mode. A removal closes the gap by moving the last slot in, data and all.

import type { InstancedMesh, Object3D } from 'three';
import { Snapshot, SnapshotPair } from '../snapshot/snapshots';
import type { FixedStepEngine } from './engine';

/** How a body is drawn between steps (Unity's `Rigidbody.interpolation`, Godot's per-node mode). */
export const DRAW_MODES = ['interpolate', 'none', 'extrapolate'] as const;

/**
 * 'interpolate': between the last two steps at the loop's alpha (smooth, one step behind);
 * 'none': at the last step's pose (a body the player drives, drawn where it is);
 * 'extrapolate': the last step's pose pushed ahead by its velocities (on time, overshoots at hits).
 */
export type DrawMode = (typeof DRAW_MODES)[number];

/** An InstancedMesh the front door writes into, with what it knows of its instances. */
export class InstanceTarget {
  /** Instances bound so far: the next binding starts here. */
  next = 0;
  /** Bodies bound to it now: when the last is unbound, binding starts again at instance 0. */
  bound = 0;
  /** Set when a matrix was written this frame, so the mesh is uploaded once. */
  changed = false;
  /** x, y, z scale per instance. */
  scales: Float32Array;

  /** @param mesh - the mesh whose instance matrices are written. */
  constructor(readonly mesh: InstancedMesh) {
    this.scales = new Float32Array(3 * mesh.instanceMatrix.count).fill(1);
  }
}

/** The mode code a slot keeps: an index into DRAW_MODES, or FOLLOW for the front door's mode. */
export const FOLLOW = -1;

/**
 * The bound bodies and their two snapshots (a SnapshotPair over the slots). Slots are dense: a
 * removal moves the last slot into the gap, its snapshots and draw state with it, so nothing
 * streaks and nothing is drawn twice. Allocation-free per step and per frame.
 */
export class BoundBodies<World, Body> extends SnapshotPair {
  /** Slot → body. */
  readonly bodies: Body[] = [];
  /** Slot → the Object3D drawn, or null for an instance. */
  readonly objects: (Object3D | null)[] = [];
  /** Slot → the InstancedMesh drawn, or null for an Object3D. */
  readonly targets: (InstanceTarget | null)[] = [];
  /** Slot → its instance in `targets[slot]`. */
  instance = new Int32Array(64);
  /** Slot → DRAW_MODES index, or FOLLOW. */
  modes = new Int8Array(64);
  /** Slots whose mode is not FOLLOW: when 0 a frame skips the per-body pass. */
  overrides = 0;
  /** Slot → 7 floats: the resting pose its object or instance shows (NaN: none). */
  restPose = new Float64Array(7 * 64).fill(Number.NaN);
  private readonly slotOf = new Map<Body, number>();
  /** One body's pose now, read between steps to compare with its snapshot. */
  private readonly probe = new Snapshot(1);

  /** @param engine - how bodies are read (cannon-es, Rapier, another). */
  constructor(private readonly engine: FixedStepEngine<World, Body>) {
    super(64, 0);
  }

  /**
   * The slot of `body`, or −1 when it is not bound.
   * @param body - any body.
   */
  slot(body: Body): number {
    return this.slotOf.get(body) ?? -1;
  }

  /**
   * A new slot at the end for `body`, its snapshots both at its pose now.
   * @returns the slot.
   */
  add(body: Body, object: Object3D | null, target: InstanceTarget | null): number {
    const slot = this.count;
    this.resize(slot + 1);
    this.growSlots();
    this.bodies.push(body);
    this.objects.push(object);
    this.targets.push(target);
    this.slotOf.set(body, slot);
    this.instance[slot] = -1;
    if (target !== null) {
      this.instance[slot] = target.next++;
      target.bound++;
    }
    this.modes[slot] = FOLLOW;
    this.restPose.fill(Number.NaN, 7 * slot, 7 * slot + 7);
    this.restart(slot);
    return slot;
  }

  /**
   * Sets one slot's draw mode.
   * @param mode - an index of DRAW_MODES, or FOLLOW.
   */
  setMode(slot: number, mode: number): void {
    if ((this.modes[slot] === FOLLOW) !== (mode === FOLLOW))
      this.overrides += mode === FOLLOW ? -1 : 1;
    this.modes[slot] = mode;
  }

  /**
   * Unbinds slot `slot`: its instance is hidden (a zero matrix), and the last slot moves in.
   */
  remove(slot: number): void {
    const last = this.count - 1;
    const body = this.bodies[slot];
    const target = this.targets[slot];
    if (target !== null) {
      hideInstance(target, this.instance[slot]);
      // All unbound (a component unmounted, or StrictMode's second mount): start afresh.
      if (--target.bound === 0) target.next = 0;
    }
    this.setMode(slot, FOLLOW);
    this.slotOf.delete(body);
    if (slot !== last) this.move(last, slot);
    this.bodies.pop();
    this.objects.pop();
    this.targets.pop();
    this.resize(last);
  }

  /** Slot `from`'s body, target, mode and snapshots into slot `to`. */
  private move(from: number, to: number): void {
    const body = this.bodies[from];
    this.bodies[to] = body;
    this.objects[to] = this.objects[from];
    this.targets[to] = this.targets[from];
    this.instance[to] = this.instance[from];
    this.modes[to] = this.modes[from];
    this.restPose.copyWithin(7 * to, 7 * from, 7 * from + 7);
    this.previous.copyBody(this.previous, from, to);
    this.current.copyBody(this.current, from, to);
    this.asleep[to] = this.asleep[from];
    this.previousAsleep[to] = this.previousAsleep[from];
    this.slotOf.set(body, to);
  }

  /**
   * Previous = current = slot's body now, so it is drawn where it is: after a bind, a teleport,
   * or a pose the app set by hand between steps.
   */
  restart(slot: number): void {
    this.engine.read(this.bodies[slot], this.current, slot);
    this.asleep[slot] = 0;
    this.previousAsleep[slot] = 0;
    this.previous.copyBody(this.current, slot, slot);
  }

  /**
   * After a step of `dtSeconds` in `world`: current becomes previous, the bound bodies are read
   * into current. A body asleep now and at the last two captures is already right in current
   * (it did not move), so it is not read; a body that left the world (in a step hook) is unbound.
   */
  capture(world: World, dtSeconds: number): void {
    this.intervalSeconds = dtSeconds;
    this.shiftCurrentToPrevious();
    const engine = this.engine;
    const bodies = this.bodies;
    // After the shift, `asleep` holds the flags of the snapshot `current` still holds.
    const asleep = this.asleep;
    const sleptBefore = this.previousAsleep;
    for (let i = this.count - 1; i >= 0; i--) {
      const body = bodies[i];
      if (!engine.contains(world, body)) {
        this.remove(i);
        continue;
      }
      if (engine.sleeping(body)) {
        if (asleep[i] === 1 && sleptBefore[i] === 1) continue;
        asleep[i] = 1;
      } else asleep[i] = 0;
      engine.read(body, this.current, i);
    }
  }

  /**
   * Before a frame steps: a body no longer in `world` is unbound; a body whose position or
   * orientation is not the one captured after the last step was moved by the app (a teleport,
   * a drag, a reset) and restarts from its new pose. Seven compares a body, after the engine's
   * `readPose` where it has one (the velocities `read` adds are not compared).
   * @returns how many bodies were restarted.
   */
  follow(world: World): number {
    let restarted = 0;
    const position = this.current.position;
    const quaternion = this.current.quaternion;
    const probe = this.probe;
    const p = probe.position;
    const q = probe.quaternion;
    const engine = this.engine;
    for (let i = this.count - 1; i >= 0; i--) {
      const body = this.bodies[i];
      if (!engine.contains(world, body)) {
        this.remove(i);
        continue;
      }
      if (engine.readPose) engine.readPose(body, probe, 0);
      else engine.read(body, probe, 0);
      const i3 = 3 * i;
      const i4 = 4 * i;
      if (
        p[0] !== position[i3] ||
        p[1] !== position[i3 + 1] ||
        p[2] !== position[i3 + 2] ||
        q[0] !== quaternion[i4] ||
        q[1] !== quaternion[i4 + 1] ||
        q[2] !== quaternion[i4 + 2] ||
        q[3] !== quaternion[i4 + 3]
      ) {
        this.restart(i);
        restarted++;
      }
    }
    return restarted;
  }

  /** Keeps the per-slot typed arrays as long as the snapshots' capacity. */
  private growSlots(): void {
    const capacity = this.capacity;
    if (this.modes.length >= capacity) return;
    const instance = new Int32Array(capacity);
    instance.set(this.instance);
    this.instance = instance;
    const modes = new Int8Array(capacity);
    modes.set(this.modes);
    this.modes = modes;
    const rest = new Float64Array(7 * capacity).fill(Number.NaN);
    rest.set(this.restPose);
    this.restPose = rest;
  }
}

/** A zero matrix (scale 0) for an instance whose body left: it draws nothing. */
function hideInstance(target: InstanceTarget, instance: number): void {
  const matrices = target.mesh.instanceMatrix.array;
  const o = 16 * instance;
  for (let k = 0; k < 15; k++) matrices[o + k] = 0;
  matrices[o + 15] = 1;
  target.mesh.instanceMatrix.needsUpdate = true;
}
