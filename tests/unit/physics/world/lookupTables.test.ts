import { ContactMaterial, Material, World } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { StateHasher } from '../../../../src/state/stateHasher';
import {
  ContactMaterialTable,
  FastOverlapKeeper,
} from '../../../../src/physics/world/lookupTables';
import { PhysicsWorld } from '../../../../src/physics/world/physicsWorld';
import { DEFAULT_TUNING } from '../../../../src/physics/world/tuning';
import { findScene } from '../../../../src/scenes/registry';
import { Rng } from '../../../../src/util/rng';

/** cannon-es's own classes, which it does not export: a stock world's fields hold them. */
const stockWorld = new World();
const StockOverlapKeeper = stockWorld.bodyOverlapKeeper
  .constructor as new () => World['bodyOverlapKeeper'];
const StockTupleDictionary = stockWorld.contactMaterialTable
  .constructor as new () => World['contactMaterialTable'];

describe('FastOverlapKeeper answers as cannon-es OverlapKeeper does', () => {
  it('the same diffs over 400 steps of random touching pairs', () => {
    const rng = new Rng(31);
    const stock = new StockOverlapKeeper();
    const fast = new FastOverlapKeeper();
    let changes = 0;
    for (let step = 0; step < 400; step++) {
      stock.tick();
      fast.tick();
      // Pairs among up to 300 ids, some set twice, in any order: as the world sets them.
      const pairs = rng.int(0, 900);
      for (let p = 0; p < pairs; p++) {
        const i = rng.int(0, 300);
        const j = rng.int(0, 300);
        if (i === j) continue;
        stock.set(i, j);
        fast.set(i, j);
        if (rng.next() < 0.2) {
          stock.set(j, i);
          fast.set(j, i);
        }
      }
      // Diffs are only asked for some steps (while something listens for contact events).
      if (rng.next() < 0.5) {
        const stockAdded: number[] = [];
        const stockRemoved: number[] = [];
        const fastAdded: number[] = [];
        const fastRemoved: number[] = [];
        stock.getDiff(stockAdded, stockRemoved);
        fast.getDiff(fastAdded, fastRemoved);
        expect(fastAdded).toEqual(stockAdded);
        expect(fastRemoved).toEqual(stockRemoved);
        expect(fast.current).toEqual(stock.current);
        changes += stockAdded.length + stockRemoved.length;
      }
    }
    expect(changes).toBeGreaterThan(1000);
  });

  it('the same key as cannon-es, ids beyond 16 bits included', () => {
    const stock = new StockOverlapKeeper();
    const fast = new FastOverlapKeeper();
    for (const [i, j] of [
      [3, 7],
      [7, 3],
      [0, 65535],
      [70000, 5],
      [123456, 654321],
    ] as const) {
      expect(fast.getKey(i, j)).toBe(stock.getKey(i, j));
    }
  });
});

describe('ContactMaterialTable answers as cannon-es TupleDictionary does', () => {
  it('the same get after random set, delete and reset, small ids and huge ones', () => {
    const rng = new Rng(32);
    const stock = new StockTupleDictionary();
    const fast = new ContactMaterialTable();
    const a = new Material('a');
    const values = Array.from({ length: 8 }, () => new ContactMaterial(a, a, {}));
    const id = (): number => (rng.next() < 0.8 ? rng.int(0, 40) : rng.int(32000, 40000));
    for (let op = 0; op < 20000; op++) {
      const i = id();
      const j = id();
      const u = rng.next();
      if (u < 0.4) {
        const value = rng.pick(values);
        stock.set(i, j, value);
        fast.set(i, j, value);
      } else if (u < 0.5) {
        stock.delete(i, j);
        fast.delete(i, j);
      } else if (u < 0.501) {
        stock.reset();
        fast.reset();
      }
      expect(fast.get(i, j)).toBe(stock.get(i, j));
      expect(fast.get(j, i)).toBe(stock.get(j, i));
    }
    expect([...fast.data.keys].sort()).toEqual([...stock.data.keys].sort());
  });
});

describe('the fast tables change nothing a simulation does', () => {
  it('the same state after every step and the same contact events, with and without them', () => {
    const run = (fastLookups: boolean) => {
      const physics = new PhysicsWorld({ ...DEFAULT_TUNING, fastLookups });
      findScene('rain')?.build(physics, new Rng(9), 150);
      const events: string[] = [];
      physics.world.addEventListener(
        'beginContact',
        (e: { bodyA: { id: number }; bodyB: { id: number } }) =>
          events.push(`+${e.bodyA.id}-${e.bodyB.id}`),
      );
      physics.world.addEventListener(
        'endContact',
        (e: { bodyA: { id: number }; bodyB: { id: number } }) =>
          events.push(`-${e.bodyA.id}-${e.bodyB.id}`),
      );
      const hashes: string[] = [];
      const hasher = new StateHasher();
      const firstId = physics.bodies[0]?.id ?? 0;
      for (let s = 0; s < 300; s++) {
        physics.step(1 / 100);
        hashes.push(hasher.hex(physics));
      }
      // Body ids come from a global counter: compare events relative to the first body's id.
      return {
        hashes,
        events: events.map((e) => e.replace(/\d+/g, (n) => String(Number(n) - firstId))),
      };
    };
    const stock = run(false);
    const fast = run(true);
    expect(stock.events.length).toBeGreaterThan(200);
    expect(fast.events).toEqual(stock.events);
    expect(fast.hashes).toEqual(stock.hashes);
  }, 60_000);
});
