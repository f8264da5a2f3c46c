// Helpers for tests that feed the page hostile input: nesting deeper than the stack, a link built
// from any text, and what a call threw (at once or as its promise's rejection).

import { expect } from 'vitest';
import { toBase64url } from '../../src/state/shareLink';

/** An array nested `depth` deep: [[[…[]…]]]. */
export function nested(depth: number): unknown {
  let value: unknown = [];
  for (let k = 0; k < depth; k++) value = [value];
  return value;
}

/** A `#kind=…` fragment holding `text` as it is (encodeShareFragment writes only what JSON can). */
export async function fragmentOf(kind: string, text: string): Promise<string> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return `#${kind}=${toBase64url(new Uint8Array(await new Response(stream).arrayBuffer()))}`;
}

/** What `call` threw (synchronously or as its promise's rejection); fails if it did not. */
export async function thrown(call: () => unknown): Promise<Error> {
  try {
    await call();
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    return error as Error;
  }
  throw new Error('expected the call to throw');
}
