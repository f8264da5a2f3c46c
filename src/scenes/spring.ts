// spring: chains of balls on stiff springs hanging from fixed points. Stable at dt ≤ 1/100 s;
// a `variable` step after a hitch (0.25 s) makes the explicit spring forces blow up.

import type { SceneDefinition } from './sceneTypes';

const BALL_RADIUS = 0.25;
const LINKS = 7;
const REST = 0.7;
/**
 * Stiffness chosen from the stability limit of cannon-es's explicit springs: a link's natural
 * frequency is ω = √(k/m), and a chain's fastest mode is up to 2ω. Semi-implicit Euler stays
 * stable while dt·ω_max < 2, so ω_max ≈ 120 rad/s is stable at dt = 1/100 (1.2) but not at
 * 1/50 (2.4), let alone at a 0.25 s hitch (30).
 */
const OMEGA = 60;
const DENSITY = 600;

export const springScene: SceneDefinition = {
  id: 'spring',
  title: 'Spring chain',
  hint: 'Switch the strategy to variable and inject a hitch (H): the chains blow apart.',
  view: { camera: [0, 6, 19], target: [0, 6, 0] },
  build(physics) {
    const mass = DENSITY * (4 / 3) * Math.PI * BALL_RADIUS * BALL_RADIUS * BALL_RADIUS;
    const stiffness = mass * OMEGA * OMEGA;
    // Damping ratio ≈ 2% per link: the chains keep swinging for a while after a push.
    const damping = 0.04 * mass * OMEGA;
    for (const [chain, x] of [-5, -1, 3].entries()) {
      const top: [number, number, number] = [x, 10, 0];
      let previous = -1;
      for (let k = 0; k < LINKS; k++) {
        // Each chain starts swung out sideways by a different amount, so they move out of step.
        const swing = (chain + 1) * 0.25;
        const index = physics.addBody({
          kind: 'sphere',
          scale: [BALL_RADIUS, BALL_RADIUS, BALL_RADIUS],
          position: [x + swing * (k + 1) * REST, 10 - (k + 1) * REST * 0.9, 0],
          density: DENSITY,
        });
        physics.addSpring(index, previous < 0 ? top : previous, {
          restLength: REST,
          stiffness,
          damping,
        });
        previous = index;
      }
    }
  },
};
