// The end of a switch that handles every member of a union: `value` has type never there, so a
// member added to the union and not handled fails to compile at each such switch.

/** Throws if reached at run time (a value the types said cannot occur, from outside the code). */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}.`);
}
