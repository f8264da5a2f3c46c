// The pyramid's gates: how far any box has moved after 1.5 s standing on its own solver, and
// whether it still stands once the block has landed on it.

import { buildScene } from './gateWorlds';
import type { TuningChoice } from './gateWorlds';

const DT = 1 / 100;

/**
 * The largest distance any box has moved from its start after `seconds` (m). The block is
 * taken out first: at 11 layers it lands after 1.28 s, and this measures the pyramid alone.
 */
export function pyramidCreep(tuning: TuningChoice, layers = 11, seconds = 1.5): number {
  const physics = buildScene('pyramid', layers, tuning);
  physics.removeBody(physics.count - 1);
  const start = physics.bodies.map((b) => [b.position.x, b.position.y, b.position.z]);
  for (let s = 0; s < Math.round(seconds / DT); s++) physics.step(DT);
  let worst = 0;
  physics.bodies.forEach((b, i) => {
    const [x, y, z] = start[i] as number[];
    worst = Math.max(worst, Math.hypot(b.position.x - x, b.position.y - y, b.position.z - z));
  });
  return worst;
}

export interface PyramidImpact {
  /** Boxes more than half a box (0.25 m) below where they started. */
  dropped: number;
  /** Boxes more than 0.1 m sideways from where they started. */
  shifted: number;
  /** Where the block's centre rests, and where it would rest on the untouched apex (m). */
  blockY: number;
  apexRestY: number;
}

/** The whole scene for `seconds`: the block lands after about 1.3 s (11 layers). */
export function pyramidImpact(tuning: TuningChoice, layers = 11, seconds = 4): PyramidImpact {
  const physics = buildScene('pyramid', layers, tuning);
  const boxes = physics.count - 1;
  const start = physics.bodies.map((b) => [b.position.x, b.position.y, b.position.z]);
  for (let s = 0; s < Math.round(seconds / DT); s++) physics.step(DT);
  let dropped = 0;
  let shifted = 0;
  for (let i = 0; i < boxes; i++) {
    const b = physics.bodies[i];
    const [x, y, z] = start[i] as number[];
    if (!b) continue;
    if (y - b.position.y > 0.25) dropped++;
    if (Math.hypot(b.position.x - x, b.position.z - z) > 0.1) shifted++;
  }
  const block = physics.bodies[boxes];
  // The apex box's top is at y = layers; the block's half height is 1.
  return { dropped, shifted, blockY: block?.position.y ?? Number.NaN, apexRestY: layers + 1 };
}
