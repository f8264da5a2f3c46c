// What the generated-input suite feeds the page: anything at all, the numbers that break naive
// checks (−0, NaN, ±Infinity, the float limits), names of Object.prototype's members, nesting
// deeper than the stack, getters and proxies that throw (the caller's own errors), and markup.
// Also the run settings every property file shares, and what a refusal must look like.

import { fc } from '@fast-check/vitest';
import { expect } from 'vitest';

/**
 * Replay: a failure prints `{ seed: …, path: "…" }`. Run the file again with FC_SEED (and
 * FC_PATH, with `-t` naming the one property) set to them to get the same cases.
 */
const replaySeed = process.env.FC_SEED;
const replayPath = process.env.FC_PATH;
fc.configureGlobal({
  ...(replaySeed === undefined ? {} : { seed: Number(replaySeed) }),
  ...(replayPath === undefined ? {} : { path: replayPath }),
});

/** What a caller's own getter or proxy throws: a refusal may let it through, unchanged. */
export class CallerError extends Error {
  override name = 'CallerError';
}

/** A value shown as `label` in a counterexample (printing it must not run its traps). */
function labelled<T extends object>(value: T, label: string): T {
  Object.defineProperty(value, fc.toStringMethod, { value: () => label, enumerable: false });
  return value;
}

/** Numbers that break a check written as `typeof x === 'number'` or `x >= 0` alone. */
export const oddNumber = fc.constantFrom(
  -0,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 32,
  2 ** 31,
  -1,
  0.5,
  1e-300,
);

/** The names an object finds on Object.prototype when looked up with `in` or `obj[name]`. */
export const prototypeName = fc.constantFrom(
  'constructor',
  '__proto__',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  '__defineGetter__',
  'toLocaleString',
);

/** Arrays or objects nested 5 000 to 100 000 deep: a recursion without a bound overflows. */
export const deepValue = fc
  .tuple(fc.integer({ min: 5_000, max: 100_000 }), fc.boolean())
  .map(([depth, objects]) => {
    let value: unknown = objects ? {} : [];
    for (let k = 0; k < depth; k++) value = objects ? { a: value } : [value];
    return labelled(value as object, `${objects ? 'objects' : 'arrays'} nested ${depth} deep`);
  });

/** An object whose field `key` throws the caller's own error when read. */
export const throwingGetter = fc
  .oneof(fc.constantFrom('kind', 'format', 'x'), prototypeName)
  .map((key) => {
    const value = {};
    Object.defineProperty(value, key, {
      enumerable: true,
      get() {
        throw new CallerError(`getter ${key}`);
      },
    });
    return labelled(value, `{ get ${key}() { throw } }`);
  });

/**
 * A proxy (of an object or an array) whose traps throw the caller's own error for every named
 * property and for its keys; symbols (which fast-check itself looks up) pass through.
 */
export const throwingProxy = fc.boolean().map((array) => {
  const label = `throwing proxy of ${array ? 'an array' : 'an object'}`;
  const named = (key: string | symbol): void => {
    if (typeof key === 'string') throw new CallerError(`proxy trap for ${key}`);
  };
  const proxy = new Proxy(array ? [] : {}, {
    get: (target, key) => {
      if (key === fc.toStringMethod) return () => label;
      named(key);
      return Reflect.get(target, key) as unknown;
    },
    has: (target, key) => {
      named(key);
      return Reflect.has(target, key);
    },
    getOwnPropertyDescriptor: (target, key) => {
      named(key);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    ownKeys: () => {
      throw new CallerError('proxy trap for its keys');
    },
  });
  return proxy as object;
});

/** Text meant to do harm if echoed as HTML, and very long text. */
export const markup = fc.oneof(
  fc.constantFrom('<img src=x onerror=alert(1)>', '"><script>alert(1)</script>', '\u0000\ud800'),
  fc.string({ minLength: 1000, maxLength: 6000 }),
);

/** An array as long as an array can be, with nothing in it. */
export const hugeSparseArray = fc
  .constantFrom(100_001, 2 ** 32 - 1)
  .map((length) => labelled(new Array<unknown>(length), `new Array(${length})`));

/** Anything a caller could pass: plain data, odd numbers, and each kind of trap above. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.anything({
      maxDepth: 3,
      withNullPrototype: true,
      withBigInt: true,
      withSparseArray: true,
      withBoxedValues: true,
      withObjectString: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withTypedArray: true,
    }),
  },
  { weight: 2, arbitrary: oddNumber },
  { weight: 1, arbitrary: prototypeName },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: throwingGetter },
  { weight: 1, arbitrary: throwingProxy },
  { weight: 1, arbitrary: markup },
  { weight: 1, arbitrary: hugeSparseArray },
);

/**
 * What a refused call must throw: an Error (or the caller's own, unchanged) whose message says
 * what was wrong in a few hundred characters, and never the engine's words for a bug (a stack
 * overflow, a property read of undefined, a value printed as [object Object]).
 * @param pattern what the message must name (the call, the field, the document).
 */
export function expectRefusal(error: unknown, pattern: RegExp): void {
  if (error instanceof CallerError) return;
  expect(error).toBeInstanceOf(Error);
  expect(error).not.toBeInstanceOf(RangeError);
  expect(error).not.toBeInstanceOf(TypeError);
  const message = (error as Error).message;
  expect(message.length).toBeGreaterThan(10);
  expect(message.length).toBeLessThan(700);
  expect(message).not.toMatch(/\[object |Maximum call stack|Cannot read prop|is not a function/);
  expect(message).toMatch(pattern);
}

/** How a call ended: with a value or an error, at the call itself (`sync`) or by its promise. */
export type Outcome =
  { ok: true; value: unknown; sync: boolean } | { ok: false; error: unknown; sync: boolean };

/**
 * Runs `call` and waits for its promise, if it returns one: the outcome, or a failure of the
 * property when the promise has not settled within `ms` (every promise settles).
 */
export async function outcomeOf(call: () => unknown, ms = 20_000): Promise<Outcome> {
  let result: unknown;
  try {
    result = call();
  } catch (error) {
    return { ok: false, error, sync: true };
  }
  if (!(result instanceof Promise)) return { ok: true, value: result, sync: true };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = Symbol('late');
  const timeout = new Promise<typeof late>((resolve) => {
    timer = setTimeout(() => resolve(late), ms);
  });
  try {
    const value = await Promise.race([result, timeout]);
    if (value === late) throw new Error(`its promise did not settle within ${ms} ms`);
    return { ok: true, value, sync: false };
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('its promise did not settle'))
      throw error;
    return { ok: false, error, sync: false };
  } finally {
    clearTimeout(timer);
  }
}
