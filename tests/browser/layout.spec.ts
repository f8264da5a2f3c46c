// The page fits its words, in every language, on a desktop window and on a phone in portrait,
// with the panel open: no text box is cut short (each box's scroll width against its client
// width), and the tour's card keeps clear of the bodies its chapter is about.

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { collectPageErrors, openSandbox } from './helpers';

const SIZES = [
  { name: 'desktop 1280×720', viewport: { width: 1280, height: 720 }, phone: false },
  { name: 'phone 390×844', viewport: { width: 390, height: 844 }, phone: true },
] as const;
const LANGUAGES = ['en', 'ko', 'zh'] as const;

/** Opens every folder of the panel, the root first (it starts closed on a phone). */
async function openPanel(page: Page): Promise<void> {
  const panel = page.getByTestId('panel');
  if (await panel.evaluate((root) => root.classList.contains('lil-closed'))) {
    await panel.locator('.lil-title').first().click();
    await expect(panel).not.toHaveClass(/lil-closed/);
  }
  const closedTitles = panel.locator('.lil-closed > .lil-title');
  while ((await closedTitles.count()) > 0) {
    const title = await closedTitles.first().elementHandle();
    if (!title) break;
    await title.click();
    // lil-gui drops the class on the animation frame after the click.
    await page.waitForFunction(
      (element) => !element.parentElement?.classList.contains('lil-closed'),
      title,
    );
  }
}

/**
 * Every box on the page that shows text (a text node of its own, or a text field's value) and
 * whose content is wider than the box: what is cut short or runs out of it. Boxes not drawn
 * (no client width) are left out; a pixel is allowed for sub-pixel rounding.
 */
function overflowingBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      if (!(element instanceof HTMLElement) || element.clientWidth === 0) continue;
      const field = element instanceof HTMLInputElement && element.type === 'text';
      const ownText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      if (!field && !ownText) continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        const text = field ? element.value : (element.textContent ?? '');
        found.push(
          `${element.tagName.toLowerCase()}.${element.className} "${text.slice(0, 50)}": ${element.scrollWidth} > ${element.clientWidth}`,
        );
      }
    }
    return found;
  });
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, isMobile: size.phone, hasTouch: size.phone });

    for (const language of LANGUAGES) {
      test(`${language}: the panel open, no text box overflows`, async ({ page }) => {
        const errors = collectPageErrors(page);
        await openSandbox(page, `?lang=${language}&scene=pyramid&paused=1`);
        await openPanel(page);
        // Real rows are being measured: the panel is open and shows its hint, in this language.
        await expect(page.getByTestId('panel')).not.toHaveClass(/lil-closed/);
        await expect(page.locator('.panel-note').first()).toBeVisible();
        expect(await overflowingBoxes(page)).toEqual([]);
        expect(errors).toEqual([]);
      });
    }
  });
}
