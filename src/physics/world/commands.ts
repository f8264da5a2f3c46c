// World changes from outside (spawn, remove, teleport, drag) as plain data, queued with the step
// they apply at and applied at that step boundary, so the same commands at the same steps give
// the same physics whatever frames drive the steps (and a log of them can be replayed).

import { Body, PointToPointConstraint, Vec3 } from 'cannon-es';
import { assertNever } from '../../util/assertNever';
import { GRAVITY } from './physicsWorld';
import type {
  BodyRemovalListener,
  BodySpec,
  PhysicsWorld,
  PoseResetListener,
  QuatTuple,
  Vec3Tuple,
} from './physicsWorld';

/**
 * What a command does. Plain structured-cloneable data (no bodies, no functions), naming bodies
 * by id: the caller converts the index it sees into an id when it queues (`PhysicsWorld.idAt`).
 */
export type CommandAction =
  | { type: 'spawn'; spec: BodySpec }
  | { type: 'remove'; id: number }
  | {
      type: 'teleport';
      id: number;
      position: Vec3Tuple;
      quaternion?: QuatTuple;
      velocity?: Vec3Tuple;
    }
  | { type: 'dragStart'; id: number; point: Vec3Tuple }
  /** Moves the held point's target (the mouse) to `point`; nothing when no body is held. */
  | { type: 'dragMove'; point: Vec3Tuple }
  | { type: 'dragEnd' };

/** The command types, for validation and messages. */
export const COMMAND_TYPES = [
  'spawn',
  'remove',
  'teleport',
  'dragStart',
  'dragMove',
  'dragEnd',
] as const;

/**
 * A queued command: `atStep` is the physics step index it applies before (the world's
 * `stepIndex` at that boundary). One whose step has already passed applies at the next boundary.
 */
export type Command = CommandAction & { atStep: number };

/** A held body as plain data: body `id` held at `pivot` (in its own frame) by at most `maxForce` N. */
export interface DragHold {
  id: number;
  pivot: Vec3Tuple;
  maxForce: number;
}

/**
 * The drag anchor's motion as plain data. The anchor is a kinematic body that joins the world at
 * the first drag and stays (its place in the world's body list is part of the world's state).
 */
export interface AnchorMotion {
  position: Vec3Tuple;
  quaternion: QuatTuple;
  velocity: Vec3Tuple;
  angularVelocity: Vec3Tuple;
}

/**
 * Holds a body by a point with a ball joint to an invisible anchor that follows the mouse.
 * maxForce bounds how hard it pulls, so a dragged body pushes others aside but cannot crush them.
 */
class Drag {
  readonly anchor = new Body({
    mass: 0,
    type: Body.KINEMATIC,
    collisionFilterGroup: 0,
    collisionFilterMask: 0,
  });
  private constraint: PointToPointConstraint | null = null;
  body: Body | null = null;
  /** Id of the held body, −1 when none. */
  id = -1;

  private maxForce = 0;

  start(physics: PhysicsWorld, body: Body, id: number, point: Vec3Tuple): void {
    this.end(physics);
    this.join(physics);
    this.anchor.position.set(point[0], point[1], point[2]);
    // The solver writes into the anchor's velocity too; a body that broke while held may have
    // left NaN there, and the anchor is integrated (kinematic), so start it at rest.
    this.anchor.velocity.setZero();
    this.anchor.angularVelocity.setZero();
    const pivot = body.pointToLocalFrame(new Vec3(point[0], point[1], point[2]));
    this.hold(physics, body, id, pivot, 60 * Math.max(body.mass, 0.2) * -GRAVITY);
    body.wakeUp();
  }

  /** Restores a hold exactly as saved: the same pivot and force bound, the anchor as it is. */
  restore(physics: PhysicsWorld, body: Body, saved: DragHold): void {
    this.end(physics);
    const [x, y, z] = saved.pivot;
    this.hold(physics, body, saved.id, new Vec3(x, y, z), saved.maxForce);
  }

  /** The anchor joins the world once, at the first drag, and stays. */
  join(physics: PhysicsWorld): void {
    if (!this.inWorld(physics)) physics.world.addBody(this.anchor);
  }

  inWorld(physics: PhysicsWorld): boolean {
    return this.anchor.world === physics.world;
  }

  saved(): DragHold | null {
    const constraint = this.constraint;
    if (!constraint || !this.body) return null;
    const p = constraint.pivotA;
    return { id: this.id, pivot: [p.x, p.y, p.z], maxForce: this.maxForce };
  }

  private hold(physics: PhysicsWorld, body: Body, id: number, pivot: Vec3, maxForce: number): void {
    this.constraint = new PointToPointConstraint(body, pivot, this.anchor, new Vec3(), maxForce);
    physics.world.addConstraint(this.constraint);
    this.maxForce = maxForce;
    this.body = body;
    this.id = id;
  }

  end(physics: PhysicsWorld): void {
    if (this.constraint) physics.world.removeConstraint(this.constraint);
    this.constraint = null;
    this.body = null;
    this.id = -1;
  }
}

export class CommandQueue implements BodyRemovalListener {
  private readonly physics: PhysicsWorld;
  private readonly queue: Command[] = [];
  /** The smallest `atStep` queued (Infinity when empty): a per-step test that reads one number. */
  private earliestStep = Infinity;
  private readonly drag = new Drag();
  /** Latest mouse target for the dragged point; latched, not queued, so moving never allocates. */
  private readonly dragTarget = new Vec3();
  /** Scratch for a queued `dragMove` command's point. */
  private readonly commandPoint = new Vec3();
  private dragTargetDirty = false;
  /**
   * Told about every command as it is applied, with the world's step index then (a recording
   * logs them). The latched mouse target reaches it as a `dragMove`, made only when someone
   * listens, so an unrecorded drag still allocates nothing per frame.
   */
  onApplied: ((command: CommandAction, stepIndex: number) => void) | null = null;

  constructor(physics: PhysicsWorld) {
    this.physics = physics;
    physics.addRemovalListener(this);
  }

  push(command: Command): void {
    this.queue.push(command);
    if (command.atStep < this.earliestStep) this.earliestStep = command.atStep;
  }

  /** Latches the drag target `point` (x, y, z: passed as an array, not three boxed numbers). */
  setDragTarget(point: ArrayLike<number>): void {
    this.dragTarget.set(point[0], point[1], point[2]);
    this.dragTargetDirty = true;
  }

  get dragging(): boolean {
    return this.drag.body !== null;
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Whether a queued command applies at the boundary before step `stepIndex`. */
  hasDue(stepIndex: number): boolean {
    return this.earliestStep <= stepIndex;
  }

  /** Forgets queued commands and any drag (scene load: they referred to the old bodies). */
  clear(): void {
    this.queue.length = 0;
    this.earliestStep = Infinity;
    this.drag.end(this.physics);
    this.dragTargetDirty = false;
  }

  /** The held body is leaving the world: let go, so no joint holds a removed body. */
  onBodyRemoved(_index: number, id: number): void {
    if (id === this.drag.id) this.drag.end(this.physics);
  }

  /** Nothing to do: the drag holds its body by id and by reference, not by slot. */
  onBodyMoved(): void {}

  /** Moves the drag anchor to the latest mouse target (once per frame, at its first boundary). */
  moveDragAnchor(): void {
    if (this.dragTargetDirty && this.drag.body) {
      const t = this.dragTarget;
      this.moveAnchor(t);
      this.onApplied?.({ type: 'dragMove', point: [t.x, t.y, t.z] }, this.physics.stepIndex);
    }
    this.dragTargetDirty = false;
  }

  /**
   * Everything queued, as plain data in the order it will apply. A mouse target latched for the
   * next boundary comes first, as the `dragMove` it becomes there (it moves before the commands).
   */
  pendingCommands(): Command[] {
    const pending = this.queue.map((command) => structuredClone(command));
    if (this.dragTargetDirty && this.drag.body) {
      const t = this.dragTarget;
      pending.unshift({ type: 'dragMove', point: [t.x, t.y, t.z], atStep: this.physics.stepIndex });
    }
    return pending;
  }

  /** The body held by the mouse, or null. */
  heldBody(): DragHold | null {
    return this.drag.saved();
  }

  /** The drag anchor's motion once it has joined the world, else null. */
  anchorMotion(): AnchorMotion | null {
    if (!this.drag.inWorld(this.physics)) return null;
    const a = this.drag.anchor;
    return {
      position: [a.position.x, a.position.y, a.position.z],
      quaternion: [a.quaternion.x, a.quaternion.y, a.quaternion.z, a.quaternion.w],
      velocity: [a.velocity.x, a.velocity.y, a.velocity.z],
      angularVelocity: [a.angularVelocity.x, a.angularVelocity.y, a.angularVelocity.z],
    };
  }

  /** The anchor's body, for the world's body order; null until the first drag added it. */
  anchorBody(): Body | null {
    return this.drag.inWorld(this.physics) ? this.drag.anchor : null;
  }

  /**
   * Puts the drag back as saved (after `clear`, with the held body restored): the anchor in or
   * out of the world with its exact motion, and the hold with its exact pivot and force bound.
   */
  restoreDrag(hold: DragHold | null, anchor: AnchorMotion | null): void {
    const physics = this.physics;
    this.drag.end(physics);
    const body = this.drag.anchor;
    if (!anchor) {
      if (this.drag.inWorld(physics)) physics.world.removeBody(body);
      return;
    }
    this.drag.join(physics);
    body.position.set(anchor.position[0], anchor.position[1], anchor.position[2]);
    const [qx, qy, qz, qw] = anchor.quaternion;
    body.quaternion.set(qx, qy, qz, qw);
    body.velocity.set(anchor.velocity[0], anchor.velocity[1], anchor.velocity[2]);
    const w = anchor.angularVelocity;
    body.angularVelocity.set(w[0], w[1], w[2]);
    body.aabbNeedsUpdate = true;
    const held = hold ? physics.bodyById(hold.id) : undefined;
    if (hold && held) this.drag.restore(physics, held, hold);
  }

  /** Moves the held body's anchor to `point` (a vector, not three numbers: those would be boxed). */
  private moveAnchor(point: Vec3): void {
    const body = this.drag.body;
    if (!body) return;
    this.drag.anchor.position.copy(point);
    body.wakeUp();
  }

  /**
   * Applies, in queue order, every command due at this boundary (`atStep` ≤ the world's step
   * index); later ones stay queued. Called only between physics steps.
   */
  apply(resets: PoseResetListener): void {
    const stepIndex = this.physics.stepIndex;
    if (!this.hasDue(stepIndex)) return;
    const queue = this.queue;
    let kept = 0;
    let earliest = Infinity;
    for (let k = 0; k < queue.length; k++) {
      const command = queue[k];
      if (command.atStep <= stepIndex) {
        this.applyOne(command, resets);
        this.onApplied?.(command, stepIndex);
        continue;
      }
      queue[kept++] = command;
      if (command.atStep < earliest) earliest = command.atStep;
    }
    queue.length = kept;
    this.earliestStep = earliest;
  }

  private applyOne(command: Command, resets: PoseResetListener): void {
    const physics = this.physics;
    switch (command.type) {
      case 'spawn':
        physics.addBody(command.spec);
        resets.onBodyReset(physics.count - 1);
        return;
      case 'remove':
        physics.removeBody(physics.indexOf(command.id));
        return;
      case 'teleport': {
        const index = physics.indexOf(command.id);
        if (index < 0) return;
        const body = physics.bodies[index];
        body.position.set(command.position[0], command.position[1], command.position[2]);
        if (command.quaternion) {
          const [x, y, z, w] = command.quaternion;
          body.quaternion.set(x, y, z, w);
          body.quaternion.normalize();
        }
        if (command.velocity)
          body.velocity.set(command.velocity[0], command.velocity[1], command.velocity[2]);
        else body.velocity.setZero();
        body.angularVelocity.setZero();
        // The broadphase sorts by each body's cached bounding box, refreshed only when marked:
        // unmarked, a body teleported while asleep would be sorted by where it was.
        body.aabbNeedsUpdate = true;
        body.wakeUp();
        resets.onBodyReset(index);
        return;
      }
      case 'dragStart': {
        const body = physics.bodyById(command.id);
        if (body && body.type === Body.DYNAMIC)
          this.drag.start(physics, body, command.id, command.point);
        return;
      }
      case 'dragMove':
        this.moveAnchor(
          this.commandPoint.set(command.point[0], command.point[1], command.point[2]),
        );
        return;
      case 'dragEnd':
        this.drag.end(physics);
        return;
      default:
        assertNever(command, 'command');
    }
  }
}
