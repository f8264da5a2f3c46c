// Choosing the page's language (from ?lang=, then the browser's list), switching it, and the
// lookup: placeholders filled, and a bad language refused with a clear message.

import { afterEach, describe, expect, it } from 'vitest';
import {
  browserLanguage,
  chooseLanguage,
  currentLanguage,
  onLanguageChange,
  setLanguage,
  t,
  textIn,
} from '../../../src/i18n/language';

afterEach(() => setLanguage('en'));

describe('browserLanguage', () => {
  it('takes the first Korean, Chinese or English tag; any Chinese is Simplified', () => {
    expect(browserLanguage(['ko-KR', 'en-US'])).toBe('ko');
    expect(browserLanguage(['zh-CN'])).toBe('zh');
    expect(browserLanguage(['zh-TW', 'en'])).toBe('zh');
    expect(browserLanguage(['zh-Hant-HK'])).toBe('zh');
    expect(browserLanguage(['de-DE', 'ko'])).toBe('ko');
    expect(browserLanguage(['fr-FR', 'de-DE'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it('reads tags Intl rejects (headless Chromium under C.UTF-8 reports en-US@posix)', () => {
    expect(browserLanguage(['en-US@posix'])).toBe('en');
    expect(browserLanguage(['ko_KR@posix'])).toBe('ko');
    expect(browserLanguage(['und', 'qaa-Qaaa-QM'])).toBe('en');
  });
});

describe('chooseLanguage', () => {
  it('?lang= wins over the browser', () => {
    expect(chooseLanguage('?lang=ko', ['zh-CN'])).toEqual({ language: 'ko', error: null });
    expect(chooseLanguage('?scene=pile&lang=zh', ['en-US'])).toEqual({
      language: 'zh',
      error: null,
    });
    expect(chooseLanguage('?scene=pile', ['zh-CN'])).toEqual({ language: 'zh', error: null });
  });

  it('a bad ?lang= falls back to the browser and says so in that language', () => {
    const chinese = chooseLanguage('?lang=xx', ['zh-CN']);
    expect(chinese.language).toBe('zh');
    expect(chinese.error).toBe(
      "URL 参数 'lang' = \"xx\" 无效：应为 'en', 'ko', 'zh' 之一。改用 'zh'。",
    );
    const english = chooseLanguage('?lang=KO', ['en-US@posix']);
    expect(english.language).toBe('en');
    expect(english.error).toBe(
      "URL parameter 'lang' = \"KO\" is invalid: expected one of 'en', 'ko', 'zh'. Using 'en'.",
    );
    expect(chooseLanguage('?lang=', ['ko']).error).toContain("'lang'");
  });
});

describe('setLanguage and t', () => {
  it('switches every lookup and tells the listeners once per change', () => {
    const heard: string[] = [];
    onLanguageChange((language) => heard.push(language));
    expect(t('folder.scene')).toBe('Scene');
    setLanguage('ko');
    expect(currentLanguage()).toBe('ko');
    expect(t('folder.scene')).toBe('장면');
    setLanguage('ko');
    setLanguage('zh');
    expect(t('folder.scene')).toBe('场景');
    expect(heard).toEqual(['ko', 'zh']);
  });

  it('fills placeholders, and leaves one without a value as written', () => {
    expect(textIn('en', 'message.urlErrors', { count: 3 })).toBe('3 URL parameters were not used:');
    expect(textIn('ko', 'stats.bodies', { bodies: 12, sleeping: 4 })).toBe('12 (잠든 것 4)');
    expect(textIn('zh', 'stats.bodies', { bodies: 12 })).toBe('12（休眠 {sleeping}）');
  });

  it('refuses a language it does not have, naming the valid ones, and keeps the current one', () => {
    setLanguage('zh');
    expect(() => setLanguage('fr')).toThrow(
      "language = \"fr\" is invalid: expected one of 'en', 'ko', 'zh'.",
    );
    expect(() => setLanguage(undefined)).toThrow(/language = undefined is invalid/);
    expect(currentLanguage()).toBe('zh');
  });
});
