// A document the app wrote (a saved state, a recording) with one thing changed: a field replaced
// by anything (see generators.ts), removed, or an unknown field added, anywhere in its tree.

import { fc } from '@fast-check/vitest';
import { hostile, oddNumber, prototypeName } from './generators';

/** A place in a JSON tree: the keys and indices from its root. */
export type JsonPath = (string | number)[];

/** Every place in `value`'s tree (objects and arrays, and their leaves), root first. */
export function pathsOf(value: unknown): JsonPath[] {
  const paths: JsonPath[] = [];
  const stack: [unknown, JsonPath][] = [[value, []]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, path] = next;
    paths.push(path);
    if (Array.isArray(node)) node.forEach((item, k) => stack.push([item, [...path, k]]));
    else if (typeof node === 'object' && node !== null) {
      for (const [key, item] of Object.entries(node)) stack.push([item, [...path, key]]);
    }
  }
  return paths;
}

/** One change: the place, what is done there, and the value put in (for a replacement). */
export interface Mutation {
  path: JsonPath;
  kind: 'replace' | 'remove' | 'add';
  value: unknown;
}

/** Changes for `document`: the places are drawn from its tree, the values from anything. */
export function mutationOf(document: unknown): fc.Arbitrary<Mutation> {
  const paths = pathsOf(document);
  const nearValue = fc.oneof(
    oddNumber,
    fc.integer({ min: -3, max: 3 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom('-0', '', 'box', 'fixed-step-sandbox/state', 'fixed-step-sandbox/recording'),
    fc.constant(null),
    fc.constant([]),
    fc.constant({}),
  );
  return fc.record({
    path: fc.constantFrom(...paths),
    kind: fc.constantFrom('replace', 'replace', 'replace', 'remove', 'add'),
    value: fc.oneof(nearValue, hostile, prototypeName),
  });
}

/**
 * `document` (JSON-safe) with `mutation` made, as a fresh copy: the root itself is replaced by
 * the value, and removing it leaves `undefined`.
 */
export function mutated(document: unknown, { path, kind, value }: Mutation): unknown {
  if (path.length === 0) return kind === 'remove' ? undefined : kind === 'add' ? document : value;
  const copy = structuredClone(document) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (kind === 'replace') node[last] = value;
  else if (kind === 'remove') {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else {
    const target = node[last];
    if (Array.isArray(target)) target.push(value);
    else if (typeof target === 'object' && target !== null) {
      Object.defineProperty(target, 'extraField', { value, enumerable: true });
    } else node[last] = value;
  }
  return copy;
}
