// Links that carry a state or a recording: a real saved state and a real recording survive the
// round trip bit for bit (and load); damaged, altered, oversized and bomb links are refused by name.

import { describe, expect, it } from 'vitest';
import { Simulation } from '../../../src/app/simulation';
import { encodeRecording } from '../../../src/state/recording';
import { parseRecording } from '../../../src/state/recordingSchema';
import {
  decodeShareFragment,
  encodeShareFragment,
  fromBase64url,
  MAX_FRAGMENT_CHARS,
  MAX_LINK_TEXT_BYTES,
  toBase64url,
} from '../../../src/state/shareLink';
import { encodeState, parseState } from '../../../src/state/stateSchema';

function playground(): Simulation {
  const sim = new Simulation('playground', { count: 12, seed: 4 });
  for (let k = 0; k < 20; k++) sim.singleStep();
  return sim;
}

/** Raw deflate of `bytes`, as a link would carry it (built here with Node's own streams). */
async function deflateRaw(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart])
    .stream()
    .pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function linkOf(kind: string, text: string): Promise<string> {
  return `#${kind}=${toBase64url(await deflateRaw(new TextEncoder().encode(text)))}`;
}

describe('shareLink round trip', () => {
  it('a saved state comes back equal, and loads into a fresh world with the same hash', async () => {
    const sim = playground();
    const saved = encodeState(await sim.timeline.saveState());
    const fragment = await encodeShareFragment('state', saved);
    expect(fragment.startsWith('#state=')).toBe(true);
    expect(fragment.length).toBeLessThan(JSON.stringify(saved).length / 2);
    const decoded = await decodeShareFragment(fragment);
    expect(decoded?.kind).toBe('state');
    expect(decoded?.value).toEqual(JSON.parse(JSON.stringify(saved)));
    const fresh = new Simulation('stack', {});
    await fresh.timeline.loadState(decoded?.value);
    expect(fresh.host.bodies.hash()).toBe(sim.host.bodies.hash());
  });

  it('a recording comes back equal and passes the recording check', async () => {
    const sim = playground();
    await sim.timeline.record({ keyframeEvery: 10 });
    sim.queue({
      type: 'spawn',
      spec: { kind: 'sphere', scale: [0.4, 0.4, 0.4], position: [0, 6, 0] },
    });
    for (let k = 0; k < 25; k++) sim.singleStep();
    const recording = encodeRecording(await sim.timeline.stopRecording());
    const decoded = await decodeShareFragment(await encodeShareFragment('recording', recording));
    expect(decoded?.kind).toBe('recording');
    expect(decoded?.value).toEqual(JSON.parse(JSON.stringify(recording)));
    const parsed = parseRecording(decoded?.value, sim.timeline.tuning);
    expect(parsed.length).toBe(25);
    expect(parsed.inputs.some((input) => input.type === 'spawn')).toBe(true);
  });

  it('base64url: every byte value and every length mod 3 round-trip', () => {
    for (let n = 0; n < 7; n++) {
      const bytes = Uint8Array.from({ length: 256 + n }, (_, i) => (i * 7 + n) & 255);
      const text = toBase64url(bytes);
      expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
      expect(Array.from(fromBase64url('t', text))).toEqual(Array.from(bytes));
    }
  });

  it('no fragment is no link', async () => {
    expect(await decodeShareFragment('')).toBeNull();
    expect(await decodeShareFragment('#')).toBeNull();
  });
});

describe('shareLink refuses bad links by name', () => {
  it('a name other than state or recording', async () => {
    await expect(decodeShareFragment('#scene=pile')).rejects.toThrow(
      /fragment "#scene" is not one this page reads; expected #state=… or #recording=…/,
    );
  });

  it('characters outside base64url', async () => {
    await expect(decodeShareFragment('#state=abc+/de')).rejects.toThrow(
      /Link #state=…: character "\+" at 3 is not base64url; valid characters are A–Z, a–z, 0–9, - and _/,
    );
  });

  it('a fragment over the limit, before it is decoded', async () => {
    const long = `#state=${'A'.repeat(MAX_FRAGMENT_CHARS)}`;
    await expect(decodeShareFragment(long)).rejects.toThrow(
      new RegExp(`${MAX_FRAGMENT_CHARS + 6} characters long; at most ${MAX_FRAGMENT_CHARS}`),
    );
  });

  it('a link cut short: whole bytes missing, or the deflate stream ending early', async () => {
    const full = await encodeShareFragment(
      'state',
      encodeState(await playground().timeline.saveState()),
    );
    // '#state=' is 7 characters: 401 of data leave a stray 6 bits, 400 whole bytes of a stream cut short.
    await expect(decodeShareFragment(full.slice(0, 7 + 401))).rejects.toThrow(
      /cannot be whole bytes; the link was cut short/,
    );
    await expect(decodeShareFragment(full.slice(0, 7 + 400))).rejects.toThrow(
      /the data is damaged or cut short, so it cannot be inflated/,
    );
  });

  it('data that inflates to something other than JSON', async () => {
    await expect(decodeShareFragment(await linkOf('state', 'not json {'))).rejects.toThrow(
      /Link #state=… is not JSON/,
    );
  });

  it('JSON of another kind, and a state under the recording name', async () => {
    await expect(
      decodeShareFragment(await linkOf('state', '{"format":"other/thing","version":1}')),
    ).rejects.toThrow(/is not a saved state or a recording: format = "other\/thing"/);
    const state = JSON.stringify(encodeState(await playground().timeline.saveState()));
    await expect(decodeShareFragment(await linkOf('recording', state))).rejects.toThrow(
      /Link #recording=… holds a saved state, not a recording/,
    );
  });

  it('a decompression bomb is cut off at the limit, not inflated whole', async () => {
    // 64 MiB of spaces deflate to about 64 KiB: a short link, eight times the limit inflated.
    const bomb = new Uint8Array(64 * 2 ** 20).fill(0x20);
    const packed = await deflateRaw(bomb);
    const fragment = `#state=${toBase64url(packed)}`;
    expect(fragment.length).toBeLessThan(MAX_FRAGMENT_CHARS);
    // The real inflater, counting the compressed bytes it is given: inflating the whole link
    // first and checking its size after would feed it all of them.
    const Real = globalThis.DecompressionStream;
    let fed = 0;
    class Counting extends Real {
      override get writable(): WritableStream<BufferSource> {
        const inner = super.writable.getWriter();
        return new WritableStream<BufferSource>({
          write: (chunk) => {
            fed += chunk.byteLength;
            return inner.write(chunk);
          },
          close: () => inner.close(),
          abort: (reason) => inner.abort(reason),
        });
      }
    }
    globalThis.DecompressionStream = Counting;
    try {
      await expect(decodeShareFragment(fragment)).rejects.toThrow(
        new RegExp(`inflates to more than ${MAX_LINK_TEXT_BYTES} bytes`),
      );
    } finally {
      globalThis.DecompressionStream = Real;
    }
    // 8 MiB at about 1 MiB per KiB of this input: some 8 KiB were needed. Node's inflater takes
    // up to 16 KiB of input ahead of its reader (its streams' buffer); a browser's takes one
    // chunk. Either way far less than the 64 KiB that inflating the whole link would take.
    expect(fed).toBeGreaterThan(4 * 1024);
    expect(fed).toBeLessThanOrEqual(24 * 1024);
    expect(packed.length).toBeGreaterThan(60 * 1024);
  });

  it('a recording too large for a link is refused when the link is made', async () => {
    // Noise does not deflate: 600 000 random bytes stay about 800 000 characters of base64url.
    let seed = 12345;
    const noise = Uint8Array.from({ length: 600_000 }, () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return seed & 255;
    });
    const big = { format: 'x', noise: toBase64url(noise) };
    await expect(encodeShareFragment('recording', big)).rejects.toThrow(
      /Too large for a link: \d+ characters .*at most 524288\. Save it as a file instead/,
    );
  });

  it('state text that parses is still checked when it loads (a future version is named)', async () => {
    const state = { ...encodeState(await playground().timeline.saveState()), version: 2 };
    const decoded = await decodeShareFragment(await encodeShareFragment('state', state));
    expect(() => parseState(decoded?.value, playground().timeline.tuning)).toThrow(
      /version = 2 is invalid: expected 1: it was written by a newer build/,
    );
  });
});
