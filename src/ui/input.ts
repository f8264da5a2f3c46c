// Keyboard, mouse and touch: space pause, '.' single step, 'r' reset, 'i' interpolation on/off,
// 'f' throw the chosen shape from the camera, 'h' hitch, Delete remove the tracked body; drag a
// body with the left button or one finger (orbit when not on a body), two fingers move the
// camera; click or tap a body to track it with the stutter meter.

import { TOUCH, Vector3 } from 'three';
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
  /** The body pressed on (by id: bodies may be removed before the press ends) and the pointer. */
  let pressed: {
    x: number;
    y: number;
    id: number;
    pointerId: number;
    point: [number, number, number];
  } | null = null;

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

  /** Fingers on the canvas now: a second one hands the gesture to the camera. */
  const touches = new Set<number>();
  const controls = app.stage.controls;

  const startDrag = (): void => {
    if (!pressed) return;
    // A touch drag starts after the press: find the body by its id, wherever it sits now.
    const index = app.sim.physics.indexOf(pressed.id);
    if (index < 0) return;
    dragging = true;
    app.dragStart(index, pressed.point);
  };
  const release = (): void => {
    pressed = null;
    controls.enabled = true;
    controls.touches.ONE = TOUCH.ROTATE;
    if (!dragging) return;
    dragging = false;
    app.dragEnd();
  };

  // Capture phase: this runs before OrbitControls' own listener on the canvas, so the controls
  // are told to leave a press on a body alone before they see it.
  canvas.addEventListener(
    'pointerdown',
    (event) => {
      const touch = event.pointerType === 'touch';
      if (touch) {
        touches.add(event.pointerId);
        if (touches.size > 1) {
          // Two fingers are the camera's (OrbitControls pans and zooms): no body moves.
          release();
          return;
        }
      } else if (event.button !== 0) return;
      const hit = app.stage.pick(event.clientX, event.clientY);
      if (!hit) return;
      // The determinism lab refuses drags (with a note saying why) and orbits the camera instead.
      if (app.lab) {
        app.dragStart(hit.index, hit.point);
        return;
      }
      pressed = {
        x: event.clientX,
        y: event.clientY,
        id: app.sim.physics.idAt(hit.index),
        pointerId: event.pointerId,
        point: hit.point,
      };
      dragThrough.set(hit.point[0], hit.point[1], hit.point[2]);
      canvas.setPointerCapture(event.pointerId);
      if (touch) {
        // The controls must still see this finger, so that a second one makes a two-finger
        // gesture; one finger on a body turns nothing. The drag itself waits for the finger to
        // move, so fingers that land together never pull a body.
        controls.touches.ONE = null;
      } else {
        controls.enabled = false;
        startDrag();
      }
    },
    { capture: true },
  );

  canvas.addEventListener('pointermove', (event) => {
    lastPointer = { x: event.clientX, y: event.clientY };
    if (!pressed || event.pointerId !== pressed.pointerId) return;
    if (
      !dragging &&
      Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) >= CLICK_SLOP_PX
    ) {
      startDrag();
    }
    if (!dragging) return;
    if (app.stage.dragPoint(event.clientX, event.clientY, dragThrough, dragTarget)) {
      app.sim.commands.setDragTarget(dragTarget.x, dragTarget.y, dragTarget.z);
    }
  });

  const endPress = (event: PointerEvent): void => {
    touches.delete(event.pointerId);
    if (!pressed || event.pointerId !== pressed.pointerId) return;
    // A press that did not move is "track this body" for the stutter meter.
    if (Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) < CLICK_SLOP_PX) {
      const index = app.sim.physics.indexOf(pressed.id);
      if (index >= 0) app.track(index);
    }
    release();
  };
  canvas.addEventListener('pointerup', endPress);
  canvas.addEventListener('pointercancel', endPress);
}
