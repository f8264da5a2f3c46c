// Contact materials: one for bodies, one for the ground and walls, and how they meet.

import { ContactMaterial, Material } from 'cannon-es';
import type { World } from 'cannon-es';

export interface Materials {
  body: Material;
  ground: Material;
  /** Frictionless against itself: dominoes. */
  slick: Material;
  /** Frictionless and perfectly elastic: the tunnel scene's ping-pong balls. */
  bouncy: Material;
  /** Nearly frictionless for bodies sliding over it: the avalanche chute. */
  ice: Material;
}

export const MATERIAL_NAMES = ['body', 'slick', 'bouncy', 'ice'] as const;
export type MaterialName = (typeof MATERIAL_NAMES)[number];

export function createMaterials(world: World): Materials {
  const body = new Material('body');
  const ground = new Material('ground');
  // Friction 0.4 / restitution 0.1 between bodies keeps stacks standing and lets dominoes slide
  // into each other; the ground grips a little harder (0.5) so piles settle instead of creeping.
  world.addContactMaterial(new ContactMaterial(body, body, { friction: 0.4, restitution: 0.1 }));
  world.addContactMaterial(new ContactMaterial(body, ground, { friction: 0.5, restitution: 0.1 }));
  // cannon-es bounds friction by μ·g·mass, not by the contact's normal force, so a domino leaning
  // on the next one is held up by friction it could not have; frictionless domino-to-domino
  // contact lets the wave run (measured: 0 of 20 in a row fall at μ 0.1, all 20 at μ 0).
  const slick = new Material('slick');
  world.addContactMaterial(new ContactMaterial(slick, slick, { friction: 0, restitution: 0.05 }));
  world.addContactMaterial(
    new ContactMaterial(slick, ground, { friction: 0.5, restitution: 0.05 }),
  );
  world.addContactMaterial(new ContactMaterial(slick, body, { friction: 0.2, restitution: 0.1 }));
  const bouncy = new Material('bouncy');
  world.addContactMaterial(new ContactMaterial(bouncy, body, { friction: 0, restitution: 1 }));
  world.addContactMaterial(new ContactMaterial(bouncy, ground, { friction: 0, restitution: 1 }));
  // cannon-es caps each friction equation's impulse per step at μ·g·m (a force of μ·g·m / dt,
  // 100× the textbook bound at 100 Hz), two equations per contact point, four points for a box
  // lying on a face: on a 35° slope a box slides only if 4·μ·g < g·sin 35° · dt, μ < 0.0014.
  // Ice at 0.001 lets boxes slide (at about 30% of frictionless) and balls roll and slip.
  const ice = new Material('ice');
  world.addContactMaterial(new ContactMaterial(ice, body, { friction: 0.001, restitution: 0.1 }));
  world.addContactMaterial(new ContactMaterial(ice, slick, { friction: 0.001, restitution: 0.05 }));
  world.defaultContactMaterial.friction = 0.4;
  world.defaultContactMaterial.restitution = 0.1;
  return { body, ground, slick, bouncy, ice };
}
