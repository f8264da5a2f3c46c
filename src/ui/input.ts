// Keyboard, mouse and touch: space pause, '.' single step, 'r' reset, 'i' interpolation on/off,
// 'f' throw the chosen shape from the camera, 'h' hitch, Delete remove the tracked body; drag a
// body with the left button or one finger (orbit when not on a body), two fingers move the
// camera; click or tap a body to track it with the stutter meter. All through the command layer.

import type { Vec3Tuple } from '../physics/physicsWorld';
import type { ShapeKind } from '../shapes/shapeKinds';

/** What keys and the pointer ask of the sandbox: the command layer's calls they make. */
export interface InputControls {
  togglePause(): void;
  singleStep(): void;
  reset(): Promise<void>;
  toggleInterpolation(): void;
  throwFrom(kind: ShapeKind, clientX: number, clientY: number): void;
  hitch(): void;
  removeTracked(): boolean;
  /** The body drawn under a pixel (its id, and the world point hit), or null. */
  pick(clientX: number, clientY: number): { id: number; point: Vec3Tuple } | null;
  /** The dense index of body `id` now, −1 once it has gone. */
  indexOf(id: number): number;
  track(index: number): void;
  /** Grabs body `id` by a world point on it; false when refused. */
  grab(id: number, point: Vec3Tuple): boolean;
  dragTo(clientX: number, clientY: number): void;
  release(): void;
  cameraFollowsPointer(follows: boolean): void;
  oneFingerTurnsCamera(turns: boolean): void;
}

/** A press and release closer than this is a click, not a drag. */
const CLICK_SLOP_PX = 4;

export interface InputOptions {
  /** The shape 'f' throws (the panel's spawn shape). */
  throwShape(): ShapeKind;
  onSettingsChanged(): void;
}

/** The body a press landed on (by id: bodies may be removed before it ends) and where. */
interface Press {
  x: number;
  y: number;
  id: number;
  pointerId: number;
  point: Vec3Tuple;
}

function isTypingTarget(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')
  );
}

/** Runs the key's action; false for a key that has none. */
function handleKey(
  key: string,
  commands: InputControls,
  options: InputOptions,
  pointer: number[],
): boolean {
  switch (key) {
    case ' ':
      commands.togglePause();
      return true;
    case '.':
      commands.singleStep();
      return true;
    case 'r':
    case 'R':
      void commands.reset();
      return true;
    case 'i':
    case 'I':
      commands.toggleInterpolation();
      return true;
    case 'f':
    case 'F':
      commands.throwFrom(options.throwShape(), pointer[0], pointer[1]);
      return true;
    case 'h':
    case 'H':
      commands.hitch();
      return true;
    case 'Delete':
    case 'Backspace':
      commands.removeTracked();
      return true;
    default:
      return false;
  }
}

export function bindInput(
  commands: InputControls,
  canvas: HTMLCanvasElement,
  options: InputOptions,
): void {
  /** The last pointer position (where F throws toward); written in place, not reallocated. */
  const pointer = [canvas.clientWidth / 2, canvas.clientHeight / 2];
  let dragging = false;
  let pressed: Press | null = null;

  window.addEventListener('keydown', (event) => {
    if (isTypingTarget(event.target)) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (!handleKey(event.key, commands, options, pointer)) return;
    event.preventDefault();
    options.onSettingsChanged();
  });

  /** Fingers on the canvas now: a second one hands the gesture to the camera. */
  const touches = new Set<number>();

  const startDrag = (): void => {
    if (pressed) dragging = commands.grab(pressed.id, pressed.point);
  };
  const release = (): void => {
    pressed = null;
    commands.cameraFollowsPointer(true);
    commands.oneFingerTurnsCamera(true);
    if (!dragging) return;
    dragging = false;
    commands.release();
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
      const hit = commands.pick(event.clientX, event.clientY);
      if (!hit) return;
      pressed = {
        x: event.clientX,
        y: event.clientY,
        id: hit.id,
        pointerId: event.pointerId,
        point: hit.point,
      };
      canvas.setPointerCapture(event.pointerId);
      if (touch) {
        // The controls must still see this finger, so that a second one makes a two-finger
        // gesture; one finger on a body turns nothing. The drag itself waits for the finger to
        // move, so fingers that land together never pull a body.
        commands.oneFingerTurnsCamera(false);
      } else {
        startDrag();
        // Refused (the determinism lab): the press orbits the camera as on empty space.
        if (dragging) commands.cameraFollowsPointer(false);
      }
    },
    { capture: true },
  );

  canvas.addEventListener('pointermove', (event) => {
    pointer[0] = event.clientX;
    pointer[1] = event.clientY;
    if (!pressed || event.pointerId !== pressed.pointerId) return;
    if (
      !dragging &&
      Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) >= CLICK_SLOP_PX
    ) {
      startDrag();
    }
    if (dragging) commands.dragTo(event.clientX, event.clientY);
  });

  const endPress = (event: PointerEvent): void => {
    touches.delete(event.pointerId);
    if (!pressed || event.pointerId !== pressed.pointerId) return;
    // A press that did not move is "track this body" for the stutter meter.
    if (Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) < CLICK_SLOP_PX) {
      const index = commands.indexOf(pressed.id);
      if (index >= 0) commands.track(index);
    }
    release();
  };
  canvas.addEventListener('pointerup', endPress);
  canvas.addEventListener('pointercancel', endPress);
}
