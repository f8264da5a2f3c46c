// A record's fields are read once by the checks: what is checked is what loads, whatever a
// getter or a proxy would answer to a second read (issue 44: nothing half-applies).

import { describe, expect, it } from 'vitest';
import { Simulation } from '../../../src/app/simulation';
import { readFields } from '../../../src/state/fields';
import { encodeState, parseState } from '../../../src/state/stateSchema';

describe('readFields', () => {
  it('reads each listed field once and returns what it read', () => {
    let reads = 0;
    const value = {
      a: 1,
      get b(): number {
        reads++;
        return reads === 1 ? 2 : Number.NaN;
      },
    };
    const fields = readFields('Thing', value, 'thing', ['a', 'b']);
    expect(fields).toEqual({ a: 1, b: 2 });
    expect(reads).toBe(1);
  });

  it('a state whose scene answers differently on a second read loads what was checked', async () => {
    const sim = new Simulation('stack', { seed: 5 });
    const saved = encodeState(await sim.timeline.saveState());
    let reads = 0;
    const input = { ...saved };
    Object.defineProperty(input, 'scene', {
      enumerable: true,
      get: () => (++reads === 1 ? saved.scene : { id: 'stack', count: 36, seed: -5 }),
    });
    expect(parseState(input, sim.host.tuning).scene).toEqual({ id: 'stack', count: 36, seed: 5 });
    expect(reads).toBe(1);
  });
});
