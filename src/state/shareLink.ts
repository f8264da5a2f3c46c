// Links that carry a saved state or a recording in the URL fragment: JSON, deflated
// (CompressionStream 'deflate-raw') and written in base64url, as `#state=…` or `#recording=…`.
// Reading one checks its length before decoding and its size while inflating it.

import { quoteValue } from '../config/settings';
import { t } from '../i18n/language';
import { documentKind, documentName, parseJsonText } from './documentKind';
import type { DocumentKind } from './documentKind';

/**
 * The longest fragment made or read, in characters: 512 KiB. Chromium takes URLs up to 2 MiB and
 * Firefox up to 1 MiB, so a link this long still opens in both with the page's own address in
 * front. It holds 384 KiB of deflated JSON: a minute of play on a 500-body pile recorded with
 * its first keyframe only (104 kB deflated) fits; a 500-body state (80 kB) fits several times.
 */
export const MAX_FRAGMENT_CHARS = 512 * 1024;

/**
 * The most a link may inflate to: 8 MiB of JSON. The sandbox's JSON deflates about 3.5 to 4
 * times (281 kB → 80 kB for a 500-body state), so the longest honest link holds about 1.5 MB;
 * deflate can expand 1000 times, and a link built to do that (a decompression bomb) is cut off
 * here rather than fill the page's memory.
 */
export const MAX_LINK_TEXT_BYTES = 8 * 2 ** 20;

/**
 * Compressed bytes fed to the inflater at a time: 1 KiB. A browser inflates a whole input chunk
 * before the reader sees any of it, so the chunk bounds what one look can overshoot the limit
 * by: 1 KiB inflates to at most about 1 MiB.
 */
const INFLATE_CHUNK_BYTES = 1024;

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BASE64URL_PATTERN = /^[A-Za-z0-9_-]*$/;
/** Character code → its 6 bits (only the alphabet's codes are read: the pattern checks first). */
const BASE64URL_BITS = new Uint8Array(128);
for (let k = 0; k < BASE64URL.length; k++) BASE64URL_BITS[BASE64URL.charCodeAt(k)] = k;
const KINDS: readonly DocumentKind[] = ['state', 'recording'];

/** What a link holds: its kind (from the fragment's name, checked against the content) and data. */
export interface SharedDocument {
  kind: DocumentKind;
  value: unknown;
}

/** A recording with its first keyframe only: what a link carries (a replay makes the rest). */
export function firstKeyframeOnly(recording: Record<string, unknown>): Record<string, unknown> {
  const keyframes = recording.keyframes;
  return Array.isArray(keyframes) ? { ...recording, keyframes: keyframes.slice(0, 1) } : recording;
}

/** The fragment (with its `#`) that carries `value`, or an Error when it would be too long. */
export async function encodeShareFragment(kind: DocumentKind, value: unknown): Promise<string> {
  const text = JSON.stringify(value);
  const packed = await deflate(new TextEncoder().encode(text));
  const fragment = `#${kind}=${toBase64url(packed)}`;
  if (fragment.length > MAX_FRAGMENT_CHARS) {
    throw new Error(
      t('link.tooLarge', {
        what: documentName(kind),
        length: fragment.length,
        json: text.length,
        max: MAX_FRAGMENT_CHARS,
      }),
    );
  }
  return fragment;
}

/**
 * What the fragment `hash` (as `location.hash` gives it) carries: null for none, or the decoded
 * document; a bad one throws an Error that names the fragment and what is valid. The length is
 * checked before decoding and the inflated size while inflating.
 */
export async function decodeShareFragment(hash: string): Promise<SharedDocument | null> {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (fragment === '') return null;
  const equals = fragment.indexOf('=');
  const name = equals < 0 ? fragment : fragment.slice(0, equals);
  const kind = KINDS.find((k) => k === name);
  if (kind === undefined) {
    throw new Error(t('link.unknown', { source: t('link.name'), value: quoteValue(`#${name}`) }));
  }
  const source = `${t('link.name')} #${kind}=…`;
  if (fragment.length > MAX_FRAGMENT_CHARS) {
    throw new Error(
      t('link.tooLong', { source, length: fragment.length, max: MAX_FRAGMENT_CHARS }),
    );
  }
  const bytes = fromBase64url(source, fragment.slice(equals + 1));
  const text = decodeUtf8(source, await inflateLimited(source, bytes, MAX_LINK_TEXT_BYTES));
  const value = parseJsonText(source, text);
  const found = documentKind(source, value);
  if (found !== kind) {
    throw new Error(
      t('link.otherKind', { source, found: documentName(found), kind: documentName(kind) }),
    );
  }
  return { kind, value };
}

async function deflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * Inflates `bytes` and stops as soon as the output passes `maxBytes`: the input goes in small
 * chunks, each written only once the reader has taken what the last one made (the stream's
 * back-pressure), so a bomb is cut off within about a MiB of the limit.
 */
async function inflateLimited(
  source: string,
  bytes: Uint8Array<ArrayBuffer>,
  maxBytes: number,
): Promise<Uint8Array> {
  const stream = new DecompressionStream('deflate-raw');
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  const feeding = (async () => {
    for (let offset = 0; offset < bytes.length; offset += INFLATE_CHUNK_BYTES) {
      await writer.write(bytes.subarray(offset, offset + INFLATE_CHUNK_BYTES));
    }
    await writer.close();
  })();
  // Its failures surface at the reader (damaged data) or come from cancelling it (too large).
  feeding.catch(() => undefined);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let result: ReadableStreamReadResult<Uint8Array>;
    try {
      result = await reader.read();
    } catch (error) {
      const reason = error instanceof Error ? error.message.slice(0, 80) : 'inflate error';
      throw new Error(t('link.damaged', { source, reason }));
    }
    if (result.done) break;
    total += result.value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new Error(t('link.inflatesTooLarge', { source, max: maxBytes }));
    }
    chunks.push(result.value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

function decodeUtf8(source: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error(t('link.notUtf8', { source }));
  }
}

/** Bytes → base64url without padding (RFC 4648 §5). */
export function toBase64url(bytes: Uint8Array): string {
  const out: string[] = [];
  const n = bytes.length;
  for (let i = 0; i < n; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const triple = (a << 16) | (b << 8) | c;
    out.push(BASE64URL.charAt(triple >> 18), BASE64URL.charAt((triple >> 12) & 63));
    if (i + 1 < n) out.push(BASE64URL.charAt((triple >> 6) & 63));
    if (i + 2 < n) out.push(BASE64URL.charAt(triple & 63));
  }
  return out.join('');
}

/**
 * base64url (no padding) → bytes, or an Error naming the first character outside the alphabet,
 * or a length no encoder makes.
 */
export function fromBase64url(source: string, text: string): Uint8Array<ArrayBuffer> {
  if (!BASE64URL_PATTERN.test(text)) {
    const at = text.search(/[^A-Za-z0-9_-]/);
    throw new Error(t('link.notBase64', { source, value: quoteValue(text.charAt(at)), at }));
  }
  if (text.length % 4 === 1) {
    throw new Error(t('link.cutShort', { source, length: text.length }));
  }
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (let i = 0; i < text.length; i++) {
    value = (value << 6) | (BASE64URL_BITS[text.charCodeAt(i)] ?? 0);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (value >> bits) & 0xff;
      value &= (1 << bits) - 1;
    }
  }
  return out;
}
