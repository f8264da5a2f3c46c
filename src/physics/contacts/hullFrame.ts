// The pair a hull contact is being made for, seen from hull A: both rotations, B's pose and
// vertices in A's frame, the winning axes and the typed-array scratch the hull contact helpers
// pass their vectors through. One object, owned by hullContacts.ts (the separating-axis test)
// and passed explicitly to hullFeatures.ts (the contact points).

import { writeAxes } from './contactManifold';
import type { QuatLike, Vec3Like } from './contactManifold';
import { ClipBuffers } from './faceClipping';
import type { HullData } from '../bodies/hullData';

/** What decided the normal, as ContactManifold.feature reports it (same ranges as box–box). */
export const FACE_A = 0;
export const FACE_B = 3;
export const EDGES = 6;

/**
 * Every helper takes its vectors from, and leaves its results in, these typed arrays, never
 * as double arguments, returned doubles or module-level `let`s: V8 boxes each of those (a heap
 * allocation) whenever it does not inline the call, and these functions are past its inlining
 * budget. Per axis, per pair, per step, that was half a kilobyte per call.
 */
export class HullPair {
  readonly axesA = new Float64Array(9);
  readonly axesB = new Float64Array(9);
  /** rot[3r + c] = A_r · B_c: turns B-frame vectors into A's frame. */
  readonly rot = new Float64Array(9);
  /** B's centre in A's frame. */
  readonly offset = new Float64Array(3);
  /** B's vertices in A's frame, grown on demand (the only allocation, once per larger hull). */
  verticesB = new Float64Array(3 * 64);
  /** The best face axis, A's frame, pointing from A to B. */
  readonly axis = new Float64Array(3);
  /** The best edge-pair axis (pointing from A to B), kept apart from the face's. */
  readonly edgeAxis = new Float64Array(3);
  /** The best edge pair's overlap along edgeAxis, m. */
  readonly depth = new Float64Array(1);
  /** The axis under test in the separating-axis loop (unit, A's frame). */
  readonly probe = new Float64Array(3);
  /** Projections on the probe: [min A, max A, min B, max B]. */
  readonly range = new Float64Array(4);
  /** The last probe's answer: [overlap, side], side +1 when B lies on its positive side. */
  readonly sat = new Float64Array(2);
  /** In and out of the frame helpers below. */
  readonly vec = new Float64Array(3);
  readonly clip = new ClipBuffers();

  /** Fills the frame for a pair: both rotations, B's offset, rotation and vertices in A's frame. */
  setUp(posA: Vec3Like, quatA: QuatLike, hullB: HullData, posB: Vec3Like, quatB: QuatLike): void {
    const axesA = this.axesA;
    const axesB = this.axesB;
    const offset = this.offset;
    const rot = this.rot;
    writeAxes(quatA, axesA);
    writeAxes(quatB, axesB);
    const dx = posB.x - posA.x;
    const dy = posB.y - posA.y;
    const dz = posB.z - posA.z;
    for (let r = 0; r < 3; r++) {
      const ax = axesA[3 * r];
      const ay = axesA[3 * r + 1];
      const az = axesA[3 * r + 2];
      offset[r] = ax * dx + ay * dy + az * dz;
      for (let c = 0; c < 3; c++) {
        rot[3 * r + c] = ax * axesB[3 * c] + ay * axesB[3 * c + 1] + az * axesB[3 * c + 2];
      }
    }
    const nb = hullB.vertexCount;
    if (this.verticesB.length < 3 * nb) this.verticesB = new Float64Array(3 * nb);
    const verticesB = this.verticesB;
    const vec = this.vec;
    for (let k = 0; k < nb; k++) {
      this.rotateToA(hullB.vertices, 3 * k);
      verticesB[3 * k] = vec[0] + offset[0];
      verticesB[3 * k + 1] = vec[1] + offset[1];
      verticesB[3 * k + 2] = vec[2] + offset[2];
    }
  }

  /** vec = R · src[at..at+2]: a B-frame vector in A's frame. */
  rotateToA(src: Float64Array, at: number): void {
    const rot = this.rot;
    const vec = this.vec;
    const x = src[at];
    const y = src[at + 1];
    const z = src[at + 2];
    vec[0] = rot[0] * x + rot[1] * y + rot[2] * z;
    vec[1] = rot[3] * x + rot[4] * y + rot[5] * z;
    vec[2] = rot[6] * x + rot[7] * y + rot[8] * z;
  }

  /** vec = Rᵀ · (src[at..at+2] − B's offset when `point`): an A-frame vector or point in B's frame. */
  toFrameB(src: Float64Array, at: number, point: boolean): void {
    const rot = this.rot;
    const vec = this.vec;
    const offset = this.offset;
    let x = src[at];
    let y = src[at + 1];
    let z = src[at + 2];
    if (point) {
      x -= offset[0];
      y -= offset[1];
      z -= offset[2];
    }
    vec[0] = rot[0] * x + rot[3] * y + rot[6] * z;
    vec[1] = rot[1] * x + rot[4] * y + rot[7] * z;
    vec[2] = rot[2] * x + rot[5] * y + rot[8] * z;
  }

  /** target[at..at+2] = pos + M · vec, M the frame's axes (columns). */
  worldPoint(axes: Float64Array, pos: Vec3Like, target: Float64Array, at: number): void {
    const vec = this.vec;
    const x = vec[0];
    const y = vec[1];
    const z = vec[2];
    target[at] = pos.x + axes[0] * x + axes[3] * y + axes[6] * z;
    target[at + 1] = pos.y + axes[1] * x + axes[4] * y + axes[7] * z;
    target[at + 2] = pos.z + axes[2] * x + axes[5] * y + axes[8] * z;
  }
}
