// The stutter meter's readout: jitter and position error of the tracked body, a button to delete
// that body, and a time chart (uPlot) of steps per frame, alpha, frame time and drawn displacement
// over the last frames.

import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { CHART_FRAMES } from '../app/stutterMeter';
import type { StutterMeter } from '../app/stutterMeter';

export class StutterPanel {
  private readonly root: HTMLElement;
  private readonly readout: HTMLElement;
  private readonly deleteButton: HTMLButtonElement;
  private readonly chart: uPlot;
  private readonly x = Array.from({ length: CHART_FRAMES }, (_, i) => i - CHART_FRAMES + 1);
  private readonly series = [
    new Array<number>(CHART_FRAMES),
    new Array<number>(CHART_FRAMES),
    new Array<number>(CHART_FRAMES),
    new Array<number>(CHART_FRAMES),
  ];

  /** `onDelete`: the "delete this body" button, shown while a body is tracked. */
  constructor(parent: HTMLElement, onDelete: () => void) {
    this.root = document.createElement('div');
    this.root.className = 'stutter-panel';
    this.root.dataset.testid = 'stutter-panel';
    const head = document.createElement('div');
    head.className = 'stutter-head';
    this.readout = document.createElement('div');
    this.readout.className = 'stutter-readout';
    this.deleteButton = document.createElement('button');
    this.deleteButton.type = 'button';
    this.deleteButton.className = 'stutter-delete';
    this.deleteButton.dataset.testid = 'delete-tracked';
    this.deleteButton.textContent = 'delete this body (Del)';
    this.deleteButton.addEventListener('click', onDelete);
    head.append(this.readout, this.deleteButton);
    this.root.appendChild(head);
    const plot = document.createElement('div');
    this.root.appendChild(plot);
    parent.appendChild(this.root);
    this.chart = new uPlot(
      {
        width: 420,
        height: 150,
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
          { label: 'frame ms', scale: 'ms', stroke: '#5bc0eb', width: 1 },
          { label: 'moved mm', scale: 'ms', stroke: '#f0ad4e', width: 1.5 },
          {
            label: 'steps',
            scale: 'n',
            stroke: '#8fb339',
            width: 1,
            paths: uPlot.paths.stepped?.({ align: 1 }),
          },
          { label: 'alpha', scale: 'n', stroke: '#e36397', width: 1 },
        ],
      },
      [this.x, ...this.series],
      plot,
    );
  }

  /**
   * Redraws from the meter (called at the HUD's refresh rate, not per frame); `trackedIndex` is
   * where the tracked body sits now (the meter holds it by id).
   */
  update(meter: StutterMeter, trackedIndex: number): void {
    const report = meter.result();
    this.readout.textContent = meter.trackedRemoved
      ? 'stutter meter: tracked body removed — click a body to track another'
      : trackedIndex < 0
        ? 'stutter meter: click a body to track it'
        : `body ${trackedIndex} — jitter ${(100 * report.jitter).toFixed(1)}% · error ${(1000 * report.error).toFixed(1)} mm · ${report.frames} frames`;
    this.deleteButton.hidden = trackedIndex < 0;
    const head = meter.chartHead;
    const { frameMs, displacementMm, steps, alpha } = meter.chart;
    for (let k = 0; k < CHART_FRAMES; k++) {
      const at = (head + k) % CHART_FRAMES;
      (this.series[0] as number[])[k] = frameMs[at] ?? 0;
      (this.series[1] as number[])[k] = displacementMm[at] ?? 0;
      (this.series[2] as number[])[k] = steps[at] ?? 0;
      (this.series[3] as number[])[k] = alpha[at] ?? 0;
    }
    this.chart.setData([this.x, ...this.series]);
  }

  setVisible(visible: boolean): void {
    this.root.hidden = !visible;
  }
}
