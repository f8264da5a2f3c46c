// The page fits its words, in every language, on a desktop window and on a phone held upright,
// with the panel open and each chapter of the tour on its card: no text box is cut short (each
// box's scroll width against its client width), and the card keeps clear of the chapter's bodies.

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
 * Where each point is drawn on the page: the scene's camera at the canvas's aspect, zoomed out
 * on a view narrower than the scenes are framed for (render/stage.ts), as a single or ghost view
 * is drawn (every chapter's view). Points behind the camera or off the canvas are left out:
 * nothing can cover what is not shown.
 */
async function drawnAt(page: Page, scene: string, points: number[][]): Promise<Rect[]> {
  const view = findScene(scene)?.view;
  if (!view) throw new Error(`no scene ${scene}`);
  const canvas = await boxOf(page, '#view');
  const aspect = canvas.width / canvas.height;
  const camera = new PerspectiveCamera(50, aspect, 0.1, 500);
  camera.zoom = Math.min(1, aspect / FRAMED_ASPECT);
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
          const cardBox = await boxOf(page, '[data-testid=tour-card]');
          const drawn = await drawnAt(page, chapter.scene, await focusPoints(page, chapter.scene));
          // The chapter's bodies are on screen to be kept clear of.
          expect(drawn.length, `${chapter.id}: bodies on screen`).toBeGreaterThan(0);
          const covered = drawn.filter((body) => overlaps(body, cardBox));
          expect(covered, `${chapter.id}: bodies under the card`).toEqual([]);
        }
        expect(errors).toEqual([]);
      });
    }
  });
}
