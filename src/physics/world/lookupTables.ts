// Drop-ins for two cannon-es bookkeeping tables that every contact touches each step: the
// overlap keepers (which pairs touch, for contact events) and the contact-material table.
// Same answers as the originals; they stop costing what the scene's size squared costs.

import type { ContactMaterial, World } from 'cannon-es';

/** cannon-es does not export these classes; the world's fields carry their types. */
type OverlapKeeper = World['bodyOverlapKeeper'];
type TupleDictionary = World['contactMaterialTable'];

/**
 * cannon-es's OverlapKeeper keeps this step's touching pairs as a sorted array and inserts
 * each new pair by scanning from the front and shifting the rest. The world calls `set` twice
 * per contact point, so a step with 1,250 contacts among 900 touching pairs does about a
 * million compares and moves (~1 ms of a 6 ms tower × 500 step on a 2-core machine). Here
 * `set` checks an open-addressing hash of this step's keys and appends to a typed list; the
 * sorted `current`/`previous` arrays are filled only when `getDiff` needs them, which happens
 * only while something listens for beginContact/endContact. Same keys, same diff
 * (tests/unit/physics/world/lookupTables.test.ts runs it beside the original).
 */
export class FastOverlapKeeper implements OverlapKeeper {
  /** Filled by getDiff (sorted, as the original keeps them); stale between calls. */
  current: number[] = [];
  previous: number[] = [];
  private keys = new Int32Array(512);
  private count = 0;
  private previousKeys = new Int32Array(512);
  private previousCount = 0;
  private slots = new Int32Array(1024);
  private stamps = new Uint32Array(1024);
  private generation = 1;

  /** cannon-es's key: the smaller id in the high 16 bits (ids past 65535 collide there too). */
  getKey(i: number, j: number): number {
    return j < i ? (j << 16) | i : (i << 16) | j;
  }

  set(i: number, j: number): void {
    const key = this.getKey(i, j);
    const stamps = this.stamps;
    const slots = this.slots;
    const mask = slots.length - 1;
    let slot = (Math.imul(key, 0x9e3779b1) >>> 0) & mask;
    while (stamps[slot] === this.generation) {
      if (slots[slot] === key) return;
      slot = (slot + 1) & mask;
    }
    slots[slot] = key;
    stamps[slot] = this.generation;
    if (this.count === this.keys.length) this.keys = grown(this.keys);
    this.keys[this.count++] = key;
    // Keep the hash at most half full so probes stay short; growing is rare and amortised.
    if (2 * this.count > slots.length) this.rehash();
  }

  tick(): void {
    const keys = this.previousKeys;
    this.previousKeys = this.keys;
    this.previousCount = this.count;
    this.keys = keys;
    this.count = 0;
    this.generation++;
    if (this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
  }

  /** Pairs touching now but not last step (additions), and the reverse, as id pairs. */
  getDiff(additions: number[], removals: number[]): void {
    const current = sortedCopy(this.keys, this.count, this.current);
    const previous = sortedCopy(this.previousKeys, this.previousCount, this.previous);
    pushMissing(current, previous, additions);
    pushMissing(previous, current, removals);
  }

  private rehash(): void {
    const capacity = 2 * this.slots.length;
    this.slots = new Int32Array(capacity);
    this.stamps = new Uint32Array(capacity);
    this.generation = 1;
    const mask = capacity - 1;
    for (let k = 0; k < this.count; k++) {
      const key = this.keys[k];
      let slot = (Math.imul(key, 0x9e3779b1) >>> 0) & mask;
      while (this.stamps[slot] === 1) slot = (slot + 1) & mask;
      this.slots[slot] = key;
      this.stamps[slot] = 1;
    }
  }
}

function grown(keys: Int32Array): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(2 * keys.length);
  bigger.set(keys);
  return bigger;
}

function sortedCopy(keys: Int32Array, count: number, out: number[]): number[] {
  out.length = count;
  for (let k = 0; k < count; k++) out[k] = keys[k];
  return out.sort(ascending);
}

function ascending(a: number, b: number): number {
  return a - b;
}

/** Every key of sorted `from` missing from sorted `other`, unpacked into its two ids. */
function pushMissing(from: number[], other: number[], out: number[]): void {
  let j = 0;
  for (let i = 0; i < from.length; i++) {
    const key = from[i];
    while (j < other.length && other[j] < key) j++;
    if (other[j] !== key) out.push((key & 0xffff0000) >> 16, key & 0x0000ffff);
  }
}

/**
 * cannon-es looks up the contact material of every candidate pair and every contact through a
 * TupleDictionary keyed by the string `${i}-${j}`: a string built and hashed per lookup, tens
 * of thousands a step. This one answers `get` from a Map keyed by a small integer made of the
 * two ids, and keeps `data` (string keys and their list) as the original does.
 */
export class ContactMaterialTable implements TupleDictionary {
  data: { [id: string]: ContactMaterial | string[]; keys: string[] } = { keys: [] };
  private readonly byPair = new Map<number, ContactMaterial>();

  get(i: number, j: number): ContactMaterial | undefined {
    const key = pairKey(i, j);
    if (key >= 0) return this.byPair.get(key);
    return this.data[stringKey(i, j)] as ContactMaterial | undefined;
  }

  set(i: number, j: number, value: ContactMaterial): void {
    const key = stringKey(i, j);
    if (!this.get(i, j)) this.data.keys.push(key);
    this.data[key] = value;
    const pair = pairKey(i, j);
    if (pair >= 0) this.byPair.set(pair, value);
  }

  delete(i: number, j: number): void {
    const key = stringKey(i, j);
    const index = this.data.keys.indexOf(key);
    if (index !== -1) this.data.keys.splice(index, 1);
    delete this.data[key];
    const pair = pairKey(i, j);
    if (pair >= 0) this.byPair.delete(pair);
  }

  reset(): void {
    const keys = this.data.keys;
    while (keys.length > 0) delete this.data[keys.pop() as string];
    this.byPair.clear();
  }
}

function stringKey(i: number, j: number): string {
  return i < j ? `${i}-${j}` : `${j}-${i}`;
}

/**
 * Material ids come from a global counter. While both are below 2¹⁵ the key stays below 2³⁰,
 * a small integer V8 hashes without allocating; past that (a page that made 30,000 materials)
 * the string-keyed data answers. −1 means "use the strings".
 */
const ID_LIMIT = 32768;

function pairKey(i: number, j: number): number {
  const low = i < j ? i : j;
  const high = i < j ? j : i;
  return high < ID_LIMIT && low >= 0 ? high * ID_LIMIT + low : -1;
}

/** Puts both tables into a world, carrying over any contact materials it already has. */
export function installLookupTables(world: World): void {
  const materials = new ContactMaterialTable();
  const old = world.contactMaterialTable;
  for (const key of old.data.keys) {
    const [i, j] = key.split('-').map(Number);
    materials.set(i, j, old.data[key] as ContactMaterial);
  }
  world.contactMaterialTable = materials;
  world.bodyOverlapKeeper = new FastOverlapKeeper();
  world.shapeOverlapKeeper = new FastOverlapKeeper();
}
