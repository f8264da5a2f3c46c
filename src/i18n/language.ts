// The page's language: English, Korean or Simplified Chinese, chosen from `?lang=` and then the
// browser's languages, switchable while the page runs; `t` looks a text up in it.

import { EN } from './en';
import type { TextKey, TextTable } from './en';
import { KO } from './ko';
import { quoteValue } from './quote';
import { ZH } from './zh';

/** The languages the page speaks, as `?lang=` and `sandbox.setLanguage` name them. */
export const LANGUAGES = ['en', 'ko', 'zh'] as const;
/** One of the page's languages. */
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in itself: what the panel's language choice shows. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  ko: '한국어',
  zh: '中文（简体）',
};

/** The text tables, one per language. */
export const TABLES: Readonly<Record<Language, TextTable>> = { en: EN, ko: KO, zh: ZH };

/** Values filled into a text's `{name}` placeholders. */
export type TextParams = Readonly<Record<string, string | number>>;

let current: Language = 'en';
const listeners: ((language: Language) => void)[] = [];

/** Whether `value` names one of the page's languages. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language for the browser's list (`navigator.languages`, most wanted first): the first
 * tag in Korean, Chinese or English decides. Every Chinese tag gets Simplified Chinese, the only
 * Chinese the page has; a list with none of the three gets English.
 * @param tags language tags; any text, even tags Intl rejects (`en-US@posix`).
 */
export function browserLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const primary = tag.toLowerCase().split(/[-_@]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/**
 * The language to start in: `?lang=` if it names one, otherwise the browser's. A bad `lang`
 * gives an error, in the language used instead, and never stops the page.
 * @param search `location.search`.
 * @param tags the browser's languages.
 */
export function chooseLanguage(
  search: string,
  tags: readonly string[],
): { language: Language; error: string | null } {
  const asked = new URLSearchParams(search).get('lang');
  const fallback = browserLanguage(tags);
  if (asked === null) return { language: fallback, error: null };
  if (isLanguage(asked)) return { language: asked, error: null };
  const error = textIn(fallback, 'message.badLanguage', {
    value: quoteValue(asked),
    valid: LANGUAGES.map((name) => `'${name}'`).join(', '),
    language: fallback,
  });
  return { language: fallback, error };
}

/** The language the page speaks now. */
export function currentLanguage(): Language {
  return current;
}

/**
 * Switches the page's language and tells every listener (the panel, the HUD, `<html lang>`).
 * @param language one of LANGUAGES; anything else throws and changes nothing.
 */
export function setLanguage(language: unknown): void {
  if (!isLanguage(language)) {
    throw new Error(
      `language = ${quoteValue(language)} is invalid: expected one of ${LANGUAGES.map((name) => `'${name}'`).join(', ')}.`,
    );
  }
  if (language === current) return;
  current = language;
  for (const listener of listeners) listener(language);
}

/** Calls `listener` after each switch of language. */
export function onLanguageChange(listener: (language: Language) => void): void {
  listeners.push(listener);
}

/**
 * A text in the page's language, its `{name}` placeholders filled from `params`.
 * @param key the text's key.
 * @param params values for the placeholders (a placeholder without one stays as written).
 */
export function t(key: TextKey, params?: TextParams): string {
  return textIn(current, key, params);
}

/** A text in `language`, placeholders filled: falls back to English, never to the key. */
export function textIn(language: Language, key: TextKey, params?: TextParams): string {
  const text = TABLES[language][key] || EN[key];
  if (params === undefined) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
