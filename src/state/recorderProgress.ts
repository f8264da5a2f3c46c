// A recording under way as plain data, carried from one thread to another: a physics worker
// sends what its recorder gained since the page's copy, so the page can carry the recording on
// exactly if the worker dies (see Recorder.progress and the Recorder's resuming constructor).

import type { RecorderMark, RecorderProgress } from './recording';

export type { RecorderMark, RecorderProgress } from './recording';

/**
 * `next` added to `base` (both of one recording, `base` holding exactly `next.from`), or `next`
 * alone when it starts from nothing. Null when they do not fit together.
 */
export function mergeProgress(
  base: RecorderProgress | null,
  next: RecorderProgress,
): RecorderProgress | null {
  const from = next.from;
  if (from.inputs === 0 && from.keyframes === 0 && from.hashes === 0) return next;
  if (
    !base ||
    base.serial !== next.serial ||
    base.inputs.length !== from.inputs ||
    base.keyframes.length !== from.keyframes ||
    base.hashes.length !== 2 * from.hashes
  ) {
    return null;
  }
  return {
    ...next,
    from: { serial: next.serial, inputs: 0, keyframes: 0, hashes: 0 },
    inputs: base.inputs.concat(next.inputs),
    keyframes: base.keyframes.concat(next.keyframes),
    hashes: base.hashes.concat(next.hashes),
  };
}

/** What a whole `progress` holds, as a mark for the next one. */
export function markOf(progress: RecorderProgress | null): RecorderMark | null {
  return progress
    ? {
        serial: progress.serial,
        inputs: progress.inputs.length,
        keyframes: progress.keyframes.length,
        hashes: progress.hashes.length / 2,
      }
    : null;
}
