// The shape pairs the manifold narrowphase has planned this step, in pair order: for each, its
// bodies, shapes and material, its contact keys, last step's manifold and its generator job.

import type { Body, ContactMaterial, Shape } from 'cannon-es';
import { FRAME_WIDTH } from './manifoldStore';

/**
 * One planned shape pair (a task): its bodies, shapes and material, its keys, last step's
 * manifold (−1: none) and its job (−1: last step's points are kept), and its relative frame.
 */
export class PairTasks {
  count = 0;
  bodyA: Body[] = [];
  bodyB: Body[] = [];
  shapeA: Shape[] = [];
  shapeB: Shape[] = [];
  material: ContactMaterial[] = [];
  keyA: Int32Array = new Int32Array(256);
  keyB: Int32Array = new Int32Array(256);
  shapes: Int32Array = new Int32Array(256);
  previous: Int32Array = new Int32Array(256);
  job: Int32Array = new Int32Array(256);
  frame = new Float64Array(FRAME_WIDTH * 256);

  add(): number {
    const t = this.count;
    if (t === this.keyA.length) {
      const n = 2 * t;
      this.keyA = grownInt(this.keyA, n);
      this.keyB = grownInt(this.keyB, n);
      this.shapes = grownInt(this.shapes, n);
      this.previous = grownInt(this.previous, n);
      this.job = grownInt(this.job, n);
      const frame = new Float64Array(FRAME_WIDTH * n);
      frame.set(this.frame);
      this.frame = frame;
    }
    this.count = t + 1;
    return t;
  }
}

function grownInt(array: Int32Array, length: number): Int32Array {
  const next = new Int32Array(length);
  next.set(array);
  return next;
}
