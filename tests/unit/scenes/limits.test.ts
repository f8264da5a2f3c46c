// One check per limit: a scene load and the URL accept and refuse the same seeds and counts,
// at the edges of the ranges the registry states.

import { describe, expect, it } from 'vitest';
import { parseUrlParams } from '../../../src/api/urlParams';
import { findScene, MAX_SEED, resolveScene } from '../../../src/scenes/registry';

function urlAccepts(query: string): boolean {
  return parseUrlParams(query, 'playground').errors.length === 0;
}

function loadAccepts(options: { count?: number; seed?: number }): boolean {
  try {
    resolveScene('rain', options);
    return true;
  } catch {
    return false;
  }
}

describe('seed and count limits', () => {
  it('the load and the URL agree on every seed at and around the edges', () => {
    for (const seed of [-1, 0, 0.5, 1, MAX_SEED, MAX_SEED + 1]) {
      expect(urlAccepts(`?scene=rain&seed=${seed}`)).toBe(loadAccepts({ seed }));
    }
    expect(loadAccepts({ seed: MAX_SEED })).toBe(true);
    expect(loadAccepts({ seed: MAX_SEED + 1 })).toBe(false);
  });

  it('the load and the URL agree on every count at and around the edges', () => {
    const range = findScene('rain')?.count;
    if (!range) throw new Error('rain takes a count');
    for (const count of [range.min - 1, range.min, range.min + 0.5, range.max, range.max + 1]) {
      expect(urlAccepts(`?scene=rain&count=${count}`)).toBe(loadAccepts({ count }));
    }
    expect(loadAccepts({ count: range.max })).toBe(true);
    expect(loadAccepts({ count: range.max + 1 })).toBe(false);
  });
});
