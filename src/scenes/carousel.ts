// carousel: one kinematic body driven round a circle at constant speed — the plainest way to see
// stutter, since its true on-screen speed never changes. Posts mark the path.

import { cos, sin } from '../util/exactMath';
import type { SceneDefinition } from './sceneTypes';

export const CAROUSEL = { radius: 6, speed: 6, height: 0.6 } as const;

/** Where the mover is at simulated time t: angle, position and velocity on the circle. */
export function carouselPose(t: number, out: { p: number[]; v: number[]; q: number[] }): void {
  const omega = CAROUSEL.speed / CAROUSEL.radius;
  const angle = omega * t;
  const c = cos(angle);
  const s = sin(angle);
  out.p[0] = CAROUSEL.radius * c;
  out.p[1] = CAROUSEL.height;
  out.p[2] = CAROUSEL.radius * s;
  out.v[0] = -CAROUSEL.speed * s;
  out.v[1] = 0;
  out.v[2] = CAROUSEL.speed * c;
  // Face along the direction of travel: a rotation of −angle about Y.
  out.q[0] = 0;
  out.q[1] = sin(-angle / 2);
  out.q[2] = 0;
  out.q[3] = cos(-angle / 2);
}

const scratch = { p: [0, 0, 0], v: [0, 0, 0], q: [0, 0, 0, 1] };
const pathScratch = { p: [0, 0, 0], v: [0, 0, 0], q: [0, 0, 0, 1] };

export const carouselScene: SceneDefinition = {
  id: 'carousel',
  title: 'scene.carousel',
  hint: 'hint.carousel',
  view: { camera: [0, 11, 15], target: [0, 0.5, 0] },
  tracked: {
    // The build's first and only body.
    id: 0,
    path: (simTime, out) => {
      carouselPose(simTime, pathScratch);
      out[0] = pathScratch.p[0];
      out[1] = pathScratch.p[1];
      out[2] = pathScratch.p[2];
    },
  },
  build(physics) {
    carouselPose(0, scratch);
    const mover = physics.addBody({
      kind: 'box',
      scale: [0.6, 0.4, 0.3],
      position: [scratch.p[0], scratch.p[1], scratch.p[2]],
      quaternion: [0, scratch.q[1], 0, scratch.q[3]],
      kinematic: true,
    });
    // After each step the hook puts the mover exactly where the path says it is at the end of
    // that step (cannon-es's own integration of a kinematic body would cut the circle's chords).
    // The time is the world's own (the sum of every step's dt, exact when the physics rate
    // changes), not a count kept in this closure: the hook holds no state of its own, so a saved
    // world restores it by building the scene again. Once the mover is removed the hook has
    // nothing to drive (never the body that took its slot).
    physics.addStepHook((_stepIndex, _dt, world) => {
      const body = world.bodyById(mover);
      if (!body) return;
      carouselPose(world.time, scratch);
      body.position.set(scratch.p[0], scratch.p[1], scratch.p[2]);
      body.velocity.set(scratch.v[0], scratch.v[1], scratch.v[2]);
      body.quaternion.set(0, scratch.q[1], 0, scratch.q[3]);
      body.angularVelocity.set(0, -CAROUSEL.speed / CAROUSEL.radius, 0);
    }, 'after');
    for (let k = 0; k < 12; k++) {
      const a = (k / 12) * 2 * Math.PI;
      const r = CAROUSEL.radius + 1.4;
      physics.addStaticBox({
        halfExtents: [0.1, 0.8, 0.1],
        position: [r * cos(a), 0.8, r * sin(a)],
      });
    }
  },
};
