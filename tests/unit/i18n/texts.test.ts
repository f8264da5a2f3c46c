// The text tables against each other and the source: every key filled in every language and
// used somewhere in src/, and no placeholder a language adds or drops (the words themselves:
// glossary.test.ts).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EN } from '../../../src/i18n/en';
import type { TextKey } from '../../../src/i18n/en';
import { LANGUAGES, TABLES } from '../../../src/i18n/language';

const KEYS = Object.keys(EN) as TextKey[];
const TABLE_FILES = ['en.ts', 'ko.ts', 'zh.ts'].map((name) => join('src', 'i18n', name));

/** Every .ts file under `folder`. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The `{name}` placeholders of a text, sorted. */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();
}

describe('text tables', () => {
  for (const language of LANGUAGES) {
    it(`${language}: exactly the English keys, none empty`, () => {
      const table = TABLES[language];
      expect(Object.keys(table).sort()).toEqual([...KEYS].sort());
      const empty = KEYS.filter((key) => table[key].trim() === '');
      expect(empty).toEqual([]);
    });

    it(`${language}: the same placeholders as the English, text by text`, () => {
      const table = TABLES[language];
      const differing = KEYS.filter(
        (key) => placeholders(table[key]).join() !== placeholders(EN[key]).join(),
      );
      expect(differing).toEqual([]);
    });
  }

  it('every key is used in src/ outside the tables (written as a literal)', () => {
    const source = sourceFiles('src')
      .filter((path) => !TABLE_FILES.includes(path))
      .map((path) => readFileSync(path, 'utf8'))
      .join('\n');
    const unused = KEYS.filter((key) => !source.includes(`'${key}'`));
    expect(unused).toEqual([]);
  });

  it('the placeholder check catches a text that brings its own placeholder', () => {
    expect(placeholders('{count} URL parameters {extra}')).not.toEqual(
      placeholders(EN['message.urlErrors']),
    );
  });
});
