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
        { stroke: '#9fb0c2', grid: { stroke: '#2a3340' }, size: 24 },
        { scale: 'ms', stroke: '#9fb0c2', grid: { stroke: '#2a3340' }, size: 48 },
        { scale: 'n', side: 1, stroke: '#9fb0c2', grid: { show: false }, size: 24 },
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
