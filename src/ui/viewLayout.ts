// Where the views may go: the part of the canvas that the panel does not cover, measured when
// the panel opens or closes or the window changes size (never per frame) and handed to the stage.

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
 * Watches the canvas and the panel and reports the free area whenever either changes size
 * (opening, closing, the window resizing, a media query moving the panel).
 */
export class ViewLayout {
  private readonly canvas: HTMLElement;
  private readonly panel: HTMLElement;
  private readonly onChange: (area: ViewArea) => void;

  constructor(canvas: HTMLElement, panel: HTMLElement, onChange: (area: ViewArea) => void) {
    this.canvas = canvas;
    this.panel = panel;
    this.onChange = onChange;
    const measure = (): void => this.measure();
    const observer = new ResizeObserver(measure);
    observer.observe(panel);
    observer.observe(canvas);
    window.addEventListener('resize', measure);
    this.measure();
  }

  measure(): void {
    const panel = this.panel.hidden ? null : this.panel.getBoundingClientRect();
    this.onChange(freeArea(this.canvas.getBoundingClientRect(), panel));
  }
}
