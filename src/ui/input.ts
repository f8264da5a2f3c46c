// Keyboard and mouse: space pause, '.' single step, 'r' reset, 'i' interpolation on/off, 'f' throw
// the chosen shape from the camera, 'h' hitch, Delete remove the tracked body; drag a body with
// the left button (orbit when not on a body); click a body to track it with the stutter meter.

import { Vector3 } from 'three';
import type { BrowserApp } from '../app/browserApp';
import type { ShapeKind } from '../shapes/shapeKinds';

/** A press and release closer than this is a click, not a drag. */
const CLICK_SLOP_PX = 4;

export interface InputOptions {
  /** The shape 'f' throws (the panel's spawn shape). */
  throwShape(): ShapeKind;
  onSettingsChanged(): void;
}

export function bindInput(app: BrowserApp, canvas: HTMLCanvasElement, options: InputOptions): void {
  let lastPointer = { x: canvas.clientWidth / 2, y: canvas.clientHeight / 2 };
  const dragThrough = new Vector3();
  const dragTarget = new Vector3();
  let dragging = false;
  let pressed: { x: number; y: number; index: number } | null = null;

  window.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement | null;
    if (
      target &&
      (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')
    )
      return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    switch (event.key) {
      case ' ':
        app.set({ paused: !app.sim.settings.paused });
        break;
      case '.':
        app.singleStep();
        break;
      case 'r':
      case 'R':
        app.reset();
        break;
      case 'i':
      case 'I':
        app.set({
          interpolation: app.sim.settings.interpolation === 'off' ? 'interpolate' : 'off',
        });
        break;
      case 'f':
      case 'F':
        app.throwFrom(options.throwShape(), lastPointer.x, lastPointer.y);
        break;
      case 'h':
      case 'H':
        app.hitch();
        break;
      case 'Delete':
      case 'Backspace':
        app.removeTracked();
        break;
      default:
        return;
    }
    event.preventDefault();
    options.onSettingsChanged();
  });

  canvas.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
    const hit = app.stage.pick(event.clientX, event.clientY);
    if (!hit) return;
    // The determinism lab refuses drags (with a note saying why) and orbits the camera instead.
    if (app.lab) {
      app.dragStart(hit.index, hit.point);
      return;
    }
    pressed = { x: event.clientX, y: event.clientY, index: hit.index };
    dragging = true;
    app.stage.controls.enabled = false;
    dragThrough.set(hit.point[0], hit.point[1], hit.point[2]);
    canvas.setPointerCapture(event.pointerId);
    app.dragStart(hit.index, hit.point);
  });

  canvas.addEventListener('pointermove', (event) => {
    lastPointer = { x: event.clientX, y: event.clientY };
    if (!dragging) return;
    if (app.stage.dragPoint(event.clientX, event.clientY, dragThrough, dragTarget)) {
      app.sim.commands.setDragTarget(dragTarget.x, dragTarget.y, dragTarget.z);
    }
  });

  const endDrag = (event: PointerEvent): void => {
    // A click that did not move is "track this body" for the stutter meter.
    if (
      pressed &&
      Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) < CLICK_SLOP_PX
    ) {
      app.track(pressed.index);
    }
    pressed = null;
    if (!dragging) return;
    dragging = false;
    app.stage.controls.enabled = true;
    app.dragEnd();
  };
  canvas.addEventListener('pointerup', endDrag);
  canvas.addEventListener('pointercancel', endDrag);
}
