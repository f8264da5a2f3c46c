// On-screen labels for the comparison views: which render mode each half of the split view
// shows (placed over its half, wherever the layout put the halves), and what the ghost is.

import { overlayLabel } from './overlayLabel';
import { choiceText } from './panelTexts';
import type { Settings } from '../config/settings';
import { t } from '../i18n/language';
import type { ViewArea } from '../render/stage';

/** Inset of a half's label from the half's left edge, px. */
const LABEL_INSET_PX = 12;

export class ViewLabels {
  private readonly left: HTMLElement;
  private readonly right: HTMLElement;
  private readonly legend: HTMLElement;
  private readonly divider: HTMLElement;

  constructor(parent: HTMLElement) {
    this.divider = overlayLabel(parent, 'split-divider', 'split-divider');
    this.left = overlayLabel(parent, 'view-label view-label-left', 'view-label-left');
    this.right = overlayLabel(parent, 'view-label view-label-right', 'view-label-right');
    this.legend = overlayLabel(parent, 'view-label view-label-ghost', 'view-label-ghost');
  }

  /** Puts the divider between the halves and each label over its half (`view`: the left half). */
  place(view: Readonly<ViewArea>): void {
    const between = view.x + view.width;
    this.left.style.left = `${view.x + LABEL_INSET_PX}px`;
    this.right.style.left = `${between + LABEL_INSET_PX}px`;
    this.divider.style.left = `${between - 1}px`;
    this.divider.style.top = `${view.y}px`;
    this.divider.style.height = `${view.height}px`;
    this.left.style.maxWidth = `${view.width - 2 * LABEL_INSET_PX}px`;
    this.right.style.maxWidth = `${view.width - 2 * LABEL_INSET_PX}px`;
  }

  /** Shows the labels the view needs, in the page's language (called again on a switch). */
  update(settings: Readonly<Settings>): void {
    this.legend.textContent = t('view.ghostLegend');
    const split = settings.view === 'split';
    this.divider.hidden = !split;
    this.left.hidden = !split;
    this.right.hidden = !split;
    this.legend.hidden = settings.view !== 'ghost';
    if (split) {
      this.left.textContent = describe(settings.interpolation, settings);
      this.right.textContent = describe(settings.splitRight, settings);
    }
  }
}

/** A choice value's shown name (the value itself when it has none). */
function named(value: string): string {
  const key = choiceText(value);
  return key ? t(key) : value;
}

/** A half's label: its render mode, and why it is drawn as off when the strategy has no alpha. */
function describe(mode: string, settings: Readonly<Settings>): string {
  if (settings.strategy === 'accumulator') return named(mode);
  return t('view.drawnAsOff', { mode: named(mode), strategy: named(settings.strategy) });
}
