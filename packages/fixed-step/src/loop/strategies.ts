// The article's four loops, by name: the accumulator to use, and the three it improves on, kept
// so they can be run side by side and compared.

/** The article's four loops; only `accumulator` has an alpha to draw with. */
export const STRATEGIES = ['accumulator', 'semi-fixed', 'variable', 'fixed-per-frame'] as const;

/**
 * The article's four loops: 'fixed-per-frame' (one dt per frame), 'variable' (dt = frame time),
 * 'semi-fixed' (steps of at most dt) and 'accumulator' (whole steps of dt, the rest carried).
 */
export type Strategy = (typeof STRATEGIES)[number];
