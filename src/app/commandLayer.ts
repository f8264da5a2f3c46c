// Everything a person (keys, mouse, touch, the panel) or a script (window.sandbox) may ask of
// the sandbox, turned into setting changes, commands at a step, or loads. Input, panel and API
// go through here; none of them touches the simulation, the physics or the camera itself.

import type { Settings } from '../config/settings';
import type { CommandAction } from '../physics/commands';
import type { BodySpec, Vec3Tuple } from '../physics/physicsWorld';
import type { Stage } from '../render/stage';
import { randomBody } from '../scenes/mixedBodies';
import type { ShapeKind } from '../shapes/shapeKinds';
import type { Messages } from '../ui/messages';
import { Rng } from '../util/rng';
import type { FrameDriver } from '../loop/frameDriver';
import type { LoadOptions, Simulation } from './simulation';
import { reloadOptions } from './simulation';
import type { TwinLab } from './twinLab';

/** Speed of a body thrown from the camera, m/s: fast enough to knock a brick out of the stack. */
const THROW_SPEED = 22;

/** What the command layer acts on: the page's session (the app implements it). */
export interface Session {
  readonly sim: Simulation;
  /** The determinism lab's worlds, while the loaded scene has two. */
  readonly lab: TwinLab | null;
  readonly stage: Stage;
  readonly messages: Messages;
  readonly driver: FrameDriver;
  /** Builds a scene (and the lab's second world); resolves once it can be drawn. */
  load(sceneId: string, options: LoadOptions): Promise<void>;
  /** Applies validated settings, including those the page acts on (threads, shadows). */
  applySettings(patch: unknown): void;
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

export class CommandLayer {
  private readonly session: Session;
  private spawnRng = new Rng(1);
  /** The held body's grab point (the drag plane passes through it) and the latest target. */
  private readonly dragThrough = [0, 0, 0];
  private readonly dragTarget = [0, 0, 0];
  /** The "no dragging in the lab" note while it is on screen, so repeated presses show it once. */
  private dragRefusedMessage: HTMLElement | null = null;

  constructor(session: Session) {
    this.session = session;
  }

  settings(): Readonly<Settings> {
    return this.session.sim.settings;
  }

  /** Validates the whole patch first; a bad key or value throws and changes nothing. */
  set(patch: unknown): void {
    this.session.applySettings(patch);
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
    const loaded = this.session.load(sceneId, options);
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
    // The lab draws its worlds shifted sideways (left −offsetX, right +offsetX): aim in the
    // coordinates of the world on the side the ray passes nearest the centre, so a throw at
    // either heap hits that heap, and the same spot in the other world.
    const lab = this.session.lab;
    let shiftX = 0;
    if (lab) {
      const t = -(origin.x * direction.x + origin.y * direction.y + origin.z * direction.z);
      shiftX = origin.x + t * direction.x < 0 ? lab.offsetX : -lab.offsetX;
    }
    const start: Vec3Tuple = [
      origin.x + direction.x * 1.5 + shiftX,
      origin.y + direction.y * 1.5,
      origin.z + direction.z * 1.5,
    ];
    this.spawnBody({
      ...randomBody(this.spawnRng, start, kind, 0.8),
      velocity: [direction.x * THROW_SPEED, direction.y * THROW_SPEED, direction.z * THROW_SPEED],
    });
  }

  /**
   * Removes the body now at `index` at the next step boundary (at once while paused), by its
   * id, so it is this body that goes even if others are removed first. The caller checks `index`.
   */
  removeBody(index: number): void {
    this.command({ type: 'remove', id: this.session.sim.idAt(index) });
  }

  /** Removes the body the stutter meter tracks (the Delete key, the panel); false if none. */
  removeTracked(): boolean {
    const index = this.session.sim.trackedIndex;
    if (index < 0) {
      this.session.messages.show(
        'No body is tracked: click a body to track it, then delete it.',
        'info',
      );
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

  /** Injects one long frame (default: the `hitchSeconds` setting) into the next frame. */
  hitch(seconds = this.settings().hitchSeconds): void {
    this.session.driver.hitch(seconds);
  }

  /** The body drawn under a pixel, or null. */
  pick(clientX: number, clientY: number): PickedBody | null {
    const hit = this.session.stage.pick(clientX, clientY);
    if (!hit) return null;
    return { index: hit.index, id: this.session.sim.idAt(hit.index), point: hit.point };
  }

  /** The dense index of body `id` in what is drawn, −1 once it has gone. */
  indexOf(id: number): number {
    return this.session.sim.bodyIndex(id);
  }

  /**
   * Grabs body `id` by `point` (a world point on it). Refused, with a note, in the determinism
   * lab: the mouse moves between steps in real time, so the two worlds would feel the pull at
   * different steps. Returns whether the body is held.
   */
  grab(id: number, point: Vec3Tuple): boolean {
    if (this.session.lab) {
      if (!this.dragRefusedMessage?.isConnected) {
        this.dragRefusedMessage = this.session.messages.show(
          'Dragging is off in the determinism lab: the mouse pulls in real time, between steps, so the two worlds would feel it at different steps and part ways. Spawn or throw (F) instead — both worlds get those at the same step.',
          'info',
        );
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
      this.session.sim.setDragTarget(target);
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
      sim.frame(0);
      lab?.twin.frame(0);
      this.showWhenSettled();
    }
  }

  /**
   * Draws now, and again once the physics has done what was just asked (in worker mode that
   * comes a message later, and no frame may be running to pick it up: `advance` stops them).
   */
  private showWhenSettled(): void {
    const { sim, lab } = this.session;
    this.session.redraw();
    if (sim.thread === 'main') return;
    void Promise.all([sim.settle(), lab?.twin.settle()]).then(() => this.session.redraw());
  }
}
