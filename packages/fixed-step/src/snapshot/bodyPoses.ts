// The pose layout: flat arrays, body i's vectors at 3i and quaternion at 4i, and the one copy
// loop that fills them from bodies shaped like cannon-es's (without importing cannon-es).

/** x, y and z, as cannon-es's `Vec3` and three.js's `Vector3` have them. */
export interface Vec3Like {
  /** x component. */
  x: number;
  /** y component (up, in three.js and cannon-es). */
  y: number;
  /** z component. */
  z: number;
}

/** x, y, z and w, as cannon-es's and three.js's `Quaternion` have them. */
export interface QuatLike extends Vec3Like {
  /** Scalar part. */
  w: number;
}

/**
 * What a snapshot reads of a body. cannon-es's `Body` has all of it, so `world.bodies` can be
 * passed as is.
 */
export interface BodyLike {
  /** Unique per body for as long as it lives: a slot whose id changes holds another body. */
  readonly id: number;
  /** Centre of mass in world space (m). */
  readonly position: Readonly<Vec3Like>;
  /** Orientation, a unit quaternion. */
  readonly quaternion: Readonly<QuatLike>;
  /** Linear velocity (m/s): read by the extrapolate and hermite render modes. */
  readonly velocity: Readonly<Vec3Like>;
  /** Angular velocity in world space (rad/s): read by the extrapolate render mode. */
  readonly angularVelocity: Readonly<Vec3Like>;
  /** {@link SLEEPING} while asleep; anything else counts as awake. */
  readonly sleepState: number;
}

/** cannon-es's `Body.SLEEPING`: the sleepState of a body that is asleep. */
export const SLEEPING = 2;

/** Flat per-body state arrays: 3 floats per vector, 4 per quaternion, body i at 3i / 4i. */
export interface PoseArrays {
  /** Positions, body i at 3i. */
  position: Float64Array;
  /** Quaternions (x, y, z, w), body i at 4i. */
  quaternion: Float64Array;
  /** Linear velocities, body i at 3i. */
  velocity: Float64Array;
  /** Angular velocities, body i at 3i. */
  angularVelocity: Float64Array;
}

/**
 * Writes bodies `from` to `to − 1` into `out` and their sleep flags into `asleep`. With
 * `sleptBefore`, a body asleep now whose flag is set in both `asleep` and `sleptBefore` is
 * skipped: `out` already holds it (a sleeping body does not move), so a settled pile costs a
 * flag test per body.
 */
export function writeBodyStates(
  bodies: ArrayLike<BodyLike>,
  out: PoseArrays,
  asleep: Uint8Array,
  from: number,
  to: number,
  sleptBefore: Uint8Array | null,
): void {
  const position = out.position;
  const quaternion = out.quaternion;
  const velocity = out.velocity;
  const angularVelocity = out.angularVelocity;
  for (let i = from; i < to; i++) {
    const b = bodies[i];
    if (b.sleepState === SLEEPING) {
      if (sleptBefore !== null && asleep[i] === 1 && sleptBefore[i] === 1) continue;
      asleep[i] = 1;
    } else asleep[i] = 0;
    const i3 = 3 * i;
    const i4 = 4 * i;
    const p = b.position;
    const q = b.quaternion;
    const v = b.velocity;
    const w = b.angularVelocity;
    position[i3] = p.x;
    position[i3 + 1] = p.y;
    position[i3 + 2] = p.z;
    quaternion[i4] = q.x;
    quaternion[i4 + 1] = q.y;
    quaternion[i4 + 2] = q.z;
    quaternion[i4 + 3] = q.w;
    velocity[i3] = v.x;
    velocity[i3 + 1] = v.y;
    velocity[i3 + 2] = v.z;
    angularVelocity[i3] = w.x;
    angularVelocity[i3 + 1] = w.y;
    angularVelocity[i3 + 2] = w.z;
  }
}
