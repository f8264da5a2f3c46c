// How the stage's one camera frames a scene for the view it draws: zoomed out for a view
// narrower than the scenes are framed for, and, while the tour's card is up, framed for the part
// of the canvas the card leaves free and drawn there (the canvas a window onto that picture).

import type { PerspectiveCamera } from 'three';

/** A rectangle of the canvas in CSS pixels, from its top-left corner. */
export interface ViewArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The scenes' cameras are framed for a landscape window. A narrower view (a split half, a phone
 * held upright) zooms out until it sees as far sideways as a view of this aspect would, so each
 * scene stays in frame; wider views keep the framing as it is.
 */
export const FRAMED_ASPECT = 1.4;

export class CameraFraming {
  private readonly camera: PerspectiveCamera;
  /** Where the whole canvas's picture is framed (width 0: the whole canvas). */
  readonly focus: ViewArea = { x: 0, y: 0, width: 0, height: 0 };
  /** The view offset the camera has: full width, height, x, y, width, height (0 first: none). */
  private readonly applied = new Float64Array(6);

  constructor(camera: PerspectiveCamera) {
    this.camera = camera;
  }

  /**
   * Frames the whole canvas's picture into `area` (CSS px from the canvas's top-left corner), or
   * the whole canvas for null.
   */
  setFocus(area: ViewArea | null): void {
    const f = this.focus;
    f.x = area ? Math.round(area.x) : 0;
    f.y = area ? Math.round(area.y) : 0;
    f.width = area ? Math.round(area.width) : 0;
    f.height = area ? Math.round(area.height) : 0;
  }

  /** The whole canvas, `width` × `height` CSS px: framed into the focus area, if there is one. */
  canvas(width: number, height: number): void {
    const f = this.focus;
    if (f.width > 0 && f.height > 0) this.focused(f, width, height);
    else this.view(width / height);
  }

  /** A view of `aspect` (a split half, the whole canvas): the picture fills it. */
  view(aspect: number): void {
    if (!this.aspectChanged(aspect) && this.applied[0] === 0) return;
    this.applied[0] = 0;
    this.camera.clearViewOffset();
  }

  /**
   * The picture a canvas of the `focus` area's size would show, drawn at that area of a canvas
   * `width` × `height` (CSS px). Changes the projection only when something changed.
   */
  private focused(focus: ViewArea, width: number, height: number): void {
    const a = this.applied;
    const changed = this.aspectChanged(focus.width / focus.height);
    if (
      !changed &&
      a[0] === focus.width &&
      a[1] === focus.height &&
      a[2] === focus.x &&
      a[3] === focus.y &&
      a[4] === width &&
      a[5] === height
    )
      return;
    a[0] = focus.width;
    a[1] = focus.height;
    a[2] = focus.x;
    a[3] = focus.y;
    a[4] = width;
    a[5] = height;
    this.camera.setViewOffset(focus.width, focus.height, -focus.x, -focus.y, width, height);
  }

  /** Sets the camera's aspect and zoom (projection updated by the caller); whether they changed. */
  private aspectChanged(aspect: number): boolean {
    const zoom = Math.min(1, aspect / FRAMED_ASPECT);
    if (this.camera.aspect === aspect && this.camera.zoom === zoom) return false;
    this.camera.aspect = aspect;
    this.camera.zoom = zoom;
    this.camera.updateProjectionMatrix();
    return true;
  }
}
