// The stutter meter's readout: jitter and position error of the tracked body, a button to delete
// that body, and a time chart of steps per frame, alpha, frame time and drawn displacement over
// the last frames. The chart is built when the panel is first shown, and is optional: when it
// cannot load, the panel says so and the readout carries on.

import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { t } from '../i18n/language';
import { CHART_FRAMES } from '../stats/stutterMeter';
import type { StutterMeter } from '../stats/stutterMeter';
import type { ChartLabels, createStutterChart } from './stutterChart';

/** The chart's size on a wide screen; narrower windows get the window's width less the margin. */
const CHART_WIDTH_PX = 420;
const CHART_HEIGHT_PX = 150;
const CHART_MARGIN_PX = 40;
/** The shortest chart worth drawing; with less room the panel shows its readout only. */
const CHART_MIN_HEIGHT_PX = 60;
/** Room kept between the panel's bottom and what it must stay above. */
const FIT_GAP_PX = 8;

export class StutterPanel {
  private readonly root: HTMLElement;
  private readonly readout: HTMLElement;
  private readonly deleteButton: HTMLButtonElement;
  private readonly plot: HTMLElement;
  private chart: uPlot | null = null;
  private chartRequested = false;
  /** The chart's builder once loaded (a switch of language builds the chart again). */
  private build: typeof createStutterChart | null = null;
  /** Why the chart could not load, kept to write the note again in another language. */
  private chartError: string | null = null;
  private readonly x = Array.from({ length: CHART_FRAMES }, (_, i) => i - CHART_FRAMES + 1);
  private readonly series = [
    new Array<number>(CHART_FRAMES).fill(0),
    new Array<number>(CHART_FRAMES).fill(0),
    new Array<number>(CHART_FRAMES).fill(0),
    new Array<number>(CHART_FRAMES).fill(0),
  ];
  private readonly data: uPlot.AlignedData = [this.x, ...this.series];
  /** The chart's height now: CHART_HEIGHT_PX, or less where the panel must fit above something. */
  private chartHeight = CHART_HEIGHT_PX;
  /** The page y (CSS px) the panel's bottom stays above (Infinity: anywhere). */
  private bottomLimitPx = Infinity;
  /** The plot's height beyond its chart (the legend), as last measured. */
  private plotExtraPx = 0;

  /** `onDelete`: the "delete this body" button, shown while a body is tracked. */
  constructor(parent: HTMLElement, onDelete: () => void) {
    this.root = document.createElement('div');
    this.root.className = 'stutter-panel';
    this.root.dataset.testid = 'stutter-panel';
    // 'none' until the panel is first shown, then 'loading', 'ready' or 'unavailable'.
    this.root.dataset.chart = 'none';
    const head = document.createElement('div');
    head.className = 'stutter-head';
    this.readout = document.createElement('div');
    this.readout.className = 'stutter-readout';
    this.deleteButton = document.createElement('button');
    this.deleteButton.type = 'button';
    this.deleteButton.className = 'stutter-delete';
    this.deleteButton.dataset.testid = 'delete-tracked';
    this.deleteButton.addEventListener('click', onDelete);
    head.append(this.readout, this.deleteButton);
    this.plot = document.createElement('div');
    this.plot.className = 'stutter-chart';
    this.plot.style.minHeight = `${this.chartHeight}px`;
    this.root.append(head, this.plot);
    parent.appendChild(this.root);
    window.addEventListener('resize', () => this.chart?.setSize(this.chartSize()));
    // Its words wrap anew, it shows or hides: it fits again (a chart's height it sets itself
    // does not change what it fits, so this settles at once).
    new ResizeObserver(() => this.fit()).observe(this.root);
    this.relabel();
  }

  /**
   * Keeps the panel's bottom above page y `bottomPx` (the settings sheet's top on an upright
   * phone: the panel must not cover its rows) by drawing the chart shorter, down to
   * CHART_MIN_HEIGHT_PX; with less room than that the chart is not drawn at all.
   */
  fitAbove(bottomPx: number): void {
    this.bottomLimitPx = bottomPx;
    this.fit();
  }

  private fit(): void {
    const box = this.root.getBoundingClientRect();
    if (this.root.hidden || box.height === 0) return;
    // What the plot adds below the chart (its legend), measured while it shows: the room is
    // then the same whether the plot shows or not, so showing it never makes it not fit.
    if (!this.plot.hidden) {
      this.plotExtraPx = Math.max(0, this.plot.offsetHeight - this.chartHeight);
    }
    const rest = box.height - (this.plot.hidden ? 0 : this.plot.offsetHeight);
    const room = Math.floor(this.bottomLimitPx - FIT_GAP_PX - box.top - rest - this.plotExtraPx);
    const height = Math.min(CHART_HEIGHT_PX, room);
    const fits = height >= CHART_MIN_HEIGHT_PX;
    this.plot.hidden = !fits;
    if (!fits || height === this.chartHeight) return;
    this.chartHeight = height;
    this.plot.style.minHeight = `${height}px`;
    this.chart?.setSize(this.chartSize());
  }

  /**
   * Writes the button, the chart's legend and any note in the page's language (the readout
   * follows at its next update). uPlot names its series when built, so the chart is built again.
   */
  relabel(): void {
    this.deleteButton.textContent = t('stutter.delete');
    if (this.chart && this.build) {
      this.chart.destroy();
      this.chart = this.build(this.plot, this.chartSize(), this.data, chartLabels());
    }
    if (this.chartError !== null) this.writeUnavailable(this.chartError);
  }

  /** The note in place of the chart: it could not start, and why. */
  private writeUnavailable(reason: string): void {
    const note = document.createElement('div');
    note.className = 'stutter-chart-unavailable';
    note.dataset.testid = 'chart-unavailable';
    note.textContent = t('stutter.chartUnavailable', {
      language: JSON.stringify(navigator.language),
      reason,
    });
    this.plot.replaceChildren(note);
  }

  /**
   * uPlot comes in by a dynamic import so that a failure while it loads (it builds an
   * Intl.NumberFormat for navigator.language as it is imported, which throws for tags such as
   * `en-US@posix`) costs the chart only, with a note saying why, never the page.
   */
  private async loadChart(): Promise<void> {
    this.root.dataset.chart = 'loading';
    try {
      const { createStutterChart } = await import('./stutterChart');
      this.chart = createStutterChart(this.plot, this.chartSize(), this.data, chartLabels());
      this.build = createStutterChart;
      this.root.dataset.chart = 'ready';
    } catch (error) {
      this.plot.style.minHeight = '';
      this.chartError = error instanceof Error ? error.message : String(error);
      this.writeUnavailable(this.chartError);
      this.root.dataset.chart = 'unavailable';
    }
  }

  private chartSize(): { width: number; height: number } {
    return {
      width: Math.max(160, Math.min(CHART_WIDTH_PX, window.innerWidth - CHART_MARGIN_PX)),
      height: this.chartHeight,
    };
  }

  /**
   * Redraws from the meter (called at the HUD's refresh rate, not per frame); `trackedIndex` is
   * where the tracked body sits now (the meter holds it by id).
   */
  update(meter: StutterMeter, trackedIndex: number): void {
    const report = meter.result();
    this.readout.textContent = meter.trackedRemoved
      ? t('stutter.removed')
      : trackedIndex < 0
        ? t('stutter.untracked')
        : t('stutter.readout', {
            body: trackedIndex,
            jitter: (100 * report.jitter).toFixed(1),
            error: (1000 * report.error).toFixed(1),
            frames: report.frames,
          });
    this.deleteButton.hidden = trackedIndex < 0;
    // A hidden chart is not redrawn: uPlot allocates tens of kilobytes a redraw.
    if (!this.chart || this.root.hidden) return;
    const head = meter.chartHead;
    const { frameMs, displacementMm, steps, alpha } = meter.chart;
    for (let k = 0; k < CHART_FRAMES; k++) {
      const at = (head + k) % CHART_FRAMES;
      this.series[0][k] = frameMs[at];
      this.series[1][k] = displacementMm[at];
      this.series[2][k] = steps[at];
      this.series[3][k] = alpha[at];
    }
    this.chart.setData(this.data);
  }

  /**
   * Shows or hides the panel. The chart is built on the first show, not at start-up: most scenes
   * track no body, and on a software-rendered page (SwiftShader) building uPlot's canvases costs
   * about a second of the page's start (0.9 s measured in headless Chromium here).
   */
  setVisible(visible: boolean): void {
    this.root.hidden = !visible;
    if (visible && !this.chartRequested) {
      this.chartRequested = true;
      void this.loadChart();
    }
  }
}

/** The chart's series names in the page's language. */
function chartLabels(): ChartLabels {
  return {
    frameMs: t('chart.frameMs'),
    movedMm: t('chart.movedMm'),
    steps: t('chart.steps'),
    alpha: t('chart.alpha'),
  };
}
