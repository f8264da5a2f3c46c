// World changes from outside (spawn, remove, teleport, drag) queued and applied together at the
// next step boundary, so the same commands before the same step give the same physics.

import { Body, PointToPointConstraint, Vec3 } from 'cannon-es';
import type {
  BodySlotListener,
  BodySpec,
  PhysicsWorld,
  QuatTuple,
  Vec3Tuple,
} from './physicsWorld';

export type Command =
  | { type: 'spawn'; spec: BodySpec }
  | { type: 'remove'; index: number }
  | {
      type: 'teleport';
      index: number;
      position: Vec3Tuple;
      quaternion?: QuatTuple;
      velocity?: Vec3Tuple;
    }
  | { type: 'dragStart'; index: number; point: Vec3Tuple }
  | { type: 'dragEnd' };

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

  start(physics: PhysicsWorld, body: Body, point: Vec3Tuple): void {
    this.end(physics);
    if (!physics.world.bodies.includes(this.anchor)) physics.world.addBody(this.anchor);
    this.anchor.position.set(point[0], point[1], point[2]);
    // The solver writes into the anchor's velocity too; a body that broke while held may have
    // left NaN there, and the anchor is integrated (kinematic), so start it at rest.
    this.anchor.velocity.setZero();
    this.anchor.angularVelocity.setZero();
    const pivot = body.pointToLocalFrame(new Vec3(point[0], point[1], point[2]));
    const maxForce = 60 * Math.max(body.mass, 0.2) * 9.82;
    this.constraint = new PointToPointConstraint(body, pivot, this.anchor, new Vec3(), maxForce);
    physics.world.addConstraint(this.constraint);
    body.wakeUp();
    this.body = body;
  }

  end(physics: PhysicsWorld): void {
    if (this.constraint) physics.world.removeConstraint(this.constraint);
    this.constraint = null;
    this.body = null;
  }
}

export class CommandQueue {
  private queue: Command[] = [];
  private readonly drag = new Drag();
  /** Latest mouse target for the dragged point; latched, not queued, so moving never allocates. */
  private readonly dragTarget = new Vec3();
  private dragTargetDirty = false;

  push(command: Command): void {
    this.queue.push(command);
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

  /** Forgets queued commands and any drag (scene load: they referred to the old bodies). */
  clear(physics: PhysicsWorld): void {
    this.queue.length = 0;
    this.drag.end(physics);
    this.dragTargetDirty = false;
  }

  /**
   * Removes body `index` now (a step boundary): lets go of it first if it is being dragged, so the
   * joint never holds a body that left the world. The last body moves into its slot.
   */
  removeBody(index: number, physics: PhysicsWorld, listener: BodySlotListener): void {
    if (this.drag.body !== null && this.drag.body === physics.bodies[index]) this.drag.end(physics);
    physics.removeBody(index, listener);
  }

  /** Applies everything queued, in order. Called only between physics steps. */
  apply(physics: PhysicsWorld, listener: BodySlotListener): void {
    if (this.dragTargetDirty && this.drag.body) {
      this.drag.anchor.position.copy(this.dragTarget);
      this.drag.body.wakeUp();
    }
    this.dragTargetDirty = false;
    if (this.queue.length === 0) return;
    const commands = this.queue;
    this.queue = [];
    for (const command of commands) this.applyOne(command, physics, listener);
  }

  private applyOne(command: Command, physics: PhysicsWorld, listener: BodySlotListener): void {
    switch (command.type) {
      case 'spawn':
        listener.onBodyReset(physics.addBody(command.spec));
        return;
      case 'remove':
        this.removeBody(command.index, physics, listener);
        return;
      case 'teleport': {
        const body = physics.bodies[command.index];
        if (!body) return;
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
        listener.onBodyReset(command.index);
        return;
      }
      case 'dragStart': {
        const body = physics.bodies[command.index];
        if (body && body.type === Body.DYNAMIC) this.drag.start(physics, body, command.point);
        return;
      }
      case 'dragEnd':
        this.drag.end(physics);
        return;
    }
  }
}
