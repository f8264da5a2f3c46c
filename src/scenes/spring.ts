// spring: chains of balls on stiff springs hanging from fixed points. Stable with steps up to
// about 1/61 s: a `variable` step at 60 Hz or slower makes the explicit spring forces blow up.

import type { SpringSpec } from '../physics/index';
import type { SceneDefinition } from './sceneTypes';

const BALL_RADIUS = 0.25;
const REST = 0.7;
/** The chains' layout: where each hangs from (x at `topY`), and balls per chain. */
export const SPRING_CHAINS = { x: [-5, -1, 3], topY: 10, links: 7 } as const;
/**
 * Stiffness chosen from the stability limit of cannon-es's explicit springs: a link's natural
 * frequency is ω = √(k/m), and a chain's fastest mode is up to 2ω. Semi-implicit Euler stays
 * stable while dt·ω_max < 2, so ω_max ≈ 120 rad/s is stable at dt = 1/100 (1.2) but not at
 * 1/50 (2.4), let alone at a 0.25 s hitch (30).
 */
const OMEGA = 60;
const DENSITY = 600;

/**
 * The slowest steady display rate (Hz) at which a variable step, one frame long, keeps these
 * chains together: measured, not derived (the chains' fastest mode, damping and gravity all
 * count) — 60.5 Hz holds, 60 Hz blows up (tests/unit/tour/variableChapter.test.ts walks both
 * sides), so the tour says "hold" from 61 Hz.
 */
export const SPRINGS_HOLD_FROM_HZ = 61;

/** Where ball `k` of chain `chain` starts: swung out sideways, at rest. */
export function ballStart(chain: number, k: number): [number, number, number] {
  const x = SPRING_CHAINS.x[chain] ?? 0;
  // Each chain starts swung out sideways by a different amount, so they move out of step.
  const swing = (chain + 1) * 0.25;
  return [x + swing * (k + 1) * REST, SPRING_CHAINS.topY - (k + 1) * REST * 0.9, 0];
}

export const springScene: SceneDefinition = {
  id: 'spring',
  title: 'scene.spring',
  hint: 'hint.spring',
  view: { camera: [0, 6, 19], target: [0, 6, 0] },
  build(physics) {
    const spring = chainSpring();
    for (const [chain, x] of SPRING_CHAINS.x.entries()) {
      const top: [number, number, number] = [x, SPRING_CHAINS.topY, 0];
      let previous = -1;
      for (let k = 0; k < SPRING_CHAINS.links; k++) {
        const id = physics.addBody({
          kind: 'sphere',
          scale: [BALL_RADIUS, BALL_RADIUS, BALL_RADIUS],
          position: ballStart(chain, k),
          density: DENSITY,
        });
        physics.addSpring(id, previous < 0 ? top : previous, spring);
        previous = id;
      }
    }
  },
};

/** One ball's mass (kg): what the tour's energy figure weighs the chains with. */
export const SPRING_BALL_MASS =
  DENSITY * (4 / 3) * Math.PI * BALL_RADIUS * BALL_RADIUS * BALL_RADIUS;

/** Every link's spring: stiffness from OMEGA for one ball's mass. */
export function chainSpring(): SpringSpec {
  const mass = SPRING_BALL_MASS;
  return {
    restLength: REST,
    stiffness: mass * OMEGA * OMEGA,
    // Damping ratio ≈ 2% per link: the chains keep swinging for a while after a push.
    damping: 0.04 * mass * OMEGA,
  };
}
