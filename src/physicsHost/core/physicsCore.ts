// The physics side of a session, the same code on the main thread and in the physics worker:
// the cannon-es world, its command queue and state guard, the snapshots captured after every
// step, exact state (save and restore) and the timeline (record, replay, seek). Whatever drives
// it decides when to step; this decides nothing about time.

import { StateHasher, toHex } from '../../state/stateHasher';
import { CommandQueue } from '../../physics/world/commands';
import type { Command } from '../../physics/world/commands';
import { PhysicsWorld } from '../../physics/world/physicsWorld';
import { DEFAULT_TUNING } from '../../physics/world/tuning';
import type { PhysicsTuning } from '../../physics/world/tuning';
import { StateGuard } from '../../physics/world/stateGuard';
import { findScene, resolveScene } from '../../scenes/registry';
import type { LoadedScene, SceneOptions } from '../../scenes/registry';
import { WorldSnapshots } from '../../snapshot/snapshots';
import type { Recording, RecordOptions } from '../../state/recording';
import type { SavedState } from '../../state/stateSchema';
import { landingStep, Timeline } from '../../state/timeline';
import type { KeyframeChoice, TimelineHost } from '../../state/timeline';
import type { RecorderMark } from '../../state/recorderProgress';
import type { CoreCheckpoint } from '../../state/checkpoint';

export type { CoreCheckpoint } from '../../state/checkpoint';
import { captureState, restoreInParts } from '../../state/worldState';
import { Rng } from '../../util/rng';

/** The scene a saved state names (its id checked when the state was parsed). */
export function savedScene(scene: SavedState['scene'], fallback: LoadedScene): LoadedScene {
  const definition = findScene(scene.id) ?? fallback.definition;
  return { definition, count: scene.count, seed: scene.seed };
}

export class PhysicsCore implements TimelineHost {
  readonly physics: PhysicsWorld;
  readonly commands: CommandQueue;
  readonly snapshots: WorldSnapshots;
  /** Removes bodies whose state turned NaN, infinite or out of the world, after every step. */
  readonly guard = new StateGuard();
  readonly hasher = new StateHasher();
  /** Record, replay and seek (see state/timeline.ts). */
  readonly timeline: Timeline = new Timeline(this);
  scene: LoadedScene;
  /** Bumped whenever the scene or its statics and springs change (a load, a restored state). */
  sceneVersion = 0;
  /**
   * The physics rate the driver paces at (Hz): what a saved state or keyframe records for the
   * loop. The driver keeps it current.
   */
  physicsHz = 100;
  /** The length of the latest step (a seek re-simulates with it where a replay names none). */
  private lastDtSeconds = 0.01;
  /**
   * The step index (see `stepIndex`). The world keeps a count of its own, the scene's: it
   * restarts when a replay loads a scene or a state at one of its steps and is the saved one
   * after a restore; the index runs on.
   */
  private index = 0;
  /** The step index a loaded replay started at (where its step 0 lies). */
  private replayStart = 0;

  /**
   * @param sceneId the scene to build first (see `load`).
   * @param tuning the configuration of the world (DEFAULT_TUNING unless a test or bench asks).
   * @param progress called through long work (each body added, each step of a seek): see
   *   PhysicsWorld.progress.
   */
  constructor(
    sceneId: string,
    options: SceneOptions = {},
    tuning: Readonly<PhysicsTuning> = DEFAULT_TUNING,
    progress: (() => void) | null = null,
  ) {
    this.physics = new PhysicsWorld(tuning);
    this.physics.progress = progress;
    this.commands = new CommandQueue(this.physics);
    this.snapshots = new WorldSnapshots(this.physics);
    this.scene = this.load(sceneId, options);
  }

  /**
   * The step index, the one the page counts by: steps since the scene was loaded, running on
   * across a replay's scene loads, set by a jump (see `landingStep`). The index of the next step.
   */
  get stepIndex(): number {
    return this.index;
  }

  /** TimelineHost: the world's own step index. */
  get worldStep(): number {
    return this.physics.stepIndex;
  }

  get tuning(): Readonly<PhysicsTuning> {
    return this.physics.tuning;
  }

  /**
   * Builds a scene into an empty world and returns what was built; throws (changing nothing)
   * on an unknown scene or a bad count or seed. Pending commands and any drag are dropped: they
   * named the old bodies. Recorded as an input while recording; it ends a replay.
   */
  load(sceneId: string, options: SceneOptions = {}): LoadedScene {
    const scene = resolveScene(sceneId, options);
    this.build(scene);
    this.index = 0;
    this.timeline.sceneLoaded(scene.definition.id, scene.count, scene.seed);
    return scene;
  }

  /** TimelineHost: a replayed scene load (not recorded again); the step index runs on. */
  loadScene(sceneId: string, count: number, seed: number): void {
    const definition = findScene(sceneId) ?? this.scene.definition;
    this.build({ definition, count, seed });
  }

  private build(scene: LoadedScene): void {
    this.commands.clear();
    this.physics.clear();
    scene.definition.build(this.physics, new Rng(scene.seed), scene.count);
    this.scene = scene;
    this.restarted();
  }

  /** After the world was rebuilt or restored: a fresh guard and snapshots, new scene data. */
  private restarted(): void {
    this.guard.reset();
    this.snapshots.captureFresh();
    this.sceneVersion++;
  }

  /** The world's exact state now, as plain data (see state/worldState.ts). */
  saveState(): SavedState {
    const scene = this.scene;
    return captureState(this.physics, this.commands, {
      scene: { id: scene.definition.id, count: scene.count, seed: scene.seed },
      physicsHz: this.physicsHz,
    });
  }

  /**
   * The core's checkpoint now (between steps). `have`: what the receiver already holds of a
   * recording under way (only the rest of its lists is included).
   */
  checkpoint(have: RecorderMark | null): CoreCheckpoint {
    const scene = this.scene;
    const state = captureState(
      this.physics,
      this.commands,
      {
        scene: { id: scene.definition.id, count: scene.count, seed: scene.seed },
        physicsHz: this.physicsHz,
      },
      Infinity,
    );
    return {
      state,
      stepIndex: this.index,
      replayStart: this.replayStart,
      lastDtSeconds: this.lastDtSeconds,
      removed: this.guard.removed,
      timeline: this.timeline.checkpoint(have),
    };
  }

  /**
   * Carries on from a checkpoint (its recording progress whole, merged by the receiver) as the
   * core that made it would: the same state, step index and timeline; `recording` is the replay's
   * when one was under way.
   */
  resume(checkpoint: CoreCheckpoint, recording: Recording | null): void {
    const parts = this.resumeInParts(checkpoint, recording);
    while (!parts.next().done);
  }

  /** `resume` a part at a time (see worldState's restoreInParts): a rebuild keeps its tasks short. */
  *resumeInParts(checkpoint: CoreCheckpoint, recording: Recording | null): Generator<void, void> {
    yield* this.restoreInParts(checkpoint.state, true);
    this.index = checkpoint.stepIndex;
    this.replayStart = checkpoint.replayStart;
    this.lastDtSeconds = checkpoint.lastDtSeconds;
    this.guard.removed = checkpoint.removed;
    this.timeline.resumeFrom(checkpoint.timeline, recording);
  }

  /**
   * TimelineHost: restores a validated state (see stateSchema.parseState); the step index runs
   * on. `withCommands: false` leaves its pending commands out.
   */
  restore(state: SavedState, withCommands: boolean): void {
    const parts = this.restoreInParts(state, withCommands);
    while (!parts.next().done);
  }

  private *restoreInParts(state: SavedState, withCommands: boolean): Generator<void, void> {
    yield* restoreInParts(this.physics, this.commands, state, withCommands);
    this.scene = savedScene(state.scene, this.scene);
    this.physicsHz = state.physicsHz;
    this.restarted();
  }

  /**
   * Continues from a validated state, the step index then the state's. If restoring fails after
   * all, the world is put back as it was and the error thrown. Recorded while recording.
   */
  loadState(state: SavedState): void {
    const before = this.saveState();
    try {
      this.restore(state, true);
    } catch (error) {
      this.restore(before, true);
      throw error;
    }
    this.index = landingStep({ type: 'loadState', state }, this.replayStart);
    this.timeline.stateLoaded(state);
  }

  /** Starts recording at the current step (options checked by the caller). */
  record(options: RecordOptions): void {
    this.timeline.record(options);
  }

  stopRecording(keyframes: KeyframeChoice): Recording {
    return this.timeline.stopRecording(keyframes);
  }

  /** Plays a validated recording from its start, the step index then its first keyframe's. */
  replay(recording: Recording): void {
    this.timeline.replay(recording);
    this.index = landingStep({ type: 'replay', recording }, this.replayStart);
    this.replayStart = this.index;
    if (this.timeline.replayAtEnd) this.applyDue();
  }

  /** Moves the replay to step `target` of the recording (the step index: its start plus that). */
  seek(target: number): void {
    this.timeline.seek(target);
    this.index = landingStep({ type: 'seek', target }, this.replayStart);
    if (this.timeline.replayAtEnd) this.applyDue();
  }

  /** TimelineHost: a seek's re-simulation. */
  runSteps(count: number): void {
    const physics = this.physics;
    for (let k = 0; k < count; k++) {
      this.step(this.lastDtSeconds);
      physics.progress?.();
    }
  }

  /**
   * Queues a command for the boundary before step `command.atStep` of the step index (the queue
   * counts by the world's own steps, which a replay's loads restart).
   */
  push(command: Command): void {
    const lead = this.index - this.physics.stepIndex;
    this.commands.push(lead === 0 ? command : { ...command, atStep: command.atStep - lead });
  }

  /**
   * At a step boundary: a replay's inputs due there, then the drag anchor moved if the mouse
   * moved and the commands due applied. Also how commands take effect at once while the
   * simulation is paused.
   */
  applyDue(): void {
    // A replayed scene or state load here restarts the world's count, not the step index.
    this.timeline.atBoundary();
    this.commands.moveDragAnchor();
    if (!this.commands.hasDue(this.physics.stepIndex)) return;
    this.commands.apply(this.snapshots);
    // A spawned body that cannot be simulated (an overflowing weight) goes before it steps.
    this.guard.check(this.physics, this.physics.stepIndex);
    this.snapshots.sync();
  }

  /**
   * One fixed step: the boundary's inputs and commands, the world's step (at a replay's
   * recorded length), the state guard, then the snapshot capture. Every step boundary applies
   * its commands, so a command lands on its step whether the frame around it takes no step,
   * one, or several. A replay's last step is followed by its end boundary at once: inputs made
   * after the recording's last step (while paused) are part of where it rests.
   */
  step(dtSeconds: number): void {
    this.applyDue();
    const timeline = this.timeline;
    // Two calls, not one of a choice: the caller's number goes on as it came; a double chosen
    // here would be boxed anew for every call it is passed to (16 bytes a step).
    if (timeline.replaying) this.stepBy(timeline.replayDt);
    else {
      timeline.noteStep(dtSeconds);
      this.stepBy(dtSeconds);
    }
  }

  /** One step of `dt`: the world, the state guard, the snapshots, the timeline. */
  private stepBy(dt: number): void {
    this.lastDtSeconds = dt;
    this.physics.step(dt);
    this.index++;
    // Before the capture, so a broken body never reaches the snapshots or the instance matrices.
    this.guard.check(this.physics, this.physics.stepIndex);
    this.snapshots.capture(dt);
    this.timeline.afterStep();
    if (this.timeline.replayAtEnd) this.applyDue();
  }

  /** TimelineHost: the state hash's two lanes now (reused array). */
  hashLanes(): Uint32Array {
    return this.hasher.hash(this.physics);
  }

  /** Hex digest of every body's exact position, quaternion, velocity and angular velocity bits. */
  hash(): string {
    const lanes = this.hashLanes();
    return toHex(lanes[0], lanes[1]);
  }
}
