// World changes from outside (spawn, remove, teleport, drag) as plain data, queued with the step
// they apply at and applied at that step boundary, so the same commands at the same steps give
// the same physics whatever frames drive the steps (and a log of them can be replayed).

import { Body, PointToPointConstraint, Vec3 } from 'cannon-es';
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
  | { type: 'dragEnd' };

/**
 * A queued command: `atStep` is the physics step index it applies before (the world's
 * `stepIndex` at that boundary). One whose step has already passed applies at the next boundary.
 */
export type Command = CommandAction & { atStep: number };

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

  start(physics: PhysicsWorld, body: Body, id: number, point: Vec3Tuple): void {
    this.end(physics);
    if (!physics.world.bodies.includes(this.anchor)) physics.world.addBody(this.anchor);
    this.anchor.position.set(point[0], point[1], point[2]);
    // The solver writes into the anchor's velocity too; a body that broke while held may have
    // left NaN there, and the anchor is integrated (kinematic), so start it at rest.
    this.anchor.velocity.setZero();
    this.anchor.angularVelocity.setZero();
    const pivot = body.pointToLocalFrame(new Vec3(point[0], point[1], point[2]));
    const maxForce = 60 * Math.max(body.mass, 0.2) * -GRAVITY;
    this.constraint = new PointToPointConstraint(body, pivot, this.anchor, new Vec3(), maxForce);
    physics.world.addConstraint(this.constraint);
    body.wakeUp();
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
  private dragTargetDirty = false;

  constructor(physics: PhysicsWorld) {
    this.physics = physics;
    physics.addRemovalListener(this);
  }

  push(command: Command): void {
    this.queue.push(command);
    if (command.atStep < this.earliestStep) this.earliestStep = command.atStep;
  }

  setDragTarget(x: number, y: number, z: number): void {
    this.dragTarget.set(x, y, z);
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
      this.drag.anchor.position.copy(this.dragTarget);
      this.drag.body.wakeUp();
    }
    this.dragTargetDirty = false;
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
      case 'dragEnd':
        this.drag.end(physics);
        return;
    }
  }
}
