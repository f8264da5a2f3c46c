// A toy engine written in fixed-step's engine interface, the package README's "Writing an
// adapter for another engine" word for word (but its import path); engine.test.ts runs it.
import { FixedStep } from '../../../packages/fixed-step/src/core';
import type { FixedStepEngine } from '../../../packages/fixed-step/src/core';

/** A ball of the toy engine: it falls and comes to rest on y = 0, never turning. */
export interface Ball {
  x: number;
  y: number;
  z: number;
  vy: number;
}
/** The toy engine's world. */
export interface BallWorld {
  balls: Set<Ball>;
  gravity: number;
}

export const ballEngine: FixedStepEngine<BallWorld, Ball> = {
  step(world, dt) {
    for (const b of world.balls) {
      b.vy = b.y > 0 ? b.vy + world.gravity * dt : 0;
      b.y = Math.max(0, b.y + b.vy * dt);
    }
  },
  contains: (world, b) => world.balls.has(b),
  sleeping: (b) => b.y === 0 && b.vy === 0,
  read(b, out, i) {
    // Slot i: position at 3i, quaternion (x, y, z, w) at 4i, velocities at 3i. No allocation.
    out.position[3 * i] = b.x;
    out.position[3 * i + 1] = b.y;
    out.position[3 * i + 2] = b.z;
    out.quaternion.fill(0, 4 * i, 4 * i + 3);
    out.quaternion[4 * i + 3] = 1;
    out.velocity.fill(0, 3 * i, 3 * i + 3);
    out.velocity[3 * i + 1] = b.vy;
    out.angularVelocity.fill(0, 3 * i, 3 * i + 3);
  },
};

export const physicsOf = (world: BallWorld) => new FixedStep(world, { hz: 100 }, ballEngine);
