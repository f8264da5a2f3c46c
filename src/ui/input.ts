// Keyboard, mouse and touch: space pause, '.' single step, 'r' reset, 'i' interpolation on/off,
// 'f' throw the chosen shape from the camera, 'h' hitch, Delete remove the tracked body; drag a
// body with the left button or one finger (orbit when not on a body), two fingers move the
// camera; click or tap a body to track it with the stutter meter. All through the action layer.

import type { Vec3Tuple } from '../physics/index';
import type { ShapeKind } from '../shapes/shapeKinds';

/** What keys and the pointer ask of the sandbox: the action layer's calls they make. */
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

/**
 * One press of a pointer on the canvas, from down to up: on a body it grabs it (a mouse at once,
 * a finger once it moves), a press that did not move tracks the body, a second finger hands the
 * gesture to the camera; on empty space the camera has it all along.
 */
class PointerGestures {
  /** The last pointer position (where F throws toward); written in place, not reallocated. */
  readonly pointer: number[];
  private readonly commands: InputControls;
  private readonly canvas: HTMLCanvasElement;
  private pressed: Press | null = null;
  private dragging = false;
  /** Fingers on the canvas now: a second one hands the gesture to the camera. */
  private readonly touches = new Set<number>();

  constructor(commands: InputControls, canvas: HTMLCanvasElement) {
    this.commands = commands;
    this.canvas = canvas;
    this.pointer = [canvas.clientWidth / 2, canvas.clientHeight / 2];
  }

  down(event: PointerEvent): void {
    const commands = this.commands;
    const touch = event.pointerType === 'touch';
    if (touch) {
      this.touches.add(event.pointerId);
      if (this.touches.size > 1) {
        // Two fingers are the camera's (OrbitControls pans and zooms): no body moves.
        this.release();
        return;
      }
    } else if (event.button !== 0) return;
    const hit = commands.pick(event.clientX, event.clientY);
    if (!hit) return;
    const { clientX: x, clientY: y, pointerId } = event;
    this.pressed = { x, y, id: hit.id, pointerId, point: hit.point };
    this.canvas.setPointerCapture(pointerId);
    if (touch) {
      // The controls must still see this finger, so that a second one makes a two-finger
      // gesture; one finger on a body turns nothing. The drag itself waits for the finger to
      // move, so fingers that land together never pull a body.
      commands.oneFingerTurnsCamera(false);
    } else {
      this.startDrag();
      // Refused (the determinism lab): the press orbits the camera as on empty space.
      if (this.dragging) commands.cameraFollowsPointer(false);
    }
  }

  move(event: PointerEvent): void {
    this.pointer[0] = event.clientX;
    this.pointer[1] = event.clientY;
    const pressed = this.pressed;
    if (!pressed || event.pointerId !== pressed.pointerId) return;
    if (!this.dragging && moved(pressed, event)) this.startDrag();
    if (this.dragging) this.commands.dragTo(event.clientX, event.clientY);
  }

  up(event: PointerEvent): void {
    this.touches.delete(event.pointerId);
    const pressed = this.pressed;
    if (!pressed || event.pointerId !== pressed.pointerId) return;
    // A press that did not move is "track this body" for the stutter meter.
    if (!moved(pressed, event)) {
      const index = this.commands.indexOf(pressed.id);
      if (index >= 0) this.commands.track(index);
    }
    this.release();
  }

  private startDrag(): void {
    if (this.pressed) this.dragging = this.commands.grab(this.pressed.id, this.pressed.point);
  }

  private release(): void {
    const commands = this.commands;
    this.pressed = null;
    commands.cameraFollowsPointer(true);
    commands.oneFingerTurnsCamera(true);
    if (!this.dragging) return;
    this.dragging = false;
    commands.release();
  }
}

/** Whether the pointer went a click's slop or more from where it was pressed. */
function moved(pressed: Press, event: PointerEvent): boolean {
  return Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) >= CLICK_SLOP_PX;
}

/** Keys on the window, and pointer presses, moves and releases on the canvas. */
export function bindInput(
  commands: InputControls,
  canvas: HTMLCanvasElement,
  options: InputOptions,
): void {
  const gestures = new PointerGestures(commands, canvas);
  window.addEventListener('keydown', (event) => {
    if (isTypingTarget(event.target)) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (!handleKey(event.key, commands, options, gestures.pointer)) return;
    event.preventDefault();
    options.onSettingsChanged();
  });
  // Capture phase: this runs before OrbitControls' own listener on the canvas, so the controls
  // are told to leave a press on a body alone before they see it.
  canvas.addEventListener('pointerdown', (event) => gestures.down(event), { capture: true });
  canvas.addEventListener('pointermove', (event) => gestures.move(event));
  canvas.addEventListener('pointerup', (event) => gestures.up(event));
  canvas.addEventListener('pointercancel', (event) => gestures.up(event));
}
