// The page in Korean and Chinese: chosen by ?lang= or the browser's language, the panel's and
// the HUD's words in that language (no key names, no English left in the translated rows), a
// switch in the panel that keeps the simulation's state, and a bad ?lang= reported.

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { EN } from '../../src/i18n/en';
import { collectPageErrors, openSandbox } from './helpers';

/** The English words of the panel's titles and rows and of the HUD's labels. */
const ENGLISH = new Set<string>(
  Object.entries(EN)
    .filter(([key]) => /^(panel|folder|label|record|hud)\./.test(key))
    .map(([, text]) => text),
);
/** A text shaped like a key ("label.scene"): what a missing text would show. */
const KEY_NAME = /^[a-z]+\.[a-zA-Z.]+$/;
const SCRIPT = { ko: /[\uac00-\ud7a3]/, zh: /[\u4e00-\u9fff]/ } as const;

/** The panel's folder titles and row names, and the HUD's labels, as shown. */
async function shownWords(page: Page): Promise<{ panel: string[]; hud: string[] }> {
  const panel = page.getByTestId('panel');
  return {
    panel: [
      ...(await panel.locator('.lil-title').allTextContents()),
      ...(await panel.locator('.lil-name').allTextContents()),
    ].map((text) => text.trim()),
    hud: await page
      .locator('[data-testid=hud] > div:not(.hud-banner) > span:first-child')
      .allTextContents(),
  };
}

/** Checks every word the page translates is in `language`: none English, none a key. */
async function expectSpoken(page: Page, language: 'ko' | 'zh'): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  const { panel, hud } = await shownWords(page);
  expect(hud).toHaveLength(10);
  for (const text of hud) {
    expect(text, `HUD label ${text}`).toMatch(SCRIPT[language]);
    expect(ENGLISH.has(text), `HUD label ${text} is English`).toBe(false);
  }
  expect(panel.length).toBeGreaterThan(30);
  for (const text of panel) {
    expect(text).not.toMatch(KEY_NAME);
    expect(ENGLISH.has(text), `panel row ${text} is English`).toBe(false);
  }
  await expect(page.locator('.help-keys')).toHaveText(SCRIPT[language]);
  // Every title and row is in the language's script, but for the language row's own name in
  // English ("English" is a choice, not a row) and rows of digits alone.
  const outside = panel.filter((text) => !SCRIPT[language].test(text));
  expect(outside).toEqual([]);
}

for (const language of ['ko', 'zh'] as const) {
  test(`?lang=${language}: the panel, the HUD and the hint speak it`, async ({ page }) => {
    const errors = collectPageErrors(page);
    await openSandbox(page, `?lang=${language}&scene=spring`);
    await expectSpoken(page, language);
    expect(await page.evaluate(() => window.sandbox.language())).toBe(language);
    const hint = page
      .getByTestId('panel')
      .locator('.lil-controller', { hasText: language === 'ko' ? '해 보기' : '试试' })
      .locator('.panel-note');
    await expect(hint).toHaveText(language === 'ko' ? /사슬이 터져/ : /链条会被甩散/);
    // The HUD's figures are still shown, with the words between them translated.
    await expect(page.locator('[data-stat=physicsMsPerStep]')).toHaveText(
      language === 'ko' ? /^\d+\.\d\d ms \(dt의 \d+%\)$/ : /^\d+\.\d\d ms（占 dt 的 \d+%）$/,
    );
    // Each choice by its name in the language, in the values' order (a display rate's digits
    // as they are).
    const display = page
      .getByTestId('panel')
      .locator('.lil-controller', { hasText: language === 'ko' ? '가상 화면' : '虚拟显示器' })
      .locator('option');
    await expect(display).toHaveText([
      language === 'ko' ? '실제 화면' : '原生',
      '30',
      '50',
      '60',
      '75',
      '120',
      '144',
    ]);
    // The scene by its title in the language, and the Record folder's status line.
    await expect(
      page
        .getByTestId('panel')
        .locator('.lil-controller', { hasText: language === 'ko' ? '장면' : '场景' })
        .first()
        .locator('.lil-display'),
    ).toHaveText(language === 'ko' ? '스프링 사슬' : '弹簧链');
    await expect(page.getByTestId('record-status')).toContainText(
      language === 'ko' ? '기록하지 않는 중' : '未在录制',
    );
    // The values the API and URL use stay English.
    expect(await page.evaluate(() => window.sandbox.settings().strategy)).toBe('accumulator');
    expect(errors).toEqual([]);
  });
}

test.describe('browser language zh-CN, no ?lang=', () => {
  test.use({ locale: 'zh-CN' });
  test('the page starts in Simplified Chinese', async ({ page }) => {
    await openSandbox(page, '?scene=pile');
    await expectSpoken(page, 'zh');
    await expect(page.locator('[data-testid=hud] > div > span').nth(1)).toHaveText('帧率');
  });
});

test('?lang=xx: a clear message, and the browser language (English here) instead', async ({
  page,
}) => {
  await openSandbox(page, '?lang=xx');
  const message = page.getByTestId('message');
  await expect(message).toHaveCount(1);
  await expect(message.locator('.message-text')).toHaveText(
    "URL parameter 'lang' = \"xx\" is invalid: expected one of 'en', 'ko', 'zh'. Using 'en'.",
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('panel').locator('.lil-title').first()).toHaveText(
    'Fixed-Step Sandbox',
  );
});

test('switching in the panel relabels in place; the simulation keeps its state and steps on', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openSandbox(page, '?scene=stack&strategy=semi-fixed');
  const before = await page.evaluate(async () => {
    // Scripted frames hold the page's drive: nothing steps until run() hands it back.
    const s = window.sandbox;
    await s.advance([0.1, 0.1]);
    return { state: s.state(), settings: s.settings() };
  });
  const panel = page.getByTestId('panel');
  await panel
    .locator('.lil-controller', { hasText: 'language' })
    .locator('select')
    .selectOption({ label: '한국어' });
  await expectSpoken(page, 'ko');
  const after = await page.evaluate(() => ({
    language: window.sandbox.language(),
    state: window.sandbox.state(),
    settings: window.sandbox.settings(),
  }));
  expect(after.language).toBe('ko');
  // The same world, to the bit: the switch touched no setting and no body.
  expect(after.state).toEqual(before.state);
  expect(after.settings).toEqual(before.settings);
  // The strategy row shows its Korean name for the English value.
  await expect(
    panel.locator('.lil-controller', { hasText: '시간 간격 방식' }).locator('.lil-display'),
  ).toHaveText('반고정');

  // window.sandbox switches too, and the panel's language row follows it.
  await page.evaluate(() => window.sandbox.setLanguage('zh'));
  await expectSpoken(page, 'zh');
  await expect(
    panel.locator('.lil-controller', { hasText: '语言' }).locator('.lil-display'),
  ).toHaveText('中文（简体）');
  const refused = await page.evaluate(() => {
    try {
      window.sandbox.setLanguage('fr' as 'en');
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  });
  expect(refused).toBe("language = \"fr\" is invalid: expected one of 'en', 'ko', 'zh'.");

  // Running again, it steps on from where it was.
  expect(before.state.step).toBeGreaterThan(0);
  await page.evaluate(() => window.sandbox.run());
  await expect
    .poll(() => page.evaluate(() => window.sandbox.state().step), { timeout: 30_000 })
    .toBeGreaterThan(before.state.step + 10);
  expect(await page.evaluate(() => window.sandbox.state().bodies)).toBe(before.state.bodies);
  expect(errors).toEqual([]);
});
