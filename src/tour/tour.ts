// The tour's controller: opens a chapter (its scene and settings through the action layer, the
// same path as the panel and `window.sandbox`), moves between chapters, closes and resumes,
// refreshes the live figure, restarts chapter 2 on a steady display rate, and lifts chapter 3's
// guards for a bounded time.

import type { ActionLayer } from '../app/actionLayer';
import type { DisplayRate, Settings } from '../config/settings';
import type { FrameReport } from 'fixed-step/loop';
import type { SceneSnapshots } from '../snapshot/snapshots';
import { t } from '../i18n/language';
import { TourCard } from './card';
import { CHAPTERS, findChapter, LIFTED_GUARDS } from './chapters';
import type { TourChapter } from './chapters';
import { chainEnergy, FrameHistory, measure } from './measurements';

/**
 * Longest the guards stay lifted, in seconds of the frames drawn meanwhile (the frames' own time,
 * so scripted frames end a lift as real ones do): the spiral is shown, never left to run.
 */
export const LIFT_SECONDS = 4;
/** A frame this long (s) ends the lift at once: the spiral has made its point. */
export const LIFT_END_FRAME_SECONDS = 0.5;
/** Longest `open` waits for physics to move to the chapter's thread (ms). */
const THREAD_WAIT_MS = 5000;

/** `window.sandbox.tour`: the chapters, and the tour opened, closed and read from a script. */
export interface TourApi {
  chapters(): { id: string; title: string; scene: string; settings: Partial<Settings> }[];
  /** Opens a chapter (id or number); resolves once its scene is loaded and its settings in force. */
  open(chapter: string | number): Promise<void>;
  close(): void;
  /** The open chapter's id; null while the tour is closed. */
  current(): string | null;
}

/** What the tour reads of the page besides the action layer: in place, never copied. */
export interface TourPage {
  readonly actions: ActionLayer;
  /** The latest frame's report (the chart's frame times). */
  lastFrame(): Readonly<FrameReport>;
  /** The physics snapshots drawn from (the spring chapter's energy). */
  snapshots(): SceneSnapshots;
}

export class Tour {
  private readonly page: TourPage;
  private readonly card: TourCard;
  private readonly history = new FrameHistory();
  private index = 0;
  private isOpen = false;
  /** Seconds of frames drawn since the guards were lifted; −1 while they are on. */
  private liftedFor = -1;
  /** Counts opens, so an older open that finishes late changes nothing. */
  private opening = 0;

  /**
   * @param parent where the card goes.
   * @param entryParent where the way back in goes while the card is closed.
   * @param page what the tour reads of the page.
   */
  constructor(parent: HTMLElement, entryParent: HTMLElement, page: TourPage) {
    this.page = page;
    this.card = new TourCard(parent, entryParent, {
      open: (i) => void this.openIndex(i),
      next: () => void this.openIndex(Math.min(this.index + 1, CHAPTERS.length - 1)),
      back: () => void this.openIndex(Math.max(this.index - 1, 0)),
      close: () => this.close(),
      resume: () => void this.openIndex(this.index),
      tryIt: () => this.tryIt(),
      pickRate: (rate) => void this.pickRate(rate),
    });
  }

  /** The card's element (the page places nothing else over it). */
  get element(): HTMLElement {
    return this.card.root;
  }

  /** Opens a chapter by id or number; a bad one throws before anything changes. */
  open(chapter: unknown): Promise<void> {
    return this.openIndex(CHAPTERS.indexOf(findChapter(chapter)));
  }

  /** Closes the card; the resume button reopens the chapter left. Settings stay as they are. */
  close(): void {
    this.restoreGuards();
    this.isOpen = false;
    this.card.hide();
  }

  /** The open chapter's id, or null. */
  current(): string | null {
    return this.isOpen ? CHAPTERS[this.index].id : null;
  }

  /** The scripting door onto the tour. */
  api(): TourApi {
    return {
      chapters: () =>
        CHAPTERS.map((chapter) => ({
          id: chapter.id,
          title: this.title(chapter),
          scene: chapter.scene,
          settings: { ...chapter.settings },
        })),
      open: (chapter) => this.open(chapter),
      close: () => this.close(),
      current: () => this.current(),
    };
  }

  /** Per drawn frame: the chart's history (one number written in place), and a lift's end. */
  frame(): void {
    if (!this.isOpen) return;
    const seconds = this.page.lastFrame().frameSeconds;
    this.history.add(seconds);
    if (this.liftedFor < 0) return;
    this.liftedFor += seconds;
    if (this.liftedFor > LIFT_SECONDS || seconds > LIFT_END_FRAME_SECONDS) this.restoreGuards();
  }

  /**
   * Per HUD refresh (the same moment the HUD reads its figures, so the two show one figure): the
   * live figure and the chart.
   */
  refresh(): void {
    if (!this.isOpen) return;
    const chapter = CHAPTERS[this.index];
    const actions = this.page.actions;
    const stats = actions.stats();
    const energy = chapter.measureKind === 'energy' ? chainEnergy(this.page.snapshots()) : 0;
    const settings = actions.settings();
    this.card.showMeasurement(
      measure(chapter.measureKind, stats, settings, energy),
      this.liftedFor >= 0,
    );
    this.card.showRate(settings.display);
    this.card.drawChart(this.history, 1 / actions.settings().physicsHz);
  }

  /** After a switch of language: the card's words again. */
  relabel(): void {
    this.card.relabel();
    this.refresh();
  }

  private title(chapter: TourChapter): string {
    return t(chapter.title);
  }

  private async openIndex(index: number): Promise<void> {
    const chapter = CHAPTERS[index];
    const ticket = ++this.opening;
    this.restoreGuards();
    this.index = index;
    this.isOpen = true;
    this.history.clear();
    this.card.show(index);
    const actions = this.page.actions;
    actions.set(chapter.settings);
    await this.threadReady(chapter);
    if (ticket !== this.opening) return;
    await actions.load(chapter.scene);
    this.refresh();
  }

  /** Waits (frame by frame, bounded) until physics steps where the chapter asks. */
  private async threadReady(chapter: TourChapter): Promise<void> {
    const wanted = chapter.settings.physicsThread;
    const start = performance.now();
    while (
      this.page.actions.stats().thread !== wanted &&
      performance.now() - start < THREAD_WAIT_MS
    ) {
      await new Promise((resolve) => setTimeout(resolve, 16));
    }
  }

  private tryIt(): void {
    const chapter = CHAPTERS[this.index];
    const actions = this.page.actions;
    switch (chapter.tryKind) {
      case 'hitch':
        actions.hitch();
        break;
      case 'interpolationOn':
        actions.set({ interpolation: 'interpolate' });
        break;
      case 'interpolationOff':
        actions.set({ interpolation: 'off' });
        break;
      case 'liftGuards':
        if (this.liftedFor >= 0) return;
        this.history.clear();
        actions.set(LIFTED_GUARDS);
        this.liftedFor = 0;
        break;
    }
    this.refresh();
  }

  /**
   * Restarts the chapter's scene on a steady display of `rate` ('native': the reader's own), so
   * its figure starts again from the start. Resolves once the scene is rebuilt.
   */
  async pickRate(rate: DisplayRate): Promise<void> {
    const actions = this.page.actions;
    actions.set({ display: rate });
    await actions.reset();
    this.refresh();
  }

  /** Puts the chapter's own clamp, step cap and governor back after a lift. */
  private restoreGuards(): void {
    if (this.liftedFor < 0) return;
    this.liftedFor = -1;
    const settings = CHAPTERS[this.index].settings;
    this.page.actions.set({
      maxFrameSeconds: settings.maxFrameSeconds,
      maxStepsPerFrame: settings.maxStepsPerFrame,
      governor: settings.governor,
    });
  }
}
