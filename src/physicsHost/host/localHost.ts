// The physics host on the page's own thread: the physics core, stepped as the loop asks, each
// step's cost measured with the simulation's clock. Everything answers at once.

import { PHYSICS_SHARE } from 'fixed-step/loop';
import type { Command } from '../../physics/world/commands';
import type { FaultReport } from '../../physics/world/stateGuard';
import { DEFAULT_TUNING } from '../../physics/world/tuning';
import type { PhysicsTuning } from '../../physics/world/tuning';
import { PhysicsCore } from '../core/physicsCore';
import type { LoadedScene, SceneOptions } from '../../scenes/registry';
import { reloadOptions } from '../../scenes/registry';
import type { SceneDrawData } from '../../snapshot/sceneDrawData';
import type { SceneSnapshots } from '../../snapshot/snapshots';
import type { Recording, RecordOptions } from '../../state/recording';
import type { ReplayStatus } from '../../state/replay';
import type { SavedState } from '../../state/stateSchema';
import type { KeyframeChoice } from '../../state/timeline';
import type {
  GovernorView,
  HostListener,
  PhysicsHost,
  RecordingStatus,
  StepHashListener,
} from './physicsHost';
import type { KernelMode } from '../../physics/kernels/kernelMemory';

/** A listener that measures nothing: until a simulation attaches (tests that step a host alone). */
const UNATTACHED: HostListener = { nowMs: () => 0, stepsCost: () => undefined };

/**
 * Does `work` now and resolves with what it gave: on this thread a request is done before the
 * promise is made, and one that fails throws here, at the call, changing nothing.
 */
function done<T>(work: () => T): Promise<T> {
  return Promise.resolve(work());
}

export class LocalHost implements PhysicsHost {
  readonly thread = 'main';
  readonly transport = 'direct';
  readonly physicsShare = PHYSICS_SHARE;
  readonly keepsOwnPace = false;
  readonly latencySteps = 0;
  /** The physics core: the world, its commands, guard, snapshots and timeline. */
  readonly core: PhysicsCore;
  /** Called after every step (tests watch the world step by step). */
  onStep: ((step: number) => void) | null = null;
  private listener = UNATTACHED;
  private stepHashListener: StepHashListener | null = null;
  /** `nowMs()` at the end of the latest step, or at the frame's start: the next step's start. */
  private clockMs = 0;
  private seenSceneVersion = -1;
  private draw: SceneDrawData = { version: 0, statics: [], springs: [] };

  /**
   * Builds `sceneId` with `options` (see PhysicsCore.load; throws on a bad one) in a world of
   * `tuning`. Or takes over a core already built (a worker's world rebuilt on this thread).
   */
  constructor(
    scene: string | PhysicsCore,
    options: SceneOptions = {},
    tuning: Readonly<PhysicsTuning> = DEFAULT_TUNING,
  ) {
    this.core = typeof scene === 'string' ? new PhysicsCore(scene, options, tuning) : scene;
  }

  get tuning(): Readonly<PhysicsTuning> {
    return this.core.tuning;
  }

  attach(listener: HostListener): void {
    this.listener = listener;
  }

  load(scene: LoadedScene): Promise<void> {
    return done(() => void this.core.load(scene.definition.id, reloadOptions(scene)));
  }

  readonly building = false;

  get scene(): LoadedScene {
    return this.core.scene;
  }

  get sceneDraw(): SceneDrawData {
    const core = this.core;
    if (core.sceneVersion !== this.seenSceneVersion) {
      this.seenSceneVersion = core.sceneVersion;
      this.draw = {
        version: core.sceneVersion,
        statics: core.physics.statics.slice(),
        springs: core.physics.springEnds(),
      };
    }
    return this.draw;
  }

  get nextStep(): number {
    return this.core.stepIndex;
  }

  get publishedStep(): number {
    return this.core.stepIndex;
  }

  get time(): number {
    return this.core.physics.time;
  }

  push(command: Command): void {
    this.core.push(command);
  }

  setDragTarget(point: ArrayLike<number>): void {
    this.core.commands.setDragTarget(point);
  }

  setRate(physicsHz: number): void {
    this.core.physicsHz = physicsHz;
  }

  get kernels(): KernelMode {
    return this.core.physics.kernels;
  }

  beginSteps(): void {
    this.clockMs = this.listener.nowMs();
  }

  step(dtSeconds: number): void {
    const core = this.core;
    core.step(dtSeconds);
    // One clock read per step: its end is the next step's start (a real clock's reading is a
    // new 16-byte number in V8, the only allocation this path makes).
    const now = this.listener.nowMs();
    const stepMs = now - this.clockMs;
    this.clockMs = now;
    this.listener.stepsCost(stepMs, 1);
    const hashListener = this.stepHashListener;
    if (hashListener) {
      const lanes = core.hashLanes();
      hashListener(core.stepIndex, lanes[0], lanes[1]);
    }
    this.onStep?.(core.stepIndex);
  }

  hasRoom(governor: GovernorView): boolean {
    return governor.stepAllowed();
  }

  endSteps(stepsTaken: number): void {
    // A step applies what is due at its boundary; with none, what is due is applied now.
    if (stepsTaken === 0) this.core.applyDue();
  }

  drawn(): SceneSnapshots {
    return this.core.snapshots;
  }

  whenCaughtUp(): Promise<void> {
    return Promise.resolve();
  }

  saveState(): Promise<SavedState> {
    return done(() => this.core.saveState());
  }

  loadState(state: SavedState): Promise<void> {
    return done(() => this.core.loadState(state));
  }

  record(options: RecordOptions): Promise<void> {
    return done(() => this.core.record(options));
  }

  stopRecording(keyframes: KeyframeChoice): Promise<Recording> {
    return done(() => this.core.stopRecording(keyframes));
  }

  replay(recording: Recording): Promise<void> {
    return done(() => this.core.replay(recording));
  }

  seek(target: number): Promise<void> {
    return done(() => this.core.seek(target));
  }

  replayStatus(): ReplayStatus | null {
    return this.core.timeline.status();
  }

  recordingStatus(): RecordingStatus | null {
    const timeline = this.core.timeline;
    const step = timeline.recordingStep;
    return step === null ? null : { step, inputs: timeline.recordingInputs ?? 0 };
  }

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

  takeFaults(): FaultReport | null {
    const guard = this.core.guard;
    return guard.hasReport ? guard.takeReport() : null;
  }

  get removedBodies(): number {
    return this.core.guard.removed;
  }

  setStepHashListener(listener: StepHashListener | null): void {
    this.stepHashListener = listener;
  }

  dispose(): void {
    this.listener = UNATTACHED;
    this.stepHashListener = null;
  }
}
