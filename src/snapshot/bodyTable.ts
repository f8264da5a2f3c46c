// Who is in each snapshot slot: per dense index the body's id, shape kind and scale, and a
// version that changes whenever the set of bodies does. Render maps bodies to instances from
// this alone, so it never needs the physics world (which may live in another thread).

import { SHAPE_KINDS } from '../shapes/shapeKinds';
import type { ShapeKind } from '../shapes/shapeKinds';

export class BodyTable {
  count = 0;
  /** Changes whenever bodies are added, removed or moved between slots (−1: never filled). */
  version = -1;
  /** Dense index → body id. */
  ids = new Int32Array(64);
  /** Dense index → index into SHAPE_KINDS. */
  kinds = new Uint8Array(64);
  /** Dense index → the scale of its unit shape (x, y, z). */
  scales = new Float32Array(3 * 64);

  /** Room for `count` bodies (contents kept); allocates only when it grows. */
  ensureCapacity(count: number): void {
    if (count <= this.ids.length) return;
    let capacity = this.ids.length;
    while (capacity < count) capacity *= 2;
    const ids = new Int32Array(capacity);
    ids.set(this.ids);
    const kinds = new Uint8Array(capacity);
    kinds.set(this.kinds);
    const scales = new Float32Array(3 * capacity);
    scales.set(this.scales);
    this.ids = ids;
    this.kinds = kinds;
    this.scales = scales;
  }

  /** Dense index of body `id`, or −1: a scan, for clicks and the tracked body, not per body. */
  indexOf(id: number): number {
    if (id < 0) return -1;
    const ids = this.ids;
    for (let i = 0; i < this.count; i++) if (ids[i] === id) return i;
    return -1;
  }

  /** The kind name of the body at `index`. */
  kindAt(index: number): ShapeKind {
    return SHAPE_KINDS[this.kinds[index]];
  }
}
