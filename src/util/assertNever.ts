// The default branch of a switch over a closed set of names (kinds, strategies, commands): a
// value the switch forgot makes the call a compile error, and a value from outside the types
// (a cast, a bad message) an Error that names it.

/**
 * Fails for a value no case handled. In a `default:` branch `value` has type `never` once every
 * member of its union has a case, so adding a member without one stops the build there.
 * @param value the switch's subject, narrowed to `never` by the cases above.
 * @param what what the value names ("shape kind", "solver"), for the message.
 */
export function assertNever(value: never, what: string): never {
  throw new Error(`Unhandled ${what}: ${JSON.stringify(value)}.`);
}
