// The heads-up display: frame timing and physics numbers, refreshed a few times a second, and
// a banner whenever the loop is giving up time (slow motion) or is paused. Words from i18n/.

import type { HudFigures } from '../stats/statsSnapshot';
import { createHudFigures } from '../stats/statsSnapshot';
import { Readout } from './readout';
import type { Decimals, ReadoutPart } from './readout';
import type { TextKey } from '../i18n/en';
import { t } from '../i18n/language';

/**
 * Four refreshes a second: often enough to watch, rare enough that reading the figures is
 * nothing next to a frame. (A refresh writes only numbers whose text changed, from kept strings.)
 */
export const HUD_REFRESH_MS = 250;

/**
 * The HUD's rows: a label's text, and the text after it as a template whose `{0}`, `{1}`…
 * are number slots (each shown with its row's decimals) or, for a row whose words do not change
 * with the language, the template itself. The thread row is words only, written when it changes.
 */
const ROWS = {
  thread: { label: 'hud.thread', value: '', decimals: [] },
  fps: { label: 'hud.fps', value: '{0}', decimals: [0] },
  stepsThisFrame: { label: 'hud.steps', value: '{0}', decimals: [0] },
  alpha: { label: 'hud.alpha', value: '{0}', decimals: [2] },
  accumulatorMs: { label: 'hud.accumulator', value: '{0} ms', decimals: [2] },
  physicsMsPerStep: {
    label: 'hud.physicsPerStep',
    value: 'hud.value.physicsPerStep',
    decimals: [2, 0],
  },
  interpolationUs: { label: 'hud.interpolation', value: '{0} µs', decimals: [0] },
  bodies: { label: 'hud.bodies', value: '{0} ({1} / {2})', decimals: [0, 0, 0] },
  simOverReal: { label: 'hud.simOverReal', value: 'hud.value.simOverReal', decimals: [2, 1, 0] },
  givenUp: { label: 'hud.givenUp', value: '{0} / {1} / {2} s', decimals: [2, 2, 2] },
} as const satisfies Record<
  string,
  { label: TextKey; value: TextKey | string; decimals: readonly Decimals[] }
>;

/**
 * A template's readout parts: its words, and its `{n}` slots with their decimals. Slots come in
 * order in every language (the readout fills them by position), so a template that skips or
 * reorders one throws; tests/unit/i18n builds every language's HUD to hold this.
 * @param template text with `{0}`, `{1}`… in order.
 * @param decimals each slot's decimals.
 */
export function readoutParts(template: string, decimals: readonly Decimals[]): ReadoutPart[] {
  const pieces = template.split(/\{(\d+)\}/);
  const parts: ReadoutPart[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i] ?? '';
    if (i % 2 === 0) {
      if (piece !== '') parts.push(piece);
      continue;
    }
    const slot = (i - 1) / 2;
    const places = decimals[slot];
    if (Number(piece) !== slot || places === undefined) {
      throw new Error(`HUD text ${JSON.stringify(template)}: slot {${piece}} out of order.`);
    }
    parts.push(places);
  }
  if ((pieces.length - 1) / 2 !== decimals.length) {
    throw new Error(`HUD text ${JSON.stringify(template)} has not ${decimals.length} slots.`);
  }
  return parts;
}

/** A row's value template in the page's language (a template that is not a key is its own). */
function valueTemplate(value: string): string {
  return value.startsWith('hud.value.') ? t(value as TextKey) : value;
}

type RowKey = keyof typeof ROWS;

/** Where the HUD reads its figures: filled into the HUD's own object, so a refresh allocates nothing. */
export interface HudSource {
  /**
   * @param out the figures to overwrite.
   * @returns `out`.
   */
  readHudFigures(out: HudFigures): HudFigures;
}

/**
 * Below this share of the time scale the banner says slow motion: a few lost steps in a second
 * (a 1,2,2 beat cut once by the cap) are not worth a warning that flickers on and off.
 */
export const SLOW_MOTION_BELOW = 0.97;

/** The shown name of each way poses cross from the worker. */
const TRANSPORT_TEXTS: Readonly<Record<HudFigures['transport'], TextKey>> = {
  shared: 'hud.transport.shared',
  transfer: 'hud.transport.transfer',
  direct: 'hud.transport.direct',
};

/** The figures of a row that has none (never written to: its length is 0). */
const NO_VALUES = new Float64Array(0);

/** What the banner says: nothing, paused, or slow motion with its figures. */
type BannerState = 'none' | 'paused' | 'slow';

/** The HUD element: one row per figure of a StatsSnapshot, and the banner. */
export class Hud {
  private readonly root: HTMLElement;
  private readonly rows = new Map<RowKey, Readout>();
  private readonly readouts: Readout[] = [];
  private readonly threadValue: HTMLElement;
  private readonly banner: HTMLElement;
  private readonly pausedText: HTMLElement;
  private slowText: Readout;
  /** Each row's label element, and each figure row's value element, for a switch of language. */
  private readonly names = new Map<RowKey, HTMLElement>();
  private readonly valueElements = new Map<RowKey, HTMLElement>();
  private bannerState: BannerState = 'none';
  private readonly figures = createHudFigures();
  private shownThread = '';
  private shownTransport = '';
  private shownLatency = -1;
  private lastRefreshMs = -Infinity;
  /**
   * Called at the end of each refresh, in the same task: a widget that shows a figure the HUD
   * also shows (the tour's card) reads it at the same moment, so the two never disagree.
   */
  onRefresh: (() => void) | null = null;

  /** @param parent where the HUD element goes. */
  constructor(parent: HTMLElement) {
    this.root = document.createElement('div');
    this.root.className = 'hud';
    this.root.dataset.testid = 'hud';
    let threadValue: HTMLElement | null = null;
    for (const key of Object.keys(ROWS) as RowKey[]) {
      const row = document.createElement('div');
      const name = document.createElement('span');
      const value = document.createElement('b');
      value.dataset.stat = key;
      row.append(name, value);
      this.root.appendChild(row);
      this.names.set(key, name);
      if (key === 'thread') threadValue = value;
      else this.valueElements.set(key, value);
    }
    this.threadValue = threadValue ?? document.createElement('b');
    this.banner = document.createElement('div');
    this.banner.className = 'hud-banner';
    this.banner.hidden = true;
    this.pausedText = document.createElement('span');
    this.slowText = new Readout(document.createElement('span'), []);
    this.root.appendChild(this.banner);
    parent.appendChild(this.root);
    this.relabel();
  }

  /**
   * Writes the labels and the words between the numbers in the page's language. Builds each
   * row's readout anew (a switch of language allocates; a refresh still does not); the next
   * update shows the figures again.
   */
  relabel(): void {
    this.readouts.length = 0;
    for (const key of Object.keys(ROWS) as RowKey[]) {
      const row = ROWS[key];
      const name = this.names.get(key);
      if (name) name.textContent = t(row.label);
      const element = this.valueElements.get(key);
      if (!element) continue;
      const readout = new Readout(element, readoutParts(valueTemplate(row.value), row.decimals));
      this.rows.set(key, readout);
      this.readouts.push(readout);
    }
    this.pausedText.textContent = t('hud.paused');
    this.slowText = new Readout(this.slowText.element, readoutParts(t('hud.slowMotion'), [2, 1]));
    if (this.bannerState === 'slow') this.banner.replaceChildren(this.slowText.element);
    // The thread row is written again at the next update.
    this.shownThread = '';
    this.lastRefreshMs = -Infinity;
  }

  /** @param visible whether the HUD shows. */
  setVisible(visible: boolean): void {
    this.root.hidden = !visible;
  }

  /**
   * Redraws if a refresh is due (or `force`). Writes only the numbers whose shown value changed;
   * allocates nothing for values shown before.
   * @param nowMs the wall clock (ms).
   * @param source where the figures come from.
   * @param force refresh now, however recent the last one.
   */
  update(nowMs: number, source: HudSource, force = false): void {
    if (!force && nowMs - this.lastRefreshMs < HUD_REFRESH_MS) return;
    this.lastRefreshMs = nowMs;
    const s = source.readHudFigures(this.figures);
    this.showThread(s);
    const rates = s.rateWindow;
    // Figures go into each readout's typed array (a double passed to a call is boxed).
    this.valuesOf('fps')[0] = s.fps;
    this.valuesOf('stepsThisFrame')[0] = s.stepsThisFrame;
    this.valuesOf('alpha')[0] = s.alpha;
    this.valuesOf('accumulatorMs')[0] = s.accumulatorMs;
    const perStep = this.valuesOf('physicsMsPerStep');
    perStep[0] = s.physicsMsPerStep;
    perStep[1] = 100 * s.physicsBudgetUse;
    this.valuesOf('interpolationUs')[0] = s.interpolationUs;
    const bodies = this.valuesOf('bodies');
    bodies[0] = s.bodies;
    bodies[1] = s.awake;
    bodies[2] = s.sleeping;
    const simOverReal = this.valuesOf('simOverReal');
    simOverReal[0] = s.simOverReal;
    simOverReal[1] = rates.seconds;
    simOverReal[2] = rates.frames;
    // In the glossary's one order: the clamp, the step cap, the governor.
    const givenUp = this.valuesOf('givenUp');
    givenUp[0] = s.clampedSeconds;
    givenUp[1] = s.droppedSeconds;
    givenUp[2] = s.throttledSeconds;
    const readouts = this.readouts;
    for (let r = 0; r < readouts.length; r++) readouts[r].refresh();
    // Slow motion: the window's frames gave up time, enough to run visibly slower than the time
    // scale asks. (`fixed-per-frame` never gives time up: its speed follows the display by design.)
    const slow =
      rates.givenUpSeconds > 0 && s.simOverReal < SLOW_MOTION_BELOW * s.timeScale && !s.paused;
    this.showBanner(s.paused ? 'paused' : slow ? 'slow' : 'none');
    if (slow) {
      const banner = this.slowText.values;
      banner[0] = s.simOverReal / s.timeScale;
      banner[1] = s.clampedSeconds + s.droppedSeconds + s.throttledSeconds;
      this.slowText.refresh();
    }
    this.onRefresh?.();
  }

  /** The figures array of a row's readout (an empty one for a row without numbers). */
  private valuesOf(key: RowKey): Float64Array {
    return this.rows.get(key)?.values ?? NO_VALUES;
  }

  /** The thread row: composed (which allocates) only when the thread, transport or lag changed. */
  private showThread(s: HudFigures): void {
    if (
      s.thread === this.shownThread &&
      s.transport === this.shownTransport &&
      s.latencySteps === this.shownLatency
    )
      return;
    this.shownThread = s.thread;
    this.shownTransport = s.transport;
    this.shownLatency = s.latencySteps;
    this.threadValue.textContent =
      s.thread === 'worker'
        ? t('hud.threadWorker', {
            transport: t(TRANSPORT_TEXTS[s.transport]),
            steps: s.latencySteps,
          })
        : t('hud.threadMain');
  }

  private showBanner(state: BannerState): void {
    if (state === this.bannerState) return;
    this.bannerState = state;
    this.banner.hidden = state === 'none';
    if (state === 'none') this.banner.replaceChildren();
    else this.banner.replaceChildren(state === 'paused' ? this.pausedText : this.slowText.element);
  }
}
