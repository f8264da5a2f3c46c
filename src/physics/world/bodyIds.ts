// Each body's stable id beside its place in the world's dense list, both ways. An id is the count
// of bodies added before it since the last clear, never reused until the next; a removal moves
// the last body, and its id, into the freed place.

/** The tables start this long and double as bodies are added. */
const INITIAL_CAPACITY = 64;

/** The id ↔ dense index tables of a PhysicsWorld. */
export class BodyIds {
  /** Dense index → body id. */
  private idByIndex = new Int32Array(INITIAL_CAPACITY);
  /** Body id → dense index, −1 once removed. */
  private indexById = new Int32Array(INITIAL_CAPACITY).fill(-1);
  /** Bodies added since the last clear: the next body's id. */
  private nextId = 0;

  /** The id the next added body gets. */
  get next(): number {
    return this.nextId;
  }

  /** The id at dense index `index` of a list of `count` bodies, or −1 when there is none. */
  idAt(index: number, count: number): number {
    return index >= 0 && index < count ? this.idByIndex[index] : -1;
  }

  /** The dense index of body `id`, or −1 once it has been removed (or was never added). */
  indexOf(id: number): number {
    return id >= 0 && id < this.nextId ? this.indexById[id] : -1;
  }

  /** Files body `id` at dense index `index`; the next id grows past it. */
  add(id: number, index: number): void {
    if (id >= this.nextId) this.nextId = id + 1;
    if (this.idByIndex.length <= index) this.idByIndex = grownTo(this.idByIndex, index + 1);
    if (this.indexById.length <= id) this.indexById = grownTo(this.indexById, id + 1, -1);
    this.idByIndex[index] = id;
    this.indexById[id] = index;
  }

  /** Body `id` at `index` is gone, and the last body (at `last`) takes its place. */
  remove(id: number, index: number, last: number): void {
    this.indexById[id] = -1;
    if (index === last) return;
    const movedId = this.idByIndex[last];
    this.idByIndex[index] = movedId;
    this.indexById[movedId] = index;
  }

  /** Restores the counter of a saved world: past each of the `count` live bodies' ids. */
  setNext(nextId: number, count: number): void {
    for (let i = 0; i < count; i++) {
      if (this.idByIndex[i] >= nextId) throw new Error(`setNextBodyId: ${nextId} ≤ a live id.`);
    }
    if (this.indexById.length < nextId) this.indexById = grownTo(this.indexById, nextId, -1);
    this.nextId = nextId;
  }

  /** Forgets every id: the next body is id 0. */
  clear(): void {
    this.indexById.fill(-1, 0, this.nextId);
    this.nextId = 0;
  }
}

/** A longer copy of a typed array (at least `length`, by doubling); new elements are `fill`. */
export function grownTo<T extends Float32Array | Int32Array>(
  array: T,
  length: number,
  fill = 0,
): T {
  let capacity = Math.max(array.length, 1);
  while (capacity < length) capacity *= 2;
  const next = new (array.constructor as new (length: number) => T)(capacity);
  next.set(array);
  if (fill !== 0) next.fill(fill, array.length);
  return next;
}
