// Springs between two bodies, or a body and a fixed point, held by body id: a removal that moves
// another body into a freed slot never re-targets one, and a removed body's springs go with it.
// Render draws them as lines between the bodies they join, found by id in the snapshot's table.

import { Body, Spring } from 'cannon-es';
import type { World } from 'cannon-es';

/** A spring's constants. */
export interface SpringSpec {
  restLength: number;
  /** N/m. Explicit spring forces are stable only while dt·√(k/m) stays small (see spring scene). */
  stiffness: number;
  /** N·s/m. */
  damping: number;
}

/** A live spring's ends for drawing: body id `a` to body id `b`, or to `anchor` when `b` is −1. */
export interface SpringEnds {
  a: number;
  b: number;
  anchor: [number, number, number];
}

/**
 * A spring as plain data (a saved world): body id `a` to body id `b`, or to the fixed point
 * `anchor` when `b` is −1, with its constants.
 */
export interface SavedSpring extends SpringSpec {
  a: number;
  b: number;
  anchor: [number, number, number];
}

/** A live spring and the ids of the bodies it joins (`b` −1: `anchorBody` at `anchor`). */
interface SpringRecord extends SpringEnds {
  spring: Spring;
  anchorBody: Body | null;
}

/** Where bodies are found by id (the PhysicsWorld). */
export interface BodiesById {
  /** The dense index of body `id` now, −1 once removed. */
  indexOf(id: number): number;
  bodyById(id: number): Body | undefined;
}

export class SpringSet {
  private readonly records: SpringRecord[] = [];
  private readonly world: World;
  private readonly bodies: BodiesById;

  constructor(world: World, bodies: BodiesById) {
    this.world = world;
    this.bodies = bodies;
  }

  /**
   * Joins body id `a` to body id `b`, or to a fixed point: a shapeless static body there that
   * nothing collides with. Throws if either id names no live body.
   */
  add(a: number, b: number | [number, number, number], spec: SpringSpec): void {
    const bodyA = this.bodies.bodyById(a);
    if (!bodyA) throw new Error(`addSpring: no body with id ${a}.`);
    let anchorBody: Body | null = null;
    let bodyB: Body | undefined;
    if (typeof b === 'number') {
      bodyB = this.bodies.bodyById(b);
      if (!bodyB) throw new Error(`addSpring: no body with id ${b}.`);
    } else {
      anchorBody = new Body({
        mass: 0,
        type: Body.STATIC,
        collisionFilterGroup: 0,
        collisionFilterMask: 0,
      });
      anchorBody.position.set(b[0], b[1], b[2]);
      this.world.addBody(anchorBody);
      bodyB = anchorBody;
    }
    this.records.push({
      spring: new Spring(bodyA, bodyB, spec),
      a,
      b: typeof b === 'number' ? b : -1,
      anchor: typeof b === 'number' ? [0, 0, 0] : b,
      anchorBody,
    });
  }

  /** The live springs' ends, in the order they act (plain data: it may go to another thread). */
  ends(): SpringEnds[] {
    return this.records.map((record) => ({ a: record.a, b: record.b, anchor: record.anchor }));
  }

  /** Adds every live spring's force to its bodies (before each step's hooks). */
  apply(): void {
    const records = this.records;
    for (let k = 0; k < records.length; k++) records[k].spring.applyForce();
  }

  /**
   * Drops the springs that hold body `id` (their fixed points leave the world too). In place and
   * in order, so the survivors keep acting in the order they were made.
   */
  removeOf(id: number): void {
    const records = this.records;
    let kept = 0;
    for (let k = 0; k < records.length; k++) {
      const record = records[k];
      if (record.a !== id && record.b !== id) records[kept++] = record;
      else if (record.anchorBody) this.world.removeBody(record.anchorBody);
    }
    records.length = kept;
  }

  /** Every live spring as plain data, in the order they act (their forces add in this order). */
  saved(): SavedSpring[] {
    return this.records.map((record) => ({
      a: record.a,
      b: record.b,
      anchor: [record.anchor[0], record.anchor[1], record.anchor[2]],
      restLength: record.spring.restLength,
      stiffness: record.spring.stiffness,
      damping: record.spring.damping,
    }));
  }

  /** The fixed points' bodies (in the world, shapeless), in spring order. */
  anchorBodies(): Body[] {
    const anchors: Body[] = [];
    for (const record of this.records) if (record.anchorBody) anchors.push(record.anchorBody);
    return anchors;
  }

  /** Removes every spring and its fixed point (scene load). */
  clear(): void {
    const records = this.records;
    for (let k = 0; k < records.length; k++) {
      const anchorBody = records[k].anchorBody;
      if (anchorBody) this.world.removeBody(anchorBody);
    }
    records.length = 0;
  }
}
