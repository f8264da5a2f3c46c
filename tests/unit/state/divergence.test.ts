// Every field a saved body has is compared: a change to any one of them, on a body of a real
// saved state (with the world inertia a stale body carries), is found and named.

import { describe, expect, it } from 'vitest';
import { PhysicsCore } from '../../../src/physicsHost/core/physicsCore';
import { firstBodyDifference } from '../../../src/state/divergence';
import type { SavedBody } from '../../../src/state/stateParts';

/** `value` changed: a number moved, a list's first entry changed, any other value replaced. */
function changed(value: unknown): unknown {
  if (typeof value === 'number') return value + 1;
  if (typeof value === 'boolean') return !value;
  if (Array.isArray(value)) return [changed(value[0]), ...value.slice(1)];
  return `${String(value)}, changed`;
}

describe('firstBodyDifference', () => {
  it('finds a change to each field of a saved body, by its name', () => {
    const core = new PhysicsCore('playground', {});
    core.runSteps(5);
    const saved = core.saveState().bodies[0];
    // A body whose world inertia the orientation does not give carries it too (exactState.ts).
    const body: SavedBody = { ...saved, invInertiaWorld: [2, 0, 0, 0, 2, 0, 0, 0, 2] };
    const fields = Object.keys(body).filter((key) => key !== 'id');
    expect(fields.length).toBeGreaterThan(10);
    expect(firstBodyDifference([body], [{ ...body }])).toBeNull();
    for (const field of fields) {
      const other = { ...body, [field]: changed(body[field as keyof SavedBody]) };
      const found = firstBodyDifference([body], [other]);
      expect(found?.field.split(/[.[]/)[0], field).toBe(field);
      expect(found?.body).toBe(body.id);
    }
  });
});
