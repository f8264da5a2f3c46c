// Files in and out of the page: a saved state or a recording downloaded as .json, opened from a
// file picker or dropped anywhere on the page. A file's size is checked before it is read, and
// its kind is told by its content.

import { quoteValue } from '../config/settings';
import { t } from '../i18n/language';
import { documentKind, expectKind, parseJsonText } from '../state/documentKind';
import type { DocumentKind } from '../state/documentKind';
import { MAX_RECORDING_CHARS } from '../state/recording';
import { MAX_STATE_CHARS } from '../state/stateSchema';

/**
 * The largest file opened, by kind, in bytes: each document's own text limit (16 MiB for a state,
 * 64 MiB for a recording). A picker's file is refused by its size before a byte of it is read; a
 * dropped one, which may hold either, is read up to the larger and then held to its kind's. Our
 * JSON is ASCII, so its bytes are its characters.
 */
export const MAX_FILE_BYTES: Readonly<Record<DocumentKind, number>> = {
  state: MAX_STATE_CHARS,
  recording: MAX_RECORDING_CHARS,
};

/** What a file-like thing offers (a File; also a Blob with a name, in tests). */
export interface NamedFile {
  readonly name: string;
  readonly size: number;
  text(): Promise<string>;
}

/** A file's content, checked for its kind (not yet for its fields: loading does that). */
export interface OpenedDocument {
  kind: DocumentKind;
  value: unknown;
}

/** How a file is named in messages: its name quoted and cut short (it is user text). */
export function fileLabel(file: NamedFile): string {
  return t('file.label', { name: quoteValue(file.name) });
}

/**
 * Reads a state or a recording from `file`: `expected` null takes either (a dropped file). Throws
 * an Error naming the file when it is too large (for a drop's kind, once read), not JSON, or of
 * another kind.
 */
export async function readDocument(
  file: NamedFile,
  expected: DocumentKind | null,
): Promise<OpenedDocument> {
  const source = fileLabel(file);
  const limit = MAX_FILE_BYTES[expected ?? 'recording'];
  if (file.size > limit) {
    const what =
      expected === null
        ? t('file.either')
        : expected === 'state'
          ? t('file.state')
          : t('file.recording');
    const sizes = { size: file.size, limit, mib: limit / 2 ** 20 };
    throw new Error(t('file.tooLarge', { source, what, ...sizes }));
  }
  const value = parseJsonText(source, await file.text());
  if (expected !== null) {
    expectKind(source, value, expected);
    return { kind: expected, value };
  }
  // A drop may hold either kind, so it was read up to the larger limit: now that its kind is
  // known, it is held to that kind's own (a state past 16 MiB is refused here as by the picker).
  const kind = documentKind(source, value);
  const kindLimit = MAX_FILE_BYTES[kind];
  if (file.size > kindLimit) {
    const what = kind === 'state' ? t('file.state') : t('file.recording');
    const sizes = { size: file.size, limit: kindLimit, mib: kindLimit / 2 ** 20 };
    throw new Error(t('file.tooLargeForKind', { source, what, ...sizes }));
  }
  return { kind, value };
}

/**
 * Offers `value` as a .json download. The Blob URL is revoked a minute later: the download reads
 * the Blob after the click returns, and a busy page may take a while to hand it over.
 */
export function downloadJson(fileName: string, value: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * A file picker for .json files: one hidden input, reused. `open()` must run inside a user's
 * click; a picker closed without a choice calls nothing.
 */
export class FilePicker {
  private readonly input: HTMLInputElement;
  private onPick: ((file: File) => void) | null = null;

  constructor(parent: HTMLElement) {
    this.input = document.createElement('input');
    this.input.type = 'file';
    this.input.accept = '.json,application/json';
    this.input.hidden = true;
    this.input.dataset.testid = 'file-picker';
    this.input.addEventListener('change', () => {
      const file = this.input.files?.[0];
      // Cleared, so picking the same file again is a change too.
      this.input.value = '';
      if (file && this.onPick) this.onPick(file);
    });
    parent.appendChild(this.input);
  }

  open(onPick: (file: File) => void): void {
    this.onPick = onPick;
    this.input.click();
  }
}

/**
 * Calls `onFile` with a file dropped anywhere on the page (the first, if several), and
 * `onNoFile` for a drop that held none (text, a link). Drags that carry no file are not taken.
 */
export function bindFileDrop(
  target: Window,
  onFile: (file: File, count: number) => void,
  onNoFile: () => void,
): void {
  target.addEventListener('dragover', (event) => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    // Without this the browser would open the file in place of the page.
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  });
  target.addEventListener('drop', (event) => {
    event.preventDefault();
    const files = event.dataTransfer?.files;
    const file = files?.[0];
    if (file && files) onFile(file, files.length);
    else onNoFile();
  });
}
