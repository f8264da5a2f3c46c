// On-screen labels for the comparison views: which render mode each half of the split view
// shows, and what the ghost wireframe is.

import { overlayLabel } from './overlayLabel';
import type { Settings } from '../config/settings';

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
    this.legend.textContent = 'solid: drawn pose · wireframe: raw current physics snapshot';
  }

  update(settings: Readonly<Settings>): void {
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

function describe(mode: string, settings: Readonly<Settings>): string {
  if (settings.strategy === 'accumulator') return mode;
  return `${mode}: drawn as off (${settings.strategy} leaves no alpha to blend)`;
}
