// The stable number a body's persistent contacts are filed under: PhysicsWorld's body id for a
// drawn body, a negative number for the ground and each static box, so a saved state names the
// same contacts in a rebuilt world. cannon-es's Body.id is a page-wide counter: a second world
// in the same page, or a world rebuilt from a saved state, numbers its bodies differently.

import type { Body } from 'cannon-es';

/** A cannon-es body the project has given a contact key. */
interface KeyedBody extends Body {
  contactKey?: number;
}

/**
 * Bodies that no PhysicsWorld keyed (a plain cannon-es world running the project's contacts)
 * are filed under their Body.id, counted down from here: distinct from every PhysicsWorld key
 * (ids ≥ 0, statics −1 to −2000) while fewer than a billion bodies have been made in the page.
 */
const UNKEYED_BASE = -1_000_000_000;

/** Files `body`'s contacts under `key` (an integer, unique among the world's bodies). */
export function setContactKey(body: Body, key: number): void {
  (body as KeyedBody).contactKey = key;
}

/** The key `body`'s contacts are filed under. */
export function contactKeyOf(body: Body): number {
  const key = (body as KeyedBody).contactKey;
  return key === undefined ? UNKEYED_BASE - (body.id % 1_000_000_000) : key;
}

/** The key of static body k (0: the ground, then the static boxes in the order they were added). */
export function staticContactKey(k: number): number {
  return -1 - k;
}
