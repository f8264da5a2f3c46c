// What a scene load gives render besides the bodies: the static scenery and the springs (by
// body id). Fixed from one load to the next, plain data, so it can come from another thread.

import type { SpringEnds, StaticBoxSpec } from '../physics/index';

/** What render draws of the scenery and springs: named here, so render never names physics. */
export type { StaticBoxSpec, SpringEnds };

export interface SceneDrawData {
  /** Changes with every scene load, so render knows to rebuild. */
  version: number;
  statics: StaticBoxSpec[];
  /** Springs as built; a spring whose body has gone is not drawn (render checks the ids). */
  springs: SpringEnds[];
}
