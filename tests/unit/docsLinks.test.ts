// Every relative link in the project's Markdown (README.md, CHANGELOG.md, docs/*.md, the
// package's README) names a file that exists, and every #anchor a heading there, by GitHub's
// slug rules. The files are read as they are: a link to a page not yet written fails.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** The Markdown files whose links are checked, relative to the repository root. */
function checkedFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', 'CHANGELOG.md', 'packages/fixed-step/README.md', ...docs];
}

/** The text outside fenced code blocks, where headings live. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?^ {0,3}\1[^\n]*$/gm, '');
}

/** The text outside code blocks and inline code spans, where links live. */
function prose(markdown: string): string {
  return withoutFences(markdown).replace(/(`+)[^`][\s\S]*?\1/g, '');
}

/**
 * GitHub's anchor for a heading's text (github-slugger): the rendered text lower-cased, every
 * character but letters, marks, digits, connector punctuation, hyphens and spaces dropped, spaces
 * turned to hyphens.
 */
export function githubSlug(heading: string): string {
  const rendered = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, '');
  return rendered
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a Markdown file's headings make, a repeated one numbered as GitHub numbers it. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of withoutFences(markdown).matchAll(
    /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/gm,
  )) {
    const base = githubSlug(match[1] ?? '');
    let slug = base;
    for (let n = 1; anchors.has(slug); n++) slug = `${base}-${n}`;
    anchors.add(slug);
  }
  return anchors;
}

/** What a link target names: a Markdown file's text, another file or folder (null), or nothing. */
export type Lookup = (path: string) => string | null | undefined;

/**
 * The relative links and anchors in `markdown` (the file at `path`) that do not resolve, each as
 * "target: why". Links with a scheme (https:, mailto:) are not followed.
 */
export function brokenLinks(path: string, markdown: string, lookup: Lookup): string[] {
  const text = prose(markdown);
  const targets = [
    ...[...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
    ...[...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)/gm)].map((m) => m[1]),
    ...[...text.matchAll(/<(?:a|img)\s[^>]*?(?:href|src)="([^"]+)"/g)].map((m) => m[1]),
  ];
  const problems: string[] = [];
  for (const target of targets) {
    if (target === undefined || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const hash = target.indexOf('#');
    const filePart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
    const anchor = hash < 0 ? null : decodeURIComponent(target.slice(hash + 1));
    const targetPath = filePart === '' ? path : join(dirname(path), filePart);
    const content = filePart === '' ? markdown : lookup(targetPath);
    if (content === undefined) {
      problems.push(`${target}: no file ${targetPath}`);
    } else if (anchor !== null && content === null) {
      problems.push(`${target}: ${targetPath} is not a Markdown file, so it has no headings`);
    } else if (anchor !== null && content !== null && !anchorsOf(content).has(anchor)) {
      problems.push(`${target}: no heading in ${targetPath} has the anchor #${anchor}`);
    }
  }
  return problems;
}

/** Looks a path up on disk, relative to the repository root. */
const diskLookup: Lookup = (path) => {
  const full = join(ROOT, path);
  if (!full.startsWith(ROOT) || !existsSync(full)) return undefined;
  return statSync(full).isFile() && full.endsWith('.md') ? readFileSync(full, 'utf8') : null;
};

describe('GitHub heading anchors', () => {
  it.each([
    ['Save, share and replay', 'save-share-and-replay'],
    ['The Record folder: files, drops and links', 'the-record-folder-files-drops-and-links'],
    ['Scripting API (`window.sandbox`)', 'scripting-api-windowsandbox'],
    ['Measured: `npm run bench:browser`', 'measured-npm-run-benchbrowser'],
    [
      'physics per stress scene, today against chosen',
      'physics-per-stress-scene-today-against-chosen',
    ],
    ['0.1.0 — 2026-11-24', '010--2026-11-24'],
    ['The `fixed-step` package', 'the-fixed-step-package'],
    [
      '[Links](https://example.com) and _emphasis_ in snake_case',
      'links-and-emphasis-in-snake_case',
    ],
    ['Überall größer × 2', 'überall-größer--2'],
  ])('%s → #%s', (heading, slug) => {
    expect(githubSlug(heading)).toBe(slug);
  });

  it('numbers a repeated heading and ignores "#" lines inside code', () => {
    const anchors = anchorsOf(
      '# A\n\n## A\n\n```sh\n# not a heading\n```\n\n### A ###\n## `b()`\n',
    );
    expect([...anchors]).toEqual(['a', 'a-1', 'a-2', 'b']);
  });
});

describe('the link checker', () => {
  const files: Record<string, string> = {
    'docs/guide.md': '# Guide\n\n## Set-up\n',
    'src/main.ts': '',
  };
  const lookup: Lookup = (path) =>
    path in files ? (path.endsWith('.md') ? (files[path] ?? '') : null) : undefined;

  it('accepts links to files, headings, other files and the web', () => {
    const doc =
      '# Here\n[a](docs/guide.md) [b](docs/guide.md#set-up) [c](#here) [d](src/main.ts)\n' +
      '[e](https://example.com/#x) ![f](docs/guide.md "title")\n[ref]: docs/guide.md#guide\n';
    expect(brokenLinks('README.md', doc, lookup)).toEqual([]);
  });

  it('names a missing file, a missing heading and an anchor into a file without headings', () => {
    const doc =
      '# Here\n[a](docs/missing.md) [b](docs/guide.md#setup) [c](#there) [d](src/main.ts#L1)\n' +
      '`[not a link](nowhere.md)`\n';
    expect(brokenLinks('README.md', doc, lookup)).toEqual([
      'docs/missing.md: no file docs/missing.md',
      'docs/guide.md#setup: no heading in docs/guide.md has the anchor #setup',
      '#there: no heading in README.md has the anchor #there',
      'src/main.ts#L1: src/main.ts is not a Markdown file, so it has no headings',
    ]);
  });

  it('resolves a link from the folder of the file it is in', () => {
    expect(brokenLinks('docs/a.md', '[up](../src/main.ts) [side](guide.md)', lookup)).toEqual([]);
    expect(brokenLinks('docs/a.md', '[wrong](src/main.ts)', lookup)).toEqual([
      'src/main.ts: no file docs/src/main.ts',
    ]);
  });
});

describe('the project’s Markdown', () => {
  it.each(checkedFiles())('every relative link and anchor in %s resolves', (file) => {
    const markdown = readFileSync(join(ROOT, file), 'utf8');
    expect(brokenLinks(file, markdown, diskLookup)).toEqual([]);
  });

  it('reads the docs folder, not an empty list', () => {
    expect(checkedFiles()).toEqual(expect.arrayContaining(['README.md', 'docs/design.md']));
  });
});
