// Springs drawn as line segments between the drawn positions of the bodies they join (or a body
// and its fixed anchor), updated every frame from the same draw poses as the bodies.

import { BufferAttribute, BufferGeometry, LineBasicMaterial, LineSegments } from 'three';
import type { Scene } from 'three';
import type { SpringEnds } from '../snapshot/sceneDrawData';
import type { BodyTable } from '../snapshot/bodyTable';

export class LinkLines {
  private readonly geometry = new BufferGeometry();
  private readonly lines: LineSegments;
  private positions = new Float32Array(0);
  /** Per drawn line, the dense index of each end's body (−1 at `b`: the fixed anchor). */
  private fromIndex = new Int32Array(0);
  private toIndex = new Int32Array(0);
  private anchors: [number, number, number][] = [];
  private lineCount = 0;

  constructor(scene: Scene) {
    this.lines = new LineSegments(this.geometry, new LineBasicMaterial({ color: 0x39424e }));
    this.lines.frustumCulled = false;
    scene.add(this.lines);
  }

  /**
   * Finds each spring's bodies in the table (after a load, or when the body set changed, not per
   * frame). A spring whose body is gone is not drawn: the physics removes such springs at once,
   * and the table may be a step behind.
   */
  sync(ends: readonly SpringEnds[], table: BodyTable): void {
    if (this.fromIndex.length < ends.length) {
      this.fromIndex = new Int32Array(ends.length);
      this.toIndex = new Int32Array(ends.length);
    }
    this.anchors.length = 0;
    let n = 0;
    for (let k = 0; k < ends.length; k++) {
      const end = ends[k];
      const a = table.indexOf(end.a);
      const b = end.b < 0 ? -1 : table.indexOf(end.b);
      if (a < 0 || (end.b >= 0 && b < 0)) continue;
      this.fromIndex[n] = a;
      this.toIndex[n] = b;
      this.anchors.push(end.anchor);
      n++;
    }
    this.lineCount = n;
    if (this.positions.length !== 6 * n) {
      this.positions = new Float32Array(6 * n);
      this.geometry.setAttribute('position', new BufferAttribute(this.positions, 3));
    }
    this.lines.visible = n > 0;
  }

  /** Writes each line's two end points from the draw positions. */
  write(position: Float64Array): void {
    const out = this.positions;
    for (let k = 0; k < this.lineCount; k++) {
      const o = 6 * k;
      const a = 3 * this.fromIndex[k];
      const b = this.toIndex[k];
      const anchor = this.anchors[k];
      for (let c = 0; c < 3; c++) {
        out[o + c] = position[a + c];
        out[o + 3 + c] = b < 0 ? anchor[c] : position[3 * b + c];
      }
    }
    const attribute = this.geometry.getAttribute('position');
    if (attribute) attribute.needsUpdate = true;
  }
}
