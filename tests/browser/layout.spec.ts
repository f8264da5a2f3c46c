// The page fits its words, in every language, on a desktop window and on a phone held upright,
// with the panel open and each chapter of the tour on its card: no text box is cut short (each
// box's scroll width against its client width), the card keeps clear of the chapter's bodies —
// with this machine's fonts and with the card's text set larger, as another font set would lay
// it out — and Korean breaks between words, never inside one.

import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { PerspectiveCamera, Vector3 } from 'three';
import { CAROUSEL } from '../../src/scenes/carousel';
import { findScene } from '../../src/scenes/registry';
import { CHAPTERS } from '../../src/tour/chapters';
import { collectPageErrors, expectChapter, openPanelFolders, openSandbox } from './helpers';

const SIZES = [
  { name: 'desktop 1280×720', viewport: { width: 1280, height: 720 }, phone: false },
  { name: 'phone 390×844', viewport: { width: 390, height: 844 }, phone: true },
] as const;
const LANGUAGES = ['en', 'ko', 'zh'] as const;
/** The scenes' cameras are framed for this aspect; a narrower view zooms out (render/stage.ts). */
const FRAMED_ASPECT = 1.4;
/** Room kept between the card and a body's centre: about the size a body is drawn at. */
const MARGIN_PX = 12;

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
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

/** A page box of `testid` (it must be drawn). */
async function boxOf(page: Page, selector: string): Promise<Rect> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not drawn`);
  return box;
}

/**
 * The points of the scene the chapter is about, in world coordinates: the carousel's whole path
 * (its mover goes all the way round), or every body where the scene starts (the chapter's
 * scene loaded afresh, then the drive resumed: a spring chain already blown apart by the
 * chapter's variable step flies anywhere, and is the chapter's point, not a body to keep clear).
 */
async function focusPoints(page: Page, scene: string): Promise<number[][]> {
  if (scene === 'carousel') {
    return Array.from({ length: 36 }, (_, k) => {
      const angle = (2 * Math.PI * k) / 36;
      return [
        CAROUSEL.radius * Math.cos(angle),
        CAROUSEL.height,
        CAROUSEL.radius * Math.sin(angle),
      ];
    });
  }
  return page.evaluate(async (scene) => {
    const s = window.sandbox;
    await s.advance([0]);
    await s.load(scene);
    await s.advance([0]);
    const points = Array.from({ length: s.state().bodies }, (_, i) => s.pose(i).current.p);
    s.run();
    return points;
  }, scene);
}

/**
 * Where each point is drawn on the page: the scene's camera framed for the area the stage says
 * it frames into (the canvas's `data-focus`, beside the tour's card; else the whole canvas),
 * zoomed out on a view narrower than the scenes are framed for (render/stage.ts), as a single or
 * ghost view is drawn (every chapter's view). Points behind the camera or off the canvas are
 * left out: nothing can cover what is not shown.
 */
async function drawnAt(page: Page, scene: string, points: number[][]): Promise<Rect[]> {
  const view = findScene(scene)?.view;
  if (!view) throw new Error(`no scene ${scene}`);
  const canvas = await boxOf(page, '#view');
  const focus = ((await page.locator('#view').getAttribute('data-focus')) ?? '')
    .split(' ')
    .filter((part) => part !== '')
    .map(Number);
  const [fx = 0, fy = 0, fw = canvas.width, fh = canvas.height] = focus;
  const aspect = fw / fh;
  const camera = new PerspectiveCamera(50, aspect, 0.1, 500);
  camera.zoom = Math.min(1, aspect / FRAMED_ASPECT);
  if (focus.length === 4) camera.setViewOffset(fw, fh, -fx, -fy, canvas.width, canvas.height);
  camera.position.set(view.camera[0] ?? 0, view.camera[1] ?? 0, view.camera[2] ?? 0);
  camera.lookAt(view.target[0] ?? 0, view.target[1] ?? 0, view.target[2] ?? 0);
  camera.updateProjectionMatrix();
  camera.updateMatrixWorld();
  const drawn: Rect[] = [];
  for (const point of points) {
    const ndc = new Vector3(point[0], point[1], point[2]).project(camera);
    if (ndc.z > 1 || Math.abs(ndc.x) > 1 || Math.abs(ndc.y) > 1) continue;
    const x = canvas.x + ((ndc.x + 1) / 2) * canvas.width;
    const y = canvas.y + ((1 - ndc.y) / 2) * canvas.height;
    drawn.push({ x: x - MARGIN_PX, y: y - MARGIN_PX, width: 2 * MARGIN_PX, height: 2 * MARGIN_PX });
  }
  return drawn;
}

/**
 * Lays the card's text out as a wider, taller font set would (a phone's own fonts, a fallback for
 * a missing family): what the card's size must not decide for the bodies under it. Set through
 * the element's style (the page's CSP refuses a style sheet of the test's own).
 */
async function largerCardText(page: Page): Promise<void> {
  await page.getByTestId('tour-card').evaluate((card) => {
    card.style.setProperty('font-size', '15px', 'important');
    card.style.setProperty('line-height', '1.7', 'important');
    card.style.setProperty('letter-spacing', '0.04em', 'important');
  });
}

/**
 * Hangul words split across lines in the card: two Hangul letters side by side in its text
 * whose boxes sit on different lines.
 */
function splitHangulWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const card = document.querySelector('[data-testid=tour-card]');
    const found: string[] = [];
    if (!card) return found;
    const hangul = /[\uac00-\ud7a3]/;
    const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const topOf = (node: Text, i: number): number => {
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      return range.getBoundingClientRect().top;
    };
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i + 1 < text.length; i++) {
        if (!hangul.test(text[i] ?? '') || !hangul.test(text[i + 1] ?? '')) continue;
        if (Math.abs(topOf(node as Text, i + 1) - topOf(node as Text, i)) > 4) {
          const start = text.lastIndexOf(' ', i) + 1;
          const end = text.indexOf(' ', i);
          found.push(`${text.slice(start, i + 1)}/${text.slice(i + 1, end < 0 ? undefined : end)}`);
        }
      }
    }
    return found;
  });
}

/** Fails when a chapter's card covers a body of its scene. */
async function expectBodiesClear(page: Page, chapterId: string, scene: string): Promise<void> {
  const cardBox = await boxOf(page, '[data-testid=tour-card]');
  const drawn = await drawnAt(page, scene, await focusPoints(page, scene));
  // The chapter's bodies are on screen to be kept clear of.
  expect(drawn.length, `${chapterId}: bodies on screen`).toBeGreaterThan(0);
  const covered = drawn.filter((body) => overlaps(body, cardBox));
  expect(covered, `${chapterId}: bodies under the card`).toEqual([]);
}

const overlaps = (a: Rect, b: Rect): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport, isMobile: size.phone, hasTouch: size.phone });

    for (const language of LANGUAGES) {
      test(`${language}: panel open, every chapter on its card — nothing overflows, no body covered`, async ({
        page,
      }) => {
        test.setTimeout(240_000);
        const errors = collectPageErrors(page);
        await openSandbox(page, `?lang=${language}&tour=1`);
        await openPanelFolders(page);
        await expect(page.getByTestId('panel')).not.toHaveClass(/lil-closed/);
        for (const [index, chapter] of CHAPTERS.entries()) {
          if (index > 0) await page.getByTestId('tour-next').click();
          await expectChapter(page, index);
          await expect(page.getByTestId('tour-measure')).not.toBeEmpty();
          expect(await overflowingBoxes(page), chapter.id).toEqual([]);
          if (chapter.settings.view === 'ghost') {
            // The ghost's legend is a line or two along the bottom, not a band down the view.
            const legend = await boxOf(page, '[data-testid=view-label-ghost]');
            expect(legend.height, 'ghost legend height').toBeLessThan(60);
          }
          await expectBodiesClear(page, chapter.id, chapter.scene);
          if (language === 'ko' && size.phone) {
            expect(await splitHangulWords(page), `${chapter.id}: words split`).toEqual([]);
          }
        }
        expect(errors).toEqual([]);
      });
    }

    test('en, the card’s text larger (another font set): no body covered in any chapter', async ({
      page,
    }) => {
      test.setTimeout(240_000);
      const errors = collectPageErrors(page);
      await openSandbox(page, '?lang=en&tour=1');
      await largerCardText(page);
      await openPanelFolders(page);
      for (const [index, chapter] of CHAPTERS.entries()) {
        if (index > 0) await page.getByTestId('tour-next').click();
        await expectChapter(page, index);
        await expectBodiesClear(page, chapter.id, chapter.scene);
      }
      expect(errors).toEqual([]);
    });
  });
}

test.describe('the stutter panel', () => {
  test('phone 390×844: with the panel open and the tour closed, it covers no settings row', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await openSandbox(page, '?lang=en&scene=carousel');
    await openPanelFolders(page);
    await page.evaluate(() => window.sandbox.track(0));
    await expect(page.getByTestId('stutter-panel')).toBeVisible();
    await expect(page.getByTestId('stutter-panel')).toHaveAttribute('data-chart', 'ready');
    // Measured in one go, once the panel has fitted itself (its chart drawn shorter as needed).
    const layout = (): Promise<Record<string, boolean>> =>
      page.evaluate(() => {
        const box = (id: string): DOMRect | undefined =>
          document.querySelector(`[data-testid=${id}]`)?.getBoundingClientRect();
        const cross = (a?: DOMRect, b?: DOMRect): boolean =>
          !!a &&
          !!b &&
          a.left < b.right &&
          b.left < a.right &&
          a.top < b.bottom &&
          b.top < a.bottom;
        const stutter = box('stutter-panel');
        return {
          drawn: !!stutter && stutter.height > 0,
          // The settings rows, and the way into the tour, its neighbour in the corner.
          overPanel: cross(stutter, box('panel')),
          overEntry: cross(stutter, box('tour-entry')),
          onScreen: !!stutter && stutter.bottom <= window.innerHeight,
        };
      });
    await expect
      .poll(layout)
      .toEqual({ drawn: true, overPanel: false, overEntry: false, onScreen: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  test('its chart’s axis labels are drawn whole, however long the frames (a 100 s frame: 100,000 ms)', async ({
    page,
  }) => {
    const errors = collectPageErrors(page);
    await openSandbox(page, '?lang=en&scene=carousel');
    await page.evaluate(async () => {
      const s = window.sandbox;
      s.track(0);
      await s.advance([
        ...new Array<number>(30).fill(1 / 60),
        100,
        ...new Array<number>(30).fill(1 / 60),
      ]);
    });
    const panel = page.getByTestId('stutter-panel');
    await expect(panel).toHaveAttribute('data-chart', 'ready');
    // The chart redraws with the panel's refresh; then its leftmost columns hold no label's ink.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const canvas = document.querySelector('[data-testid=stutter-panel] .uplot canvas');
            if (!(canvas instanceof HTMLCanvasElement)) return -1;
            const context = canvas.getContext('2d');
            if (!context) return -1;
            const tall = context.getImageData(0, 0, 2, canvas.height).data;
            let inked = 0;
            for (let i = 3; i < tall.length; i += 4) if ((tall[i] ?? 0) > 0) inked++;
            // The labels are drawn (some ink on the axis) — and none reaches the left edge.
            const axis = context.getImageData(0, 0, 60, canvas.height).data;
            let drawn = 0;
            for (let i = 3; i < axis.length; i += 4) if ((axis[i] ?? 0) > 0) drawn++;
            return drawn > 0 ? inked : -1;
          }),
        { timeout: 20_000 },
      )
      .toBe(0);
    expect(errors).toEqual([]);
  });
});
