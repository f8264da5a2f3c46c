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
const TABLE_FILES = ['en.ts', 'ko.ts', 'zh.ts', 'tourEn.ts', 'tourKo.ts', 'tourZh.ts'].map((name) =>
  join('src', 'i18n', name),
);

/** Every .ts file under `folder`. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * Latin words of three letters or more in a text, leaving out what is not prose: quoted ids and
 * values, placeholders, calls (`replay(recording)`) and dotted names (`window.sandbox`).
 */
function latinWords(text: string): string[] {
  return (
    text
      .replace(/'[^']*'|"[^"]*"|\{\w+\}/g, ' ')
      .replace(/\b\w+\([^)]*\)/g, ' ')
      .replace(/\b\w+\.\w+\b/g, ' ')
      .match(/[A-Za-z]{3,}/g) ?? []
  );
}

/**
 * What Korean and Chinese texts keep in Latin letters: the API's and the files' own names (load,
 * count, seed, …, narrowphase, nextId), URL fragments (#state=…), units, products and the
 * article's title.
 */
const KEPT = new Set(
  (
    'URL url WebGL GPU HUD API JSON json UTF NaN MiB Hz Web Worker Del load count seed spawn ' +
    'index format advance track seek hitch seconds true false null atStep physicsHz halfHeight ' +
    'narrowphase statics nextId kind position state recording base alpha lerp slerp Fix Your ' +
    'Timestep Jolt Chrome Edge Firefox Safari'
  ).split(' '),
);

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

  it('Korean and Chinese texts hold no English prose: only code, ids, units and names', () => {
    const prose: string[] = [];
    for (const language of ['ko', 'zh'] as const) {
      for (const key of KEYS) {
        const words = latinWords(TABLES[language][key]).filter((word) => !KEPT.has(word));
        if (words.length > 0) prose.push(`${language} ${key}: ${words.join(' ')}`);
      }
    }
    expect(prose).toEqual([]);
    // The check sees English: a sentence of it in a Korean text is found.
    expect(latinWords('스프링이 터집니다 (in the tunnel scene a ball passes).')).toContain(
      'tunnel',
    );
  });

  it('the placeholder check catches a text that brings its own placeholder', () => {
    expect(placeholders('{count} URL parameters {extra}')).not.toEqual(
      placeholders(EN['message.urlErrors']),
    );
  });
});
