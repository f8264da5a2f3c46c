import { describe, expect, it } from 'vitest';
import { focusArea, freeArea } from '../../../src/ui/viewLayout';

// The canvas fills the window in the app; these boxes are what getBoundingClientRect reports.
const wide = { left: 0, top: 0, width: 1280, height: 760 };
const phone = { left: 0, top: 0, width: 412, height: 839 };

describe('freeArea', () => {
  it('is the whole canvas without a panel, or with a panel of no size', () => {
    expect(freeArea(wide, null)).toEqual({ x: 0, y: 0, width: 1280, height: 760 });
    expect(freeArea(wide, { left: 940, top: 10, width: 0, height: 0 })).toEqual({
      x: 0,
      y: 0,
      width: 1280,
      height: 760,
    });
  });

  it('is the whole canvas when the panel lies outside it', () => {
    expect(freeArea(wide, { left: 1300, top: 10, width: 330, height: 700 })).toEqual({
      x: 0,
      y: 0,
      width: 1280,
      height: 760,
    });
  });

  it('an open panel down the right side leaves the strip to its left, less the gap', () => {
    expect(freeArea(wide, { left: 940, top: 10, width: 330, height: 742 })).toEqual({
      x: 0,
      y: 0,
      width: 932,
      height: 760,
    });
  });

  it('a closed panel (its title bar) leaves the full-width strip below it', () => {
    expect(freeArea(wide, { left: 940, top: 10, width: 330, height: 28 })).toEqual({
      x: 0,
      y: 46,
      width: 1280,
      height: 714,
    });
  });

  it('a sheet along the bottom of a phone leaves the strip above it, open or closed', () => {
    expect(freeArea(phone, { left: 8, top: 796, width: 396, height: 35 })).toEqual({
      x: 0,
      y: 0,
      width: 412,
      height: 788,
    });
    expect(freeArea(phone, { left: 8, top: 330, width: 396, height: 501 })).toEqual({
      x: 0,
      y: 0,
      width: 412,
      height: 322,
    });
  });

  it('measures from the canvas, wherever the canvas sits on the page', () => {
    const offset = { left: 100, top: 50, width: 800, height: 600 };
    expect(freeArea(offset, { left: 600, top: 60, width: 300, height: 580 })).toEqual({
      x: 0,
      y: 0,
      width: 492,
      height: 600,
    });
  });

  it('a panel along the left side leaves the strip to its right', () => {
    expect(freeArea(wide, { left: 10, top: 10, width: 330, height: 742 })).toEqual({
      x: 348,
      y: 0,
      width: 932,
      height: 760,
    });
  });
});

describe('focusArea: where a single view frames its scene beside the tour card', () => {
  const desktop = { left: 0, top: 0, width: 1280, height: 720 };
  const upright = { left: 0, top: 0, width: 390, height: 844 };
  const panelRight = { left: 940, top: 10, width: 330, height: 700 };
  const cardBottomLeft = { left: 10, top: 380, width: 340, height: 304 };

  it('is null (the whole canvas) without a card, or with a card not drawn', () => {
    expect(focusArea(desktop, panelRight, null)).toBeNull();
    expect(focusArea(desktop, panelRight, { left: 10, top: 10, width: 0, height: 0 })).toBeNull();
  });

  it('on a wide screen: between the card and the panel', () => {
    expect(focusArea(desktop, panelRight, cardBottomLeft)).toEqual({
      x: 358,
      y: 0,
      width: 932 - 358,
      height: 720,
    });
    // Without the panel, the whole strip right of the card.
    expect(focusArea(desktop, null, cardBottomLeft)).toEqual({
      x: 358,
      y: 0,
      width: 1280 - 358,
      height: 720,
    });
  });

  it('follows the card’s measured size: a taller card on a phone moves the scene further down', () => {
    const short = focusArea(upright, null, { left: 8, top: 112, width: 374, height: 150 });
    const tall = focusArea(upright, null, { left: 8, top: 112, width: 374, height: 253 });
    expect(short).toEqual({ x: 0, y: 270, width: 390, height: 844 - 270 });
    expect(tall).toEqual({ x: 0, y: 373, width: 390, height: 844 - 373 });
  });

  it('where the card and an open sheet leave too little, the panel is left out', () => {
    const sheet = { left: 8, top: 372, width: 374, height: 464 };
    const card = { left: 8, top: 112, width: 374, height: 253 };
    // Beside both: only the 104 px above the card; so beside the card alone.
    expect(focusArea(upright, sheet, card)).toEqual({ x: 0, y: 373, width: 390, height: 471 });
  });
});
