// The drop-in and the dual-package hazard: a world made by a second copy of cannon-es (here the
// same file loaded afresh by require, as two installs or an import beside a require load it) is
// refused at install, naming both copies, instead of failing inside a step.

import * as CANNON from 'cannon-es';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { installDropIn } from '../../../packages/fixed-step/src/cannon';

const require = createRequire(import.meta.url);
/** cannon-es loaded again from its file with require's cache emptied: a second copy of it. */
function loadSecondCopy(): typeof CANNON {
  const path = require.resolve('cannon-es');
  const cached = require.cache[path];
  delete require.cache[path];
  const copy = require(path) as typeof CANNON;
  if (cached === undefined) delete require.cache[path];
  else require.cache[path] = cached;
  return copy;
}
const secondCopy = loadSecondCopy();

function pile(lib: typeof CANNON): CANNON.World {
  const world = new lib.World({ gravity: new lib.Vec3(0, -9.82, 0) });
  const ground = new lib.Body({ mass: 0, shape: new lib.Plane() });
  ground.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
  world.addBody(ground);
  const box = new lib.Body({ mass: 1, shape: new lib.Box(new lib.Vec3(0.5, 0.5, 0.5)) });
  box.position.set(0, 0.6, 0);
  world.addBody(box);
  return world;
}

describe('installDropIn and a second copy of cannon-es', () => {
  it('the copy loaded again is another copy: its World is not the one imported', () => {
    expect(secondCopy.World).not.toBe(CANNON.World);
  });

  it('refuses a world from the second copy at install, naming both copies', () => {
    const world = pile(secondCopy);
    let message = '';
    try {
      installDropIn(world as unknown as CANNON.World);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^installDropIn: world was made by a second copy of cannon-es\./);
    // Both copies named: the world's, and the drop-in's as Node (this test's runner) loads it.
    expect(message).toMatch(/The world's copy: another World class than the drop-in's/);
    expect(message).toMatch(
      /The drop-in's copy \(fixed-step\/cannon\): its CommonJS build \(dist\/cannon-es\.cjs\.js\)/,
    );
    expect(message).not.toMatch(/as an ES module/);
    // Refused, the world steps on with cannon-es's own parts.
    for (let k = 0; k < 20; k++) world.step(1 / 60);
    expect(world.bodies[1].position.y).toBeLessThan(0.6);
  });

  it('installs on a world of its own copy, which then steps', () => {
    const world = pile(CANNON);
    const dropIn = installDropIn(world);
    for (let k = 0; k < 20; k++) world.step(1 / 60);
    expect(dropIn.installed).toBe(true);
    dropIn.uninstall();
  });
});
