// What a file, a dropped file or a link holds, told by its content: a saved state or a recording.
// The first look before the full check (parseState / parseRecording) that loading then makes.

import { quoteValue } from '../config/settings';
import { RECORDING_FORMAT } from './recording';
import { STATE_FORMAT } from './stateSchema';

/** The two documents the sandbox writes and reads. */
export type DocumentKind = 'state' | 'recording';

/** How each kind is named to a person. */
export const DOCUMENT_NAMES: Readonly<Record<DocumentKind, string>> = {
  state: 'a saved state',
  recording: 'a recording',
};

/** Format tag → kind: a Map, so a tag named like Object.prototype's members finds nothing. */
const FORMATS: ReadonlyMap<unknown, DocumentKind> = new Map([
  [STATE_FORMAT, 'state'],
  [RECORDING_FORMAT, 'recording'],
]);

/**
 * The kind of `value` (parsed JSON) by its `format` field, or an Error naming `source` (a file
 * name, "Link") and what it holds instead. Only the kind is checked here: version and fields are
 * checked when it loads.
 */
export function documentKind(source: string, value: unknown): DocumentKind {
  const expected = `'${STATE_FORMAT}' or '${RECORDING_FORMAT}'`;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(
      `${source} is not a saved state or a recording: it holds ${quoteValue(value)}; expected an object with format ${expected}.`,
    );
  }
  const format = (value as Record<string, unknown>).format;
  const kind = FORMATS.get(format);
  if (kind === undefined) {
    throw new Error(
      `${source} is not a saved state or a recording: format = ${quoteValue(format)}; expected ${expected}.`,
    );
  }
  return kind;
}

/** As documentKind, and the kind must be `expected` (a picker for states given a recording). */
export function expectKind(source: string, value: unknown, expected: DocumentKind): void {
  const kind = documentKind(source, value);
  if (kind !== expected) {
    throw new Error(
      `${source} is ${DOCUMENT_NAMES[kind]}, not ${DOCUMENT_NAMES[expected]}: open it with "load ${kind}…" or drop it on the page.`,
    );
  }
}

/**
 * JSON text to data, or an Error naming `source` and saying it is not JSON (the parser's own
 * words, cut short: they may quote the text).
 */
export function parseJsonText(source: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 80) : 'parse error';
    throw new Error(`${source} is not JSON, so not a saved state or a recording (${reason}).`);
  }
}
