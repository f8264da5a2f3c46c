// The physics host on the page's own thread: the physics core, stepped as the loop asks, each
// step's cost measured with the simulation's clock. Everything answers at once.

import { PHYSICS_SHARE } from 'fixed-step/loop';
import { DEFAULT_TUNING } from '../../physics/index';
import type { Command, FaultReport, KernelMode, PhysicsTuning } from '../../physics/index';
import { PhysicsCore } from '../core/physicsCore';
import type { SceneOptions } from '../../scenes/registry';
import type { SceneSnapshots } from '../../snapshot/snapshots';
import { LocalStepping } from './localStepping';
import { LocalTimeline } from './localTimeline';
import type { HostBodies, HostFaults, HostInput, PhysicsHost } from './physicsHost';

/** Commands, the drag target and the rate, into the core's queue now. */
class LocalInput implements HostInput {
  constructor(private readonly core: PhysicsCore) {}

  push(command: Command): void {
    this.core.push(command);
  }

  setDragTarget(point: ArrayLike<number>): void {
    this.core.commands.setDragTarget(point);
  }

  setRate(physicsHz: number): void {
    this.core.physicsHz = physicsHz;
  }
}

/** The world's bodies as they are now: the newest step is the one drawn. */
class LocalBodies implements HostBodies {
  constructor(private readonly core: PhysicsCore) {}

  hash(): string {
    return this.core.hash();
  }

  posesAt(step: number): SceneSnapshots | null {
    return this.core.stepIndex === step ? this.core.snapshots : null;
  }

  bodyIndex(id: number): number {
    return this.core.physics.indexOf(id);
  }

  idAt(index: number): number {
    return this.core.physics.idAt(index);
  }
}

/** What the core's state guard removed. */
class LocalFaults implements HostFaults {
  constructor(private readonly core: PhysicsCore) {}

  take(): FaultReport | null {
    const guard = this.core.guard;
    return guard.hasReport ? guard.takeReport() : null;
  }

  get removed(): number {
    return this.core.guard.removed;
  }
}

export class LocalHost implements PhysicsHost {
  readonly thread = 'main';
  readonly transport = 'direct';
  readonly physicsShare = PHYSICS_SHARE;
  readonly keepsOwnPace = false;
  readonly latencySteps = 0;
  /** The physics core: the world, its commands, guard, snapshots and timeline. */
  readonly core: PhysicsCore;
  readonly stepping: LocalStepping;
  readonly input: HostInput;
  readonly timeline: LocalTimeline;
  readonly bodies: HostBodies;
  readonly faults: HostFaults;

  /**
   * Builds `sceneId` with `options` (see PhysicsCore.load; throws on a bad one) in a world of
   * `tuning`. Or takes over a core already built (a worker's world rebuilt on this thread).
   */
  constructor(
    scene: string | PhysicsCore,
    options: SceneOptions = {},
    tuning: Readonly<PhysicsTuning> = DEFAULT_TUNING,
  ) {
    const core = typeof scene === 'string' ? new PhysicsCore(scene, options, tuning) : scene;
    this.core = core;
    this.stepping = new LocalStepping(core);
    this.input = new LocalInput(core);
    this.timeline = new LocalTimeline(core);
    this.bodies = new LocalBodies(core);
    this.faults = new LocalFaults(core);
  }

  get tuning(): Readonly<PhysicsTuning> {
    return this.core.tuning;
  }

  get kernels(): KernelMode {
    return this.core.physics.kernels;
  }

  dispose(): void {
    this.stepping.detach();
  }
}
