// A physics core's checkpoint as plain data: what a core needs to carry on exactly from a step.
// A physics worker sends one every so often, so the page can rebuild its world if it dies.

import type { SavedState } from './stateSchema';
import type { TimelineCheckpoint } from './timeline';

/**
 * Everything a core needs to carry on exactly from a step, as plain data: the world's state (no
 * body limit: it is never a file), the step index and the timeline under way. A physics worker
 * sends one every so often, so a worker that dies costs the page at most the steps since.
 */
export interface CoreCheckpoint {
  state: SavedState;
  stepIndex: number;
  replayStart: number;
  lastDtSeconds: number;
  /** Bodies the state guard had removed since the scene was loaded. */
  removed: number;
  timeline: TimelineCheckpoint;
}
