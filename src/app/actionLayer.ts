// The one path for every action: keys, pointer and touch, the panel, the URL and `window.sandbox`
// all call these methods (the panel and input through narrow interfaces of their own), which
// turn them into setting changes, commands at a step, loads, jumps and frames, and answer reads.
// None of the doors touches the simulation, the physics or the camera itself.

import { withoutRetiredSettings } from '../config/settings';
import type { Settings } from '../config/settings';
import type { FrameReport } from 'fixed-step/loop';
import { t } from '../i18n/language';
import type { BodySpec, CommandAction, Vec3Tuple } from '../physics/index';
import { randomBody } from '../scenes/mixedBodies';
import { SceneLoadError } from '../scenes/registry';
import type { LoadedScene } from '../scenes/registry';
import type { ShapeKind } from '../shapes/shapeKinds';
import { encodeRecording } from '../state/recording';
import type { EncodedRecording } from '../state/recording';
import type { ReplayStatus } from '../state/replay';
import { encodeState } from '../state/stateSchema';
import type { EncodedState } from '../state/stateSchema';
import type { StatsSnapshot } from '../stats/statsSnapshot';
import { Rng } from '../util/rng';
import { vec3 } from 'gl-matrix';
import type { FrameDriver } from '../loop/frameDriver';
import type { Stage } from '../render/stage';
import type { Notify } from './notify';
import { sceneProblemText } from './sceneText';
import { readPose } from './poseReadout';
import type { BodyPoses } from './poseReadout';
import type { LoadOptions, Simulation } from './simulation';
import { reloadOptions } from './simulation';
import type { TwinLab } from './twinLab';

/** Speed of a body thrown from the camera, m/s: fast enough to knock a brick out of the stack. */
const THROW_SPEED = 22;

/** What the action layer acts on: the page (the app implements it). */
export interface PageSession {
  readonly sim: Simulation;
  /** The determinism lab's worlds, while the loaded scene has two. */
  readonly lab: TwinLab | null;
  readonly stage: Stage;
  readonly driver: FrameDriver;
  readonly notify: Notify;
  /** Builds a scene (and the lab's second world); resolves once it can be drawn. */
  load(sceneId: string, options: LoadOptions): Promise<void>;
  /** Applies validated settings, including those the page acts on (threads, shadows). */
  applySettings(patch: unknown): void;
  /** Scripted frames, each through the same path as an animation frame (see BrowserApp). */
  advance(frameSeconds: readonly number[]): Promise<FrameReport[]>;
  /** Starts (or restarts) the animation-frame drive. */
  start(): void;
  /** After a jump was asked for: the lab and camera follow the scene, now and once it is made. */
  afterJump(made: Promise<void>, lab?: Promise<void>): Promise<void>;
  /** Everything the page measures, as a fresh object. */
  statsSnapshot(): StatsSnapshot;
  /** Draws the current state now and refreshes the HUD. */
  redraw(): void;
  /** Tells the panel and labels that settings or the scene changed. */
  changed(): void;
}

/** A body under the pointer: its index and id now, and the world point hit. */
export interface PickedBody {
  index: number;
  id: number;
  point: Vec3Tuple;
}

/** What the Record folder shows: the recording under way and the loaded replay. */
export interface RecordStatus {
  recording: { step: number; inputs: number } | null;
  replay: ReplayStatus | null;
}

/** What `state()` says: the newest step published, the loop's time, bodies drawn, the hash. */
export interface StateSummary {
  step: number;
  simTime: number;
  bodies: number;
  hash: string;
}

export class ActionLayer {
  private readonly session: PageSession;
  private spawnRng = new Rng(1);
  /** The held body's grab point (the drag plane passes through it) and the latest target. */
  private readonly dragThrough = [0, 0, 0];
  private readonly dragTarget = [0, 0, 0];
  /** The "no dragging in the lab" note while it is on screen, so repeated presses show it once. */
  private dragRefused: { readonly isConnected: boolean } | null = null;

  constructor(session: PageSession) {
    this.session = session;
  }

  /** The settings now (replaced, never changed in place). */
  settings(): Readonly<Settings> {
    return this.session.sim.settings;
  }

  /** The scene loaded (a replay may load another at one of its steps). */
  scene(): LoadedScene {
    return this.session.sim.scene;
  }

  /**
   * Validates the whole patch first; a bad key or value throws and changes nothing. Settings the
   * page acts on itself (the physics thread, shadows) follow.
   */
  /** Applies a settings patch; a retired setting in it is left out, with a note (not an error). */
  set(patch: unknown): void {
    const current = withoutRetiredSettings(patch);
    this.session.applySettings(current.patch);
    for (const note of current.notes) this.session.notify(note, 'info');
  }

  togglePause(): void {
    this.set({ paused: !this.settings().paused });
  }

  /** The I key: interpolation off, or back on. */
  toggleInterpolation(): void {
    this.set({ interpolation: this.settings().interpolation === 'off' ? 'interpolate' : 'off' });
  }

  /** Builds a scene (throws at once on a bad scene or option); resolves once it can be drawn. */
  load(sceneId: string, options: LoadOptions = {}): Promise<void> {
    let loaded: Promise<void>;
    try {
      loaded = this.session.load(sceneId, options);
    } catch (error) {
      // The registry says what is wrong as data; the words are the page's language.
      throw error instanceof SceneLoadError ? new Error(sceneProblemText(error.problem)) : error;
    }
    this.spawnRng = new Rng(this.session.sim.scene.seed ^ 0x5eed);
    return loaded;
  }

  /** Builds the loaded scene again, with its count and seed. */
  reset(): Promise<void> {
    const scene = this.session.sim.scene;
    return this.load(scene.definition.id, reloadOptions(scene));
  }

  /** Pauses and takes exactly one step (in both of the lab's worlds). */
  singleStep(): void {
    const { sim, lab } = this.session;
    if (!sim.settings.paused) this.set({ paused: true });
    sim.singleStep();
    lab?.twin.singleStep();
    this.showWhenSettled();
  }

  /**
   * Runs scripted frames of the given seconds (see BrowserApp.advance); resolves with each
   * frame's report. Stops the animation-frame drive.
   */
  advance(frameSeconds: readonly number[]): Promise<FrameReport[]> {
    return this.session.advance(frameSeconds);
  }

  /** Starts (or restarts) the animation-frame drive. */
  run(): void {
    this.session.start();
  }

  /** Injects one long frame (default: the `hitchSeconds` setting) into the next frame. */
  hitch(seconds = this.settings().hitchSeconds): void {
    this.session.driver.hitch(seconds);
  }

  /** Drops a body of `kind` from above the middle of the scene at a seeded random spot. */
  spawn(kind: ShapeKind): void {
    const rng = this.spawnRng;
    this.spawnBody(randomBody(rng, [rng.range(-3, 3), rng.range(7, 10), rng.range(-3, 3)], kind));
  }

  /** Adds a body at the next step boundary (at once while paused) as the last index. */
  spawnBody(spec: BodySpec): void {
    this.command({ type: 'spawn', spec });
  }

  /** Throws a body of `kind` from the camera through the given pixel. */
  throwFrom(kind: ShapeKind, clientX: number, clientY: number): void {
    const { origin, direction } = this.session.stage.rayThrough(clientX, clientY);
    const start = vec3.scaleAndAdd([0, 0, 0], origin, direction, 1.5);
    // The lab draws its worlds shifted sideways (left −offsetX, right +offsetX): aim in the
    // coordinates of the world on the side the ray passes nearest the centre, so a throw at
    // either heap hits that heap, and the same spot in the other world.
    const lab = this.session.lab;
    if (lab) {
      const nearest = vec3.scaleAndAdd(
        vec3.create(),
        origin,
        direction,
        -vec3.dot(origin, direction),
      );
      start[0] += nearest[0] < 0 ? lab.offsetX : -lab.offsetX;
    }
    const velocity = vec3.scale([0, 0, 0], direction, THROW_SPEED);
    this.spawnBody({
      ...randomBody(this.spawnRng, [start[0], start[1], start[2]], kind, 0.8),
      velocity: [velocity[0], velocity[1], velocity[2]],
    });
  }

  /**
   * Removes the body now at `index` at the next step boundary (at once while paused), by its
   * id, so it is this body that goes even if others are removed first. The caller checks `index`.
   */
  removeBody(index: number): void {
    this.command({ type: 'remove', id: this.session.sim.host.bodies.idAt(index) });
  }

  /** Removes the body the stutter meter tracks (the Delete key, the panel); false if none. */
  removeTracked(): boolean {
    const index = this.session.sim.trackedIndex;
    if (index < 0) {
      this.session.notify(t('message.noTracked'), 'info');
      return false;
    }
    this.removeBody(index);
    return true;
  }

  /** Tracks body `index` with the stutter meter (−1: none). */
  track(index: number): void {
    this.session.sim.track(index);
    this.session.changed();
  }

  /** The world's exact state, as JSON-ready data (see Simulation's timeline). */
  saveState(): Promise<EncodedState> {
    return this.session.sim.timeline.saveState().then(encodeState);
  }

  /**
   * Continues from a saved state (throws, changing nothing, on a bad one). In the determinism
   * lab both worlds load it, so they go on agreeing: the input is read and checked once, and
   * both worlds get what was read (a getter that throws on a later read cannot load one only).
   */
  loadState(input: unknown): Promise<void> {
    const { sim, lab } = this.session;
    const state = sim.timeline.checkState(input);
    const loaded = sim.timeline.loadChecked(state);
    this.tell(sim.timeline.takeNotice());
    return this.session.afterJump(loaded, lab?.loadState(state));
  }

  /** Starts recording at the current step (`hashEvery` N, `keyframeEvery` K). */
  record(options: unknown = {}): Promise<void> {
    const started = this.session.sim.timeline.record(options);
    this.session.changed();
    return started;
  }

  /** Ends the recording and returns it as JSON-ready data (`keyframes: 'first'`: only the start). */
  stopRecording(options: unknown = {}): Promise<EncodedRecording> {
    const stopped = this.session.sim.timeline.stopRecording(options);
    this.session.changed();
    return stopped.then(encodeRecording);
  }

  /**
   * Loads a recording and plays it from its start, from whichever door (a pause the user set
   * stays; a rest a replay took at its end does not).
   */
  replay(recording: unknown): Promise<void> {
    const timeline = this.session.sim.timeline;
    const started = timeline.replay(recording);
    this.tell(timeline.takeNotice());
    return this.session.afterJump(started);
  }

  /** A load's notice (a file from other physics), shown as a warning; nothing when none. */
  private tell(notice: string | null): void {
    if (notice !== null) this.session.notify(notice, 'warning');
  }

  /** Moves the loaded replay to `step` (steps since the recording's start). */
  seek(step: unknown): Promise<void> {
    return this.session.afterJump(this.session.sim.timeline.seek(step));
  }

  /** The recording under way and the loaded replay. */
  recordStatus(): RecordStatus {
    const timeline = this.session.sim.timeline;
    const step = timeline.recordingStep;
    return {
      recording: step === null ? null : { step, inputs: timeline.recordingInputs ?? 0 },
      replay: timeline.replayStatus(),
    };
  }

  /** Everything the page measures, as a fresh object. */
  stats(): StatsSnapshot {
    return this.session.statsSnapshot();
  }

  /** The newest step published, the loop's simulated time, the bodies drawn and the hash. */
  state(): StateSummary {
    const sim = this.session.sim;
    return {
      step: sim.host.stepping.publishedStep,
      simTime: sim.loop.simTime,
      bodies: sim.drawn.snapshots.count,
      hash: sim.host.bodies.hash(),
    };
  }

  /** Bodies drawn now (valid indices are 0 to this − 1). */
  bodyCount(): number {
    return this.session.sim.drawn.snapshots.count;
  }

  /**
   * Body `index`'s previous and current snapshot and the pose last drawn; throws if it has not
   * been drawn yet. The caller checks `index`.
   */
  pose(index: number): BodyPoses {
    return readPose(this.session.sim.drawn.snapshots, this.session.stage.bodies, index);
  }

  /** The body drawn under a pixel, or null. */
  pick(clientX: number, clientY: number): PickedBody | null {
    const hit = this.session.stage.pick(clientX, clientY);
    if (!hit) return null;
    return { index: hit.index, id: this.session.sim.host.bodies.idAt(hit.index), point: hit.point };
  }

  /** The dense index of body `id` in what is drawn, −1 once it has gone. */
  indexOf(id: number): number {
    return this.session.sim.host.bodies.bodyIndex(id);
  }

  /**
   * Grabs body `id` by `point` (a world point on it). Refused, with a note, in the determinism
   * lab: the mouse moves between steps in real time, so the two worlds would feel the pull at
   * different steps. Returns whether the body is held.
   */
  grab(id: number, point: Vec3Tuple): boolean {
    if (this.session.lab) {
      if (!this.dragRefused?.isConnected) {
        this.dragRefused = this.session.notify(t('message.noDragInLab'), 'info');
      }
      return false;
    }
    if (this.indexOf(id) < 0) return false;
    this.dragThrough[0] = point[0];
    this.dragThrough[1] = point[1];
    this.dragThrough[2] = point[2];
    this.command({ type: 'dragStart', id, point });
    return true;
  }

  /**
   * Moves the held body's target to where the pixel's ray meets the plane through the grab
   * point facing the camera. Latched: however many moves a frame sees, the next step boundary
   * gets the last one. Allocates nothing (pointer-move floods call it).
   */
  dragTo(clientX: number, clientY: number): void {
    const target = this.dragTarget;
    if (this.session.stage.dragPoint(clientX, clientY, this.dragThrough, target))
      this.session.sim.host.input.setDragTarget(target);
  }

  /** Lets go of the held body. */
  release(): void {
    if (!this.session.lab) this.command({ type: 'dragEnd' });
  }

  /** Whether a pointer on the canvas moves the camera (off while a body is held). */
  cameraFollowsPointer(follows: boolean): void {
    this.session.stage.cameraFollowsPointer(follows);
  }

  /** Whether one finger turns the camera (off while a finger rests on a body). */
  oneFingerTurnsCamera(turns: boolean): void {
    this.session.stage.oneFingerTurnsCamera(turns);
  }

  /**
   * Queues a world change for the next step boundary; in the determinism lab, in both worlds for
   * the same step (see TwinLab.queue). While paused no frame steps, so it is applied and drawn now.
   */
  private command(action: CommandAction): void {
    const { sim, lab } = this.session;
    if (lab) lab.queue(action);
    else sim.queue(action);
    if (sim.settings.paused) {
      sim.applyNow();
      lab?.twin.applyNow();
      this.showWhenSettled();
    }
  }

  /**
   * Draws now, and again once the physics has done what was just asked (from a worker that
   * comes a message later, and no frame may be running to pick it up: `advance` stops them).
   */
  private showWhenSettled(): void {
    const { sim, lab } = this.session;
    this.session.redraw();
    void Promise.all([sim.settle(), lab?.twin.settle()]).then(() => this.session.redraw());
  }
}
