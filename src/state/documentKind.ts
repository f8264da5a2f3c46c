// What a file, a dropped file or a link holds, told by its content: a saved state or a recording.
// The first look before the full check (parseState / parseRecording) that loading then makes.

import { quoteValue } from '../config/settings';
import { t } from '../i18n/language';
import { RECORDING_FORMAT } from './recording';
import { STATE_FORMAT } from './stateSchema';

/** The two documents the sandbox writes and reads. */
export type DocumentKind = 'state' | 'recording';

/** How a kind is named to a person, in the page's words ("a saved state"). */
export function documentName(kind: DocumentKind): string {
  return t(kind === 'state' ? 'file.state' : 'file.recording');
}

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
  const expected = t('state.formats', {
    state: `'${STATE_FORMAT}'`,
    recording: `'${RECORDING_FORMAT}'`,
  });
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(t('state.notDocument', { source, value: quoteValue(value), expected }));
  }
  const format = (value as Record<string, unknown>).format;
  const kind = FORMATS.get(format);
  if (kind === undefined) {
    throw new Error(t('state.badFormat', { source, value: quoteValue(format), expected }));
  }
  return kind;
}

/** As documentKind, and the kind must be `expected` (a picker for states given a recording). */
export function expectKind(source: string, value: unknown, expected: DocumentKind): void {
  const kind = documentKind(source, value);
  if (kind !== expected) {
    throw new Error(
      t('state.otherKind', {
        source,
        kind: documentName(kind),
        expected: documentName(expected),
        load: t(kind === 'state' ? 'record.loadState' : 'record.loadRecording'),
      }),
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
    throw new Error(t('state.notJson', { source, reason }));
  }
}
