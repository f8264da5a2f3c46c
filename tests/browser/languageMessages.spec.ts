// The page's messages and labels in Korean and Chinese: a bad URL parameter, an error thrown by
// window.sandbox, the split view's labels, the stutter panel and the page's title, each in the
// language chosen, and the labels, panel and title written again on a switch; and the messages
// whose reasons are made below the language layer (bodies removed, a worker that cannot start,
// a scene the registry refuses, a bad tour link) with no English prose, shown once.

import { expect, test } from '@playwright/test';
import { collectPageErrors, openSandbox } from './helpers';

/** Per language: its script, and words each text must hold (written by hand, not from the tables). */
const CASES = {
  ko: {
    script: /[\uac00-\ud7a3]/,
    badHz: 'URL 매개변수 \'hz\' = "fast": 올바르지 않은 값입니다. 필요한 값: 5부터 240까지의 수.',
    trackError: 'track index = -3: 올바르지 않은 값입니다',
    splitRight: '외삽: 끔으로 그림',
    stutter: '물체 0 — 버벅임',
    legend: '이동 mm',
    title: '고정 스텝 샌드박스',
  },
  zh: {
    script: /[\u4e00-\u9fff]/,
    badHz: 'URL 参数 \'hz\' = "fast" 无效：应为 5 到 240 之间的数。改用默认值。',
    trackError: 'track index = -3 无效',
    splitRight: '外推：按关闭绘制',
    stutter: '物体 0 — 抖动',
    legend: '位移 mm',
    title: '固定步长沙盒',
  },
} as const;

for (const language of ['ko', 'zh'] as const) {
  const want = CASES[language];
  test(`?lang=${language}: URL, API and label texts speak it`, async ({ page }) => {
    const errors = collectPageErrors(page);
    await openSandbox(
      page,
      `?lang=${language}&scene=stack&hz=fast&view=split&split=extrapolate&strategy=semi-fixed`,
    );
    // The bad parameter, its value quoted as given and the setting's name kept.
    await expect(page.getByTestId('message').locator('.message-text')).toHaveText(
      language === 'ko' ? `${want.badHz} 기본값을 씁니다.` : want.badHz,
    );
    // An error window.sandbox throws.
    const thrown = await page.evaluate(() => {
      try {
        window.sandbox.track(-3);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(thrown).toContain(want.trackError);
    // The split view's labels, by the render modes' names in the language.
    await expect(page.getByTestId('view-label-right')).toContainText(want.splitRight);
    await expect(page.getByTestId('view-label-left')).toHaveText(want.script);
    // The stutter panel once a body is tracked.
    await page.evaluate(() => window.sandbox.track(0));
    const stutter = page.getByTestId('stutter-panel');
    await expect(stutter).toBeVisible();
    await expect(stutter.locator('.stutter-readout')).toContainText(want.stutter);
    await expect(page.getByTestId('delete-tracked')).toHaveText(want.script);
    await expect(stutter).toHaveAttribute('data-chart', 'ready');
    await expect(stutter.locator('.u-legend')).toContainText(want.legend);
    await expect(page).toHaveTitle(want.title);
    expect(errors).toEqual([]);
  });
}

test('a switch rewrites the labels, the stutter panel and the title; English by default', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await openSandbox(page, '?scene=stack&view=split&split=extrapolate&strategy=semi-fixed');
  await page.evaluate(() => window.sandbox.track(0));
  const right = page.getByTestId('view-label-right');
  await expect(right).toHaveText('extrapolate: drawn as off (semi-fixed leaves no alpha to blend)');
  await expect(page.getByTestId('delete-tracked')).toHaveText('delete this body (Del)');
  await expect(page).toHaveTitle('Fixed-Step Sandbox');
  await page.evaluate(() => window.sandbox.setLanguage('zh'));
  await expect(right).toContainText(CASES.zh.splitRight);
  await expect(page.getByTestId('delete-tracked')).toHaveText('删除这个物体 (Del)');
  await expect(page.getByTestId('stutter-panel').locator('.stutter-readout')).toContainText(
    CASES.zh.stutter,
  );
  // The chart's legend is built again in the language.
  await expect(page.getByTestId('stutter-panel')).toHaveAttribute('data-chart', 'ready');
  await expect(page.getByTestId('stutter-panel').locator('.u-legend')).toContainText(
    CASES.zh.legend,
  );
  await expect(page).toHaveTitle(CASES.zh.title);
  await page.evaluate(() => window.sandbox.setLanguage('ko'));
  await expect(right).toContainText(CASES.ko.splitRight);
  await expect(page).toHaveTitle(CASES.ko.title);
  expect(errors).toEqual([]);
});

/** Words of English prose left in a Korean or Chinese text: quoted values and ids, code names,
 * units and names of products taken out. */
function englishProse(text: string): string[] {
  const KEPT = new Set(
    (
      'NaN URL HUD API WebGL GPU Web Worker Workers count seed load track index hitch seconds ' +
      'window sandbox true false null Hz MiB Chrome Edge Firefox Safari lerp slerp alpha fps ' +
      'Fix Your Timestep Jolt Del are not allowed here'
    ).split(' '),
  );
  return (
    text
      .replace(/'[^']*'|"[^"]*"/g, ' ')
      .match(/[A-Za-z]{3,}/g)
      ?.filter((word) => !KEPT.has(word)) ?? []
  );
}

const WORDS = {
  ko: {
    sphere: '공 #',
    removed: '없앴습니다',
    canvas: '3D 물리 화면',
    worker: '시작하지 못했습니다',
  },
  zh: { sphere: '球 #', removed: '已移除', canvas: '3D 物理视图', worker: '无法启动' },
} as const;

for (const language of ['ko', 'zh'] as const) {
  test(`?lang=${language}: removed bodies, a worker that cannot start, a refused scene and tour link — in ${language}, once`, async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    const want = WORDS[language];
    await page.addInitScript(() => {
      window.Worker = class {
        constructor() {
          throw new DOMException('Workers are not allowed here', 'SecurityError');
        }
      } as unknown as typeof Worker;
    });
    await openSandbox(page, `?lang=${language}&scene=nope&tour=seven`);
    const texts = page.getByTestId('message').locator('.message-text');
    await expect(page.locator('#view')).toHaveAttribute('aria-label', want.canvas);
    // The worker's message, once, however often physics is asked back into a worker.
    await expect(texts.filter({ hasText: want.worker })).toHaveCount(1);
    await page.evaluate(() => window.sandbox.set({ physicsThread: 'worker' }));
    await page.evaluate(() => window.sandbox.set({ physicsThread: 'worker' }));
    await page.evaluate(() => window.sandbox.advance(new Array(5).fill(1 / 60)));
    await expect(texts.filter({ hasText: want.worker })).toHaveCount(1);
    // A load the registry refuses, in the language, the scenes named as the panel names them.
    const refused = await page.evaluate(() => {
      try {
        void window.sandbox.load('nope');
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(refused).toContain("'pile'");
    // Bodies the state guard removes: the chains of the spring scene at a steady 30 Hz, variable.
    await page.evaluate(async () => {
      const s = window.sandbox;
      await s.advance([0]);
      await s.load('spring');
      s.set({ strategy: 'variable' });
      await s.advance(new Array(90).fill(1 / 30));
    });
    await expect(texts.filter({ hasText: want.removed }).first()).toBeVisible();
    const all = [...(await texts.allTextContents()), refused];
    expect(all.join('\n')).toContain(want.sphere);
    for (const text of all) expect(englishProse(text), text).toEqual([]);
    expect(errors).toEqual([]);
  });
}
