// Where two runs of the same physics part ways: the first body (by id) and field that differ
// between two states of the same step. The replay compares against a recording's keyframes with
// it, and the determinism lab compares its two worlds with it.

import { BODY_MAKE_FIELDS, BODY_MOTION_FIELDS, BODY_OPTIONAL_FIELDS } from './stateParts';

/** The first step, body and field at which a run differed from its reference. */
export interface Divergence {
  /** The first step (of the replay's or the lab's count) at which a check failed. */
  step: number;
  /** Id of the first body that differs, or null when none does (or none was compared yet). */
  body: number | null;
  /**
   * What differs: a body field such as 'velocity[1]', a world field such as 'time' or
   * 'bodies.length', 'hash' when the states agree and only the recorded hash does not, or null
   * while the difference is known only from a hash (see the replay's notes).
   */
  field: string | null;
}

/** A body as the comparison sees it: an id and plain fields (read by name, those it has). */
export interface ComparedBody {
  id: number;
}

/**
 * Body fields in the order they are compared: motion first (what a hash covers and where a
 * difference shows first), then sleep, then what the body was made from — every field a saved
 * body has (stateParts.ts) but its id.
 */
const BODY_FIELDS = [...BODY_MOTION_FIELDS, ...BODY_OPTIONAL_FIELDS, ...BODY_MAKE_FIELDS] as const;

/**
 * The first difference between two lists of bodies of the same step, body by body in list order
 * and field by field; numbers compared exactly (−0 differs from 0). Null when they agree.
 */
export function firstBodyDifference(
  a: readonly ComparedBody[],
  b: readonly ComparedBody[],
): { body: number | null; field: string } | null {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i];
    const y = b[i];
    if (x.id !== y.id) return { body: x.id, field: 'id' };
    for (const field of BODY_FIELDS) {
      const path = firstDifference(fieldOf(x, field), fieldOf(y, field), field);
      if (path !== null) return { body: x.id, field: path };
    }
  }
  return a.length === b.length ? null : { body: null, field: 'bodies.length' };
}

/** World fields compared after the bodies (everything in a saved state that the physics reads). */
const WORLD_FIELDS = [
  'step',
  'time',
  'stepnumber',
  'nextId',
  'springs',
  'drag',
  'dragAnchor',
  'statics',
  'worldOrder',
  'broadphaseOrder',
] as const;

/**
 * The first difference between two saved states of the same step: bodies first, then the world.
 * Pending commands and the physics-rate setting are not compared: a replay feeds its commands
 * from its log at their steps, and its dt from the recording.
 */
export function firstStateDifference(
  a: { bodies: readonly ComparedBody[] },
  b: { bodies: readonly ComparedBody[] },
): { body: number | null; field: string } | null {
  const bodies = firstBodyDifference(a.bodies, b.bodies);
  if (bodies) return bodies;
  for (const field of WORLD_FIELDS) {
    const path = firstDifference(fieldOf(a, field), fieldOf(b, field), field);
    if (path !== null) return { body: null, field: path };
  }
  return null;
}

/** Path of the first difference between two plain values (arrays and records walked), or null. */
function firstDifference(x: unknown, y: unknown, path: string): string | null {
  if (Array.isArray(x) && Array.isArray(y)) {
    const n = Math.min(x.length, y.length);
    for (let k = 0; k < n; k++) {
      const inner = firstDifference(x[k], y[k], `${path}[${k}]`);
      if (inner !== null) return inner;
    }
    return x.length === y.length ? null : `${path}.length`;
  }
  if (isRecord(x) && isRecord(y)) {
    const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
    for (const key of keys) {
      const inner = firstDifference(x[key], y[key], `${path}.${key}`);
      if (inner !== null) return inner;
    }
    return null;
  }
  return Object.is(x, y) ? null : path;
}

function fieldOf(value: object, field: string): unknown {
  return (value as Record<string, unknown>)[field];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
