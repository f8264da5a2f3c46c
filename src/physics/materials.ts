// Contact materials: one for bodies, one for the ground and walls, and how they meet.

import { ContactMaterial, Material } from 'cannon-es';
import type { World } from 'cannon-es';

export interface Materials {
  body: Material;
  ground: Material;
}

export function createMaterials(world: World): Materials {
  const body = new Material('body');
  const ground = new Material('ground');
  // Friction 0.4 / restitution 0.1 between bodies keeps stacks standing and lets dominoes slide
  // into each other; the ground grips a little harder (0.5) so piles settle instead of creeping.
  world.addContactMaterial(new ContactMaterial(body, body, { friction: 0.4, restitution: 0.1 }));
  world.addContactMaterial(new ContactMaterial(body, ground, { friction: 0.5, restitution: 0.1 }));
  world.defaultContactMaterial.friction = 0.4;
  world.defaultContactMaterial.restitution = 0.1;
  return { body, ground };
}
