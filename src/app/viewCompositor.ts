// Puts a frame on screen: the draw poses into the instance matrices (bodies, ghost, springs,
// the lab's second world), and the view — single, split (two render modes side by side from
// one camera) or ghost (the raw snapshot over the drawn bodies). Reads snapshots, never physics.

import type { SceneView } from '../scenes/sceneTypes';
import { DrawPoses } from '../interp/interpolate';
import type { DrawSource } from '../render/bodyInstances';
import type { Stage } from '../render/stage';
import type { Simulation } from './simulation';

export class ViewCompositor {
  private readonly stage: Stage;
  private readonly splitDraw = new DrawPoses();
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
   * Draws `sim` (and the lab's `twin`, if any). Single: the draw poses. Split: the right half in
   * `splitRight` first, then the left in the main mode, so the instance matrices end holding the
   * main mode (what `pose().rendered` reads); the camera eases once before either half, so both
   * come from the same camera state. Ghost: the main mode plus the raw current snapshot.
   */
  draw(sim: Simulation, twin: Simulation | null): void {
    const settings = sim.settings;
    const stage = this.stage;
    stage.ghost.setVisible(settings.view === 'ghost');
    stage.updateCamera();
    if (settings.view === 'split') {
      stage.clear();
      this.writeInstances(sim, twin, sim.interpolateInto(settings.splitRight, this.splitDraw));
      stage.renderHalf('right');
      this.writeInstances(sim, twin, sim.draw);
      stage.renderHalf('left');
      return;
    }
    this.writeInstances(sim, twin, sim.draw);
    if (settings.view === 'ghost') {
      // The raw snapshot, with the same at-rest flags (a sleeping body's pose is its snapshot).
      const current = sim.snapshots.current;
      this.ghostSource.position = current.position;
      this.ghostSource.quaternion = current.quaternion;
      this.ghostSource.still = sim.draw.still;
      stage.ghost.write(this.ghostSource, sim.snapshots.bodies.scales);
    }
    stage.render();
  }

  /**
   * Writes the instance matrices of a frame nobody sees (the frames inside one `advance`), so
   * the readback and the still-body cache stay exactly as rAF frames would leave them.
   */
  writeInstances(sim: Simulation, twin: Simulation | null, poses: DrawPoses = sim.draw): void {
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
  frameScene(view: SceneView): void {
    this.stage.camera.position.set(...view.camera);
    this.stage.controls.target.set(...view.target);
    this.stage.controls.update();
  }

  private writeTwin(twin: Simulation): void {
    const instances = this.stage.twin();
    const table = twin.snapshots.bodies;
    if (table.version !== this.seenTwinVersion) {
      instances.sync(table);
      this.seenTwinVersion = table.version;
    }
    instances.write(twin.draw, table.scales);
  }
}
