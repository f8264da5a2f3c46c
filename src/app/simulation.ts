// The pipeline without the screen: settings → commands → loop → physics steps → snapshots →
// interpolation. The browser app and the Node tests drive the very same object.

import { DEFAULT_SETTINGS, validatePatch } from '../config/settings';
import type { Settings } from '../config/settings';
import { DrawPoses, interpolatePoses } from '../interp/interpolate';
import { createFrameReport, FixedStepLoop } from '../loop/fixedStepLoop';
import type { FrameReport, Stepper } from '../loop/fixedStepLoop';
import { CommandQueue } from '../physics/commands';
import type { Command } from '../physics/commands';
import { PhysicsWorld } from '../physics/physicsWorld';
import { StateGuard } from '../physics/stateGuard';
import { findScene, SCENES } from '../scenes/registry';
import type { SceneDefinition } from '../scenes/sceneTypes';
import { PoseBuffer, Snapshots } from '../snapshot/snapshots';
import { Rng } from '../util/rng';
import { hashFloat64 } from '../util/stateHash';
import { FrameStats } from './frameStats';

export interface LoadOptions {
  count?: number;
  seed?: number;
}

export interface LoadedScene {
  definition: SceneDefinition;
  count: number;
  seed: number;
}

export const DEFAULT_SEED = 1;

export class Simulation implements Stepper {
  readonly physics = new PhysicsWorld();
  readonly commands = new CommandQueue();
  readonly snapshots = new Snapshots(this.physics);
  /** Removes bodies whose state turned NaN, infinite or out of the world, after every step. */
  readonly guard = new StateGuard();
  readonly draw = new DrawPoses();
  readonly stats = new FrameStats();
  readonly report: FrameReport = createFrameReport();
  readonly loop: FixedStepLoop;
  private current: Settings = { ...DEFAULT_SETTINGS };
  scene: LoadedScene;
  /** Called after a scene load: the app resets its frame clock so there is no catch-up burst. */
  onTimelineReset: (() => void) | null = null;

  constructor(sceneId = 'playground', options: LoadOptions = {}) {
    this.loop = new FixedStepLoop(1 / this.current.physicsHz, this.current);
    const definition = findScene(sceneId) ?? (SCENES[0] as SceneDefinition);
    this.scene = { definition, count: definition.count?.default ?? 0, seed: DEFAULT_SEED };
    this.load(definition.id, options);
  }

  get settings(): Readonly<Settings> {
    return this.current;
  }

  /** Validates the whole patch first (throws, changing nothing, on any bad key or value). */
  set(patch: unknown): void {
    const accepted = validatePatch(patch);
    const wasPaused = this.current.paused;
    this.current = { ...this.current, ...accepted };
    if (wasPaused && !this.current.paused) this.onTimelineReset?.();
  }

  /** Builds a scene into an empty world. Throws on an unknown scene or a bad option. */
  load(sceneId: string, options: LoadOptions = {}): void {
    const definition = findScene(sceneId);
    if (!definition) {
      throw new Error(
        `Unknown scene ${JSON.stringify(String(sceneId).slice(0, 60))}; valid scenes are ${SCENES.map((s) => s.id).join(', ')}.`,
      );
    }
    const count = options.count ?? definition.count?.default ?? 0;
    const seed = options.seed ?? DEFAULT_SEED;
    if (options.count !== undefined) {
      const range = definition.count;
      if (!range) throw new Error(`Scene '${definition.id}' has a fixed size and takes no count.`);
      if (!Number.isInteger(count) || count < range.min || count > range.max) {
        throw new Error(
          `count = ${String(options.count)} is invalid for scene '${definition.id}': expected an integer from ${range.min} to ${range.max}.`,
        );
      }
    }
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
      throw new Error(
        `seed = ${String(options.seed)} is invalid: expected an integer from 0 to 4294967295.`,
      );
    }
    this.commands.clear(this.physics);
    this.physics.clear();
    definition.build(this.physics, new Rng(seed), count);
    this.scene = { definition, count, seed };
    this.loop.reset();
    this.guard.reset();
    this.snapshots.captureFresh();
    this.stats.reset();
    this.interpolate();
    this.onTimelineReset?.();
  }

  reset(): void {
    this.load(this.scene.definition.id, { count: this.scene.count, seed: this.scene.seed });
  }

  queue(command: Command): void {
    this.commands.push(command);
  }

  /** One display frame: everything up to the draw poses. Rendering is the caller's. */
  frame(frameSeconds: number): FrameReport {
    this.applySettings();
    this.applyCommands();
    this.loop.frame(frameSeconds, this, this.report);
    const interpolateStart = performance.now();
    this.interpolate();
    this.stats.endFrame(frameSeconds, this.report, performance.now() - interpolateStart);
    return this.report;
  }

  /** Takes exactly one physics step now (single-step while paused). */
  singleStep(): void {
    this.applySettings();
    this.applyCommands();
    this.loop.singleStep(this);
    this.interpolate();
  }

  /** Stepper: the only path from the loop into the physics. */
  step(dtSeconds: number): void {
    const start = performance.now();
    this.physics.step(dtSeconds);
    // Before the capture, so a broken body never reaches the snapshots or the instance matrices.
    this.guard.check(this.physics, this.commands, this.snapshots, this.physics.stepIndex);
    this.snapshots.capture();
    this.stats.recordStep(performance.now() - start);
  }

  /** Hex digest of every body's exact position, quaternion, velocity and angular velocity bits. */
  hash(): string {
    const n = this.physics.count;
    const state = new PoseBuffer(Math.max(n, 1));
    this.physics.writeState(state, new Uint8Array(Math.max(n, 1)));
    const all = new Float64Array(13 * n);
    all.set(state.position.subarray(0, 3 * n), 0);
    all.set(state.quaternion.subarray(0, 4 * n), 3 * n);
    all.set(state.velocity.subarray(0, 3 * n), 7 * n);
    all.set(state.angularVelocity.subarray(0, 3 * n), 10 * n);
    return hashFloat64(all);
  }

  private interpolate(): void {
    const mode = this.current.interpolation;
    interpolatePoses(this.snapshots, this.loop.alpha(), mode, this.draw);
  }

  private applySettings(): void {
    const s = this.current;
    const dt = 1 / s.physicsHz;
    if (dt !== this.loop.dt) this.loop.setDt(dt);
    this.loop.timeScale = s.timeScale;
    this.loop.maxFrameSeconds = s.maxFrameSeconds;
    this.loop.maxStepsPerFrame = s.maxStepsPerFrame;
    this.loop.paused = s.paused;
  }

  private applyCommands(): void {
    if (this.commands.pending > 0 || this.commands.dragging) {
      this.commands.apply(this.physics, this.snapshots);
      // A spawned body that cannot be simulated (an overflowing weight) goes before it steps.
      this.guard.check(this.physics, this.commands, this.snapshots, this.physics.stepIndex);
      this.snapshots.sync();
    }
  }
}
