// Captions for the determinism lab: each world's display rate, step and state hash, and whether
// the two agree at the latest step both have reached.

import { overlayLabel } from './overlayLabel';
import { t } from '../i18n/language';
import type { TwinReport } from '../stats/statsSnapshot';

export class TwinLabels {
  private readonly left: HTMLElement;
  private readonly right: HTMLElement;
  private readonly verdict: HTMLElement;

  constructor(parent: HTMLElement) {
    this.left = overlayLabel(parent, 'twin-label twin-label-left', 'twin-left');
    this.right = overlayLabel(parent, 'twin-label twin-label-right', 'twin-right');
    this.verdict = overlayLabel(parent, 'twin-verdict', 'twin-verdict');
  }

  update(report: TwinReport | null): void {
    const hidden = report === null;
    this.left.hidden = hidden;
    this.right.hidden = hidden;
    this.verdict.hidden = hidden;
    if (!report) return;
    const at = report.comparedStep;
    this.left.textContent = caption(report.leftHz, report.leftStep, at, report.leftHash);
    this.right.textContent = caption(report.rightHz, report.rightStep, at, report.rightHash);
    if (at <= 0) this.verdict.textContent = t('twin.waiting');
    else if (report.agree && report.divergedAt < 0)
      this.verdict.textContent = t('twin.identical', { step: at });
    else this.verdict.textContent = t('twin.diverged', { where: describeDivergence(report) });
    this.verdict.dataset.agree = String(report.agree);
  }
}

/** One world's caption: its display rate and step, and its hash at the step compared. */
function caption(hz: number, step: number, at: number, hash: string): string {
  const own = t('twin.caption', { hz, step });
  return at > 0 ? `${own} · #${at} ${hash}` : own;
}

/** Where the worlds first parted: the step, and the first body and field that differed there. */
function describeDivergence(report: TwinReport): string {
  const d = report.divergence;
  if (!d) return '';
  const where = d.body === null ? '' : t('twin.where', { body: d.body, field: d.field ?? '' });
  return t('twin.firstAt', { step: d.step, where });
}
