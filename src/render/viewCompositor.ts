// Puts a frame on screen: the draw poses into the instance matrices (bodies, ghost, springs,
// the lab's second world), and the view — single, split (two render modes side by side from
// one camera) or ghost (the raw snapshot over the drawn bodies). Handed poses already
// interpolated (both halves of a split view), it reads snapshots, never physics.

import type { View } from '../config/settings';
import type { BodyTable } from '../snapshot/bodyTable';
import type { SceneDrawData } from '../snapshot/sceneDrawData';
import type { DrawSource } from './bodyInstances';
import type { Stage } from './stage';
import { assertNever } from '../util/assertNever';

/** A world as drawn this frame: its poses, and the snapshots and scene data they index. */
export interface DrawnWorld {
  /** The poses to draw (interpolated in the main render mode). */
  readonly draw: DrawSource;
  readonly snapshots: {
    readonly current: { readonly position: Float64Array; readonly quaternion: Float64Array };
    readonly bodies: BodyTable;
  };
  readonly sceneDraw: SceneDrawData;
}

/** The main world: in the split view, the right half's poses too. */
export interface ComposedWorld extends DrawnWorld {
  /** The split view's right half, in its own render mode. */
  readonly splitDraw: DrawSource;
}

/** Where a scene is looked at from: the camera's position and its target. */
export interface CameraPlacement {
  readonly camera: readonly [number, number, number];
  readonly target: readonly [number, number, number];
}

export class ViewCompositor {
  private readonly stage: Stage;
  /** What the ghost view draws; its arrays are re-pointed each frame (the snapshots swap). */
  private readonly ghostSource: DrawSource = {
    position: new Float64Array(0),
    quaternion: new Float64Array(0),
    still: new Uint8Array(0),
  };
  private seenVersion = -1;
  private seenSceneVersion = -1;
  private seenTwinVersion = -1;

  constructor(stage: Stage) {
    this.stage = stage;
  }

  /**
   * Draws `sim` (and the lab's `twin`, if any) in `view`. Single: the draw poses. Split: the right half
   * (`splitDraw`) first, then the left in the main mode, so the instance matrices end holding the
   * main mode (what `pose().rendered` reads); the camera eases once before either half, so both
   * come from the same camera state. Ghost: the main mode plus the raw current snapshot.
   */
  draw(view: View, sim: ComposedWorld, twin: DrawnWorld | null): void {
    const stage = this.stage;
    stage.ghost.setVisible(view === 'ghost');
    stage.updateCamera();
    switch (view) {
      case 'split':
        stage.clear();
        this.writeInstances(sim, twin, sim.splitDraw);
        stage.renderHalf('right');
        this.writeInstances(sim, twin, sim.draw);
        stage.renderHalf('left');
        return;
      case 'ghost':
        this.writeInstances(sim, twin, sim.draw);
        this.writeGhost(sim);
        stage.render();
        return;
      case 'single':
        this.writeInstances(sim, twin, sim.draw);
        stage.render();
        return;
      default:
        assertNever(view, 'view');
    }
  }

  /** The raw current snapshot, with the same at-rest flags (a sleeping body's pose is its snapshot). */
  private writeGhost(sim: DrawnWorld): void {
    const current = sim.snapshots.current;
    this.ghostSource.position = current.position;
    this.ghostSource.quaternion = current.quaternion;
    this.ghostSource.still = sim.draw.still;
    this.stage.ghost.write(this.ghostSource, sim.snapshots.bodies.scales);
  }

  /**
   * Writes the instance matrices of a frame nobody sees (the frames inside one `advance`), so
   * the readback and the still-body cache stay exactly as rAF frames would leave them.
   */
  writeInstances(sim: DrawnWorld, twin: DrawnWorld | null, poses: DrawSource = sim.draw): void {
    const stage = this.stage;
    const table = sim.snapshots.bodies;
    const sceneDraw = sim.sceneDraw;
    if (sceneDraw.version !== this.seenSceneVersion) {
      stage.rebuildStatics(sceneDraw.statics);
      this.seenSceneVersion = sceneDraw.version;
      this.seenVersion = -1;
    }
    if (table.version !== this.seenVersion) {
      stage.bodies.sync(table);
      stage.ghost.sync(table);
      stage.links.sync(sceneDraw.springs, table);
      this.seenVersion = table.version;
    }
    stage.bodies.write(poses, table.scales);
    stage.links.write(poses.position);
    if (twin) this.writeTwin(twin);
  }

  /** Shows the lab's second world `offsetX` to the right (and the main one to the left), or neither. */
  showLab(offsetX: number | null): void {
    const stage = this.stage;
    if (offsetX === null) {
      stage.hideTwin();
      stage.bodies.setOffset(0);
      stage.ghost.setOffset(0);
      return;
    }
    this.seenTwinVersion = -1;
    stage.bodies.setOffset(-offsetX);
    stage.ghost.setOffset(-offsetX);
    stage.twin().setOffset(offsetX);
  }

  /** Puts the camera where a scene asks to be looked at from. */
  frameScene(view: CameraPlacement): void {
    this.stage.camera.position.set(view.camera[0], view.camera[1], view.camera[2]);
    this.stage.controls.target.set(view.target[0], view.target[1], view.target[2]);
    this.stage.controls.update();
  }

  private writeTwin(twin: DrawnWorld): void {
    const instances = this.stage.twin();
    const table = twin.snapshots.bodies;
    if (table.version !== this.seenTwinVersion) {
      instances.sync(table);
      this.seenTwinVersion = table.version;
    }
    instances.write(twin.draw, table.scales);
  }
}
