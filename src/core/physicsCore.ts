// The physics side of a session, the same code on the main thread and in the physics worker:
// the cannon-es world, its command queue and state guard, and the snapshots captured after
// every step. Whatever drives it decides when to step; this decides nothing about time.

import { StateHasher, toHex } from '../app/stateHasher';
import { CommandQueue } from '../physics/commands';
import type { Command } from '../physics/commands';
import { PhysicsWorld } from '../physics/physicsWorld';
import { StateGuard } from '../physics/stateGuard';
import { resolveScene } from '../scenes/registry';
import type { LoadedScene, SceneOptions } from '../scenes/registry';
import { Snapshots } from '../snapshot/snapshots';
import { Rng } from '../util/rng';

export class PhysicsCore {
  readonly physics = new PhysicsWorld();
  readonly commands = new CommandQueue(this.physics);
  readonly snapshots = new Snapshots(this.physics);
  /** Removes bodies whose state turned NaN, infinite or out of the world, after every step. */
  readonly guard = new StateGuard();
  readonly hasher = new StateHasher();
  scene: LoadedScene;

  constructor(sceneId: string, options: SceneOptions = {}) {
    this.scene = this.load(sceneId, options);
  }

  /** Steps taken since the scene was loaded: the index of the next step. */
  get stepIndex(): number {
    return this.physics.stepIndex;
  }

  /**
   * Builds a scene into an empty world and returns what was built; throws (changing nothing)
   * on an unknown scene or a bad count or seed. Pending commands and any drag are dropped: they
   * named the old bodies.
   */
  load(sceneId: string, options: SceneOptions = {}): LoadedScene {
    const scene = resolveScene(sceneId, options);
    this.commands.clear();
    this.physics.clear();
    scene.definition.build(this.physics, new Rng(scene.seed), scene.count);
    this.scene = scene;
    this.guard.reset();
    this.snapshots.captureFresh();
    return scene;
  }

  /** Queues a command for the boundary before step `command.atStep`. */
  push(command: Command): void {
    this.commands.push(command);
  }

  /**
   * At a step boundary: moves the drag anchor if the mouse moved and applies the commands due.
   * Also how commands take effect at once while the simulation is paused.
   */
  applyDue(): void {
    this.commands.moveDragAnchor();
    if (!this.commands.hasDue(this.physics.stepIndex)) return;
    this.commands.apply(this.snapshots);
    // A spawned body that cannot be simulated (an overflowing weight) goes before it steps.
    this.guard.check(this.physics, this.physics.stepIndex);
    this.snapshots.sync();
  }

  /**
   * One fixed step: the commands due at this boundary, the world's step, the state guard, then
   * the snapshot capture. Every step boundary applies its commands, so a command lands on its
   * step whether the frame around it takes no step, one, or several.
   */
  step(dtSeconds: number): void {
    this.applyDue();
    this.physics.step(dtSeconds);
    // Before the capture, so a broken body never reaches the snapshots or the instance matrices.
    this.guard.check(this.physics, this.physics.stepIndex);
    this.snapshots.capture(dtSeconds);
  }

  /** Hex digest of every body's exact position, quaternion, velocity and angular velocity bits. */
  hash(): string {
    const lanes = this.hasher.hash(this.physics);
    return toHex(lanes[0], lanes[1]);
  }
}
