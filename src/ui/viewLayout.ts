// Where the views may go: the part of the canvas that the panel does not cover (the split view's
// halves), and while the tour's card is up the part neither covers (where a single view frames
// its scene), measured when either changes size (never per frame) and handed to the stage.

import type { ViewArea } from '../render/stage';

/**
 * Screens too small for the panel beside the view: phones upright (≤ 640 px wide) and phones on
 * their side (≤ 480 px high). There the panel starts closed and the HUD is compact. The same
 * query sits in styles.css; keep the two in step.
 */
export const COMPACT_MEDIA = '(max-width: 640px), (max-height: 480px)';

/** Room left between the views and the panel, so the panel's edge never hides a view's edge. */
const GAP_PX = 8;

/** A rectangle in page pixels (what getBoundingClientRect gives). */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * The largest of the four strips of the canvas beside the panel (left of it, right of it, above
 * it, below it), in CSS pixels from the canvas's top-left corner; the whole canvas when the panel
 * is hidden or lies outside it. A panel open down the right side leaves the strip to its left; a
 * closed one (a title bar) leaves the strip below it; a sheet along the bottom, the strip above.
 */
export function freeArea(canvas: Box, panel: Box | null): ViewArea {
  const width = canvas.width;
  const height = canvas.height;
  const whole = { x: 0, y: 0, width, height };
  if (!panel || panel.width <= 0 || panel.height <= 0) return whole;
  const left = clamp(panel.left - canvas.left, 0, width);
  const right = clamp(panel.left + panel.width - canvas.left, 0, width);
  const top = clamp(panel.top - canvas.top, 0, height);
  const bottom = clamp(panel.top + panel.height - canvas.top, 0, height);
  if (right <= left || bottom <= top) return whole;
  const strips: ViewArea[] = [
    { x: 0, y: 0, width: left - GAP_PX, height },
    { x: right + GAP_PX, y: 0, width: width - right - GAP_PX, height },
    { x: 0, y: 0, width, height: top - GAP_PX },
    { x: 0, y: bottom + GAP_PX, width, height: height - bottom - GAP_PX },
  ];
  let best = whole;
  let bestSize = -1;
  for (const strip of strips) {
    const size = Math.max(0, strip.width) * Math.max(0, strip.height);
    if (size > bestSize) {
      best = strip;
      bestSize = size;
    }
  }
  return best;
}

/**
 * The smallest area a scene is framed into beside the card and the panel (CSS px): below it the
 * panel is left out of the reckoning (an upright phone with its settings sheet open has no room
 * for both; the sheet is the reader's to close).
 */
const MIN_FOCUS_PX = { width: 240, height: 180 };

/**
 * Where a single view frames its scene while the tour's card is up: the largest part of the
 * canvas that neither the card nor the panel covers (`freeArea` twice), or the part beside the
 * card alone where that is too small; null (the whole canvas) when no card is up. From the
 * card's measured box, so the scene keeps clear of it whatever its text and fonts make of it.
 */
export function focusArea(canvas: Box, panel: Box | null, card: Box | null): ViewArea | null {
  if (!card || card.width <= 0 || card.height <= 0) return null;
  const beside = freeArea(canvas, panel);
  const besideBox = {
    left: canvas.left + beside.x,
    top: canvas.top + beside.y,
    width: beside.width,
    height: beside.height,
  };
  const both = freeArea(besideBox, card);
  if (both.width >= MIN_FOCUS_PX.width && both.height >= MIN_FOCUS_PX.height) {
    return { x: beside.x + both.x, y: beside.y + both.y, width: both.width, height: both.height };
  }
  return freeArea(canvas, card);
}

/** A drawn element's box, or null when it is hidden. */
function boxOf(element: HTMLElement | null): Box | null {
  if (!element || element.hidden) return null;
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 ? box : null;
}

/**
 * Watches the canvas, the panel and (once given) the tour's card, and reports the free areas
 * whenever any changes size (opening, closing, the window resizing, a media query moving one).
 */
export class ViewLayout {
  private readonly canvas: HTMLElement;
  private readonly panel: HTMLElement;
  private card: HTMLElement | null = null;
  private readonly observer: ResizeObserver;
  private readonly onChange: (split: ViewArea, focus: ViewArea | null) => void;

  /**
   * @param onChange told the split view's area (beside the panel) and the single view's focus
   *   (beside the card and the panel; null: the whole canvas).
   */
  constructor(
    canvas: HTMLElement,
    panel: HTMLElement,
    onChange: (split: ViewArea, focus: ViewArea | null) => void,
  ) {
    this.canvas = canvas;
    this.panel = panel;
    this.onChange = onChange;
    const measure = (): void => this.measure();
    this.observer = new ResizeObserver(measure);
    this.observer.observe(panel);
    this.observer.observe(canvas);
    window.addEventListener('resize', measure);
    this.measure();
  }

  /** From now on the tour's card counts too (shown, hidden or resized by its words). */
  watchCard(card: HTMLElement): void {
    this.card = card;
    this.observer.observe(card);
    this.measure();
  }

  measure(): void {
    const canvas = this.canvas.getBoundingClientRect();
    const panel = boxOf(this.panel);
    this.onChange(freeArea(canvas, panel), focusArea(canvas, panel, boxOf(this.card)));
  }
}
