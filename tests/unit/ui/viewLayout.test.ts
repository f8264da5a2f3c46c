import { describe, expect, it } from 'vitest';
import { freeArea } from '../../../src/ui/viewLayout';

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
