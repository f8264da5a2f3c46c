// How far a touching pair has moved relative to itself since its contact points were made: the
// smaller body's pose in the larger body's frame, then and now. The rule that decides whether a
// pair keeps last step's points reads only the bodies' poses and the manifold's stored frame,
// so it is as deterministic as the rest of the state (Jolt keeps a body pair's collision result
// the same way, while the pair moves under 1 mm and 2° between steps: its body pair cache).

import type { Body } from 'cannon-es';
import { FRAME_WIDTH } from './manifoldStore';

/**
 * Writes into out[at..at+6] the pose of the pair's mover (the body of smaller bounding radius:
 * A when strictly smaller, else B) in the other body's frame: position (3), quaternion (4).
 */
export function relativeFrame(bodyA: Body, bodyB: Body, out: Float64Array, at: number): void {
  const moverIsA = bodyA.boundingRadius < bodyB.boundingRadius;
  const fixed = moverIsA ? bodyB : bodyA;
  const mover = moverIsA ? bodyA : bodyB;
  const q = fixed.quaternion;
  // The fixed body's inverse turn, conj(q).
  const x = -q.x;
  const y = -q.y;
  const z = -q.z;
  const w = q.w;
  const dx = mover.position.x - fixed.position.x;
  const dy = mover.position.y - fixed.position.y;
  const dz = mover.position.z - fixed.position.z;
  // v' = v + 2w(u × v) + 2u × (u × v), u the vector part.
  const cx = 2 * (y * dz - z * dy);
  const cy = 2 * (z * dx - x * dz);
  const cz = 2 * (x * dy - y * dx);
  out[at] = dx + w * cx + (y * cz - z * cy);
  out[at + 1] = dy + w * cy + (z * cx - x * cz);
  out[at + 2] = dz + w * cz + (x * cy - y * cx);
  // conj(q) ⊗ q_mover, in cannon-es's product order (Quaternion.mult).
  const b = mover.quaternion;
  out[at + 3] = x * b.w + w * b.x + y * b.z - z * b.y;
  out[at + 4] = y * b.w + w * b.y + z * b.x - x * b.z;
  out[at + 5] = z * b.w + w * b.z + x * b.y - y * b.x;
  out[at + 6] = w * b.w - x * b.x - y * b.y - z * b.z;
}

/**
 * Writes into out[at] an upper bound (for small turns) on how far any point of the mover has
 * moved in the fixed body's frame between the stored frame `frames[m]` and the current one
 * `current[t]`: the shift of its centre plus its bounding radius × the turn angle, the angle
 * taken as twice the sine of its half (|vector part| of the turn quaternion). Square roots only:
 * exact everywhere. Written, not returned: a double returned from a call V8 does not inline is
 * boxed, 16 bytes a pair a step.
 */
export function frameMotion(
  frames: Float64Array,
  m: number,
  current: Float64Array,
  t: number,
  bodyA: Body,
  bodyB: Body,
  out: Float64Array,
  at: number,
): void {
  const f = FRAME_WIDTH * m;
  const c = FRAME_WIDTH * t;
  const radius =
    bodyA.boundingRadius < bodyB.boundingRadius ? bodyA.boundingRadius : bodyB.boundingRadius;
  const dx = current[c] - frames[f];
  const dy = current[c + 1] - frames[f + 1];
  const dz = current[c + 2] - frames[f + 2];
  // conj(stored) ⊗ current: the turn since the points were made; its vector part only.
  const x = -frames[f + 3];
  const y = -frames[f + 4];
  const z = -frames[f + 5];
  const w = frames[f + 6];
  const bx = current[c + 3];
  const by = current[c + 4];
  const bz = current[c + 5];
  const bw = current[c + 6];
  const tx = x * bw + w * bx + y * bz - z * by;
  const ty = y * bw + w * by + z * bx - x * bz;
  const tz = z * bw + w * bz + x * by - y * bx;
  out[at] =
    Math.sqrt(dx * dx + dy * dy + dz * dz) + 2 * Math.sqrt(tx * tx + ty * ty + tz * tz) * radius;
}
