// The page's camera rebuilt in Node for the drag bench: the ray under a canvas pixel and where it
// meets the drag plane, as render/stage.ts computes them with three.js (perspective maths only).

export type Vec3 = [number, number, number];
export type Quat = [number, number, number, number];

/** The stage's vertical field of view: `new PerspectiveCamera(50, …)` in src/render/stage.ts. */
export const CAMERA_FOV_DEG = 50;

function sub(a: Vec3, b: Vec3): Vec3 {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

function dot(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function normalize(a: Vec3): Vec3 {
  const length = Math.hypot(a[0], a[1], a[2]);
  return [a[0] / length, a[1] / length, a[2] / length];
}

/** `a + s·b`. */
export function addScaled(a: Vec3, b: Vec3, s: number): Vec3 {
  return [a[0] + s * b[0], a[1] + s * b[1], a[2] + s * b[2]];
}

export function distance(a: Vec3, b: Vec3): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** `v` rotated by the unit quaternion `q` (x, y, z, w). */
export function rotate(q: Quat, v: Vec3): Vec3 {
  const u: Vec3 = [q[0], q[1], q[2]];
  const w = q[3];
  // v' = v + 2w(u × v) + 2u × (u × v)
  const t = cross(u, v);
  const tt = cross(u, t);
  return [
    v[0] + 2 * (w * t[0] + tt[0]),
    v[1] + 2 * (w * t[1] + tt[1]),
    v[2] + 2 * (w * t[2] + tt[2]),
  ];
}

/**
 * A camera at `position` looking at `target` with world up +y, on a canvas of `width` × `height`
 * CSS pixels. Zoom is 1: the stage zooms out only for views narrower than 1.4 : 1.
 */
export class CameraModel {
  readonly position: Vec3;
  /** Unit view direction (three.js `getWorldDirection`): the drag plane's normal. */
  readonly forward: Vec3;
  private readonly right: Vec3;
  private readonly up: Vec3;
  private readonly halfHeight: number;
  private readonly halfWidth: number;
  private readonly width: number;
  private readonly height: number;

  constructor(position: Vec3, target: Vec3, fovDeg: number, width: number, height: number) {
    this.position = position;
    this.forward = normalize(sub(target, position));
    this.right = normalize(cross(this.forward, [0, 1, 0]));
    this.up = cross(this.right, this.forward);
    this.halfHeight = Math.tan((fovDeg * Math.PI) / 360);
    this.halfWidth = (this.halfHeight * width) / height;
    this.width = width;
    this.height = height;
  }

  /** Unit direction of the ray through canvas pixel (`x`, `y`), from the canvas's top left. */
  rayDirection(x: number, y: number): Vec3 {
    const ndcX = (x / this.width) * 2 - 1;
    const ndcY = 1 - (y / this.height) * 2;
    let direction = this.forward;
    direction = addScaled(direction, this.right, ndcX * this.halfWidth);
    direction = addScaled(direction, this.up, ndcY * this.halfHeight);
    return normalize(direction);
  }

  /** Where the ray through pixel (`x`, `y`) meets the plane through `through` facing the camera. */
  dragPoint(x: number, y: number, through: Vec3): Vec3 {
    const direction = this.rayDirection(x, y);
    const along = dot(this.forward, sub(through, this.position)) / dot(this.forward, direction);
    return addScaled(this.position, direction, along);
  }
}
