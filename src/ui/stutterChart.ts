// The stutter panel's time chart (uPlot): frame ms, drawn displacement, steps per frame and alpha.
// Loaded on its own by a dynamic import, because uPlot formats numbers for navigator.language when
// it is imported and throws under a language tag Intl rejects; the page must come up regardless.

import uPlot from 'uplot';

/** The series' names in the legend, in the page's language. */
export interface ChartLabels {
  frameMs: string;
  movedMm: string;
  steps: string;
  alpha: string;
}

/** The axes' labels' font (uPlot's own default, named so it can be measured). */
const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", sans-serif';
/**
 * Room beside an axis's labels: its ticks (10 px), the gap to the labels (5 px) and a margin to
 * the chart's edge (4 px) that anti-aliased glyphs do not reach past.
 */
const AXIS_TICKS_AND_GAP_PX = 19;

/**
 * An axis's width from its widest tick label (uPlot's way to size an axis to its values): a
 * fixed width cut long labels short at the chart's edge ("100,000" ms after a long frame,
 * "0,000" where a comma is the decimal separator).
 */
function axisSize(self: uPlot, values: string[] | null): number {
  const widest = (values ?? []).reduce((a, b) => (b.length > a.length ? b : a), '');
  const context = self.ctx;
  const font = context.font;
  context.font = AXIS_FONT;
  const width = widest === '' ? 0 : context.measureText(widest).width;
  context.font = font;
  return Math.ceil(AXIS_TICKS_AND_GAP_PX + width);
}

/**
 * Builds the chart in `parent` with `data` ([x, frame ms, moved mm, steps, alpha]) and `labels`
 * for its legend.
 */
export function createStutterChart(
  parent: HTMLElement,
  size: { width: number; height: number },
  data: uPlot.AlignedData,
  labels: ChartLabels,
): uPlot {
  return new uPlot(
    {
      width: size.width,
      height: size.height,
      legend: { show: true, live: false },
      cursor: { show: false },
      scales: { x: { time: false }, ms: { auto: true }, n: { range: [0, 4] } },
      axes: [
        { stroke: '#9fb0c2', grid: { stroke: '#2a3340' }, size: 24, font: AXIS_FONT },
        {
          scale: 'ms',
          stroke: '#9fb0c2',
          grid: { stroke: '#2a3340' },
          size: axisSize,
          font: AXIS_FONT,
        },
        {
          scale: 'n',
          side: 1,
          stroke: '#9fb0c2',
          grid: { show: false },
          size: axisSize,
          font: AXIS_FONT,
        },
      ],
      series: [
        {},
        { label: labels.frameMs, scale: 'ms', stroke: '#5bc0eb', width: 1 },
        { label: labels.movedMm, scale: 'ms', stroke: '#f0ad4e', width: 1.5 },
        {
          label: labels.steps,
          scale: 'n',
          stroke: '#8fb339',
          width: 1,
          paths: uPlot.paths.stepped?.({ align: 1 }),
        },
        { label: labels.alpha, scale: 'n', stroke: '#e36397', width: 1 },
      ],
    },
    data,
    parent,
  );
}
