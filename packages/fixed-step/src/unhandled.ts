// The end of a switch over every member of a union: the value is `never` there, so a member added
// and not handled fails to compile; reached at run time, a value from outside the types throws.

/** Throws naming `what` and the value the types said cannot occur. */
export function unhandled(value: never, what: string): never {
  throw new RangeError(`fixed-step: unexpected ${what}: ${JSON.stringify(value)}.`);
}
