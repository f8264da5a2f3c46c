// Springs drawn as line segments between the drawn positions of the bodies they join (or a body
// and its fixed anchor), updated every frame from the same draw poses as the bodies.

import { BufferAttribute, BufferGeometry, LineBasicMaterial, LineSegments } from 'three';
import type { Scene } from 'three';
import type { Link } from '../physics/springs';

export class LinkLines {
  private readonly geometry = new BufferGeometry();
  private readonly lines: LineSegments;
  private positions = new Float32Array(0);
  private links: readonly Link[] = [];

  constructor(scene: Scene) {
    this.lines = new LineSegments(this.geometry, new LineBasicMaterial({ color: 0x39424e }));
    this.lines.frustumCulled = false;
    scene.add(this.lines);
  }

  /** Sizes the buffer for a new set of links (scene load), not per frame. */
  sync(links: readonly Link[]): void {
    this.links = links;
    if (this.positions.length !== 6 * links.length) {
      this.positions = new Float32Array(6 * links.length);
      this.geometry.setAttribute('position', new BufferAttribute(this.positions, 3));
    }
    this.lines.visible = links.length > 0;
  }

  /**
   * Writes each link's two end points from the draw positions. Links only ever name live bodies:
   * the world rebuilds them on every removal, and bumps the version that makes the caller re-sync.
   */
  write(position: Float64Array): void {
    const links = this.links;
    const out = this.positions;
    for (let k = 0; k < links.length; k++) {
      const link = links[k];
      const o = 6 * k;
      const a = 3 * link.a;
      const b = 3 * link.b;
      const anchor = link.anchor;
      for (let c = 0; c < 3; c++) {
        out[o + c] = position[a + c];
        out[o + 3 + c] = link.b < 0 ? anchor[c] : position[b + c];
      }
    }
    const attribute = this.geometry.getAttribute('position');
    if (attribute) attribute.needsUpdate = true;
  }
}
