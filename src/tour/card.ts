// The tour's card: a small region in a corner of the view (never a wall over it) with the
// chapter's title, words, what its figure means for this reader, live figure, spiral chart,
// steady display rates to pick and one button to try, next/back, a chapter list and close; and
// the way back in (entry.ts) while it is closed. Text only through textContent.

import type { DisplayRate } from '../config/settings';
import { t } from '../i18n/language';
import type { TextParams } from '../i18n/language';
import { CHAPTERS } from './chapters';
import { TourEntry } from './entry';
import { CHART_FRAMES } from './measurements';
import type { FrameHistory, Measurement } from './measurements';

/** What the card's buttons ask of the tour. */
export interface CardActions {
  open(index: number): void;
  next(): void;
  back(): void;
  close(): void;
  resume(): void;
  tryIt(): void;
  /** Restarts the chapter's scene on a steady display of `rate` ('native': the reader's own). */
  pickRate(rate: DisplayRate): void;
}

/** Chart height in CSS pixels; the width follows the card. */
const CHART_HEIGHT = 56;
/** The chart's top: frames this long (s) or longer reach it. */
const CHART_TOP_SECONDS = 0.5;

function element<K extends keyof HTMLElementTagNameMap>(
  parent: HTMLElement,
  tag: K,
  className: string,
  testId?: string,
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  made.className = className;
  if (testId !== undefined) made.dataset.testid = testId;
  parent.append(made);
  return made;
}

function button(parent: HTMLElement, className: string, testId: string, onClick: () => void) {
  const made = element(parent, 'button', className, testId);
  made.type = 'button';
  made.addEventListener('click', onClick);
  return made;
}

export class TourCard {
  readonly root: HTMLElement;
  readonly entry: TourEntry;
  private readonly heading: HTMLElement;
  private readonly counter: HTMLElement;
  private readonly closeButton: HTMLButtonElement;
  private readonly body: HTMLElement;
  private readonly note: HTMLElement;
  private readonly figure: HTMLElement;
  private readonly rates: HTMLElement;
  private readonly ratesLabel: HTMLElement;
  private readonly rateButtons: HTMLButtonElement[] = [];
  private readonly pickRate: (rate: DisplayRate) => void;
  private readonly chart: HTMLCanvasElement;
  private readonly tryButton: HTMLButtonElement;
  private readonly backButton: HTMLButtonElement;
  private readonly nextButton: HTMLButtonElement;
  private readonly list: HTMLElement;
  private readonly chapterButtons: HTMLButtonElement[] = [];
  private index = 0;

  /**
   * @param parent where the card goes.
   * @param entryParent where the way back in goes (beside the page's other corner widgets).
   * @param actions what the buttons ask of the tour.
   */
  constructor(parent: HTMLElement, entryParent: HTMLElement, actions: CardActions) {
    this.root = element(parent, 'section', 'tour-card', 'tour-card');
    this.root.setAttribute('role', 'region');
    this.root.hidden = true;
    this.root.addEventListener('keydown', (event) => {
      // Space and Enter press the focused button; they must not also pause the sandbox. Every
      // other key (H, I, R...) still reaches the sandbox's shortcuts; Escape is the page's.
      if (event.key === ' ' || event.key === 'Enter') event.stopPropagation();
    });
    const head = element(this.root, 'div', 'tour-head');
    this.counter = element(head, 'span', 'tour-counter');
    this.heading = element(head, 'h2', 'tour-title');
    this.closeButton = button(head, 'tour-close', 'tour-close', () => actions.close());
    this.closeButton.textContent = '×';
    this.body = element(this.root, 'p', 'tour-body', 'tour-body');
    this.note = element(this.root, 'p', 'tour-note', 'tour-note');
    this.figure = element(this.root, 'div', 'tour-measure', 'tour-measure');
    this.figure.setAttribute('aria-live', 'off');
    this.chart = element(this.root, 'canvas', 'tour-chart', 'tour-chart');
    this.chart.height = CHART_HEIGHT;
    this.rates = element(this.root, 'div', 'tour-rates', 'tour-rates');
    this.ratesLabel = element(this.rates, 'span', 'tour-rates-label');
    this.tryButton = button(this.root, 'tour-try', 'tour-try', () => actions.tryIt());
    this.pickRate = (rate) => actions.pickRate(rate);
    const nav = element(this.root, 'nav', 'tour-nav');
    this.backButton = button(nav, 'tour-back', 'tour-back', () => actions.back());
    this.list = element(nav, 'div', 'tour-chapters', 'tour-chapters');
    CHAPTERS.forEach((chapter, i) => {
      const entry = button(this.list, 'tour-chapter', `tour-chapter-${chapter.id}`, () =>
        actions.open(i),
      );
      entry.textContent = String(i + 1);
      this.chapterButtons.push(entry);
    });
    this.nextButton = button(nav, 'tour-next', 'tour-next', () => actions.next());
    this.entry = new TourEntry(entryParent, () => actions.resume());
    this.relabel();
  }

  /** Shows chapter `index` (its words; the figure comes with the next `showMeasurement`). */
  show(index: number): void {
    const changed = index !== this.index || this.rateButtons.length === 0;
    this.index = index;
    this.root.hidden = false;
    this.entry.hide();
    if (changed) this.buildRates();
    this.relabel();
  }

  /** Hides the card and offers the way back in. */
  hide(): void {
    this.root.hidden = true;
    this.entry.show();
  }

  /** The chapter's steady display rates, one button each (none: the row is hidden). */
  private buildRates(): void {
    for (const old of this.rateButtons.splice(0)) old.remove();
    const rates = CHAPTERS[this.index].rates;
    this.rates.hidden = rates.length === 0;
    for (const rate of rates) {
      const made = button(this.rates, 'tour-rate', `tour-rate-${rate}`, () => this.pickRate(rate));
      made.dataset.rate = rate;
      this.rateButtons.push(made);
    }
  }

  /** Marks the rate in force (`display`) as pressed. */
  showRate(display: DisplayRate): void {
    for (const rate of this.rateButtons) {
      rate.setAttribute('aria-pressed', String(rate.dataset.rate === display));
    }
  }

  /** Every text in the page's language now (after a chapter change or a switch of language). */
  relabel(): void {
    const chapter = CHAPTERS[this.index];
    this.root.setAttribute('aria-label', t('tour.label'));
    this.root.dataset.chapter = chapter.id;
    this.counter.textContent = t('tour.counter', { n: this.index + 1, total: CHAPTERS.length });
    this.heading.textContent = t(chapter.title);
    this.body.textContent = t(chapter.body);
    this.tryButton.textContent = t(chapter.tryLabel);
    this.closeButton.setAttribute('aria-label', t('tour.close'));
    this.closeButton.title = t('tour.close');
    this.backButton.textContent = `‹ ${t('tour.back')}`;
    this.nextButton.textContent = `${t('tour.next')} ›`;
    this.backButton.disabled = this.index === 0;
    this.nextButton.disabled = this.index === CHAPTERS.length - 1;
    this.list.setAttribute('aria-label', t('tour.chapters'));
    this.chapterButtons.forEach((entry, i) => {
      const title = t(CHAPTERS[i].title);
      entry.setAttribute('aria-label', title);
      entry.title = title;
      if (i === this.index) entry.setAttribute('aria-current', 'step');
      else entry.removeAttribute('aria-current');
    });
    this.chart.hidden = chapter.measureKind !== 'spiral';
    this.ratesLabel.textContent = t('tour.variable.rates');
    for (const rate of this.rateButtons) {
      rate.textContent =
        rate.dataset.rate === 'native' ? t('tour.variable.yours') : `${rate.dataset.rate ?? ''} Hz`;
    }
    this.entry.relabel();
  }

  /**
   * The chapter's figure (`data-value` the plain number, the text in the page's language) and
   * what it means for this reader now.
   */
  showMeasurement(measurement: Measurement, lifted: boolean): void {
    const chapter = CHAPTERS[this.index];
    this.figure.dataset.value = String(measurement.value);
    const params: TextParams = measurement.params;
    this.figure.textContent = t(chapter.measure, params);
    const note = measurement.note;
    this.note.hidden = note === null;
    this.note.textContent = note === null ? '' : t(note.key, note.params);
    this.note.dataset.key = note?.key ?? '';
    this.tryButton.textContent = lifted ? t('tour.spiral.lifted') : t(chapter.tryLabel);
    this.tryButton.disabled = lifted;
  }

  /** Draws the frame times held, as bars from the bottom; the 10 ms line marks one step's dt. */
  drawChart(history: FrameHistory, dtSeconds: number): void {
    if (this.chart.hidden) return;
    const width = Math.max(1, Math.round(this.chart.clientWidth));
    if (this.chart.width !== width) this.chart.width = width;
    const context = this.chart.getContext('2d');
    if (!context) return;
    context.clearRect(0, 0, width, CHART_HEIGHT);
    const bar = width / CHART_FRAMES;
    context.fillStyle = '#7fb3ff';
    for (let i = 0; i < history.count; i++) {
      const seconds = Math.min(history.at(i), CHART_TOP_SECONDS);
      const height = (seconds / CHART_TOP_SECONDS) * CHART_HEIGHT;
      context.fillRect(
        (CHART_FRAMES - history.count + i) * bar,
        CHART_HEIGHT - height,
        bar,
        height,
      );
    }
    this.chart.dataset.frames = history.text();
    context.fillStyle = '#ffcf6e';
    const dtY = CHART_HEIGHT - (dtSeconds / CHART_TOP_SECONDS) * CHART_HEIGHT;
    context.fillRect(0, Math.floor(dtY), width, 1);
  }
}
